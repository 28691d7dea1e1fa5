"""Settings → Keys: every action with the player's keys for it; Change waits for a key and
gives it to the action instead of its keys, Add gives it beside them.  A key another action
holds (or one every screen reads the same way: Esc, Tab, Enter, F1, 1 to 9) is refused,
with the action that holds it.  Reset gives every action its keys of old.  The keys are kept
in the settings file at once, and every label that names a key names the player's."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.words.i18n import _

from .. import keymap
from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent, KeyPressed, Pan, PointerDown, Wheel
from ..keymap import ACTIONS, Action, Taken
from ..widgets import Button, blit_centred, fit_text, panel
from .menus import dim

ROW = 46


class KeysScene(Scene):
    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, 760, 500)
        self.rows: list[tuple[Action, Button, Button]] = []
        self.scroll = 0
        self.waiting: tuple[Action, bool] | None = None  # the action a key is awaited for
        self.said = ""  # the line under the list: what happened, what to do
        self.done = Button(pygame.Rect(0, 0, 160, 46), _("Done"), self.app.pop, primary=True)
        self.reset = Button(pygame.Rect(0, 0, 220, 46), _("Reset to defaults"), self._reset)

    @property
    def bindings(self) -> keymap.Bindings:
        return keymap.current()

    # -- layout
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.res.px
        self.rect = pygame.Rect(0, 0, min(px(820), w - px(40)),
                                min(px(170 + ROW * len(ACTIONS)), h - px(40)))
        self.rect.center = (w // 2, h // 2)
        self.done.rect.size = (px(160), px(46))
        self.done.rect.bottomright = (self.rect.right - px(24), self.rect.bottom - px(16))
        self.reset.rect.size = (px(240), px(46))
        self.reset.rect.bottomleft = (self.rect.x + px(24), self.rect.bottom - px(16))
        self.scroll = max(0, min(self.scroll, self._most_scroll()))
        self._build()

    def _shown_rows(self) -> int:
        return max(1, (self.rect.h - self.app.res.px(170)) // self.app.res.px(ROW))

    def _most_scroll(self) -> int:
        return max(0, len(ACTIONS) - self._shown_rows())

    def _build(self) -> None:
        px = self.app.res.px
        self.rows = []
        for i, action in enumerate(ACTIONS[self.scroll:self.scroll + self._shown_rows()]):
            y = self.rect.y + px(66 + i * ROW)
            add = Button(pygame.Rect(self.rect.right - px(24 + 90), y, px(90), px(ROW - 8)),
                         _("Add"), self._awaiter(action, True))
            change = Button(pygame.Rect(add.rect.x - px(8 + 110), y, px(110), px(ROW - 8)),
                            _("Change"), self._awaiter(action, False))
            self.rows.append((action, change, add))

    # -- changing a key
    def _awaiter(self, action: Action, add: bool) -> Callable[[], None]:
        def wait() -> None:
            self.waiting = (action, add)
            self.app.input.capture = True
            self.said = _("Press the new key for “{action}” (Esc: leave it as it is)").format(
                action=_(action.label))
        return wait

    def _stop_waiting(self) -> None:
        self.waiting = None
        self.app.input.capture = False

    def _pressed(self, key: str) -> None:
        assert self.waiting is not None
        action, add = self.waiting
        self._stop_waiting()
        try:
            self.bindings.assign(action.name, key, add)
        except Taken as refused:
            self.said = str(refused)
            return
        self._keep()
        self.said = _("“{action}”: {keys}").format(action=_(action.label),
                                                    keys=self.bindings.label(action.name))

    def _reset(self) -> None:
        self.bindings.reset()
        self._keep()
        self.said = _("Every action has its first keys again.")

    def _keep(self) -> None:
        self.app.settings.remember(keymap.SETTINGS_KEY, self.bindings.changed())

    def exit(self) -> None:
        self._stop_waiting()

    def pause(self) -> None:
        self._stop_waiting()

    # -- events
    def handle(self, intent: Intent) -> None:
        if self.waiting is not None:
            if isinstance(intent, KeyPressed):
                self._pressed(intent.key)
                return
            if intent is Command.BACK or isinstance(intent, PointerDown):
                self._stop_waiting()
                self.said = ""
                if intent is Command.BACK:
                    return
        if isinstance(intent, Wheel):
            self._scroll_to(self.scroll - intent.steps)
            return
        if isinstance(intent, Pan) and intent.dy:
            self._scroll_to(self.scroll + (-1 if intent.dy > 0 else 1))
            return
        for button in (self.done, self.reset, *(b for _a, *pair in self.rows for b in pair)):
            if button.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()

    def _scroll_to(self, scroll: int) -> bool:
        scroll = max(0, min(scroll, self._most_scroll()))
        if scroll == self.scroll:
            return False
        self.scroll = scroll
        self._build()
        return True

    def focus_scroll(self, step: int, at: object) -> bool:
        if not self.rows:
            return False
        edge = self.rows[-1 if step > 0 else 0]
        if at not in edge[1:]:
            return False
        return self._scroll_to(self.scroll + step)

    def focus_wrap(self, step: int) -> bool:
        """The ring goes round: the first actions (the last) come back into sight."""
        return self._scroll_to(0 if step > 0 else self._most_scroll())

    # -- drawing
    def keys_shown(self, action: Action) -> str:
        """The action's keys, and the fixed key that does it too (Enter confirms)."""
        keys = self.bindings.label(action.name)
        fixed = keymap.ALSO_FIXED.get(action.name)
        if fixed is None:
            return keys
        if not self.bindings.keys(action.name):
            return _(fixed)
        return _("{keys}, and {fixed} always").format(keys=keys, fixed=_(fixed))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        px = res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        blit_centred(surface, res.heading(_("Keys"), 34, pal.TEXT),
                     (self.rect.centerx, self.rect.y + px(34)))
        for action, change, add in self.rows:
            waiting = self.waiting is not None and self.waiting[0] is action
            if waiting:
                row = pygame.Rect(self.rect.x + px(16), change.rect.y - px(3),
                                  self.rect.w - px(32), change.rect.h + px(6))
                pygame.draw.rect(surface, pal.CURRENT_ROW, row, border_radius=px(8))
            x = self.rect.x + px(28)
            room = change.rect.x - x - px(12)
            label = fit_text(res, _(action.label), 20, room // 2, bold=True)
            surface.blit(res.text(label, 20, pal.TEXT, bold=True),
                         (x, change.rect.centery - px(11)))
            keys = "…" if waiting else self.keys_shown(action)
            keys = fit_text(res, keys, 20, room // 2)
            surface.blit(res.text(keys, 20, pal.TEXT),
                         (x + room // 2 + px(8), change.rect.centery - px(11)))
            change.draw(surface, res)
            add.draw(surface, res)
        bottom = self.done.rect.y - px(10)
        line = self.said or (_("Wheel or arrows: more actions") if self._most_scroll() else "")
        if line:
            text = fit_text(res, line, 18, self.rect.w - px(48))
            surface.blit(res.text(text, 18, pal.TEXT_DIM), (self.rect.x + px(24), bottom - px(22)))
        self.reset.draw(surface, res)
        self.done.draw(surface, res)
