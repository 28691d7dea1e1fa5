"""Turns raw pygame events into intents (see intents.py)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from .intents import (
    Command,
    Intent,
    PointerDown,
    PointerMove,
    PointerUp,
    Quit,
    Resize,
    TextInput,
    Wheel,
)

PAN_STEP = 48  # pixels per arrow key press

_KEYS: dict[int, Command] = {}


def _keymap() -> dict[int, Command]:
    if not _KEYS:
        _KEYS.update({
            pygame.K_RETURN: Command("confirm"), pygame.K_KP_ENTER: Command("confirm"),
            pygame.K_SPACE: Command("confirm"), pygame.K_BACKSPACE: Command("undo"),
            pygame.K_r: Command("rotate"), pygame.K_e: Command("rotate"),
            pygame.K_q: Command("rotate_back"), pygame.K_HOME: Command("fit"),
            pygame.K_f: Command("farms"), pygame.K_t: Command("tiles"),
            pygame.K_l: Command("log"), pygame.K_ESCAPE: Command("back"),
            pygame.K_F1: Command("help"), pygame.K_h: Command("help"),
            pygame.K_F11: Command("fullscreen"), pygame.K_c: Command("fit"),
            pygame.K_PLUS: Command("zoom_in"), pygame.K_EQUALS: Command("zoom_in"),
            pygame.K_KP_PLUS: Command("zoom_in"), pygame.K_MINUS: Command("zoom_out"),
            pygame.K_KP_MINUS: Command("zoom_out"), pygame.K_TAB: Command("next"),
            pygame.K_DELETE: Command("delete"), pygame.K_m: Command("mute"),
            pygame.K_v: Command("history"),
            pygame.K_LEFT: Command("pan", PAN_STEP, 0), pygame.K_a: Command("pan", PAN_STEP, 0),
            pygame.K_RIGHT: Command("pan", -PAN_STEP, 0),
            pygame.K_d: Command("pan", -PAN_STEP, 0),
            pygame.K_UP: Command("pan", 0, PAN_STEP), pygame.K_w: Command("pan", 0, PAN_STEP),
            pygame.K_DOWN: Command("pan", 0, -PAN_STEP),
            pygame.K_s: Command("pan", 0, -PAN_STEP),
        })
        # 1, 2, 3...: pick a tile of the hand
        _KEYS.update({pygame.K_1 + i: Command(f"tile{i + 1}") for i in range(9)})
        _KEYS.update({pygame.K_KP1 + i: Command(f"tile{i + 1}") for i in range(9)})
    return _KEYS


class InputMapper:
    """Stateless apart from whether a text field has focus (letters then type text) and
    which keys are held.

    A held key repeats (SDL sends its KEYDOWN again and again).  When the screen changes
    while a key is held, the key is *spent*: its repeats are dropped until it is released, so
    that a key pressed on one screen (Space skipping the final scoring, Enter confirming the
    turn before a pass screen) never also acts on the screen that follows."""

    def __init__(self) -> None:
        self.text_focus = False
        self.pointer: tuple[int, int] | None = None  # last pointer position seen
        self.held: set[int] = set()  # keys down now
        self.spent: set[int] = set()  # held keys whose repeats are dropped until released

    def spend_held_keys(self) -> None:
        """The screen changed: the keys held now act no more until pressed again."""
        self.spent |= self.held

    def translate(self, events: Iterable[pygame.event.Event]) -> list[Intent]:
        out: list[Intent] = []
        for ev in events:
            intent = self._one(ev)
            if intent is not None:
                out.append(intent)
        return out

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
            return TextInput(ev.text)
        if t == pygame.KEYUP:
            self.held.discard(ev.key)
            self.spent.discard(ev.key)
            return None
        if t == pygame.KEYDOWN:
            if ev.key in self.spent:
                return None  # a repeat of a key held since the screen changed
            self.held.add(ev.key)
            mods = ev.mod
            if ev.key == pygame.K_z and mods & pygame.KMOD_CTRL:
                return Command("undo")
            if ev.key == pygame.K_s and mods & pygame.KMOD_CTRL:
                return Command("save")
            if ev.key == pygame.K_q and mods & pygame.KMOD_CTRL:
                return Command("quit")
            if ev.key == pygame.K_TAB and mods & pygame.KMOD_SHIFT:
                return Command("prev")
            if self.text_focus:
                if ev.key in (pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER,
                              pygame.K_ESCAPE, pygame.K_TAB, pygame.K_DELETE):
                    return {pygame.K_BACKSPACE: Command("erase"),
                            pygame.K_DELETE: Command("erase"),
                            pygame.K_TAB: Command("next")}.get(ev.key, _keymap().get(ev.key))
                return None  # letters arrive as TEXTINPUT
            if ev.key == pygame.K_QUESTION or getattr(ev, "unicode", "") == "?":
                return Command("hint")  # "?" wherever the keyboard layout puts it
            return _keymap().get(ev.key)
        return None
