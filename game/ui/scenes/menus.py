"""Overlays of the play scene (pause, help, messages) and saving/loading."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.storage import SavedGame, SaveEntry, SaveError
from game.version import version

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent, PointerDown, PointerMove, PointerUp, Wheel
from ..session import Session
from ..widgets import Button, blit_centred, panel

if TYPE_CHECKING:
    from .play import PlayScene

log = logging.getLogger(__name__)


def autosave(app: App, session: Session) -> None:
    """Save after every confirmed turn; a failure is shown, never fatal."""
    try:
        app.storage.autosave(session.saved(), app.registry)
    except OSError as exc:
        log.warning("autosave failed: %s", exc)
        app.push(MessageScene(app, "Autosave failed", str(exc)))


def save_game(app: App, session: Session) -> None:
    try:
        path = app.storage.save(session.saved())
    except OSError as exc:
        log.warning("could not save: %s", exc)
        app.push(MessageScene(app, "Could not save", str(exc)))
        return
    app.push(MessageScene(app, "Game saved", path.name))


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 12, 16, alpha))
    surface.blit(veil, (0, 0))


class MenuScene(Scene):
    """A centred panel with a title and a column of buttons."""

    overlay = True
    title = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 380, 100)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return []

    def layout(self, size: tuple[int, int]) -> None:
        entries = self.entries()
        px = self.app.res.px
        self.rect = pygame.Rect(0, 0, px(380), px(90 + 62 * len(entries)))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.buttons = []
        for i, (label, fn) in enumerate(entries):
            r = pygame.Rect(self.rect.x + px(40), self.rect.y + px(74 + 62 * i),
                            self.rect.w - px(80), px(50))
            self.buttons.append(Button(r, label, fn, primary=i == 0))

    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent == Command("back"):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        px = self.app.res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        blit_centred(surface, self.app.res.text(self.title, 36, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + px(38)))
        for b in self.buttons:
            b.draw(surface, self.app.res)


class PauseScene(MenuScene):
    name = "pause"
    title = "Game paused"

    def __init__(self, app: App, play: PlayScene) -> None:
        self.play = play
        super().__init__(app)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [("Resume", self.app.pop),
                ("Save game", lambda: save_game(self.app, self.play.session)),
                ("Load game", lambda: self.app.push(LoadScene(self.app))),
                ("Help", lambda: self.app.push(HelpScene(self.app))),
                ("Settings", self.open_settings),
                ("Quit to title", self.to_title)]

    def open_settings(self) -> None:
        self.app.push_scene("settings")

    def to_title(self) -> None:
        self.app.replace_scene("title")


def open_saved(app: App, saved: SavedGame, path: Path, final_when_over: bool = False) -> None:
    """Restore a save and show it (its final scores, with ``final_when_over``, when the game
    had ended).  A save whose tile sets changed since asks first.  A save that cannot be
    restored raises its SaveError."""
    session = Session.restore(app, saved, path)

    def show() -> None:
        if final_when_over and session.game.over:
            app.push_scene("final", session)
        else:
            app.replace_scene("play", session)

    changed = saved.changed_tilesets(session.tileset)
    if not changed:
        show()
        return
    text = ngettext("The tile set {names} changed since this game was saved. The game is "
                    "replayed with it as it is now: its tiles and scores may differ from those "
                    "played.",
                    "The tile sets {names} changed since this game was saved. The game is "
                    "replayed with them as they are now: its tiles and scores may differ from "
                    "those played.", len(changed)).format(
        names=", ".join(f"'{sid}'" for sid in changed))

    def confirmed() -> None:
        app.pop()
        show()

    app.push(ConfirmScene(app, _("A tile set has changed"), text, _("Open anyway"), confirmed))


class MessageScene(MenuScene):
    def __init__(self, app: App, title: str, text: str) -> None:
        self.title = title
        self.text = text
        super().__init__(app)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [("OK", self.app.pop)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = self.app.res.px
        self.rect.h += px(40)
        self.rect.w = max(self.rect.w, px(560))
        self.rect.center = (size[0] // 2, size[1] // 2)
        for b in self.buttons:
            b.rect.centerx = self.rect.centerx
            b.rect.bottom = self.rect.bottom - px(20)

    def handle(self, intent: Intent) -> None:
        if intent == Command("confirm"):
            self.app.pop()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        px = self.app.res.px
        y = self.rect.y + px(78)
        for line in _wrap(self.text, 60):
            blit_centred(surface, self.app.res.text(line, 21, pal.TEXT_DIM),
                         (self.rect.centerx, y))
            y += px(22)


class ConfirmScene(MessageScene):
    """A message with a choice: ``action`` (Enter) or Back (Esc)."""

    def __init__(self, app: App, title: str, text: str, action: str,
                 on_action: Callable[[], object]) -> None:
        self.action = action
        self.on_action = on_action
        super().__init__(app, title, text)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [(self.action, self.on_action), (_("Back"), self.app.pop)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = self.app.res.px
        gap = px(16)
        width = (self.rect.w - px(80) - gap) // 2
        for i, b in enumerate(self.buttons):
            b.rect.w = width
            b.rect.x = self.rect.x + px(40) + i * (width + gap)

    def handle(self, intent: Intent) -> None:
        if intent == Command("confirm"):
            self.on_action()
            return
        super().handle(intent)


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            if len(line) + len(word) + 1 > width and line:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
    return lines[:6]


HELP = [
    ("Place the tile", "drag it from the tray onto a lit cell, or click a lit cell"),
    (N_("Pick a tile"), N_("1, 2, 3 or Tab, with several tiles in hand")),
    ("Turn the tile", "R, E, right-click or the mouse wheel while dragging (Q turns back)"),
    ("Place a figure", "drag it onto a lit area of the new tile, or click the area"),
    (N_("Hike"), N_("click a lit cell's badge, or drag your hiker there")),
    ("End the turn", "Enter or Space (Confirm)"),
    ("Take back", "Backspace or Ctrl+Z, before confirming"),
    ("Move the board", "drag empty board, arrow keys or WASD"),
    ("Zoom", N_("mouse wheel (about the cursor), + and −; Home or C fits")),
    ("Farm hints", "F colours the fields by connection"),
    ("Tiles to come", "T shows the tiles still in the pile"),
    (N_("Turn log, history"), N_("L shows or hides the log; V the history (arrow keys step)")),
    ("Menu", "Esc (save, load, help, quit)"),
    (N_("Save, full screen, sound"), N_("Ctrl+S, F11, M turns the sound on and off")),
]


class HelpScene(Scene):
    name = "help"
    overlay = True

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerUp) or (
                isinstance(intent, Command) and intent.name in ("back", "confirm", "help")):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        w, h = surface.get_size()
        res = self.app.res
        px = res.px
        rect = pygame.Rect(0, 0, px(760), px(110 + 34 * len(HELP)))
        rect.center = (w // 2, h // 2)
        panel(surface, rect, radius=px(16), alpha=255)
        blit_centred(surface, res.text("How to play", 36, pal.TEXT, bold=True),
                     (rect.centerx, rect.y + px(36)))
        for i, (what, how) in enumerate(HELP):
            y = rect.y + px(74 + 34 * i)
            surface.blit(res.text(_(what), 22, pal.TEXT, bold=True), (rect.x + px(36), y))
            surface.blit(res.text(_(how), 22, pal.TEXT_DIM), (rect.x + px(230), y))
        blit_centred(surface, res.text("click or Esc to close", 18, pal.TEXT_DIM),
                     (rect.centerx, rect.bottom - px(20)))
        stamp = res.text(_("Carcassonne {version}").format(version=version()), 16, pal.TEXT_DIM)
        surface.blit(stamp, stamp.get_rect(bottomright=(rect.right - px(16),
                                                        rect.bottom - px(12))))


class LoadScene(Scene):
    """The list of saved games; unreadable ones are listed with their error, untouched."""

    name = "load"
    overlay = True
    ROW = 52

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[SaveEntry] = []
        self.rect = pygame.Rect(0, 0, 720, 520)
        self.scroll = 0
        self.hover = -1
        self.close = Button(pygame.Rect(0, 0, 160, 44), "Back", self.app.pop)

    def enter(self) -> None:
        self.entries = self.app.storage.list_saves()

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.rect = pygame.Rect(0, 0, px(760), min(px(600), size[1] - px(80)))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.close.rect.size = (px(160), px(44))
        self.close.rect.midbottom = (self.rect.centerx, self.rect.bottom - px(16))

    def _row_rect(self, i: int) -> pygame.Rect:
        px = self.app.res.px
        return pygame.Rect(self.rect.x + px(20),
                           self.rect.y + px(70) + (i - self.scroll) * px(self.ROW),
                           self.rect.w - px(40), px(self.ROW - 6))

    def _visible(self) -> range:
        rows = (self.rect.h - self.app.res.px(140)) // self.app.res.px(self.ROW)
        return range(self.scroll, min(len(self.entries), self.scroll + rows))

    def handle(self, intent: Intent) -> None:
        if self.close.handle(intent):
            return
        if intent == Command("back"):
            self.app.pop()
        elif isinstance(intent, Wheel):
            self.scroll = max(0, min(max(0, len(self.entries) - 1), self.scroll - intent.steps))
        elif isinstance(intent, PointerMove):
            self.hover = next((i for i in self._visible()
                               if self._row_rect(i).collidepoint(intent.pos)), -1)
        elif isinstance(intent, PointerDown) and intent.button == 1:
            for i in self._visible():
                if self._row_rect(i).collidepoint(intent.pos):
                    self.load(self.entries[i])
                    return

    def load(self, entry: SaveEntry) -> None:
        if entry.saved is None:
            log.warning("save cannot be read: %s: %s", entry.path, entry.error)
            self.app.push(MessageScene(self.app, "This save cannot be read",
                                       f"{entry.path.name}: {entry.error}\nIt is left as it is."))
            return
        try:
            open_saved(self.app, entry.saved, entry.path)
        except SaveError as exc:
            log.warning("save cannot be read: %s: %s", entry.path, exc.problem)
            self.app.push(MessageScene(self.app, "This save cannot be read",
                                       f"{exc}\nIt is left as it is."))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        px = res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        blit_centred(surface, res.text("Saved games", 34, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + px(34)))
        if not self.entries:
            blit_centred(surface, res.text("No saved games yet.", 24, pal.TEXT_DIM),
                         self.rect.center)
        for i in self._visible():
            e = self.entries[i]
            r = self._row_rect(i)
            pygame.draw.rect(surface, pal.CURRENT_ROW if i == self.hover else pal.BUTTON, r,
                             border_radius=px(8))
            if e.saved is None:
                title = f"{e.path.name}  —  cannot be read"
                sub = e.error or ""
                colour = pal.ILLEGAL
            else:
                s = e.saved
                title = f"{s.game}: " + ", ".join(s.players)
                when = time.strftime("%d %b %Y %H:%M", time.localtime(s.saved_at or 0))
                sub = f"{when}  ·  {len(s.moves)} moves  ·  {e.path.name}"
                colour = pal.TEXT
            surface.blit(res.text(title, 22, colour, bold=True), (r.x + px(12), r.y + px(5)))
            surface.blit(res.text(sub[:90], 17, pal.TEXT_DIM), (r.x + px(12), r.y + px(26)))
        self.close.draw(surface, res)
