"""What points held for later are worth (a shepherd's flock), for any game whose rule modules
describe them (``RuleModule.holding``).

A holding is cashed in, or grown, only on a turn in which the player's own tile extends its
feature, and an uncashed holding may score nothing at the end.  Its worth is the expected
score of playing it best with the turns left: on each of the player's turns, with the chance
``reach`` that their tile can extend the feature, they cash in, grow (a lottery that may lose
it all) or wait; when the turns run out an uncashed holding is lost.  So a flock is worth
nearly its sheep early on, less near the end of the game, nothing once it is over; and
growing pays only while the turns left are enough to herd afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules.ports import OFFSETS, edge_of

if TYPE_CHECKING:
    from game.rules import Game
    from game.rules.board import Cell
    from game.rules.modules import Holding

REACH_STEPS = 20  # the chance of reaching the feature is rounded to 1/20 (shared memos)
# Own turns looked ahead at most: with more left, the end is too far to change the choices
# (the memos stay small: a few hundred entries, made in well under a millisecond).
MAX_TURNS = 12


class HoldingValues:
    """Memos of worths, one per lottery and chance of reaching the feature, made as asked."""

    def __init__(self) -> None:
        self._memos: dict[tuple[object, ...], dict[tuple[int, int], float]] = {}

    def worth(self, holding: Holding, turns: float, reach: float) -> float:
        """The expected points of ``holding`` with ``turns`` own turns left (a fraction
        interpolates) when each turn reaches its feature with chance ``reach``."""
        turns = min(max(turns, 0.0), float(MAX_TURNS))
        if holding.now:  # the choice is offered now, then the turns left
            value = self._value(holding, reach)
            grow = sum(p * _lerp(value, holding.points + g, turns) for g, p in holding.growth)
            return max(float(holding.points), grow)
        return _lerp(self._value(holding, reach), holding.points, turns)

    def _value(self, holding: Holding, reach: float) -> Callable[[int, int], float]:
        q = round(reach * REACH_STEPS) / REACH_STEPS
        key = (holding.growth, holding.lost, holding.kept, q)
        memo = self._memos.get(key)
        if memo is None:
            memo = self._memos[key] = {}
        growth, kept = holding.growth, holding.kept

        def value(points: int, turns: int) -> float:
            """V(points, turns): on each turn, with chance q, the best of cashing in,
            growing and waiting; otherwise waiting."""
            hit = memo.get((points, turns))
            if hit is not None:
                return hit
            if turns <= 0:
                result = float(points) if kept else 0.0
            else:
                wait = value(points, turns - 1)
                grow = sum(p * value(points + g, turns - 1) for g, p in growth)
                result = q * max(float(points), grow, wait) + (1.0 - q) * wait
            memo[(points, turns)] = result
            return result

        return value


def _lerp(value: Callable[[int, int], float], points: int, turns: float) -> float:
    low = int(turns)
    share = turns - low
    v = value(points, low)
    return v if share == 0.0 else (1.0 - share) * v + share * value(points, low + 1)


def border_cells(game: Game, root: int) -> set[Cell]:
    """The empty cells a tile would have to go on to extend the feature: beside any of its
    ports, edge centres and half edges alike (a field often meets an edge on one half)."""
    tiles = game.board.tiles
    out: set[Cell] = set()
    for cell, index in game.features.parts(root):
        placed = tiles[cell]
        for edge in {edge_of(p) for p in placed.turned.feature_ports[index]}:
            dx, dy = OFFSETS[edge]
            n = (cell[0] + dx, cell[1] + dy)
            if n not in tiles:
                out.add(n)
    return out
