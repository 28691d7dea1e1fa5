"""What a game records for the players to see: points scored, notices from rule modules,
questions asked, and read-only summaries of features."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from .board import Cell
from .features import Figure


class ScoreEvent(NamedTuple):
    """Points given to a player."""

    player: int
    points: int
    category: str  # the feature kind scored (city, road, cloister, field...) or a module's
    cells: tuple[Cell, ...]  # where, for showing it
    final: bool  # awarded by the final scoring


class Notice(Protocol):
    """Something the rules announce (a wolf, sheep drawn, a harvest token taken): a record of
    what happened, one type per event, defined by the rule module that emits it (a named
    tuple of plain data).  Every record says where it happened and about whom; the module's
    view (``game.view.modules``) tells it in the player's language."""

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Where it happened, for showing it (may be empty)."""

    @property
    def player(self) -> int | None:
        """The player it is about (None: nobody in particular)."""


class CellTaken(NamedTuple):
    """A tile was put on a cell that holds one."""

    cell: Cell


class NoNeighbour(NamedTuple):
    """A tile was put on a cell beside no tile."""

    cell: Cell


class EdgesDiffer(NamedTuple):
    """A tile was put where one of its edges meets a neighbour's edge of another kind:
    across ``side`` of the cell (0-3: N, E, S, W) its edge of kind ``mine`` meets the
    neighbour's edge of kind ``theirs``."""

    cell: Cell
    side: int
    mine: str
    theirs: str


# Why a placement is not legal (``Game.misfit``).
Misfit = CellTaken | NoNeighbour | EdgesDiffer


class Worth(NamedTuple):
    """What a feature is worth to the players leading it, as it stands."""

    completed: int | None  # if it were completed now (None: its kind never completes)
    final: int | None  # at the end of the game (None: nothing at the end)


class ChoiceRequest(NamedTuple):
    """A question a rule module asks the current player before the figure step."""

    module: int  # index into game.modules
    key: str  # its name in scenario files (e.g. "flock")
    options: tuple[str, ...]
    prompt: str


@dataclass(frozen=True, slots=True)
class FeatureView:
    """A snapshot of one whole feature, for tools, tests and the window."""

    id: int
    kind: str
    parts: frozenset[tuple[Cell, int]]  # (cell, feature index on that tile)
    tiles: int
    open: int
    complete: bool
    figures: tuple[Figure, ...]
    icons: Mapping[str, int]
