"""What the play scene's parts ask of it: the pointer's gestures, an answer to the rules'
question and a computer's action come back as these small values, and the scene acts on
them (``PlayScene.act``), so that one click is followed in one place."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import Action, Deploy, Move

from ...camera import Cell

Pos = tuple[int, int]


@dataclass(frozen=True)
class TurnTile:
    """Turn the tile being handled by ``step`` quarter turns (the hovered cell's legal
    rotations first)."""

    step: int


@dataclass(frozen=True)
class ShowRotation:
    """Turn the tile being handled so (as the hint turned it, or as a click placed it)."""

    rotation: int


@dataclass(frozen=True)
class HandleTile:
    """Handle that tile of the hand (its place in the tray)."""

    index: int


@dataclass(frozen=True)
class PlaceTile:
    cell: Cell
    rotation: int  # quarter turns


@dataclass(frozen=True)
class Hold:
    """The figure placed or the hike chosen, to be confirmed (None: taken back)."""

    choice: Deploy | Move | None


@dataclass(frozen=True)
class PanBoard:
    dx: float
    dy: float


@dataclass(frozen=True)
class ZoomBoard:
    steps: int
    about: Pos | None = None


@dataclass(frozen=True)
class Play:
    """An action to apply now (an answer to the rules' question, a computer's action)."""

    action: Action


@dataclass(frozen=True)
class Follow:
    """A move of a network table, shown: play it on the shown game (it is the table's)."""

    action: Action


@dataclass(frozen=True)
class KeepInSight:
    """A tile is about to go down on ``cell`` (a computer's, about to glide there)."""

    cell: Cell


@dataclass(frozen=True)
class LookAt:
    """Bring ``cell`` into view unless it is well inside it (what the Hint shows)."""

    cell: Cell


Request = (TurnTile | ShowRotation | HandleTile | PlaceTile | Hold | PanBoard | ZoomBoard | Play
           | Follow | KeepInSight | LookAt)
