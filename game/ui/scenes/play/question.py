"""The rules' question of the moment (grow the flock or herd it?), asked on a card over the
board, above the toolbar and clear of the tray: the prompt, and per answer a button, what the
answer does (from the tile set's text) and what it would score now (measured on private
copies in a background thread, which wakes the window when it is done).  Outside a question,
what else the turn offers gets a line under the banner: a hike instead of a figure, a bonus
tile to place."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pygame

from game.review.answers import describe, outcome
from game.rules import Choose, Game, Move, Phase
from game.words.i18n import _, language
from game.words.vocabulary import extra_text, moves_text, question_text

from ... import palette as pal
from ...intents import Intent
from ...resources import Resources
from ...widgets import Button, fit_lines, panel, wrap_text
from .requests import Play, Request

ROW = 58  # an answer's row at least, at 100 %
WIDTH = 720
BUTTON_W = 150
PROMPT_SIZES = (21, 19)  # the question, smaller and on two lines when long
PROMPT_STEP = 24
EXPLAIN_SIZE = 16  # what an answer does
EXPLAIN_STEP = 19
SCORED_SIZE = 17  # what it scores now
SCORED_STEP = 20
BANNER_ROOM = 58  # a line about the turn goes under the banner



def position(game: Game) -> tuple[int, object]:
    """What tells one position of the game from another while a question is asked."""
    return len(game.moves), game.moves[-1] if game.moves else None

class Question:
    def __init__(self, game: Game, wake: Callable[[], None] = lambda: None) -> None:
        self.game = game
        self.wake = wake  # ends the window's rest once the answers are measured
        self.buttons: list[Button] = []
        self.card = pygame.Rect(0, 0, 0, 0)
        self.prompt = ""
        self.info = ""  # a line about the turn when no question is asked
        self.options: tuple[str, ...] = ()
        self.answers: list[tuple[str, str]] = []  # (label, what it does), per option
        self.outcomes: dict[str, str] = {}  # option -> what it scores now, once measured
        self.prompt_lines: list[str] = []
        self.prompt_size = PROMPT_SIZES[0]
        self.rows: list[tuple[list[str], list[str]]] = []  # per answer: what it does, scores
        self._state: tuple[object, ...] = ()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        # The position the answers were measured in: the moves' count and the last move (an
        # undone placement followed by another leaves the count as it was).
        self._measured: tuple[int, object] = (-1, None)
        self._chosen: list[str] = []  # the answer clicked, until ``handle`` returns it
        self._banner_bottom = 0

    def refresh(self, asking: bool, board: pygame.Rect, toolbar: pygame.Rect,
                res: Resources) -> None:
        """What the player is asked now (nothing when the player is not the one asked)."""
        game = self.game
        with self._lock:  # the card grows to what the answers score
            measured = len(self.outcomes)
            stale = self._measured != position(game)  # to be measured (again)
        state = (position(game), game.phase, asking, game.in_extra, board.size, toolbar.y,
                 res.scale, language(), measured)
        if state == self._state and not (stale and self.options) \
                and (self.buttons or not self.options):
            return
        self._state = state
        before = self.buttons  # laid out again when the answers are measured: a press holds
        self.prompt, self.info, self.options, self.answers, self.buttons = "", "", (), [], []
        self.card = pygame.Rect(0, 0, 0, 0)
        if not asking:
            return
        tileset = game.tileset
        if game.phase is Phase.CHOOSE and game.choices:
            request = game.choices[0]
            text = question_text(tileset, request.key)
            self.prompt = text.prompt if text is not None else request.prompt
            self.options = request.options
            for option in request.options:
                said = text.answers.get(option) if text is not None else None
                self.answers.append((said.label if said is not None else option.capitalize(),
                                     said.explain if said is not None else ""))
            if stale:
                self._measure()
        elif game.phase is Phase.FIGURE and any(isinstance(a, Move) for a in game.legal_actions()):
            self.info = moves_text(tileset) or _(
                "Or move a figure to a lit cell instead: each shows what it scores now")
        elif game.phase is Phase.PLACE and game.in_extra:
            self.info = extra_text(tileset) or _(
                "A second tile this turn: place it on a lit cell")
        self._layout(board, toolbar, res)
        if len(before) == len(self.buttons):
            for old, new in zip(before, self.buttons, strict=True):
                new.hover, new.pressed = old.hover, old.pressed

    def _measure(self) -> None:
        """What each answer scores now, measured off the frame loop on a copy."""
        copy = self.game.copy()
        options = self.options
        measured = position(self.game)
        with self._lock:
            self._measured = measured
            self.outcomes = {}

        def work() -> None:
            for option in options:
                line = describe(copy, outcome(copy, Choose(option), seed=measured[0]))
                with self._lock:
                    if position(self.game) != measured:
                        # The game moved on (an undo, say) and may come back to this very
                        # position: it is measured again then, not left "measuring…".
                        if self._measured == measured:
                            self._measured = (-1, None)
                        abandoned = True
                    else:
                        self.outcomes[option] = line
                        abandoned = False
                self.wake()
                if abandoned:
                    return

        self._worker = threading.Thread(target=work, name="answers", daemon=True)
        self._worker.start()

    def _layout(self, board: pygame.Rect, toolbar: pygame.Rect, res: Resources) -> None:
        """The card: its prompt on up to two lines, then a row per answer, each as tall as
        what it says and scores (wrapped in the card's width: the card grows, nothing is
        cut)."""
        px = res.px
        width = min(px(WIDTH), board.w - px(24))
        self.rows = []
        if self.answers:
            self.prompt_lines, self.prompt_size = fit_lines(
                res, self.prompt, PROMPT_SIZES, width - px(28), 2, bold=True)
            head = px(PROMPT_STEP) * len(self.prompt_lines) + px(16)
            room = width - px(14 + BUTTON_W + 14 + 14)
            with self._lock:
                outcomes = dict(self.outcomes)
            heights = []
            for option, (_label, explain) in zip(self.options, self.answers, strict=True):
                said = wrap_text(res, explain, EXPLAIN_SIZE, room) if explain else []
                scored = wrap_text(res, outcomes.get(option, _("measuring…")), SCORED_SIZE,
                                   room, bold=True)
                self.rows.append((said, scored))
                heights.append(max(px(ROW), px(EXPLAIN_STEP) * len(said)
                                   + px(SCORED_STEP) * len(scored) + px(14)))
            self.card = pygame.Rect(0, 0, width, head + sum(heights) + px(6))
            self.card.midbottom = (board.centerx, toolbar.y - px(12))
            y = self.card.y + head
            for i, height in enumerate(heights):
                r = pygame.Rect(self.card.x + px(14), y, px(BUTTON_W), px(ROW - 12))
                self.buttons.append(Button(r, self.answers[i][0], self._choose(self.options[i]),
                                           primary=i == 0))
                y += height
        elif self.info:
            lines = wrap_text(res, self.info, 17, width - px(28))
            self.card = pygame.Rect(0, 0, width, px(18 + 20 * len(lines)))
            self.card.midtop = (board.centerx, px(BANNER_ROOM))

    def _choose(self, option: str) -> Callable[[], object]:
        return lambda: self._chosen.append(option)

    def handle(self, intent: Intent) -> list[Request] | None:
        """The answer the intent clicked, to play; None when no answer's button took it."""
        if not any(b.handle(intent) for b in self.buttons):
            return None
        chosen, self._chosen = self._chosen, []
        return [Play(Choose(option)) for option in chosen]

    def answer(self, index: int) -> list[Request]:
        """The answer at ``index`` (chosen with the keys), to play."""
        return [Play(Choose(self.options[index]))] if 0 <= index < len(self.options) else []

    def under_banner(self, bottom: int, res: Resources) -> None:
        """The banner ends at ``bottom`` this frame (it wraps a long prompt): the line about
        the turn goes under it."""
        self._banner_bottom = bottom
        if self.info:
            self.card.top = max(res.px(BANNER_ROOM), bottom + res.px(6))

    def below_banner(self, res: Resources) -> int:
        """Where the next line under the banner may go."""
        if self.info:
            return self.card.bottom + res.px(8)
        return max(res.px(BANNER_ROOM), self._banner_bottom + res.px(6))

    def draw(self, surface: pygame.Surface, res: Resources, hinted: str | None = None) -> None:
        """The card; ``hinted``: the answer the Hint suggests, outlined."""
        if not self.card.w:
            return
        px = res.px
        panel(surface, self.card, radius=px(12), alpha=248)
        x = self.card.x + px(14)
        if not self.answers:
            for i, line in enumerate(wrap_text(res, self.info, 17, self.card.w - px(28))):
                surface.blit(res.text(line, 17, pal.TEXT), (x, self.card.y + px(9 + 20 * i)))
            return
        for i, line in enumerate(self.prompt_lines):
            surface.blit(res.text(line, self.prompt_size, pal.TEXT, bold=True),
                         (x, self.card.y + px(10 + PROMPT_STEP * i)))
        for option, b, (said, scored) in zip(self.options, self.buttons, self.rows,
                                             strict=True):
            b.draw(surface, res)
            if option == hinted:
                pygame.draw.rect(surface, pal.HIGHLIGHT, b.rect.inflate(px(8), px(8)),
                                 width=px(3), border_radius=px(10))
            tx = b.rect.right + px(14)
            y = b.rect.y + px(1)
            for line in said:
                surface.blit(res.text(line, EXPLAIN_SIZE, pal.TEXT_DIM), (tx, y))
                y += px(EXPLAIN_STEP)
            y += px(2)
            for line in scored:
                surface.blit(res.text(line, SCORED_SIZE, pal.TEXT, bold=True), (tx, y))
                y += px(SCORED_STEP)
