"""Intents: what the player means, independent of which device said it.

The input layer (``InputMapper``) is the only place that reads raw pygame events; scenes
receive these small values instead.
"""

from __future__ import annotations

from dataclasses import dataclass

Pos = tuple[int, int]


@dataclass(frozen=True)
class PointerDown:
    pos: Pos
    button: int  # 1 left, 2 middle, 3 right


@dataclass(frozen=True)
class PointerUp:
    pos: Pos
    button: int


@dataclass(frozen=True)
class PointerMove:
    pos: Pos
    rel: Pos
    buttons: tuple[bool, bool, bool]


@dataclass(frozen=True)
class Wheel:
    pos: Pos
    steps: int  # positive: away from the player (zoom in / rotate clockwise)


@dataclass(frozen=True)
class Command:
    """A keyboard command: confirm, undo, rotate, rotate_back, fit, farms, tiles, log, back,
    pan (with dx, dy), zoom_in, zoom_out, help, hint, fullscreen, quit, next, prev, delete,
    mute, history, and tile1...tile9 (pick a tile of the hand)."""

    name: str
    dx: int = 0
    dy: int = 0


@dataclass(frozen=True)
class TextInput:
    text: str


@dataclass(frozen=True)
class Resize:
    size: Pos


@dataclass(frozen=True)
class Quit:
    pass


Intent = PointerDown | PointerUp | PointerMove | Wheel | Command | TextInput | Resize | Quit
