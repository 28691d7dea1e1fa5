"""Overlays: the game menu, messages and confirmations, and the autosave."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.storage import SavedGame

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
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
        app.push(MessageScene(app, _("Autosave failed"), str(exc)))


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

    def __init__(self, app: App, play: PlayScene) -> None:
        self.play = play
        super().__init__(app)

    def layout(self, size: tuple[int, int]) -> None:
        self.title = _("Game paused")  # again after the settings: the language may change
        super().layout(size)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [(_("Resume"), self.app.pop),
                (_("Save game"), lambda: self.app.push_scene("save", self.play.session)),
                (_("Load game"), lambda: self.app.push_scene("load")),
                (_("Rules"), lambda: self.app.push_scene("help", self.play.session.game_id)),
                (_("Settings"), self.open_settings),
                (_("Quit to title"), self.to_title)]

    def open_settings(self) -> None:
        self.app.push_scene("settings")

    def to_title(self) -> None:
        self.app.replace_scene("title")


def open_saved(app: App, saved: SavedGame, path: Path, final_when_over: bool = False) -> None:
    """Restore a save and show it (its final scores, with ``final_when_over``, when the game
    had ended).  A save whose tile sets changed since, or with a seat of a computer level
    this version does not have, asks first.  A save that cannot be restored raises its
    SaveError.  A save opened from the list becomes the game Continue resumes: it is
    autosaved as it opens (the game the autosave held is kept, see ``Storage.autosave``)."""
    session = Session.restore(app, saved, path)

    def show() -> None:
        if final_when_over and session.game.over:
            app.push_scene("final", session)
        else:
            app.replace_scene("play", session)
        if path != app.storage.autosave_path():
            autosave(app, session)  # a failure is told over the game

    questions: list[tuple[str, str]] = []
    changed = saved.changed_tilesets(session.tileset)
    if changed:
        questions.append((_("A tile set has changed"), ngettext(
            "The tile set {names} changed since this game was saved. The game is replayed "
            "with it as it is now: its tiles and scores may differ from those played.",
            "The tile sets {names} changed since this game was saved. The game is replayed "
            "with them as they are now: its tiles and scores may differ from those played.",
            len(changed)).format(names=", ".join(f"'{sid}'" for sid in changed))))
    unknown = saved.unknown_seats()
    if unknown:
        questions.append((_("An unknown computer level"), ngettext(
            "{players} was played by a computer level this version does not have ({levels}). "
            "If you open the game, a person plays that seat.",
            "{players} were played by computer levels this version does not have ({levels}). "
            "If you open the game, people play those seats.", len(unknown)).format(
            players=", ".join(session.seats[i].name for i in unknown),
            levels=", ".join(dict.fromkeys(saved.seats[i][:40] for i in unknown)))))
    _ask_then(app, questions, show)


def _ask_then(app: App, questions: list[tuple[str, str]], then: Callable[[], object]) -> None:
    """Ask each question in turn (Open anyway or Back), then do ``then``."""
    if not questions:
        then()
        return
    title, text = questions[0]

    def confirmed() -> None:
        app.pop()
        _ask_then(app, questions[1:], then)

    app.push(ConfirmScene(app, title, text, _("Open anyway"), confirmed))


class MessageScene(MenuScene):
    def __init__(self, app: App, title: str, text: str) -> None:
        self.title = title
        self.text = text
        super().__init__(app)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [(_("OK"), self.app.pop)]

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
