"""Features as a union-find forest kept in flat parallel lists.

Each feature of each placed tile gets an id (an index into every list).  Features joined
across tile edges share a root, and the root's entries carry what scoring needs: its open
edge ports, the figures on it, its icon totals and whether it is scored.  The members of a
feature form a ring (``ring[i]`` is the next member), so that two rings join in constant
time and a feature's parts, cells and touched features can be listed from its members.

Every value stored in the lists is immutable (ints, tuples, mappings never changed after
they are made), so a copy of the store is a copy of its lists and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress, count
from operator import eq
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from .lookups import EMPTY_ICONS

if TYPE_CHECKING:
    from .board import Cell, PlacedTile


class Figure(NamedTuple):
    """A figure on the board."""

    id: int
    player: int
    kind: str
    cell: Cell
    # The feature index on the tile it stands on (it hides tuple.index, never used here).
    index: int  # type: ignore[assignment]


NO_FIGURES: tuple[Figure, ...] = ()


class Features:
    __slots__ = ("done", "figures", "icons", "kind", "open", "owner", "parent", "ring", "size")

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.ring: list[int] = []  # the next member of the same feature (a cycle)
        self.owner: list[PlacedTile] = []  # the tile it lies on (its index: id - tile.first)
        self.kind: list[str] = []
        # Meaningful at roots only:
        self.size: list[int] = []  # members
        self.open: list[int] = []  # edge ports still open
        self.figures: list[tuple[Figure, ...]] = []
        self.icons: list[Mapping[str, int]] = []
        self.done: list[bool] = []  # completed and scored

    def __len__(self) -> int:
        return len(self.parent)

    def copy(self) -> Features:
        out = Features.__new__(Features)
        out.parent = self.parent.copy()
        out.ring = self.ring.copy()
        out.owner = self.owner.copy()
        out.kind = self.kind.copy()
        out.size = self.size.copy()
        out.open = self.open.copy()
        out.figures = self.figures.copy()
        out.icons = self.icons.copy()
        out.done = self.done.copy()
        return out

    def add_tile(self, placed: PlacedTile) -> None:
        """The features of a tile just placed (ids from ``placed.first`` on), each its own
        feature until the tile's edges join them to their neighbours'."""
        t = placed.t
        ids = range(placed.first, placed.first + len(t.kinds))
        self.parent += ids
        self.ring += ids
        self.owner += (placed,) * len(ids)
        self.kind += t.kinds
        self.size += t.ones
        self.open += t.opens
        self.figures += t.no_figures
        self.icons += t.icons
        self.done += t.falses

    def find(self, fid: int) -> int:
        parent = self.parent
        root = fid
        while parent[root] != root:
            root = parent[root]
        while parent[fid] != root:
            parent[fid], fid = root, parent[fid]
        return root

    def union(self, a: int, b: int) -> int:
        """Join the features of ids ``a`` and ``b``; returns the root of the whole."""
        parent = self.parent
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a == b:
            return a
        size = self.size
        if size[a] < size[b]:  # fold the smaller into the larger
            a, b = b, a
        parent[b] = a
        size[a] += size[b]
        ring = self.ring
        ring[a], ring[b] = ring[b], ring[a]
        self.open[a] += self.open[b]
        figures = self.figures
        if figures[b]:
            figures[a] += figures[b]
            figures[b] = NO_FIGURES
        icons = self.icons
        if icons[b]:
            icons[a] = _add(icons[a], icons[b])
        return a

    def parts(self, root: int) -> list[tuple[Cell, int]]:
        owner, ring = self.owner, self.ring
        out = []
        fid = root
        while True:
            placed = owner[fid]
            out.append((placed.cell, fid - placed.first))
            fid = ring[fid]
            if fid == root:
                return out

    def cells(self, root: int) -> set[Cell]:
        owner, ring = self.owner, self.ring
        out = {owner[root].cell}
        fid = ring[root]
        while fid != root:
            out.add(owner[fid].cell)
            fid = ring[fid]
        return out

    def touches(self, root: int) -> list[int]:
        """Ids of the features a feature touches (a field's cities): find their roots."""
        owner, ring = self.owner, self.ring
        out: list[int] = []
        fid = root
        while True:
            placed = owner[fid]
            touched = placed.t.touches[fid - placed.first]
            if touched:
                first = placed.first
                out.extend([first + j for j in touched])
            fid = ring[fid]
            if fid == root:
                return out

    def touched_roots(self, root: int) -> set[int]:
        """The features (roots) a feature touches."""
        owner, ring, parent = self.owner, self.ring, self.parent
        out: set[int] = set()
        fid = root
        while True:
            placed = owner[fid]
            touched = placed.t.touches[fid - placed.first]
            if touched:
                first = placed.first
                for j in touched:
                    other = first + j
                    while parent[other] != other:
                        other = parent[other]
                    out.add(other)
            fid = ring[fid]
            if fid == root:
                return out

    def roots(self) -> list[int]:
        """Every feature's root, in id order."""
        return list(compress(count(), map(eq, self.parent, count())))

    def view(self, fid: int) -> Feature:
        return Feature(self, self.find(fid))


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> Mapping[str, int]:
    """Icon totals of two features joined: a new read-only mapping (games and their copies
    share the old ones)."""
    if not a:
        return b
    out = dict(a)
    for name, n in b.items():
        out[name] = out.get(name, 0) + n
    return MappingProxyType(out)


class Feature:
    """A read-only view of one whole feature (by its root), for rule modules and tools.
    It reads the store when asked: keep it no longer than the position it was made in."""

    __slots__ = ("_cells", "_store", "root")

    def __init__(self, store: Features, root: int) -> None:
        self._store = store
        self.root = root
        self._cells: set[Cell] | None = None

    @property
    def kind(self) -> str:
        return self._store.kind[self.root]

    @property
    def open(self) -> int:
        """Edge ports still open (0: a closed feature is complete)."""
        return self._store.open[self.root]

    @property
    def done(self) -> bool:
        """Completed and scored."""
        return self._store.done[self.root]

    @property
    def figures(self) -> tuple[Figure, ...]:
        return self._store.figures[self.root]

    @property
    def icons(self) -> Mapping[str, int]:
        return self._store.icons[self.root] or EMPTY_ICONS

    @property
    def touches(self) -> list[int]:
        """Ids of the features it touches (find their roots with ``Features.find``)."""
        return self._store.touches(self.root)

    @property
    def parts(self) -> list[tuple[Cell, int]]:
        return self._store.parts(self.root)

    @property
    def cells(self) -> set[Cell]:
        if self._cells is None:
            self._cells = self._store.cells(self.root)
        return self._cells

    @property
    def tiles(self) -> int:
        """Distinct tiles it spans."""
        return len(self.cells)
