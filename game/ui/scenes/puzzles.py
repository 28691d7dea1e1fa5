"""The Puzzles screen: the games that have best-move puzzles, each with the player's progress
(solved, tried, of how many), a button for its next unsolved puzzle and one to choose a
puzzle (``PuzzlePickScene``: every puzzle of the game, marked solved or tried).  The
puzzles are those shipped with the game (``game.review.puzzles``), the progress the
player's (``game.store.puzzle_progress``); a puzzle is played on the board
(``game.ui.scenes.play.puzzle``) and comes back here."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.review.puzzles import PuzzleError, PuzzleSet, load_set, puzzle_files
from game.store.puzzle_progress import PuzzleProgress
from game.words.i18n import _
from game.words.vocabulary import set_names

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..widgets import Button, blit_centred, fit_text, panel, wrap_text
from .play.puzzle import PuzzleChoice, PuzzlePlayScene

log = logging.getLogger(__name__)

ROW = 74  # a game's row, at 100 %
WIDTH = 780


def shipped_sets(app: App) -> list[PuzzleSet]:
    """The puzzle files shipped with the game, for the games the registry has, in the order
    the set-up screen lists the games (one that cannot be read is logged and left out)."""
    out = []
    for path in puzzle_files():
        try:
            puzzles = load_set(path)
            puzzles.tileset(app.registry)
        except (PuzzleError, OSError, KeyError) as exc:
            log.warning("puzzles left out: %s: %s", path, exc)
            continue
        if puzzles.puzzles:
            out.append(puzzles)
    order = [(game, tuple(chosen)) for game, chosen in app.registry.setups()]
    return sorted(out, key=lambda s: (order.index((s.game, s.expansions))
                                      if (s.game, s.expansions) in order else len(order),
                                      s.key))


def next_unsolved(puzzles: PuzzleSet, progress: PuzzleProgress, after: int = -1) -> int:
    """The first puzzle after ``after`` not solved yet, going round; the one after ``after``
    when every one is."""
    count = len(puzzles.puzzles)
    for step in range(1, count + 1):
        index = (after + step) % count
        if not progress.of(puzzles.puzzles[index].id).solved:
            return index
    return (after + 1) % count


class PuzzlesScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sets = shipped_sets(app)
        self.progress = PuzzleProgress.load(app.storage)
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 10, 10)

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        w = min(size[0] - px(32), px(WIDTH))
        h = px(150 + ROW * max(1, len(self.sets)))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.buttons = []
        for i in range(len(self.sets)):
            y = self._row_top(i) + px(14)
            choose = pygame.Rect(self.rect.right - px(24 + 130), y, px(130), px(44))
            start = pygame.Rect(choose.x - px(12 + 196), y, px(196), px(44))
            self.buttons.append(Button(start, _("Next puzzle"), self._starter(i), primary=i == 0))
            self.buttons.append(Button(choose, _("Choose"), self._chooser(i)))
        back = pygame.Rect(0, 0, px(200), px(44))
        back.midbottom = (self.rect.centerx, self.rect.bottom - px(18))
        self.buttons.append(Button(back, _("Back"), self.app.pop))

    def _row_top(self, i: int) -> int:
        return self.rect.y + self.app.res.px(70 + ROW * i)

    def _starter(self, i: int) -> Callable[[], None]:
        return lambda: self.start(i, next_unsolved(self.sets[i], self.progress))

    def _chooser(self, i: int) -> Callable[[], None]:
        return lambda: self.app.push(PuzzlePickScene(self.app, self, i))

    def start(self, set_index: int, index: int) -> None:
        """The puzzle on the board; what the player does after it comes back here."""
        choice = PuzzleChoice(self.sets[set_index], index)
        self.app.push(PuzzlePlayScene(self.app, choice, self.progress,
                                      lambda what: self.after(set_index, index, what)))

    def after(self, set_index: int, index: int, what: str) -> None:
        """Next, Retry or Back from a puzzle."""
        while self.app.scene is not self:
            self.app.pop()
        if what == "retry":
            self.start(set_index, index)
        elif what == "next":
            self.start(set_index, next_unsolved(self.sets[set_index], self.progress, index))

    def name(self, puzzles: PuzzleSet) -> str:
        return set_names(self.app.registry.sets, [puzzles.game, *puzzles.expansions])

    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()
        elif intent is Command.CONFIRM and self.sets:
            self.buttons[0].on_click()

    def draw(self, surface: pygame.Surface) -> None:
        res = self.app.res
        px = res.px
        surface.blit(res.tabletop(surface.get_size()), (0, 0))
        panel(surface, self.rect, radius=px(18), alpha=250)
        blit_centred(surface, res.text(_("Puzzles"), 36, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + px(36)))
        if not self.sets:
            blit_centred(surface, res.text(_("No puzzles were found."), 21, pal.TEXT_DIM),
                         (self.rect.centerx, self.rect.y + px(100)))
        text_w = self.buttons[0].rect.x - self.rect.x - px(36) if self.sets else 0
        for i, puzzles in enumerate(self.sets):
            top = self._row_top(i)
            solved, tried = self.progress.counts([p.id for p in puzzles.puzzles])
            name = fit_text(res, self.name(puzzles), 23, text_w, bold=True)
            surface.blit(res.text(name, 23, pal.TEXT, bold=True),
                         (self.rect.x + px(24), top + px(10)))
            said = _("Solved: {solved} · tried: {tried} · puzzles: {total}").format(
                solved=solved, tried=tried, total=len(puzzles.puzzles))
            surface.blit(res.text(fit_text(res, said, 19, text_w), 19, pal.TEXT_DIM),
                         (self.rect.x + px(24), top + px(38)))
        for b in self.buttons:
            b.draw(surface, res)
        problem = self.progress_problem()
        if problem:
            lines = wrap_text(res, problem, 19, surface.get_width() - px(64))
            for i, line in enumerate(lines):
                blit_centred(surface, res.text(line, 19, pal.ILLEGAL),
                             (surface.get_width() // 2, self.rect.bottom + px(20 + 22 * i)))

    def progress_problem(self) -> str | None:
        """What to tell the player when their progress file could not be read."""
        progress = self.progress
        if progress.problem is None:
            return None
        kept = _("Its file is kept as it is.") if progress.kept is None else _(
            "Its file is kept as {name} in the game's data folder.").format(
                name=progress.kept.name)
        return _("Your puzzle progress cannot be read ({problem}): it starts again.").format(
            problem=progress.problem) + " " + kept


class PuzzlePickScene(Scene):
    """Every puzzle of one game, numbered, marked solved or tried: a click plays it."""

    COLUMNS = 8

    def __init__(self, app: App, puzzles_scene: PuzzlesScene, set_index: int) -> None:
        super().__init__(app)
        self.list = puzzles_scene
        self.set_index = set_index
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 10, 10)

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        puzzles = self.list.sets[self.set_index].puzzles
        rows = (len(puzzles) + self.COLUMNS - 1) // self.COLUMNS
        cell_w, cell_h = px(84), px(62)
        w = self.COLUMNS * cell_w + px(48)
        self.rect = pygame.Rect(0, 0, w, px(150) + rows * cell_h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.buttons = []
        progress = self.list.progress
        for i, puzzle in enumerate(puzzles):
            r, c = divmod(i, self.COLUMNS)
            rect = pygame.Rect(self.rect.x + px(24) + c * cell_w, self.rect.y + px(70)
                               + r * cell_h, cell_w - px(8), cell_h - px(8))
            tried = progress.of(puzzle.id)
            detail = _("solved") if tried.solved else _("tried") if tried.tries else ""
            button = Button(rect, str(i + 1), self._pick(i), detail=detail)
            button.on = tried.solved
            self.buttons.append(button)
        back = pygame.Rect(0, 0, px(200), px(44))
        back.midbottom = (self.rect.centerx, self.rect.bottom - px(16))
        self.buttons.append(Button(back, _("Back"), self.app.pop))

    def _pick(self, i: int) -> Callable[[], None]:
        def pick() -> None:
            self.app.pop()
            self.list.start(self.set_index, i)
        return pick

    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        res = self.app.res
        px = res.px
        surface.blit(res.tabletop(surface.get_size()), (0, 0))
        panel(surface, self.rect, radius=px(18), alpha=250)
        title = self.list.name(self.list.sets[self.set_index])
        blit_centred(surface, res.text(_("Puzzles: {game}").format(game=title), 30, pal.TEXT,
                                       bold=True),
                     (self.rect.centerx, self.rect.y + px(36)))
        for b in self.buttons:
            b.draw(surface, res)
