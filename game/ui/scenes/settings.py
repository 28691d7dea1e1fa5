"""The settings screen: one row per setting, its meaning under its name, a button that
steps through its choices (left click forward, right click back), and Keys, the player's
keys for every action.  Reached from the title and from the menu in a game; changes are
saved at once."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.words.i18n import _, set_language

from .. import keymap
from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent, Pan, PointerDown, PointerMove, Wheel
from ..settings import SETTINGS, Setting
from ..widgets import Button, blit_centred, panel
from .keys import KeysScene
from .menus import dim

ROW = 62


class SettingsScene(Scene):
    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, 720, 400)
        self.rows: list[tuple[Setting, Button]] = []
        self.close = Button(pygame.Rect(0, 0, 200, 46), _("Done"), self._done,
                            primary=True)
        self.keys = Button(pygame.Rect(0, 0, 200, 46), _("Keys"), self._keys)
        self.scroll = 0

    def _keys(self) -> None:
        self.app.push(KeysScene(self.app))

    def _done(self) -> None:
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.res.px
        self.rect = pygame.Rect(0, 0, min(px(760), w - px(40)),
                                min(px(150 + ROW * len(SETTINGS)), h - px(40)))
        self.rect.center = (w // 2, h // 2)
        self.close.rect.size = (px(200), px(46))
        self.close.rect.bottomright = (self.rect.right - px(30), self.rect.bottom - px(16))
        self.keys.rect.size = (px(200), px(46))
        self.keys.rect.bottomleft = (self.rect.x + px(30), self.rect.bottom - px(16))
        self.scroll = max(0, min(self.scroll, self._max_scroll()))
        self._build()

    def _visible_rows(self) -> int:
        return max(1, (self.rect.h - self.app.res.px(140)) // self.app.res.px(ROW))

    def _max_scroll(self) -> int:
        return max(0, len(SETTINGS) - self._visible_rows())

    def _build(self) -> None:
        self.rows = []
        px = self.app.res.px
        width = px(220)
        for i, setting in enumerate(SETTINGS[self.scroll:self.scroll + self._visible_rows()]):
            y = self.rect.y + px(70 + i * ROW)
            r = pygame.Rect(self.rect.right - px(30) - width, y + px(6), width, px(44))
            self.rows.append((setting, Button(r, self._value_label(setting),
                                              self._stepper(setting.key, 1))))

    def _value_label(self, setting: Setting) -> str:
        return _(setting.label_of(self.app.settings.get(setting.key)))

    def _explained(self, setting: Setting) -> str:
        """The line under a setting's name.  An interface size larger than the window holds
        says what the window shows instead, else the choice would seem to do nothing."""
        shown = round(self.app.res.scale * 100)
        if setting.key == "ui_scale" and shown < round(self.app.chosen_scale() * 100):
            return _("At most {percent} % in this window: make it larger.").format(
                percent=shown)
        return _(setting.explain).format(**keymap.labels())  # the player's keys

    def _stepper(self, key: str, step: int) -> Callable[[], None]:
        def go() -> None:
            self._step(key, step)
        return go

    def _step(self, key: str, step: int) -> None:
        value = self.app.settings.cycle(key, step)
        if key == "language":  # spoken at once: every text drawn from now on
            set_language(str(value))
            self.close.label = _("Done")
            self.keys.label = _("Keys")
        self._build()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerDown) and intent.button == 3:
            for setting, button in self.rows:
                if button.rect.collidepoint(intent.pos):
                    self._step(setting.key, -1)
                    return
        if isinstance(intent, Wheel):
            self._scroll_to(self.scroll - intent.steps)
            return
        if isinstance(intent, Pan) and intent.dy:  # the arrow keys, a row at a time
            self._scroll_to(self.scroll + (-1 if intent.dy > 0 else 1))
            return
        if self.close.handle(intent) or self.keys.handle(intent):
            return
        for _setting, button in self.rows:
            if button.handle(intent):
                return
        if isinstance(intent, PointerMove):
            return
        if intent in (Command.BACK, Command.CONFIRM):
            self.app.pop()

    def _scroll_to(self, scroll: int) -> bool:
        scroll = max(0, min(scroll, self._max_scroll()))
        if scroll == self.scroll:
            return False
        self.scroll = scroll
        self._build()
        return True

    def focus_scroll(self, step: int, at: object) -> bool:
        """Tab past the last setting shown: the list scrolls a row."""
        if not self.rows or at is not self.rows[-1 if step > 0 else 0][1]:
            return False
        return self._scroll_to(self.scroll + step)

    def focus_wrap(self, step: int) -> bool:
        """The ring goes round: the first settings (the last) come back into sight."""
        return self._scroll_to(0 if step > 0 else self._max_scroll())

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        px = res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        blit_centred(surface, res.heading(_("Settings"), 36, pal.TEXT),
                     (self.rect.centerx, self.rect.y + px(36)))
        for setting, button in self.rows:
            y = button.rect.centery
            x = self.rect.x + px(30)
            surface.blit(res.text(_(setting.label), 24, pal.TEXT, bold=True),
                         (x, y - px(20 if setting.explain else 9)))
            if setting.explain:
                surface.blit(res.text(self._explained(setting), 17, pal.TEXT_DIM),
                             (x, y + px(4)))
            button.draw(surface, res)
        if self._max_scroll():
            more = _("Wheel or arrows: more settings")
            surface.blit(res.text(more, 16, pal.TEXT_DIM),
                         (self.keys.rect.right + px(16), self.close.rect.centery - px(8)))
        self.keys.draw(surface, res)
        self.close.draw(surface, res)
