"""Where the ghost figures stand on the new tile: one faint figure on every area a figure may
go to, none overlapping another, each inside its own area, so every one can be clicked.

A ghost stands on its feature's anchor when it has room there.  Ghosts that would overlap
are pushed apart a little at a time, each staying inside its own region of the painted tile;
if that is not enough (a tile with many small areas), every ghost is made smaller and the
spreading starts again, down to a least size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from game.rules.geometry import Point

from ...art.regions import Regions

GHOST_SCALE = 0.28  # a ghost figure's size, in tiles
MIN_GHOST = 0.16
SHRINK = 0.85
ROOM = 1.0  # two ghosts overlap when their spots are closer than this many sizes
ROUNDS = 80


def spread(indices: Sequence[int], anchors: Sequence[Point], regions: Regions
           ) -> tuple[dict[int, Point], float]:
    """Spots (unit tile coordinates) for the ghosts of the features ``indices``, and the
    ghosts' size in tiles."""
    size = GHOST_SCALE
    while True:
        spots = _relax(indices, anchors, regions, size)
        if not _overlapping(spots, size) or size <= MIN_GHOST:
            return spots, size
        size = max(MIN_GHOST, size * SHRINK)


def _overlapping(spots: dict[int, Point], size: float) -> bool:
    return any(math.dist(a, b) < size * ROOM - 1e-9
               for a, b in itertools.combinations(spots.values(), 2))


def _relax(indices: Sequence[int], anchors: Sequence[Point], regions: Regions,
           size: float) -> dict[int, Point]:
    spots = {i: anchors[i] for i in indices}
    need = size * ROOM
    for _ in range(ROUNDS):
        moved = False
        for a, b in itertools.combinations(indices, 2):
            (ax, ay), (bx, by) = spots[a], spots[b]
            d = math.dist((ax, ay), (bx, by))
            if d >= need:
                continue
            if d < 1e-6:  # on one spot: part them along a direction of their own
                angle = (a * 2.399) % (2 * math.pi)
                ux, uy = math.cos(angle), math.sin(angle)
            else:
                ux, uy = (bx - ax) / d, (by - ay) / d
            push = (need - d) / 2 + 0.005
            for index, sign in ((a, -1.0), (b, 1.0)):
                x, y = spots[index]
                step = _inside(regions, index, (x + sign * ux * push, y + sign * uy * push),
                               size)
                if step is not None:
                    spots[index] = step
                    moved = True
        if not moved:
            break
    return spots


def _inside(regions: Regions, index: int, spot: Point, size: float) -> Point | None:
    """The spot held on the tile, if it still lies in the feature's own region."""
    half = size / 2
    x = min(max(spot[0], half * 0.8), 1 - half * 0.8)
    y = min(max(spot[1], half), 1 - half * 0.8)
    return (x, y) if regions.at((x, y)) == index else None
