"""Overlays: a menu's panel, messages and confirmations."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.words.i18n import _

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..widgets import Button, blit_centred, fit_lines, panel

MESSAGE_W = 640  # a message's panel, at most (at 100 %)
TEXT_SIZE = 21
TEXT_STEP = 24


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
        if intent is Command.BACK:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        px = self.app.res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        blit_centred(surface, self.app.res.text(self.title, 36, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + px(38)))
        for b in self.buttons:
            b.draw(surface, self.app.res)


class MessageScene(MenuScene):
    """A title, a text wrapped in the panel's width (the panel grows with it, as far as the
    window allows), and OK."""

    def __init__(self, app: App, title: str, text: str) -> None:
        self.title = title
        self.text = text
        self.lines: list[str] = []
        super().__init__(app)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [(_("OK"), self.app.pop)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = self.app.res.px
        width = min(px(MESSAGE_W), size[0] - px(40))
        most = max(1, (size[1] - px(40 + 78 + 96)) // px(TEXT_STEP))
        self.lines, _size = fit_lines(self.app.res, self.text, (TEXT_SIZE,), width - px(60), most)
        self.rect.size = (width, px(78 + 96) + px(TEXT_STEP) * len(self.lines))
        self.rect.center = (size[0] // 2, size[1] // 2)
        for b in self.buttons:
            b.rect.centerx = self.rect.centerx
            b.rect.bottom = self.rect.bottom - px(20)

    def handle(self, intent: Intent) -> None:
        if intent is Command.CONFIRM:
            self.app.pop()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        px = self.app.res.px
        y = self.rect.y + px(78)
        for line in self.lines:
            blit_centred(surface, self.app.res.text(line, TEXT_SIZE, pal.TEXT_DIM),
                         (self.rect.centerx, y))
            y += px(TEXT_STEP)


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
        if intent is Command.CONFIRM:
            self.on_action()
            return
        super().handle(intent)
