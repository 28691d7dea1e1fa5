"""A best-move puzzle on the play scene's board: the position of a real game, the player to
move placing tile and figure as in a game; once the turn ends the answer is judged (in a
background thread, on the futures the puzzle was checked on) and the verdict shows: "Best
move!", or the points lost with the best move faint on the board, told in the Hint's words
with the review's reasons (``game.review.words``).  Then Next, Retry or Back
(``PuzzleResultScene``).

Nothing of the game's own is kept: no autosave, no Hint (it would give the answer away), no
history; Esc leaves for the puzzles' list."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.review import Decision, Verdict
from game.review.hints import reason
from game.review.puzzles import Puzzle, PuzzleSet, judge_answer, solved
from game.review.words import advice
from game.rules import Action, Game
from game.rules.registry import Registry
from game.store.puzzle_progress import PuzzleProgress
from game.store.savefile import Person
from game.store.storage import Storage
from game.words.i18n import _, decimal

from ... import palette as pal
from ...app import App, Scene
from ...intents import Command, Intent
from ...palette import PLAYER_COLOURS, colour_name
from ...session import Actor, Seat, Session
from ...widgets import Button, blit_centred, fit_lines, panel
from ..menus import dim
from .hint import draw_reason
from .review_shown import VERDICT_COLOURS, draw_better_move
from .scene import PlayScene

COMPUTER = "quick"  # what the other seats are said to be (they never play here)


@dataclass
class PuzzleSession(Session):
    """The puzzle's game: the person plays the one turn asked about, then nobody plays."""

    player: int = 0
    answering: bool = True

    def actor(self) -> Actor:
        if self.answering and self.game.current == self.player and not self.game.over:
            return Actor.PERSON
        return Actor.NOBODY

    @property
    def turn_shown(self) -> int:
        return self.player  # the answer moved the game on: the question stays the player's

    def ended(self) -> bool:
        return False  # a game ended by the answer is not scored again: the verdict shows

    def autosave(self, storage: Storage, registry: Registry) -> str | None:
        return None  # a puzzle is not a game of the player's


@dataclass(frozen=True)
class PuzzleChoice:
    """A puzzle of a set, by its index."""

    puzzles: PuzzleSet
    index: int

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles.puzzles[self.index]


def puzzle_session(app: App, choice: PuzzleChoice) -> tuple[PuzzleSession, Game]:
    """The session showing the puzzle's position, and a private copy of it to judge on."""
    puzzle = choice.puzzle
    colours = [name for name, _rgb in PLAYER_COLOURS][:puzzle.players]
    names = [colour_name(c) for c in colours]
    position = choice.puzzles.position(puzzle, app.registry, names)
    player = position.current
    seats = [Seat(names[i], colours[i], Person.HUMAN if i == player else COMPUTER)
             for i in range(puzzle.players)]
    session = PuzzleSession(position.copy(), choice.puzzles.game,
                            list(choice.puzzles.expansions), seats, player=player)
    return session, position


class PuzzlePlayScene(PlayScene):
    def __init__(self, app: App, choice: PuzzleChoice, progress: PuzzleProgress,
                 after: Callable[[str], None]) -> None:
        session, position = puzzle_session(app, choice)
        self.choice = choice
        self.position = position  # the puzzle's position, never played on
        self.progress = progress
        self.after = after  # "next", "retry" or "back": the list does it
        self.answer: Decision | None = None
        self.judging: threading.Thread | None = None
        self._stop = threading.Event()
        self._found: list[Decision | None] = []
        self._failed: BaseException | None = None
        super().__init__(app, session)
        self.drawing.told = self._told

    @property
    def puzzle(self) -> Puzzle:
        return self.choice.puzzle

    def _hints_on(self) -> bool:
        return False  # the Hint would give the answer away

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        # Only the board's own tools: no History, no Hint, no Scores.
        controls = self.controls
        controls.buttons = [b for b in controls.buttons if b is not controls.history_button]

    def exit(self) -> None:
        super().exit()
        self._stop.set()

    def open_menu(self) -> None:
        self.after("back")

    def toggle_history(self) -> None:
        pass

    def save(self) -> None:
        pass

    def advance(self, dt: float, actor: Actor) -> None:
        pass  # nobody plays on after the answer

    def _turn_ended(self) -> None:
        """The answer is given: judged off the window's loop."""
        self.turn.ended()
        self.keys.forget()
        session = self.session
        assert isinstance(session, PuzzleSession)
        session.answering = False
        played = list(self.game.moves[len(self.puzzle.moves):])
        self.judging = threading.Thread(target=self._judge, args=(played,), daemon=True,
                                        name="puzzle answer")
        self.judging.start()

    def _judge(self, played: list[Action]) -> None:
        try:
            self._found.append(judge_answer(self.position, self.puzzle, played,
                                            self._stop.is_set))
        except Exception as exc:  # told in the window's loop, as a crash of this screen
            self._failed = exc
        self.app.wake()  # the window rests meanwhile: the verdict ends its rest

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._failed is not None:
            failed, self._failed = self._failed, None
            raise failed
        if self._found and self.answer is None and not self.score_show.busy:
            answer = self._found.pop()
            if answer is None:
                return
            self.answer = answer
            problem = self.progress.answered(self.puzzle.id, solved(answer))
            if problem is not None:
                self.app.show_toast(problem, 4.0)
            self.app.push(PuzzleResultScene(self.app, self.verdict(), self.explained(),
                                            solved(answer), self.after,
                                            lambda: self.layout_obj.board))

    # ------------------------------------------------------------------ what it says
    def _told(self) -> str | None:
        if self.session.actor() is Actor.PERSON:
            return None
        if self.answer is None:
            return _("Your answer is being judged…")
        return self.verdict()

    def verdict(self) -> str:
        assert self.answer is not None
        if solved(self.answer):
            return _("Best move!")
        return _("Points lost: {lost}").format(lost=decimal(self.answer.lost))

    def explained(self) -> str:
        """Why: the best move's reasons in the Hint's words, and for another answer what the
        best move was, as the review tells a better move."""
        answer = self.answer
        assert answer is not None
        if solved(answer):
            why = reason(self.position, answer.best_actions())
            return why[:1].upper() + why[1:]
        return _("Best: {advice}").format(advice=advice(self.position, answer, shown=True))

    def question_line(self) -> str:
        return _("What would you play? {player} to play, turn {turn}").format(
            player=self.session.seat(self.position.current).name, turn=self.puzzle.turn)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout_obj
        if self.answer is not None and not solved(self.answer):
            clip = surface.get_clip()
            surface.set_clip(lay.board)
            draw_better_move(surface, self.app.res, self.camera, self.view, self.position,
                             self.answer, self.session.seat(self.answer.player).rgb)
            surface.set_clip(clip)
        if self.session.actor() is Actor.PERSON:
            draw_reason(surface, self.app.res, lay.board, self.drawing.banner_bottom
                        + self.app.res.px(8), self.question_line())


class PuzzleResultScene(Scene):
    """The verdict over the board: what it is, why, and Next, Retry, Back."""

    overlay = True

    def __init__(self, app: App, verdict: str, why: str, best: bool,
                 after: Callable[[str], None], board: Callable[[], pygame.Rect]) -> None:
        super().__init__(app)
        self.board = board  # the board below, laid out: the panel stands at its foot
        self.verdict = verdict
        self.why = why
        self.best = best
        self.after = after
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[str] = []

    def layout(self, size: tuple[int, int]) -> None:
        res = self.app.res
        px = res.px
        board = self.board()
        w = min(board.w - px(32), px(760))
        self.lines, _size = fit_lines(res, self.why, (21,), w - px(48), 4)
        h = px(128) + px(26) * len(self.lines)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.midbottom = (board.centerx, board.bottom - px(76))
        labels = [(_("Next puzzle"), "next"), (_("Retry"), "retry"), (_("Back"), "back")]
        bw = min(px(200), (w - px(32) - (len(labels) - 1) * px(16)) // len(labels))
        x = self.rect.centerx - (len(labels) * bw + (len(labels) - 1) * px(16)) // 2
        self.buttons = []
        for i, (label, what) in enumerate(labels):
            r = pygame.Rect(x + i * (bw + px(16)), self.rect.bottom - px(62), bw, px(46))
            self.buttons.append(Button(r, label, self._then(what), primary=i == 0))

    def _then(self, what: str) -> Callable[[], None]:
        return lambda: self.after(what)

    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.after("back")
        elif intent is Command.CONFIRM:
            self.after("next")

    def draw(self, surface: pygame.Surface) -> None:
        res = self.app.res
        px = res.px
        dim(surface, 60)
        panel(surface, self.rect, radius=px(16), alpha=250)
        colour = VERDICT_COLOURS[Verdict.GOOD if self.best else Verdict.MISTAKE]
        blit_centred(surface, res.text(self.verdict, 32, colour, bold=True),
                     (self.rect.centerx, self.rect.y + px(30)))
        for i, line in enumerate(self.lines):
            blit_centred(surface, res.text(line, 21, pal.TEXT),
                         (self.rect.centerx, self.rect.y + px(66) + px(26) * i))
        for b in self.buttons:
            b.draw(surface, res)
