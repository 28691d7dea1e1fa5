"""Between two people at one mouse, in a game whose hands are private: a screen that asks to
pass the mouse to the next player and keeps their hand face down until they click.  Esc
opens the game's menu without showing the hand."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.words.i18n import _

from ... import palette as pal
from ...app import App, Scene
from ...intents import Command, Intent, PointerDown, PointerUp
from ...session import Seat
from ...widgets import Button, blit_centred, fit_lines, panel, wrap_text
from ..menus import dim

WIDTH = 640  # the panel at most, at 100 %
LINE_STEP = 28


class PassScene(Scene):
    overlay = True  # the board stays visible, veiled; the hand is face down under it

    def __init__(self, app: App, seat: Seat, reveal: Callable[[], None],
                 open_menu: Callable[[], None]) -> None:
        super().__init__(app)
        self.seat = seat
        self.reveal = reveal
        self.open_menu = open_menu
        self.rect = pygame.Rect(0, 0, 560, 230)
        self.title: list[str] = []
        self.title_size = 36
        self.title_step = 40
        self.lines: list[str] = []
        self.button = Button(pygame.Rect(0, 0, 300, 54), _("Show my tiles"), self._done,
                             primary=True, hotkey=_("Enter"))
        # Only a click pressed on this screen shows the hand: the release of the click that
        # opened the game (a save in the list, say) must not.
        self.pressed = False

    def layout(self, size: tuple[int, int]) -> None:
        res = self.app.res
        px = res.px
        width = min(px(WIDTH), size[0] - px(40))
        title = _("Pass the mouse to {player}").format(player=self.seat.name)
        self.title, self.title_size = fit_lines(res, title, (36, 30, 26), width - px(80), 2,
                                                bold=True)
        line = _("{player}'s tiles stay hidden until {player} clicks.").format(
            player=self.seat.name)
        self.lines = wrap_text(res, line, 22, width - px(60))
        self.title_step = res.font(self.title_size, bold=True).get_linesize() + px(6)
        height = px(34 + 18 + 24 + 54 + 24) + self.title_step * len(self.title) \
            + px(LINE_STEP) * len(self.lines)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.button.rect = pygame.Rect(0, 0, px(300), px(54))
        self.button.rect.midbottom = (self.rect.centerx, self.rect.bottom - px(24))

    def _done(self) -> None:
        self.app.pop()
        self.reveal()

    def handle(self, intent: Intent) -> None:
        if self.button.handle(intent):
            return
        if isinstance(intent, PointerDown) and intent.button == 1:
            self.pressed = True
        elif intent is Command.BACK:
            self.open_menu()
        elif intent is Command.CONFIRM or (isinstance(intent, PointerUp)
                                           and intent.button == 1 and self.pressed):
            self._done()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        res = self.app.res
        px = res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        top = self.rect.y + px(34)
        for i, line in enumerate(self.title):
            head = res.text(line, self.title_size, pal.TEXT, bold=True)
            y = top + self.title_step * i + self.title_step // 2
            blit_centred(surface, head, (self.rect.centerx + (px(14) if i == 0 else 0), y))
            if i == 0:  # the player's colour before their name
                blit_centred(surface, res.figures.mark(self.seat.rgb, px(10)),
                             (self.rect.centerx - head.get_width() // 2 - px(8), y))
        top += self.title_step * len(self.title) + px(18)
        for i, line in enumerate(self.lines):
            blit_centred(surface, res.text(line, 22, pal.TEXT_DIM),
                         (self.rect.centerx, top + px(LINE_STEP) * i + px(LINE_STEP) // 2))
        self.button.draw(surface, res)
