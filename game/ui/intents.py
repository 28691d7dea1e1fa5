"""Intents: what the player means, independent of which device said it.

The input layer (``InputMapper``) is the only place that reads raw pygame events; scenes
receive these small values instead: a pointer gesture, a ``Command`` (one of a fixed set,
compared with ``is``), or a command that carries a value (``Pan``, ``PickTile``).
"""

from __future__ import annotations

import enum
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


class Command(enum.Enum):
    """A command of the keyboard (or of a button that does what a key does)."""

    CONFIRM = "confirm"  # Enter, Space
    UNDO = "undo"  # Backspace, Ctrl+Z
    ROTATE = "rotate"  # R, E
    ROTATE_BACK = "rotate_back"  # Q
    FIT = "fit"  # Home, C
    FARMS = "farms"  # F: the fields coloured by connection
    TILES = "tiles"  # T: the tiles still to come
    LOG = "log"  # L: the turn log shown or hidden
    HISTORY = "history"  # V
    HINT = "hint"  # ?
    TAKE_HINT = "take_hint"  # G: the Hint's move played
    NEXT_TILE = "next_tile"  # N: the next tile of a hand of several
    MENU = "menu"  # the game menu (its button; Esc opens it when nothing else is open)
    BACK = "back"  # Esc
    ZOOM_IN = "zoom_in"
    ZOOM_OUT = "zoom_out"
    NEXT = "next"  # Tab
    PREV = "prev"  # Shift+Tab
    DELETE = "delete"
    ERASE = "erase"  # Backspace or Delete in a text field
    SELECT_ALL = "select_all"  # Ctrl+A in a text field
    TO_END = "to_end"  # End or the right arrow in a text field: the cursor after the text
    SAVE = "save"  # Ctrl+S
    COPY = "copy"  # Ctrl+C
    PASTE = "paste"  # Ctrl+V
    HELP = "help"  # F1, H
    FULLSCREEN = "fullscreen"  # F11
    MUTE = "mute"  # M
    QUIT = "quit"  # Ctrl+Q


@dataclass(frozen=True)
class Pan:
    """Move the view (arrow keys, WASD) by pixels; in a list or a page, scroll."""

    dx: int
    dy: int


@dataclass(frozen=True)
class PickTile:
    """Handle a tile of the hand: 1, 2, 3... pick the first, second, third (``index`` 0,
    1, 2...)."""

    index: int


@dataclass(frozen=True)
class KeyPressed:
    """A key pressed while a screen waits for one (a new key for an action): its name, as
    ``keymap`` knows keys."""

    key: str


@dataclass(frozen=True)
class TextInput:
    text: str


@dataclass(frozen=True)
class Resize:
    size: Pos


@dataclass(frozen=True)
class Quit:
    pass


Intent = (PointerDown | PointerUp | PointerMove | Wheel | Command | Pan | PickTile | TextInput
          | KeyPressed | Resize | Quit)
