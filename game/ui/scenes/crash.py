"""The crash screen: something went wrong, here is the log file, nothing saved is lost.

Shown by the app (``App.crashed``) in place of every scene.  Kept plain (a panel, some text,
three buttons) so that it has as little as possible that could fail in turn.
"""

from __future__ import annotations

import pygame

from game.store import logs
from game.words.i18n import _

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..widgets import Button, blit_centred, panel
from .title import TitleScene

WIDTH = 760  # the panel at 100 %
BUTTON_TEXT = 26  # the size of a 50 px button's label
PATH_CHARS = 64  # a long log path is shown on several lines


class CrashScene(Scene):
    def __init__(self, app: App, error: str = "") -> None:
        super().__init__(app)
        self.error = error
        self.rect = pygame.Rect(0, 0, WIDTH, 440)
        self.buttons: list[Button] = []

    def layout(self, size: tuple[int, int]) -> None:
        res = self.app.res
        px = res.px
        can_continue = self.app.storage.autosave_path().is_file()
        entries = [(_("Continue from the autosave"), self.continue_game, can_continue),
                   (_("Back to the title"), self.to_title, True),
                   (_("Quit"), self.quit, True)]
        widths = [max(px(120), res.font(BUTTON_TEXT, bold=True).size(label)[0] + px(40))
                  for label, _action, _enabled in entries]
        gap = px(14)
        text_height = sum(px(points + 4) for _text, points, _colour in self.lines())
        height = px(88) + text_height + px(24 + 50 + 26)
        width = max(px(WIDTH), sum(widths) + gap * 2 + px(60))
        self.rect = pygame.Rect(0, 0, min(width, size[0] - px(20)), min(height, size[1]))
        self.rect.center = (size[0] // 2, size[1] // 2)
        x = self.rect.centerx - (sum(widths) + gap * 2) // 2
        self.buttons = []
        for (label, action, enabled), button_w in zip(entries, widths, strict=True):
            r = pygame.Rect(x, self.rect.bottom - px(76), button_w, px(50))
            self.buttons.append(Button(r, label, action, primary=enabled and not self.buttons,
                                       enabled=enabled))
            x += button_w + gap
        if not can_continue:
            self.buttons[1].primary = True

    def continue_game(self) -> None:
        """The title's Continue, from the title: the game opens over it, and an autosave
        that cannot be restored after all is kept aside there, with the title saying so."""
        title = TitleScene(self.app)
        self.app.replace(title)
        if title.can_continue:
            title.continue_game()

    def to_title(self) -> None:
        self.app.replace(TitleScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle(self, intent: Intent) -> None:
        for button in self.buttons:
            if button.handle(intent):
                return
        if intent is Command.BACK:
            self.to_title()

    def lines(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The text under the title: (text, size at 100 %, colour)."""
        path = logs.current_file()
        out = [(_("The game met an error it did not expect."), 24, pal.TEXT),
               (_("Nothing saved is lost: the autosave holds the last confirmed turn."),
                22, pal.TEXT), ("", 10, pal.TEXT)]
        if path is None:
            out.append((_("The log could not be written; the details went to the console."),
                        20, pal.TEXT_DIM))
        else:
            out.append((_("The details are in the log file:"), 20, pal.TEXT_DIM))
            text = str(path)
            out += [(text[i:i + PATH_CHARS], 20, pal.TEXT)
                    for i in range(0, len(text), PATH_CHARS)]
        out += [("", 10, pal.TEXT), (self.error[:90], 18, pal.TEXT_DIM)]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        res = self.app.res
        surface.fill(pal.TABLETOP)
        panel(surface, self.rect, radius=res.px(16), alpha=255)
        blit_centred(surface, res.text(_("Something went wrong"), 40, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + res.px(44)))
        y = self.rect.y + res.px(88)
        for text, size, colour in self.lines():
            if text:
                blit_centred(surface, res.text(text, size, colour),
                             (self.rect.centerx, y + res.px(size) // 2))
            y += res.px(size + 4)
        for button in self.buttons:
            button.draw(surface, res)
