"""The board: placed tiles and the frontier of open cells with their edge demands.

Every empty cell next to a tile keeps the kinds its neighbours show it, as one integer (see
``lookups``).  Whether a tile fits such a cell depends only on (tile, demand), so the answer
is cached per tile set: after the first few turns a placement query is a dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .actions import Place
    from .lookups import Turned
    from .model import RotatedTile, TileType

Cell = tuple[int, int]
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


class PlacedTile(NamedTuple):
    """A tile on the board.  Never changed once placed: copies of a game share it."""

    t: Turned  # what the engine looks up of this tile turned this way
    cell: Cell
    first: int  # the feature id of its first feature; the others follow, by index
    order: int  # 0 for the start tile, then 1, 2... in placement order

    @property
    def tile(self) -> TileType:
        return self.t.tile

    @property
    def rotation(self) -> int:
        """Quarter turns."""
        return self.t.q

    @property
    def fids(self) -> tuple[int, ...]:
        """Feature ids of its features, by feature index."""
        return tuple(range(self.first, self.first + len(self.t.kinds)))

    @property
    def turned(self) -> RotatedTile:
        return self.t.tile.rotations[self.t.q]


class Board:
    __slots__ = ("demands", "placements", "tiles", "waiting")

    def __init__(self) -> None:
        self.tiles: dict[Cell, PlacedTile] = {}
        self.demands: dict[Cell, int] = {}  # the open cells, in the order they opened
        # Tiles holding a feature completed by the tiles around it (a cloister) that is not
        # scored yet, with how many of the 8 cells around them hold a tile (8: complete).
        self.waiting: dict[Cell, int] = {}
        # The legal placements worked out on this board as it stands, by tile (and whether
        # only rules-distinct ones): emptied when a tile lands, never shared with a copy.
        self.placements: dict[tuple[str, bool], list[Place]] = {}

    def __contains__(self, cell: object) -> bool:
        return cell in self.tiles

    def __len__(self) -> int:
        return len(self.tiles)

    def copy(self) -> Board:
        out = Board.__new__(Board)
        out.tiles = self.tiles.copy()
        out.demands = self.demands.copy()
        out.waiting = self.waiting.copy()
        out.placements = {}
        return out

    def add(self, placed: PlacedTile) -> tuple[PlacedTile | None, ...]:
        """Put a tile on its cell; returns its neighbours across N, E, S and W (None where a
        cell is empty: each such cell learns what this tile shows it)."""
        cell = placed.cell
        tiles, demands = self.tiles, self.demands
        tiles[cell] = placed
        demands.pop(cell, None)
        if self.placements:
            self.placements = {}
        x, y = cell
        waiting = self.waiting
        if waiting:
            for wx, wy in waiting:
                if -1 <= wx - x <= 1 and -1 <= wy - y <= 1:
                    waiting[wx, wy] += 1
        if placed.t.surrounded:
            waiting[cell] = self.count_neighbours8(cell)
        north, east, south, west = placed.t.faces
        get = tiles.get
        n = (x, y - 1)
        n_tile = get(n)
        if n_tile is None:
            demands[n] = demands.get(n, 0) | north
        e = (x + 1, y)
        e_tile = get(e)
        if e_tile is None:
            demands[e] = demands.get(e, 0) | east
        s = (x, y + 1)
        s_tile = get(s)
        if s_tile is None:
            demands[s] = demands.get(s, 0) | south
        w = (x - 1, y)
        w_tile = get(w)
        if w_tile is None:
            demands[w] = demands.get(w, 0) | west
        return n_tile, e_tile, s_tile, w_tile

    def neighbours8(self, cell: Cell) -> Iterator[PlacedTile]:
        x, y = cell
        tiles = self.tiles
        for dx, dy in AROUND:
            t = tiles.get((x + dx, y + dy))
            if t is not None:
                yield t

    def count_neighbours8(self, cell: Cell) -> int:
        x, y = cell
        tiles = self.tiles
        return sum(1 for dx, dy in AROUND if (x + dx, y + dy) in tiles)
