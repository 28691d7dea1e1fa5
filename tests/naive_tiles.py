"""The naive referee's own reading of tile set files: tiles, their features and the ports
they cover, turned by hand.  No code of ``game.rules``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from tests.naive_checker import Rules

Cell = tuple[int, int]
Part = tuple[Cell, int]  # (cell, feature index on the tile there)

CENTRES = ("N", "E", "S", "W")
# Half edges clockwise from the top-left corner: each edge's L half comes first.
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
STEP: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
# The neighbour's port a port meets across its edge: centre meets centre, L meets R.
FACING: dict[str, str] = {
    "N": "S", "E": "W", "S": "N", "W": "E",
    "NL": "SR", "NR": "SL", "EL": "WR", "ER": "WL",
    "SL": "NR", "SR": "NL", "WL": "ER", "WR": "EL",
}
AROUND: tuple[Cell, ...] = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                 if (dx, dy) != (0, 0))


def rotate(port: str, quarter_turns: int) -> str:
    """The port a port becomes when its tile is turned clockwise by quarter turns."""
    if port in CENTRES:
        return CENTRES[(CENTRES.index(port) + quarter_turns) % 4]
    # Two halves per edge, so a quarter turn moves a half two places along the ring.
    return HALVES[(HALVES.index(port) + 2 * quarter_turns) % 8]


@dataclass(frozen=True)
class FeatureDef:
    kind: str
    ports: frozenset[str]  # every port it covers, unrotated (an area's edge covers its halves)
    name: str | None
    icons: tuple[str, ...]
    touches: tuple[int, ...]  # feature indices it touches (a field's cities)


@dataclass(frozen=True)
class TileDef:
    id: str
    count: int
    pile: str
    features: tuple[FeatureDef, ...]
    marks: tuple[str, ...]  # icons of the whole tile (hill, vineyard...)


@dataclass(frozen=True)
class Placed:
    tile: TileDef
    quarter_turns: int
    covers: dict[str, tuple[int, ...]]  # world port -> features covering it, by index

    def feature_at(self, port: str) -> int | None:
        found = self.covers.get(port)
        return found[0] if found else None


def _icon_names(raw: Any) -> tuple[str, ...]:
    return tuple(str(i) if isinstance(i, str) else str(next(iter(i))) for i in raw or [])


Start = tuple[str, Cell, int]  # tile, cell, degrees


@cache
def load_tiles(paths: tuple[Path, ...], rules: Rules) -> tuple[dict[str, TileDef], Start]:
    """Tile definitions by id from the YAML files (a game, then its expansions), and the
    start.  Ignores shapes and anchors.  Read once: what it returns is never changed."""
    tiles: dict[str, TileDef] = {}
    start: Start | None = None
    for path in paths:
        # YAML 1.1 reads the key `on` under `figures:` as True; figures are typed in here.
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=loader)
        for raw_tile in data["tiles"]:
            raws = raw_tile["features"]
            covered = []
            for r in raws:
                listed = [str(p) for p in r.get("ports", [])]
                if rules.roles[r["kind"]] == "area":  # an area listing an edge owns it whole
                    listed += [h for p in listed for h in HALVES if h[0] == p]
                covered.append(frozenset(listed))
            feats = []
            for raw, ports in zip(raws, covered, strict=True):
                touches = []
                for t in raw.get("touches", []):
                    t = str(t)
                    touches.append(next(i for i, r in enumerate(raws)
                                        if t in covered[i] or r.get("name") == t))
                feats.append(FeatureDef(raw["kind"], ports, raw.get("name"),
                                        _icon_names(raw.get("icons")), tuple(touches)))
            tid = str(raw_tile["id"])
            tiles[tid] = TileDef(tid, int(raw_tile.get("count", 1)),
                                 str(raw_tile.get("pile", "main")), tuple(feats),
                                 _icon_names(raw_tile.get("icons")))
        if "start" in data:
            s = data["start"]
            start = (str(s["tile"]), (int(s["at"][0]), int(s["at"][1])),
                     int(s.get("rotation", 0)))
    assert start is not None
    return tiles, start
