"""Overlays of the play scene (pause, help, messages) and saving/loading."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.storage import SaveEntry, SaveError

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent, PointerDown, PointerMove, Wheel
from ..session import Session
from ..widgets import Button, blit_centred, panel

if TYPE_CHECKING:
    from .play import PlayScene


def autosave(app: App, session: Session) -> None:
    """Save after every confirmed turn; a failure is shown, never fatal."""
    try:
        app.storage.autosave(session.saved())
    except OSError as exc:
        app.push(MessageScene(app, "Autosave failed", str(exc)))


def save_game(app: App, session: Session) -> None:
    try:
        path = app.storage.save(session.saved())
    except OSError as exc:
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
        self.rect = pygame.Rect(0, 0, 380, 90 + 62 * len(entries))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.buttons = []
        for i, (label, fn) in enumerate(entries):
            r = pygame.Rect(self.rect.x + 40, self.rect.y + 74 + 62 * i, self.rect.w - 80, 50)
            self.buttons.append(Button(r, label, fn, primary=i == 0))

    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent == Command("back"):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel(surface, self.rect, radius=16, alpha=250)
        blit_centred(surface, self.app.res.text(self.title, 36, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + 38))
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
                ("Rules", lambda: self.app.push_scene("help", self.play.session.game_id)),
                ("Settings", self.open_settings),
                ("Quit to title", self.to_title)]

    def open_settings(self) -> None:
        self.app.push_scene("settings")

    def to_title(self) -> None:
        self.app.replace_scene("title")


class MessageScene(MenuScene):
    def __init__(self, app: App, title: str, text: str) -> None:
        self.title = title
        self.text = text
        super().__init__(app)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [("OK", self.app.pop)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.rect.h += 40
        self.rect.w = max(self.rect.w, 560)
        self.rect.center = (size[0] // 2, size[1] // 2)
        for b in self.buttons:
            b.rect.centerx = self.rect.centerx
            b.rect.bottom = self.rect.bottom - 20

    def handle(self, intent: Intent) -> None:
        if intent == Command("confirm"):
            self.app.pop()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        y = self.rect.y + 78
        for line in _wrap(self.text, 60):
            blit_centred(surface, self.app.res.text(line, 21, pal.TEXT_DIM),
                         (self.rect.centerx, y))
            y += 22


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
        self.rect = pygame.Rect(0, 0, 760, min(600, size[1] - 80))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.close.rect.midbottom = (self.rect.centerx, self.rect.bottom - 16)

    def _row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 20, self.rect.y + 70 + (i - self.scroll) * self.ROW,
                           self.rect.w - 40, self.ROW - 6)

    def _visible(self) -> range:
        rows = (self.rect.h - 140) // self.ROW
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
            self.app.push(MessageScene(self.app, "This save cannot be read",
                                       f"{entry.path.name}: {entry.error}\nIt is left as it is."))
            return
        try:
            session = Session.restore(self.app, entry.saved, entry.path)
        except SaveError as exc:
            self.app.push(MessageScene(self.app, "This save cannot be read",
                                       f"{exc}\nIt is left as it is."))
            return
        self.app.replace_scene("play", session)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel(surface, self.rect, radius=16, alpha=250)
        res = self.app.res
        blit_centred(surface, res.text("Saved games", 34, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + 34))
        if not self.entries:
            blit_centred(surface, res.text("No saved games yet.", 24, pal.TEXT_DIM),
                         self.rect.center)
        for i in self._visible():
            e = self.entries[i]
            r = self._row_rect(i)
            pygame.draw.rect(surface, pal.CURRENT_ROW if i == self.hover else pal.BUTTON, r,
                             border_radius=8)
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
            surface.blit(res.text(title, 22, colour, bold=True), (r.x + 12, r.y + 5))
            surface.blit(res.text(sub[:90], 17, pal.TEXT_DIM), (r.x + 12, r.y + 26))
        self.close.draw(surface, res)
