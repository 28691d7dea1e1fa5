"""The board: placed tiles, the frontier of open cells and legal placements.

Every empty cell next to a tile keeps the edge labels its neighbours demand.  Whether a tile
fits such a cell depends only on (tile, demands), so the answer is cached: after the first
few turns a placement query is a couple of dictionary look-ups.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .model import RotatedTile, TileType
from .ports import OFFSETS

Cell = tuple[int, int]
Demand = tuple[str | None, str | None, str | None, str | None]


@dataclass(slots=True)
class PlacedTile:
    tile: TileType
    rotation: int  # quarter turns
    cell: Cell
    fids: tuple[int, ...]  # feature ids of its features, by feature index
    order: int  # 0 for the start tile, then 1, 2... in placement order

    @property
    def turned(self) -> RotatedTile:
        return self.tile.rotations[self.rotation]


class Board:
    __slots__ = ("_fit_cache", "demands", "tiles")

    def __init__(self, fit_cache: dict[tuple[str, Demand], tuple[int, ...]] | None = None
                 ) -> None:
        self.tiles: dict[Cell, PlacedTile] = {}
        self.demands: dict[Cell, Demand] = {}
        self._fit_cache = fit_cache if fit_cache is not None else {}

    def __contains__(self, cell: object) -> bool:
        return cell in self.tiles

    def __len__(self) -> int:
        return len(self.tiles)

    def add(self, placed: PlacedTile) -> None:
        cell = placed.cell
        self.tiles[cell] = placed
        self.demands.pop(cell, None)
        edges = placed.turned.edges
        x, y = cell
        for side, (dx, dy) in enumerate(OFFSETS):
            n = (x + dx, y + dy)
            if n in self.tiles:
                continue
            demand = list(self.demands.get(n, (None, None, None, None)))
            demand[(side + 2) % 4] = edges[side]
            self.demands[n] = (demand[0], demand[1], demand[2], demand[3])

    def fits(self, tile: TileType, cell: Cell) -> tuple[int, ...]:
        """Quarter turns in which the tile fits the cell (empty if the cell is not open)."""
        demand = self.demands.get(cell)
        if demand is None:
            return ()
        cache = tile.fit_cache
        hit = cache.get(demand)
        if hit is None:
            hit = tuple(q for q in range(4) if _matches(tile.rotations[q].edges, demand))
            cache[demand] = hit
        return hit

    def placements(self, tile: TileType) -> list[tuple[Cell, int]]:
        cache = tile.fit_cache
        out = []
        for cell, demand in self.demands.items():
            hit = cache.get(demand)
            if hit is None:
                hit = self.fits(tile, cell)
            for q in hit:
                out.append((cell, q))
        return out

    def has_placement(self, tile: TileType) -> bool:
        cache = tile.fit_cache
        for cell, demand in self.demands.items():
            hit = cache.get(demand)
            if hit is None:
                hit = self.fits(tile, cell)
            if hit:
                return True
        return False

    def neighbours8(self, cell: Cell) -> Iterator[PlacedTile]:
        x, y = cell
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    t = self.tiles.get((x + dx, y + dy))
                    if t is not None:
                        yield t

    def count_neighbours8(self, cell: Cell) -> int:
        x, y = cell
        tiles = self.tiles
        return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if (dx or dy) and (x + dx, y + dy) in tiles)

    def bounds(self) -> tuple[int, int, int, int]:
        xs = [c[0] for c in self.tiles]
        ys = [c[1] for c in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)


def _matches(edges: tuple[str, str, str, str], demand: Demand) -> bool:
    return all(d is None or d == e for d, e in zip(demand, edges, strict=False))
