"""The title screen: continue the last game (or the network table played last: served
again, or its seat taken back), start a new one, join a network table, see how the network
tables one sits at stand (Your tables, once there are some), load, best-move puzzles, help,
quit."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pygame

from game.ai.random_policy import random_action
from game.rules import Game
from game.store.storage import SaveError
from game.system.version import version
from game.words.i18n import _, ngettext

from .. import palette as pal
from ..app import App, Scene
from ..board_view import BoardView
from ..camera import Camera
from ..intents import Command, Intent
from ..kept_tables import KeptTable
from ..session import Session
from ..widgets import Button, blit_centred, panel, wrap_text
from .help import HelpScene
from .join import JoinScene
from .kept import continue_note, open_kept, unfinished_tables
from .menus import MessageScene
from .puzzles import PuzzlesScene
from .saves import LoadScene, open_saved
from .settings import SettingsScene
from .setup import SetupScene
from .your_tables import YourTablesScene

log = logging.getLogger(__name__)


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.continue_problem: str | None = None
        self.can_continue = False  # the autosave can be restored (known once entered)
        self.table: KeptTable | None = None  # a network table played last, under way
        self.tables_kept = False  # unfinished network tables are kept: Your tables shows
        self.backdrop: pygame.Surface | None = None

    def enter(self) -> None:
        self._check_autosave()

    def resume(self) -> None:
        self._check_autosave()

    def _check_autosave(self) -> None:
        """Continue is offered when the autosave can be restored; one that cannot is moved
        aside at once (a new game's autosave would otherwise be written in its place)."""
        path = self.app.storage.autosave_path()
        self.continue_problem = None
        self.can_continue = False
        if path.exists() or path.is_symlink():
            try:
                Session.restore(self.app.registry, self.app.storage.load(path), path)
                self.can_continue = True
            except SaveError as exc:
                log.warning("the autosave cannot be read: %s: %s", path, exc.problem)
                self.continue_problem = self._kept_aside(exc)
        tables = unfinished_tables(self.app)  # the Load list offers every one
        self.tables_kept = bool(tables)  # Your tables lists them with how each stands
        self.table = tables[0] if tables else None
        if self.table is not None and self.can_continue and _newer(path, self.table.path):
            self.table = None  # a game played here since: Continue is that one
        self.can_continue = self.can_continue or self.table is not None
        self.layout(self.app.screen.get_size())

    def _kept_aside(self, exc: SaveError) -> str:
        """Move the autosave that failed out of the way; what to tell the player."""
        try:
            kept = self.app.storage.keep_aside(exc.path)
        except OSError:
            return _("The last game cannot be continued: {problem}. Its file is kept as it "
                     "is.").format(problem=exc.problem)
        return _("The last game cannot be continued: {problem}.\nIts file is kept as {name} "
                 "in the saves folder: Load game lists it.").format(problem=exc.problem,
                                                                  name=kept.name)

    def settings_problem(self) -> str | None:
        """What to tell the player when their settings file could not be read (the defaults
        are used this run)."""
        storage = self.app.storage
        if storage.settings_problem is None:
            return None
        kept = _("Its file is kept as it is.") if storage.settings_kept is None else _(
            "Its file is kept as {name} in the settings folder.").format(
                name=storage.settings_kept.name)
        return _("Your settings cannot be read ({problem}): the defaults are used.").format(
            problem=storage.settings_problem) + "\n" + kept

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        can_continue = self.can_continue
        labels = [(_("Continue"), self.continue_game, can_continue, can_continue),
                  (_("New game"), self.new_game, True, not can_continue),
                  (_("Join game"), self.join_game, True, False),
                  *([(_("Your tables"), self.your_tables, True, False)]
                    if self.tables_kept else []),
                  (_("Load game"), lambda: self.app.push(LoadScene(self.app)), True, False),
                  (_("Puzzles"), lambda: self.app.push(PuzzlesScene(self.app)), True, False),
                  (_("How to play"), lambda: self.app.push(HelpScene(self.app)), True, False),
                  (_("Settings"), self.open_settings, True, False),
                  (_("Quit"), self.quit, True, False)]
        self.buttons = []
        px = self.app.res.px
        top = self._card(size).y + px(108)
        for i, (label, fn, enabled, primary) in enumerate(labels):
            r = pygame.Rect(0, 0, px(300), px(44))
            r.center = (w // 2, top + i * px(self._spacing))
            self.buttons.append(Button(r, label, fn, primary=primary, enabled=enabled))
        if self.backdrop is None or self.backdrop.get_size() != (w + 200, h + 200):
            self.backdrop = self._make_backdrop((w + 200, h + 200))

    @property
    def _spacing(self) -> int:
        """Between two buttons' centres, at 100 %: closer with Your tables among them."""
        return 46 if self.tables_kept else 50

    def _card(self, size: tuple[int, int]) -> pygame.Rect:
        """The panel the menu sits on."""
        px = self.app.res.px
        rows = 9 if self.tables_kept else 8
        height = 474 + (rows - 1) * self._spacing - 6 * 52
        card = pygame.Rect(0, 0, px(420), px(height + (26 if self.table is not None else 0)))
        card.center = (size[0] // 2, size[1] // 2 + px(40))
        return card

    def _make_backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """A board from a random game on the tabletop, for the menu to sit on."""
        surf = self.app.res.tabletop(size).copy()
        try:
            tileset = self.app.registry.ruleset("carcassonne")
        except KeyError:
            return surf
        game = Game(tileset, ["A", "B"], seed=2002)
        rng = random.Random(2002)
        while len(game.board) < 60 and not game.over:
            game.apply(random_action(game, rng))
        view = BoardView(self.app.res, game)
        cam = Camera((0, 0, size[0], size[1]))
        cam.fit(game.board.tiles.keys(), margin=0.0, immediate=True)
        cam.set_zoom(max(cam.zoom, 6))
        view.draw_tiles(surf, cam)
        view.draw_figures(surf, cam, [pal.PLAYER_COLOURS[0][1], pal.PLAYER_COLOURS[1][1]])
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((18, 22, 26, 150))
        surf.blit(veil, (0, 0))
        return surf

    def continue_game(self) -> None:
        if self.table is not None:
            open_kept(self.app, self.table)
            return
        path = self.app.storage.autosave_path()
        try:
            open_saved(self.app, self.app.storage.load(path), path, final_when_over=True)
        except SaveError as exc:
            self.continue_problem = self._kept_aside(exc)
            self.can_continue = False
            self.layout(self.app.screen.get_size())
            self.app.push(MessageScene(self.app, _("The last game cannot be continued"),
                                       self.continue_problem))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def new_game(self) -> None:
        self.app.push(SetupScene(self.app))

    def join_game(self) -> None:
        self.app.push(JoinScene(self.app))

    def your_tables(self) -> None:
        self.app.push(YourTablesScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.quit()
        elif intent is Command.CONFIRM:
            (self.continue_game if self.can_continue else self.new_game)()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.backdrop is not None:
            surface.blit(self.backdrop, (-100, -100))  # still: a title that waits costs nothing
        res = self.app.res
        px = res.px
        card = self._card((w, h))
        panel(surface, card, radius=px(20), alpha=250)
        title = res.heading("Carcassonne", 78, pal.TEXT_LIGHT)
        shadow = res.heading("Carcassonne", 78, (0, 0, 0))
        shadow.set_alpha(140)
        blit_centred(surface, shadow, (w // 2 + px(3), card.y - px(58 - 4)))
        blit_centred(surface, title, (w // 2, card.y - px(58)))
        blit_centred(surface, res.text(_("tile by tile, the country grows"), 26, pal.TEXT_DIM),
                     (w // 2, card.y + px(34)))
        for b in self.buttons:
            b.draw(surface, res)
        if self.table is not None:  # what Continue does, under the menu
            note = res.text(continue_note(self.table), 19, pal.TEXT_DIM)
            blit_centred(surface, note, (w // 2, card.bottom - px(24)))
        problems = "\n".join(p for p in (self.continue_problem, self.settings_problem()) if p)
        if problems:  # on a panel of its own: the board behind is busy
            lines = [res.text(line, 19, pal.ILLEGAL)
                     for line in wrap_text(res, problems, 19, w - px(64))]
            box = pygame.Rect(0, 0, max(t.get_width() for t in lines) + px(32),
                              px(22 * len(lines) + 16))
            box.midtop = (w // 2, card.bottom + px(12))
            if box.bottom > h - px(36):  # no room under the menu (a small window): over the
                box.top = px(8)  # heading, which matters less than what was kept where
            panel(surface, box, radius=px(10), alpha=245)
            for i, text in enumerate(lines):
                blit_centred(surface, text, (w // 2, box.y + px(19 + 22 * i)))
        stamp = res.text(_("version {version}").format(version=version()), 17, pal.TEXT_LIGHT)
        surface.blit(stamp, stamp.get_rect(bottomright=(w - px(12), h - px(8))))
        errors = self.app.registry.errors
        if errors:
            msg = ngettext("{count} tile set file could not be loaded: see New game",
                           "{count} tile set files could not be loaded: see New game",
                           len(errors)).format(count=len(errors))
            blit_centred(surface, res.text(msg, 19, pal.TEXT_LIGHT), (w // 2, h - px(24)))


def _newer(path: Path, than: Path) -> bool:
    """Whether the file at ``path`` was written after the one at ``than``."""
    try:
        return path.stat().st_mtime > than.stat().st_mtime
    except OSError:
        return False
