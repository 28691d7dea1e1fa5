"""Placing: legal placements of a tile, putting a tile on the board (its features joined
with its neighbours'), and where a figure may go on it."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate, compress, islice
from typing import TypeGuard

from .actions import DEGREES, Deploy, Place, is_int
from .board import Board, Cell, PlacedTile
from .errors import IllegalAction
from .events import CellTaken, EdgesDiffer, Misfit, NoNeighbour
from .features import Figure
from .lookups import Fits, Lookups
from .model import FigureDef
from .modules import RuleModule
from .state import FIGURE, GameState

_new = tuple.__new__  # builds a Deploy without the named tuple's Python-level constructor


class LegalPlacements:
    """The legal placements of one tile: a lazy view with a cheap membership test."""

    __slots__ = ("_board", "_list", "_lookups", "_totals", "tile")

    def __init__(self, board: Board, lookups: Lookups, tile: str) -> None:
        self._board = board
        self._lookups = lookups
        self.tile = tile
        self._list: list[Place] | None = None
        self._totals: list[list[int] | None] = [None, None]  # all, distinct

    def _fits(self, cell: Cell) -> tuple[int, ...]:
        demand = self._board.demands.get(cell)
        if demand is None:
            return ()
        return self._lookups.fits(self.tile, demand)

    def __contains__(self, item: object) -> bool:
        """A Place, or a (cell, degrees) pair; anything else (wrong types too) is not in."""
        if type(item) is Place:
            tile, x, y, rotation = item
            if tile != self.tile:
                return False
            cell: object = (x, y)
        elif type(item) is tuple and len(item) == 2:
            cell, rotation = item
        else:
            return False
        if not (_is_cell(cell) and is_int(rotation) and rotation in DEGREES):
            return False
        return rotation // 90 in self._fits(cell)

    def _all(self) -> list[Place]:
        out = self._list
        if out is None:
            out = self._list = self._memo(False)
        return out

    def _memo(self, distinct: bool) -> list[Place]:
        """The list, worked out once for the board as it stands (see ``Board.placements``)."""
        key = (self.tile, distinct)
        known = self._board.placements.get(key)
        if known is None:
            lookups = self._lookups
            known = self._collect((lookups.distinct if distinct else lookups.fit)[self.tile])
            self._board.placements[key] = known
        return known

    def _collect(self, fits: Fits) -> list[Place]:
        tid, lookups = self.tile, self._lookups
        demands = self._board.demands
        hits = list(map(fits.__getitem__, demands.values()))
        known, places_at = lookups.places[tid], lookups.places_at
        out: list[Place] = []
        append = out.append
        for cell, hit in compress(zip(demands, hits, strict=True), hits):
            places = known.get(cell) or places_at(tid, cell)
            for q in hit:
                append(places[q])
        return out

    def _running(self, distinct: bool) -> list[int]:
        """Running totals of placements over the open cells, in their order."""
        known = self._totals[distinct]
        if known is None:
            lookups = self._lookups
            counts = (lookups.distinct_count if distinct else lookups.fit_count)[self.tile]
            known = list(accumulate(map(counts.__getitem__, self._board.demands.values())))
            self._totals[distinct] = known
        return known

    def count(self, distinct: bool = False) -> int:
        """How many placements there are (or rules-distinct ones), without listing them."""
        running = self._running(distinct)
        return running[-1] if running else 0

    def nth(self, k: int, distinct: bool = False) -> Place:
        """The ``k``-th placement of the list (or of ``distinct()``), without the list."""
        running = self._running(distinct)
        if not 0 <= k < (running[-1] if running else 0):
            raise IndexError("placement index out of range")
        i = bisect_right(running, k)
        demands = self._board.demands
        cell = next(islice(demands, i, None))
        lookups = self._lookups
        hit = (lookups.distinct if distinct else lookups.fit)[self.tile][demands[cell]]
        q = hit[k - (running[i - 1] if i else 0)]
        known = lookups.places[self.tile].get(cell)
        if known is not None:
            return known[q]
        return _new(Place, (self.tile, cell[0], cell[1], DEGREES[q]))

    def __iter__(self) -> Iterator[Place]:
        return iter(self._all())  # an iterator: the memo itself is never handed out

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return has_placement(self._board, self._lookups, self.tile)

    def cells(self) -> list[Cell]:
        return [c for c in self._board.demands if self._fits(c)]

    def rotations(self, cell: Cell) -> tuple[int, ...]:
        """Legal rotations (degrees) of the tile on a cell."""
        return tuple(q * 90 for q in self._fits(cell))

    def distinct(self) -> list[Place]:
        """One placement per rules-distinct rotation (symmetric turns dropped), in the order
        of the full list."""
        return list(self._memo(True))


def _is_cell(value: object) -> TypeGuard[Cell]:
    return type(value) is tuple and len(value) == 2 and is_int(value[0]) and is_int(value[1])


def has_placement(board: Board, lookups: Lookups, tile: str) -> bool:
    return any(map(lookups.fit[tile].__getitem__, board.demands.values()))


class Placing(GameState):
    def legal_placements(self, tile: str | None = None) -> LegalPlacements:
        tid = tile or self.current_tile
        if tid is None:
            raise IllegalAction("no tile to place now")
        if tid not in self.lookups.turned:
            raise IllegalAction(f"unknown tile {tid!r}")
        return LegalPlacements(self.board, self.lookups, tid)

    def misfit(self, place: Place) -> Misfit | None:
        """Why ``place`` breaks the placing rules, None when it does not: the cell holds a
        tile, or touches none, or an edge of the tile meets a neighbour's edge of another
        kind (the first such side, N E S W)."""
        tile, x, y, rotation = place
        if tile not in self.lookups.turned:
            raise IllegalAction(f"unknown tile {tile!r}")
        cell = (x, y)
        board = self.board
        if cell in board.tiles:
            return CellTaken(cell)
        if cell not in board.demands:
            return NoNeighbour(cell)
        edges = self.lookups.turned[tile][0].tile.rotations[rotation // 90 % 4].edges
        for side, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            other = board.tiles.get((x + dx, y + dy))
            if other is not None:
                theirs = other.turned.edges[(side + 2) % 4]
                if theirs != edges[side]:
                    return EdgesDiffer(cell, side, edges[side], theirs)
        return None

    def _fits_somewhere(self, tile: str) -> bool:
        return has_placement(self.board, self.lookups, tile)

    def _place_tile(self, tile: str, cell: Cell, q: int) -> PlacedTile:
        """Put a tile on the board: its features join those of its neighbours."""
        t = self.lookups.turned[tile][q]
        feats = self.features
        first = len(feats.parent)
        board = self.board
        placed = _new(PlacedTile, (t, cell, first, len(board.tiles)))
        feats.add_tile(placed)
        around = board.add(placed)
        union, open_ = feats.union, feats.open
        for side, links in t.joins:
            other = around[side]
            if other is None:
                continue
            o_connect, o_first = other.t.connect, other.first
            for mine, facing, centre in links:
                theirs = o_connect[facing]
                root = first
                for a in mine:
                    for b in theirs:
                        root = union(first + a, o_first + b)
                if centre:  # the edge centres met on both sides are closed now
                    open_[root] -= len(mine) + len(theirs)
        return placed

    def _put_figure(self, player: int, kind: str, placed: PlacedTile, index: int) -> Figure:
        fig = _new(Figure, (self._next_figure, player, kind, placed.cell, index))
        self._next_figure += 1
        self.supply[player][kind] -= 1
        self.figures[fig.id] = fig
        feats = self.features
        root = feats.find(placed.first + index)
        feats.figures[root] += (fig,)
        return fig

    def figure_options(self) -> tuple[tuple[str, int], ...]:
        """Where the current player may put a figure on the tile just placed: (figure,
        feature index) pairs, in the tile's feature order then the tile set's figure order.
        Computed once per figure step."""
        cached = self._options_at
        stamp = len(self.moves)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        out: list[tuple[str, int]] = []
        if self.phase is FIGURE and self.last_cell is not None:
            placed = self.board.tiles[self.last_cell]
            supply = self.supply[self.current]
            feats = self.features
            parent, figures = feats.parent, feats.figures
            group = self.lookups.group
            may_deploy = self.hooks[RuleModule.may_deploy]
            first = placed.first
            for index, offers in placed.t.offers:
                root = first + index
                while parent[root] != root:
                    root = parent[root]
                on_it = figures[root]
                for option, fig in offers:
                    if supply[option[0]] <= 0:
                        continue
                    if on_it and fig.blocks and any(group[o.kind] == fig.group for o in on_it):
                        continue
                    if may_deploy and not self._may_deploy(fig, placed, index):
                        continue
                    out.append(option)
        options = tuple(out)
        self._options_at = (stamp, options)
        return options

    def _may_deploy(self, fig: FigureDef, placed: PlacedTile, index: int) -> bool:
        modules, host = self.modules, self.host
        return all(modules[i].may_deploy(host, fig, placed, index)
                   for i in self.hooks[RuleModule.may_deploy])

    def deploy_options(self) -> list[Deploy]:
        if self.phase is not FIGURE or self.last_cell is None:
            return []
        names = self.board.tiles[self.last_cell].t.names
        return [_new(Deploy, (name, names[index])) for name, index in self.figure_options()]

    def deploy_option(self, figure: str, index: int) -> Deploy:
        """The Deploy action of one of ``figure_options()``."""
        cell = self.last_cell
        if cell is None:
            raise IllegalAction("no tile is placed yet this turn")
        return _new(Deploy, (figure, self.board.tiles[cell].t.names[index]))

