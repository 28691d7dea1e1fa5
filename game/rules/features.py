"""Features as a union-find forest.

Each feature of each placed tile gets an id.  Features joined across tile edges share a
root, and the root carries what scoring needs: the cells it spans, its still-open edge
ports, the figures on it, icon totals and the other features it touches (a field's cities).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .board import Cell


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure on the board."""

    id: int
    player: int
    kind: str
    cell: Cell
    index: int  # feature index on the tile it stands on
    on_hill: bool = False


class FeatureData:
    __slots__ = ("cells", "done", "figures", "icons", "kind", "open", "parts", "touches")

    def __init__(self, kind: str, cell: Cell, index: int, open_ports: int,
                 icons: Counter[str]) -> None:
        self.kind = kind
        self.cells: set[Cell] = {cell}
        self.open = open_ports
        self.figures: list[Figure] = []
        self.icons = icons
        self.touches: list[int] = []
        self.parts: list[tuple[Cell, int]] = [(cell, index)]
        self.done = False  # completed and scored

    def copy(self) -> FeatureData:
        out = FeatureData.__new__(FeatureData)
        out.kind = self.kind
        out.cells = set(self.cells)
        out.open = self.open
        out.figures = list(self.figures)
        out.icons = self.icons  # never changed in place (see union): copies can share it
        out.touches = list(self.touches)
        out.parts = list(self.parts)
        out.done = self.done
        return out


class Features:
    __slots__ = ("data", "parent")

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.data: list[FeatureData | None] = []

    def add(self, data: FeatureData) -> int:
        fid = len(self.parent)
        self.parent.append(fid)
        self.data.append(data)
        return fid

    def find(self, fid: int) -> int:
        parent = self.parent
        root = fid
        while parent[root] != root:
            root = parent[root]
        while parent[fid] != root:
            parent[fid], fid = root, parent[fid]
        return root

    def root_data(self, fid: int) -> FeatureData:
        data = self.data[self.find(fid)]
        assert data is not None
        return data

    def union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        da, db = self.data[ra], self.data[rb]
        assert da is not None and db is not None
        if len(da.parts) < len(db.parts):  # fold the smaller into the larger
            ra, rb, da, db = rb, ra, db, da
        self.parent[rb] = ra
        da.cells |= db.cells
        da.open += db.open
        da.figures.extend(db.figures)
        if db.icons:
            da.icons = da.icons + db.icons  # a new Counter: copies of a game share the old
        if db.touches:
            da.touches.extend(db.touches)
        da.parts.extend(db.parts)
        self.data[rb] = None
        return ra

    def roots(self) -> list[int]:
        return [i for i, p in enumerate(self.parent) if p == i]

    def copy(self) -> Features:
        out = Features()
        out.parent = list(self.parent)
        out.data = [None if d is None else d.copy() for d in self.data]
        return out
