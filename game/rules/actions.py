"""Actions: the small hashable values a game is made of, each with a text form.

    D@1,0r90          place tile D at [1, 0], turned 90 degrees clockwise
    follower:N        put a follower on the feature at port N of the tile just placed
    follower:cloister ... or on a feature named in the tile set
    pass              place no figure
    choose:herd       answer a rule module's question (a shepherd's grow or herd)
    move@3,0          move a figure of one's own to cell [3, 0] (a hike)

``Place`` and ``Deploy`` are named tuples because legal-move lists build many of them; each
still compares equal only to a value of its own type.  Building one checks nothing: an action
with a wrong-typed field is simply illegal in every game (``Game.is_legal`` is False,
``Game.apply`` raises ``IllegalAction``).  ``well_formed`` tells an action whose fields are
plain words and numbers of sensible size from anything else (a huge integer, a list nested
deep, an object whose text raises), which is refused before the rules look at it and
described by ``describe`` without ever calling its ``str`` or ``repr``.
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


MAX_WORD = 200  # characters of a tile id, figure, target or answer (a tile set's are 40)
MAX_NUMBER = 10**9  # a coordinate or a turn, either way (a board is a few hundred cells)


def is_int(value: object) -> TypeGuard[int]:
    """A true integer (a bool is not a coordinate)."""
    return type(value) is int


def _word(value: object) -> TypeGuard[str]:
    return type(value) is str and len(value) <= MAX_WORD


def _number(value: object) -> TypeGuard[int]:
    return type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER


def well_formed(action: object) -> bool:
    """An action of one of the five types (never a subclass) whose fields are words and
    numbers of sensible size: what the rules can compare, hash and print safely.  Whether
    the game allows it is another question."""
    if type(action) is Place:
        return (_word(action.tile) and _number(action.x) and _number(action.y)
                and _number(action.rotation))
    if type(action) is Deploy:
        return _word(action.figure) and _word(action.target)
    if type(action) is Choose:
        return _word(action.choice)
    if type(action) is Move:
        return _number(action.x) and _number(action.y)
    return type(action) is Skip


def describe(value: object) -> str:
    """A short line naming any value offered as an action, for messages: an action's text
    when it is well formed, else its type and its fields' types.  Never fails: the value's
    own ``str``, ``repr``, comparison and hash are never called."""
    if well_formed(value):
        return str(value)
    fields: tuple[object, ...]
    if type(value) is Place or type(value) is Deploy:
        fields = tuple(tuple.__iter__(value))
    elif type(value) is Choose:
        fields = (value.choice,)
    elif type(value) is Move:
        fields = (value.x, value.y)
    else:
        return f"not an action: {_type_name(type(value))}"
    return f"{type(value).__name__}({', '.join(_field(f) for f in fields)})"


def _field(value: object) -> str:
    """A field of an action, in a few characters whatever it holds."""
    if _word(value):
        return repr(value) if len(value) <= 40 else repr(value[:39]) + "…"
    if _number(value):
        return str(value)
    if type(value) is int:
        return f"an integer of {value.bit_length():,} bits"
    if type(value) is str:
        return f"a text of {len(value):,} characters"
    return _type_name(type(value))


def _type_name(kind: type) -> str:
    """A type's own name (the one its class statement gave, whatever its metaclass says)."""
    name = type.__dict__["__name__"].__get__(kind)
    return f"a {name}" if isinstance(name, str) and len(name) <= 40 else "an object"


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``)."""
    if type(text) is not str or len(text) > MAX_WORD:
        raise IllegalAction(f"not the text of an action: {_field(text)}")
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
    raise IllegalAction(f"not an action: {_field(text)}")
