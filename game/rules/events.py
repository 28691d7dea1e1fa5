"""What a game records for the players to see: points scored, notices from rule modules,
questions asked, and read-only summaries of features."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from .board import Cell
from .features import Figure


class ScoreEvent(NamedTuple):
    """Points given to a player."""

    player: int
    points: int
    category: str  # the feature kind scored (city, road, cloister, field...) or a module's
    cells: tuple[Cell, ...]  # where, for showing it
    final: bool  # awarded by the final scoring


class Notice(NamedTuple):
    """Something the window should announce (a wolf, a herded flock, a bonus tile...)."""

    text: str
    cells: tuple[Cell, ...]
    player: int | None


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
