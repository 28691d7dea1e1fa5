"""Actions: the small hashable values a game is made of, each with a text form.

    D@1,0r90          place tile D at [1, 0], turned 90 degrees clockwise
    follower:N        put a follower on the feature at port N of the tile just placed
    follower:cloister ... or on a feature named in the tile set
    pass              place no figure
    choose:herd       answer a rule module's question (a shepherd's grow or herd)
    move@3,0          move a figure of one's own to cell [3, 0] (a hike)

``Place`` and ``Deploy`` are named tuples because legal-move lists build many of them; each
still compares equal only to a value of its own type.  Nothing here checks field types: an
action with a wrong-typed field is simply illegal in every game (``Game.is_legal`` is False,
``Game.apply`` raises ``IllegalAction``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple, TypeGuard

from .errors import IllegalAction

DEGREES = (0, 90, 180, 270)


class _PlaceFields(NamedTuple):
    tile: str
    x: int
    y: int
    rotation: int  # degrees clockwise: 0, 90, 180 or 270


class Place(_PlaceFields):
    """Place a tile."""

    __slots__ = ()

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"{self.tile}@{self.x},{self.y}r{self.rotation}"

    def __repr__(self) -> str:
        return f"Place({self.tile!r}, {self.x}, {self.y}, {self.rotation})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Place and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


class _DeployFields(NamedTuple):
    figure: str
    target: str  # a port name (N, NL...) or a feature name of the tile just placed


class Deploy(_DeployFields):
    """Put a figure from the supply on a feature of the tile just placed."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.figure}:{self.target}"

    def __repr__(self) -> str:
        return f"Deploy({self.figure!r}, {self.target!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Deploy and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


@dataclass(frozen=True, slots=True)
class Skip:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Choose:
    """A decision a rule module asks for (e.g. a shepherd's grow or herd)."""

    choice: str

    def __str__(self) -> str:
        return f"choose:{self.choice}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move one of the player's figures on the board to a cell (e.g. a hike along a path);
    which figure is the rule module's to tell from where it can go."""

    x: int
    y: int

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"move@{self.x},{self.y}"


Action = Place | Deploy | Skip | Choose | Move
SKIP = Skip()

_PLACE = re.compile(r"^(?P<tile>[^@\s]+)@(?P<x>-?\d+),(?P<y>-?\d+)r(?P<r>\d+)$")
_DEPLOY = re.compile(r"^(?P<fig>[A-Za-z_][\w-]*):(?P<target>[\w-]+)$")
_MOVE = re.compile(r"^move@(?P<x>-?\d+),(?P<y>-?\d+)$")


def is_int(value: object) -> TypeGuard[int]:
    """A true integer (a bool is not a coordinate)."""
    return type(value) is int


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``)."""
    if not isinstance(text, str):
        raise IllegalAction(f"not an action: {text!r}")
    text = text.strip()
    if text == "pass":
        return SKIP
    m = _PLACE.match(text)
    if m:
        rotation = int(m["r"])
        if rotation not in DEGREES:
            raise IllegalAction(f"rotation must be 0, 90, 180 or 270: {text!r}")
        return Place(m["tile"], int(m["x"]), int(m["y"]), rotation)
    m = _MOVE.match(text)
    if m:
        return Move(int(m["x"]), int(m["y"]))
    if text.startswith("choose:"):
        return Choose(text[len("choose:"):])
    m = _DEPLOY.match(text)
    if m:
        return Deploy(m["fig"], m["target"])
    raise IllegalAction(f"not an action: {text!r}")
