"""The screen of a second window: the game is already open in another window on the same
saves, so this one changes nothing (``Storage.busy``: it writes no save, autosave or setting)
and says so.  Try again takes the saves once the other window has closed; Quit closes."""

from __future__ import annotations

import pygame

from game.words.i18n import _

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..widgets import Button, blit_centred, panel

WIDTH = 720  # the panel at 100 %


class ElsewhereScene(Scene):
    name = "elsewhere"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, WIDTH, 330)
        self.buttons: list[Button] = []
        self.still_busy = False  # Try again found the other window still open

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.rect = pygame.Rect(0, 0, min(px(WIDTH), size[0] - px(20)),
                                min(px(330), size[1]))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.buttons = []
        for i, (label, action) in enumerate(((_("Try again"), self.try_again),
                                             (_("Quit"), self.quit))):
            r = pygame.Rect(0, 0, px(220), px(50))
            r.midbottom = (self.rect.centerx + (i * 2 - 1) * px(122), self.rect.bottom - px(26))
            self.buttons.append(Button(r, label, action, primary=i == 0))

    def lines(self) -> list[str]:
        lines = [_("Another window of the game is open with the same saves."),
                 _("This window changes nothing, so that no game is written over."),
                 _("Play in the other window, or close it and try again here.")]
        if self.still_busy:
            lines.append(_("The other window is still open."))
        return lines

    def try_again(self) -> None:
        """Take the saves if the other window has closed: the title, as after a start."""
        self.app.storage.clean_temporary()  # claims the saves first
        if not self.app.storage.busy:
            self.app.replace(self.app.routes.title())
            return
        self.still_busy = True

    def quit(self) -> None:
        self.app.running = False

    def handle(self, intent: Intent) -> None:
        for button in self.buttons:
            if button.handle(intent):
                return
        if intent == Command("back"):
            self.quit()
        elif intent == Command("confirm"):
            self.try_again()

    def draw(self, surface: pygame.Surface) -> None:
        res = self.app.res
        surface.fill(pal.TABLETOP)
        panel(surface, self.rect, radius=res.px(16), alpha=255)
        blit_centred(surface, res.text(_("The game is already open"), 36, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + res.px(44)))
        y = self.rect.y + res.px(96)
        for i, line in enumerate(self.lines()):
            colour = pal.ILLEGAL if i == 3 else pal.TEXT
            blit_centred(surface, res.text(line, 21, colour), (self.rect.centerx, y))
            y += res.px(30)
        for button in self.buttons:
            button.draw(surface, res)
