"""What the engine reads when it places a tile, computed once per tile set.

For every tile type and each of its four rotations a ``Turned`` record holds, as plain
tuples, what placing it needs: its edges as one integer (for matching a cell's demands),
each feature's kind, open edge count, icons and touches, which features join across each
side, and the names figures use for its features.  A tile set's ``Lookups`` are computed the
first time a game uses it (``lookups_of``); every game of that set shares them.

Edge demands are small integers: one bit field per side of an empty cell (N, E, S, W from
the low bits up), holding the code of the kind its neighbour shows there, 0 when that side
has no neighbour.  Fields are as narrow as the kinds allow (2 bits for up to 3 kinds on
edges), so that demands are small, well-spread dictionary keys.  Whether a tile fits such a cell
depends only on (tile, demand), so each tile's answers are kept in its fit cache.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from . import ports as P
from .actions import DEGREES, Place

if TYPE_CHECKING:
    from .model import FigureDef, Icon, OptionValue, TileSet, TileType

EMPTY_ICONS: Mapping[str, int] = MappingProxyType({})
PLACES_KEPT = 4096  # cells whose placements are kept, per tile type
# The ports a side joins across, with the neighbour's port each meets.
SIDE_PORTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((port, P.facing_port(port)) for port in (side, 4 + 2 * side, 5 + 2 * side))
    for side in P.EDGES)


@dataclass(frozen=True, slots=True)
class Turned:
    """One tile type turned by ``q`` quarter turns, as the engine places it."""

    tile: TileType
    q: int
    edges: int  # the kind codes of N E S W, one bit field each from the low bits up
    faces: tuple[int, int, int, int]  # per side: its code, shifted to the facing side's byte
    kinds: tuple[str, ...]  # per feature
    marks: frozenset[str]  # icons of the whole tile (hill, vineyard...)
    opens: tuple[int, ...]  # per feature: edge centres it covers (areas and lines)
    icons: tuple[Mapping[str, int], ...]  # per feature: icon counts (never changed)
    touches: tuple[tuple[int, ...], ...]  # per feature: indices of the features it touches
    connect: tuple[tuple[int, ...], ...]  # per port: features joined across it
    # per side that joins something: the side (N E S W: 0-3), then (my features, the
    # neighbour's port they meet, an edge centre?) for each of its three ports that joins
    # something
    joins: tuple[tuple[int, tuple[tuple[tuple[int, ...], int, bool], ...]], ...]
    names: tuple[str, ...]  # per feature: the target a Deploy names it by
    targets: Mapping[str, int]  # port or feature name -> feature index
    surrounded: tuple[int, ...]  # features completed by the 8 tiles around
    closed: tuple[int, ...]  # features completed when no edge stays open
    # per feature a figure may stand on: its index, then ((figure, index), the figure) for
    # each figure that may, in the tile set's order
    offers: tuple[tuple[int, tuple[tuple[tuple[str, int], FigureDef], ...]], ...]
    # Starting values of each feature's entries in the feature store:
    ones: tuple[int, ...]
    falses: tuple[bool, ...]
    no_figures: tuple[tuple[()], ...]


class Lookups:
    """What the engine looks up in one tile set, computed once: each tile type turned, which
    turns fit each edge demand, the placements made, the figures each kind takes."""

    def __init__(self, tileset: TileSet) -> None:
        # Codes of the kinds a tile edge can show (an inner kind never shows): in the four
        # games three, so that a demand fits in 8 bits and is one of Python's shared small
        # integers.
        edge_kinds = [name for name, k in tileset.kinds.items() if k.role != "inner"]
        self.codes: dict[str, int] = {name: i + 1 for i, name in enumerate(edge_kinds)}
        self.bits = max(1, len(self.codes).bit_length())  # per side of a demand
        self.turned: dict[str, tuple[Turned, Turned, Turned, Turned]] = {}
        # Quarter turns that fit each demand, per tile type (all of them, and only those
        # that differ for the rules): filled as games meet demands.
        self.fit: dict[str, Fits] = {}
        self.distinct: dict[str, Fits] = {}
        # ... and how many of them (for counting placements without listing them).
        self.fit_count: dict[str, FitCount] = {}
        self.distinct_count: dict[str, FitCount] = {}
        # The placements of each tile type on each cell, one per rotation, made once: legal
        # placement lists hand out these values instead of building new ones every time.
        self.places: dict[str, dict[tuple[int, int], tuple[Place, Place, Place, Place]]] = {}
        # Figures that may stand on each kind, in the tile set's order.
        self.figures_on: dict[str, tuple[tuple[str, FigureDef], ...]] = {
            kind: tuple((name, f) for name, f in tileset.figures.items() if kind in f.on)
            for kind in tileset.kinds}
        completion = {name: k.completion for name, k in tileset.kinds.items()}
        roles = {name: k.role for name, k in tileset.kinds.items()}
        for tile in tileset.tiles:
            turns = tuple(self._turn(tile, q, roles, completion) for q in range(4))
            self.turned[tile.id] = (turns[0], turns[1], turns[2], turns[3])
            edges = tuple(t.edges for t in turns)
            self.fit[tile.id] = Fits(edges, self.bits, (0, 1, 2, 3))
            self.distinct[tile.id] = Fits(edges, self.bits, tile.distinct_rotations)
            self.fit_count[tile.id] = FitCount(self.fit[tile.id])
            self.distinct_count[tile.id] = FitCount(self.distinct[tile.id])
            self.places[tile.id] = {}
        self.tile_types: Mapping[str, TileType] = MappingProxyType(
            {t.id: t for t in tileset.tiles})
        self.default_options: Mapping[str, OptionValue] = MappingProxyType(
            {name: o.default for name, o in tileset.options.items()})
        # What games of this set with the same rule modules share (see GameState._set_up).
        self.by_modules: dict[tuple[type, ...], Any] = {}
        self.group: dict[str, str] = {name: f.group for name, f in tileset.figures.items()}
        self.majority: dict[str, bool] = {name: f.majority for name, f in tileset.figures.items()}
        self.stays: dict[str, bool] = {name: f.stays for name, f in tileset.figures.items()}

    def _turn(self, tile: TileType, q: int, roles: Mapping[str, str],
              completion: Mapping[str, str]) -> Turned:
        rt = tile.rotations[q]
        codes = [self.codes[label] for label in rt.edges]
        bits = self.bits
        edges = sum(code << side * bits for side, code in enumerate(codes))
        # Each side's code, where the neighbour across it keeps it (its facing side).
        faces = tuple(codes[side] << (side + 2) % 4 * bits for side in P.EDGES)
        kinds = tuple(f.kind for f in tile.features)
        opens = tuple(sum(1 for p in rt.feature_ports[f.index] if p < 4)
                      if roles[f.kind] in ("area", "line") else 0 for f in tile.features)
        icons = tuple(_icon_counts(f.icons) for f in tile.features)
        sides = [tuple((rt.connect[port], facing, port < 4)
                       for port, facing in SIDE_PORTS[side] if rt.connect[port])
                 for side in P.EDGES]
        joins = tuple((side, links) for side, links in enumerate(sides) if links)
        names = tuple(_target_name(tile, rt.target, rt.feature_ports, f.index)
                      for f in tile.features)
        targets = {name: idx for name, idx in tile.names.items()}
        for port, idx in enumerate(rt.target):
            if idx is not None:
                targets[P.PORT_NAMES[port]] = idx
        return Turned(
            tile=tile, q=q, edges=edges, faces=(faces[0], faces[1], faces[2], faces[3]),
            kinds=kinds, marks=frozenset(i.name for i in tile.icons), opens=opens, icons=icons,
            touches=tuple(f.touches for f in tile.features), connect=rt.connect, joins=joins,
            names=names, targets=targets,
            surrounded=tuple(f.index for f in tile.features
                             if completion[f.kind] == "surrounded"),
            closed=tuple(f.index for f in tile.features if completion[f.kind] == "closed"),
            offers=tuple((i, tuple(((name, i), f) for name, f in self.figures_on[kind]))
                         for i, kind in enumerate(kinds) if self.figures_on[kind]),
            ones=(1,) * len(kinds), falses=(False,) * len(kinds), no_figures=((),) * len(kinds))

    def fits(self, tile_id: str, demand: int) -> tuple[int, ...]:
        """Quarter turns in which the tile meets the demand."""
        return self.fit[tile_id][demand]

    def places_at(self, tile_id: str, cell: tuple[int, int]
                  ) -> tuple[Place, Place, Place, Place]:
        """The four placements of a tile on a cell (by quarter turns), made once."""
        known = self.places[tile_id]
        out = known.get(cell)
        if out is None:
            if len(known) >= PLACES_KEPT:  # a long simulation wandered far: start again
                known.clear()
            x, y = cell
            out = known[cell] = (Place(tile_id, x, y, DEGREES[0]), Place(tile_id, x, y, DEGREES[1]),
                                 Place(tile_id, x, y, DEGREES[2]), Place(tile_id, x, y, DEGREES[3]))
        return out


class Fits(dict[int, tuple[int, ...]]):
    """The quarter turns of one tile type that meet each demand: a dictionary that works
    out a demand the first time it is asked, so that lookups can run in bulk
    (``map(fits.__getitem__, demands)``)."""

    __slots__ = ("bits", "edges", "keep")

    def __init__(self, edges: tuple[int, ...], bits: int, keep: tuple[int, ...]) -> None:
        super().__init__()
        self.edges = edges  # per quarter turn
        self.bits = bits
        self.keep = keep  # the quarter turns to answer with (when they fit)

    def __missing__(self, demand: int) -> tuple[int, ...]:
        bits = self.bits
        field = (1 << bits) - 1
        mask = 0
        for side in P.EDGES:
            if demand >> side * bits & field:
                mask |= field << side * bits
        hit = tuple(q for q in self.keep if self.edges[q] & mask == demand)
        self[demand] = hit
        return hit


class FitCount(dict[int, int]):
    """How many quarter turns of a ``Fits`` meet each demand (filled the same way)."""

    __slots__ = ("fits",)

    def __init__(self, fits: Fits) -> None:
        super().__init__()
        self.fits = fits

    def __missing__(self, demand: int) -> int:
        n = self[demand] = len(self.fits[demand])
        return n


def _icon_counts(icons: tuple[Icon, ...]) -> Mapping[str, int]:
    out: dict[str, int] = {}
    for icon in icons:
        out[icon.name] = out.get(icon.name, 0) + 1
    return MappingProxyType(out) if out else EMPTY_ICONS


def _target_name(tile: TileType, target: tuple[int | None, ...],
                 feature_ports: tuple[frozenset[int], ...], index: int) -> str:
    f = tile.features[index]
    if f.name is not None:
        return f.name
    # The lowest port that means this feature (a shared port may mean its twin).
    return P.port_name(min(p for p in feature_ports[index] if target[p] == index))


_KEPT: dict[int, Lookups] = {}  # by the id of a tile set still alive


def lookups_of(tileset: TileSet) -> Lookups:
    """The lookups of ``tileset``: computed the first time a game uses it, kept while the
    tile set lives."""
    key = id(tileset)
    lookups = _KEPT.get(key)
    if lookups is None:
        lookups = _KEPT[key] = Lookups(tileset)
        weakref.finalize(tileset, _KEPT.pop, key, None)
    return lookups
