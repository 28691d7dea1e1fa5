"""Turns raw pygame events into intents (see intents.py)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from . import keymap
from .intents import (
    Command,
    Intent,
    KeyPressed,
    Pan,
    PickTile,
    PointerDown,
    PointerMove,
    PointerUp,
    Quit,
    Resize,
    TextInput,
    Wheel,
)

# The keys every screen reads the same way (``keymap.FIXED``); the others are the player's.
_FIXED: dict[int, Command] = {}


def _fixed() -> dict[int, Command]:
    if not _FIXED:
        _FIXED.update({
            pygame.K_RETURN: Command.CONFIRM, pygame.K_KP_ENTER: Command.CONFIRM,
            pygame.K_ESCAPE: Command.BACK, pygame.K_F1: Command.HELP,
            pygame.K_TAB: Command.NEXT, pygame.K_DELETE: Command.DELETE})
    return _FIXED


# What a held key may do again and again as it repeats: move, zoom, go from choice to choice,
# erase.  Any other command (confirm, end the turn, press a button, take back, pick a tile)
# acts once a press: a repeat queued while the window was busy never acts a second time.
_REPEATING = frozenset({Command.ZOOM_IN, Command.ZOOM_OUT, Command.NEXT, Command.PREV,
                        Command.ERASE, Command.TO_END})

_MODIFIERS = frozenset({
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
    pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_MODE,
    pygame.K_NUMLOCKCLEAR})


def _picked(key: int) -> PickTile | None:
    """1, 2, 3...: take a tile of the hand."""
    for first in (pygame.K_1, pygame.K_KP1):
        if first <= key < first + 9:
            return PickTile(key - first)
    return None


class InputMapper:
    """Stateless apart from whether a text field has focus (letters then type text), which
    keys are held and the letter of the Ctrl shortcut last pressed.

    A held key repeats (SDL sends its KEYDOWN again and again, with no KEYUP between): a
    repeat moves or zooms again, but never confirms, ends a turn or presses a button a
    second time (``_REPEATING``), however late the window reads it.  When the screen changes
    while a key is held, the key is *spent*: its repeats are dropped until it is released, so
    that a key pressed on one screen (Space skipping the final scoring, Enter confirming the
    turn before a pass screen) never also acts on the screen that follows.

    A press made before the screen on top was shown is *stale* (``stale``): it came in the
    same batch of events as the press that changed the screen, or while the frame that
    changed it was being made.  It acts on nothing, and its key is spent until released:
    a screen that starts something (a game, a table that listens) answers only to a press
    made once it is seen."""

    def __init__(self) -> None:
        self.text_focus = False
        self.pointer: tuple[int, int] | None = None  # last pointer position seen
        self.held: set[int] = set()  # keys down now
        self.spent: set[int] = set()  # held keys whose repeats are dropped until released
        # The letter of the Ctrl shortcut just pressed ("a" for Ctrl+A): should the platform
        # also send it as text, it is not typed.
        self.shortcut_letter = ""
        self.pressed: int | None = None  # the key whose press the last intent came from
        # A screen waits for a key (a new key for an action): the next press is told as it
        # is (``KeyPressed``), Esc excepted, which goes back.
        self.capture = False

    def spend_held_keys(self) -> None:
        """The screen changed: the keys held now act no more until pressed again."""
        self.spent |= self.held

    def translate(self, events: Iterable[pygame.event.Event]) -> list[Intent]:
        out: list[Intent] = []
        for ev in events:
            intent = self.one(ev)
            if intent is not None:
                out.append(intent)
        return out

    def stale(self, ev: pygame.event.Event) -> Intent | None:
        """An event that came before the screen on top was shown: a press (a key, a button,
        the wheel, a letter typed) acts on nothing and its key is spent; the rest (a
        release, the pointer's move, the window closed or resized) is as ever."""
        t = ev.type
        if t == pygame.KEYDOWN:
            self.held.add(ev.key)
            self.spent.add(ev.key)
            self.pressed = None
            return None
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.TEXTINPUT):
            if t == pygame.MOUSEBUTTONDOWN:
                self.pointer = (int(ev.pos[0]), int(ev.pos[1]))
            return None
        return self.one(ev)

    def one(self, ev: pygame.event.Event) -> Intent | None:
        """The intent of one event, if it has one."""
        self.pressed = ev.key if ev.type == pygame.KEYDOWN else None
        return self._one(ev)

    def _one(self, ev: pygame.event.Event) -> Intent | None:
        t = ev.type
        if t == pygame.QUIT:
            return Quit()
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.pointer = (int(ev.pos[0]), int(ev.pos[1]))
        if t == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2, 3):
            return PointerDown(tuple(ev.pos), ev.button)
        if t == pygame.MOUSEBUTTONUP and ev.button in (1, 2, 3):
            return PointerUp(tuple(ev.pos), ev.button)
        if t == pygame.MOUSEMOTION:
            b = tuple(ev.buttons)
            return PointerMove(tuple(ev.pos), tuple(ev.rel), (bool(b[0]), bool(b[1]), bool(b[2])))
        if t == pygame.MOUSEWHEEL:
            steps = int(ev.y) if ev.y else 0
            if not steps:
                return None
            # Wheel events carry no position: use where the pointer was last seen.
            pos = self.pointer if self.pointer is not None else pygame.mouse.get_pos()
            return Wheel(pos, steps)
        if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (ev.w, ev.h) if t == pygame.VIDEORESIZE else (ev.x, ev.y)
            return Resize(size)
        if t == pygame.TEXTINPUT and self.text_focus:
            if self.shortcut_letter and ev.text.lower() == self.shortcut_letter:
                self.shortcut_letter = ""
                return None  # the letter of a Ctrl shortcut: a command, not text
            return TextInput(ev.text)
        if t == pygame.KEYUP:
            self.shortcut_letter = ""
            self.held.discard(ev.key)
            self.spent.discard(ev.key)
            return None
        if t == pygame.WINDOWFOCUSLOST:  # released elsewhere: their KEYUP may never come
            self.held.clear()
            self.spent.clear()
            return None
        if t == pygame.KEYDOWN:
            if ev.key in self.spent:
                return None  # a repeat of a key held since the screen changed
            repeat = ev.key in self.held
            self.held.add(ev.key)
            intent = self._pressed(ev)
            if repeat and not (isinstance(intent, Pan) or intent in _REPEATING):
                return None  # a repeat of a key that acts once a press
            return intent
        return None

    def _pressed(self, ev: pygame.event.Event) -> Intent | None:
        """The intent of a key pressed (or repeating)."""
        mods = ev.mod
        self.shortcut_letter = ""
        if mods & pygame.KMOD_CTRL and pygame.K_a <= ev.key <= pygame.K_z:
            self.shortcut_letter = chr(ev.key)
        if ev.key == pygame.K_a and mods & pygame.KMOD_CTRL and self.text_focus:
            return Command.SELECT_ALL
        if ev.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            return Command.UNDO
        if ev.key == pygame.K_s and mods & pygame.KMOD_CTRL:
            return Command.SAVE
        if ev.key == pygame.K_c and mods & pygame.KMOD_CTRL:
            return Command.COPY
        if ev.key == pygame.K_v and mods & pygame.KMOD_CTRL:
            return Command.PASTE
        if ev.key == pygame.K_q and mods & pygame.KMOD_CTRL:
            return Command.QUIT
        if ev.key == pygame.K_TAB and mods & pygame.KMOD_SHIFT:
            return Command.PREV
        if self.capture:
            return self._captured(ev)
        if self.text_focus:
            if ev.key in (pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER,
                          pygame.K_ESCAPE, pygame.K_TAB, pygame.K_DELETE, pygame.K_END,
                          pygame.K_RIGHT):
                return {pygame.K_BACKSPACE: Command.ERASE,
                        pygame.K_DELETE: Command.ERASE,
                        pygame.K_END: Command.TO_END, pygame.K_RIGHT: Command.TO_END,
                        pygame.K_TAB: Command.NEXT}.get(ev.key, _fixed().get(ev.key))
            return None  # letters arrive as TEXTINPUT
        return self._key(ev)

    @staticmethod
    def _captured(ev: pygame.event.Event) -> Intent | None:
        """A key pressed for an action: Esc goes back; a modifier alone is no key yet (Shift
        on its way to "?"); a sign is known by what it types ("?" wherever the layout puts
        it), any other key by its name."""
        if ev.key == pygame.K_ESCAPE:
            return Command.BACK
        if ev.key in _MODIFIERS:
            return None
        typed = getattr(ev, "unicode", "")
        return KeyPressed(typed if keymap.by_character(typed) else pygame.key.name(ev.key))

    @staticmethod
    def _key(ev: pygame.event.Event) -> Intent | None:
        """A key's meaning outside a text field: a fixed key's, else the player's."""
        fixed = _fixed().get(ev.key)
        if fixed is not None:
            return fixed
        # the player's key, or sign as typed ("!": Shift and 1), before 1, 2, 3... of a hand
        player = keymap.current().does(pygame.key.name(ev.key), getattr(ev, "unicode", ""))
        return player if player is not None else _picked(ev.key)
