"""A deliberately naive Carcassonne (base game, 2002 rules) referee for cross-checking the engine.

It shares no code with ``game.rules``: it reads the tile set YAML itself, turns port names
itself, and finds every feature by flood-filling the whole board from scratch each time the
board changes.  Slow and obvious on purpose: when it and the fast engine agree on thousands of
random positions, both are probably right.

The scoring constants below are typed in from the rulebook rather than read from the YAML
``points`` tables, so a wrong table in the tile set is caught too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

Cell = tuple[int, int]
Part = tuple[Cell, int]  # (cell, feature index on the tile there)

FOLLOWERS = 7  # per player, from the rulebook
FARMER_POINTS = 3  # per completed city, 2002 rules

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
# Eight surrounding cells of a cloister.
AROUND: tuple[Cell, ...] = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                 if (dx, dy) != (0, 0))


def rotate(port: str, quarter_turns: int) -> str:
    """The port a port becomes when its tile is turned clockwise by quarter turns."""
    if port in CENTRES:
        return CENTRES[(CENTRES.index(port) + quarter_turns) % 4]
    # Two halves per edge, so a quarter turn moves a half two places along the ring.
    return HALVES[(HALVES.index(port) + 2 * quarter_turns) % 8]


def edge_of(port: str) -> str:
    return port[0]


def edge_ports(edge: str) -> tuple[str, str, str]:
    return edge, edge + "L", edge + "R"


@dataclass(frozen=True)
class FeatureDef:
    kind: str
    ports: frozenset[str]  # every port it covers, unrotated (a city edge covers its halves)
    name: str | None
    shields: int
    touches: tuple[int, ...]  # feature indices of the cities a field touches


@dataclass(frozen=True)
class TileDef:
    id: str
    count: int
    features: tuple[FeatureDef, ...]


@dataclass(frozen=True)
class Start:
    tile: str
    cell: Cell
    degrees: int


@dataclass(frozen=True)
class Placed:
    tile: TileDef
    quarter_turns: int
    covers: dict[str, int]  # world port -> index of the feature covering it

    def feature_at(self, port: str) -> int | None:
        return self.covers.get(port)

    def edge_kind(self, edge: str) -> str:
        """What the edge shows to a neighbour: the city or road at its centre, else field."""
        idx = self.covers.get(edge)
        return "field" if idx is None else self.tile.features[idx].kind


@dataclass(frozen=True)
class Feature:
    kind: str
    parts: frozenset[Part]
    complete: bool
    tiles: int  # distinct cells (for a cloister: itself plus its neighbours present)
    shields: int

    def key(self) -> tuple[str, frozenset[Part], bool]:
        return self.kind, self.parts, self.complete


@dataclass(frozen=True)
class Follower:
    player: int
    cell: Cell
    index: int


def _covered_ports(raw: dict[str, Any]) -> frozenset[str]:
    listed = [str(p) for p in raw.get("ports", [])]
    if raw["kind"] == "city":
        # A city listing an edge owns the whole edge, halves included.
        return frozenset(q for p in listed for q in edge_ports(p))
    return frozenset(listed)


def _shields(raw: dict[str, Any]) -> int:
    return sum(1 for icon in raw.get("icons", []) if "shield" in icon)


def load_tiles(yaml_path: Path) -> tuple[dict[str, TileDef], Start]:
    """Tile definitions by id, and the start.  Ignores shapes, anchors and figures."""
    # Note: YAML 1.1 reads the key `on` under `figures:` as True; we never look there.
    data = yaml.safe_load(Path(yaml_path).read_text(encoding="utf-8"))
    tiles: dict[str, TileDef] = {}
    for raw_tile in data["tiles"]:
        raws = raw_tile["features"]
        covered = [_covered_ports(r) for r in raws]
        feats = []
        for raw, ports in zip(raws, covered, strict=True):
            touches = tuple(next(i for i, c in enumerate(covered)
                                 if raws[i]["kind"] == "city" and str(t) in c)
                            for t in raw.get("touches", []))
            feats.append(FeatureDef(raw["kind"], ports, raw.get("name"), _shields(raw), touches))
        tid = str(raw_tile["id"])
        tiles[tid] = TileDef(tid, int(raw_tile.get("count", 1)), tuple(feats))
    start = data["start"]
    x, y = start["at"]
    return tiles, Start(str(start["tile"]), (int(x), int(y)), int(start.get("rotation", 0)))


class NaiveCarcassonne:
    """Replays a 2-5 player game move by move and scores it by brute force."""

    def __init__(self, yaml_path: Path, players: int = 2) -> None:
        self.tiles, self.start = load_tiles(yaml_path)
        self.board: dict[Cell, Placed] = {}
        self.followers: list[Follower] = []
        self.supply = [FOLLOWERS] * players
        self.scores = [0] * players
        self.scored: set[frozenset[Part]] = set()  # completed features already paid out
        self.last_cell: Cell | None = None
        self._features: list[Feature] | None = None  # cache, dropped whenever a tile lands

    # ---------------------------------------------------------------- placing tiles
    def turned(self, tile_id: str, quarter_turns: int) -> Placed:
        tile = self.tiles[tile_id]
        covers = {rotate(p, quarter_turns): i
                  for i, f in enumerate(tile.features) for p in f.ports}
        # Each port belongs to at most one feature, or connections would be ambiguous.
        assert len(covers) == sum(len(f.ports) for f in tile.features), tile_id
        return Placed(tile, quarter_turns, covers)

    def fits(self, tile_id: str, cell: Cell, quarter_turns: int) -> bool:
        """Empty cell, next to some tile, and every shared edge shows the same kind."""
        if cell in self.board:
            return False
        mine = self.turned(tile_id, quarter_turns)
        has_neighbour = False
        for edge, (dx, dy) in STEP.items():
            other = self.board.get((cell[0] + dx, cell[1] + dy))
            if other is None:
                continue
            has_neighbour = True
            if mine.edge_kind(edge) != other.edge_kind(FACING[edge]):
                return False
        return has_neighbour or not self.board

    def legal_placements(self, tile_id: str) -> set[tuple[str, int, int, int]]:
        """Every (tile, x, y, degrees) the tile may be placed at."""
        empty_next = {(x + dx, y + dy) for (x, y) in self.board for dx, dy in STEP.values()}
        return {(tile_id, c[0], c[1], q * 90) for c in empty_next for q in range(4)
                if self.fits(tile_id, c, q)}

    def place_start(self) -> None:
        self.place(self.start.tile, *self.start.cell, self.start.degrees)
        self.last_cell = None

    def place(self, tile_id: str, x: int, y: int, degrees: int) -> None:
        q = degrees // 90
        if not self.fits(tile_id, (x, y), q):
            raise AssertionError(f"{tile_id} does not fit at {(x, y)} turned {degrees}")
        used = sum(p.tile.id == tile_id for p in self.board.values())
        if used >= self.tiles[tile_id].count:
            raise AssertionError(f"all {self.tiles[tile_id].count} {tile_id} tiles are out")
        self.board[(x, y)] = self.turned(tile_id, q)
        self.last_cell = (x, y)
        self._features = None

    # ---------------------------------------------------------------- features
    def connected(self, part: Part) -> list[Part]:
        """Parts on neighbouring tiles sharing a port with this part, kind for kind."""
        cell, idx = part
        here = self.board[cell]
        kind = here.tile.features[idx].kind
        out: list[Part] = []
        for port, owner in here.covers.items():
            if owner != idx:
                continue
            dx, dy = STEP[edge_of(port)]
            there = (cell[0] + dx, cell[1] + dy)
            other = self.board.get(there)
            if other is None:
                continue
            j = other.feature_at(FACING[port])
            if j is not None and other.tile.features[j].kind == kind:
                out.append((there, j))
        return out

    def flood(self, start: Part) -> set[Part]:
        seen = {start}
        todo = [start]
        while todo:
            for nxt in self.connected(todo.pop()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def neighbours8(self, cell: Cell) -> int:
        return sum((cell[0] + dx, cell[1] + dy) in self.board for dx, dy in AROUND)

    def is_closed(self, parts: set[Part]) -> bool:
        """No edge centre of the feature faces an empty cell."""
        for cell, idx in parts:
            for port, owner in self.board[cell].covers.items():
                if owner == idx and port in CENTRES:
                    dx, dy = STEP[port]
                    if (cell[0] + dx, cell[1] + dy) not in self.board:
                        return False
        return True

    def make_feature(self, parts: set[Part]) -> Feature:
        cell, idx = next(iter(parts))
        kind = self.board[cell].tile.features[idx].kind
        shields = sum(self.board[c].tile.features[i].shields for c, i in parts)
        if kind == "cloister":
            around = self.neighbours8(cell)
            return Feature(kind, frozenset(parts), around == 8, 1 + around, shields)
        complete = kind in ("city", "road") and self.is_closed(parts)
        tiles = len({c for c, _ in parts})
        return Feature(kind, frozenset(parts), complete, tiles, shields)

    def features(self) -> list[Feature]:
        """Every feature on the board, found by flood-filling from every unvisited part."""
        if self._features is None:
            seen: set[Part] = set()
            out: list[Feature] = []
            for cell in sorted(self.board):
                for idx in range(len(self.board[cell].tile.features)):
                    if (cell, idx) not in seen:
                        parts = self.flood((cell, idx))
                        seen |= parts
                        out.append(self.make_feature(parts))
            self._features = out
        return self._features

    def feature_keys(self) -> set[tuple[str, frozenset[Part], bool]]:
        return {f.key() for f in self.features()}

    def feature_of(self, part: Part) -> Feature:
        return next(f for f in self.features() if part in f.parts)

    # ---------------------------------------------------------------- followers
    def followers_on(self, feature: Feature) -> list[Follower]:
        return [f for f in self.followers if (f.cell, f.index) in feature.parts]

    def resolve(self, target: str) -> int:
        """Feature index on the last placed tile named by a world port or a feature name."""
        assert self.last_cell is not None
        placed = self.board[self.last_cell]
        idx = placed.feature_at(target)
        if idx is not None:
            return idx
        return next(i for i, f in enumerate(placed.tile.features) if f.name == target)

    def deploy_options(self, player: int) -> set[int]:
        """Feature indices of the last tile a follower may go on: unoccupied features."""
        assert self.last_cell is not None
        if self.supply[player] == 0:
            return set()
        count = len(self.board[self.last_cell].tile.features)
        return {i for i in range(count)
                if not self.followers_on(self.feature_of((self.last_cell, i)))}

    def deploy(self, player: int, target: str) -> None:
        idx = self.resolve(target)
        if idx not in self.deploy_options(player):
            raise AssertionError(f"player {player} may not deploy on {target}")
        assert self.last_cell is not None
        self.followers.append(Follower(player, self.last_cell, idx))
        self.supply[player] -= 1

    # ---------------------------------------------------------------- scoring
    def award_majority(self, followers: list[Follower], points: int) -> None:
        """Everyone tied for the most followers gets the full points."""
        counts = Counter(f.player for f in followers)
        if not counts:
            return
        best = max(counts.values())
        for player, n in counts.items():
            if n == best:
                self.scores[player] += points

    def completed_points(self, feature: Feature) -> int:
        if feature.kind == "city":
            if feature.tiles == 2:  # the small-city exception of the 2002 rules
                return feature.tiles + feature.shields
            return 2 * feature.tiles + 2 * feature.shields
        if feature.kind == "road":
            return feature.tiles
        if feature.kind == "cloister":
            return 9
        raise AssertionError(f"{feature.kind} never completes")

    def incomplete_points(self, feature: Feature) -> int:
        if feature.kind == "city":
            return feature.tiles + feature.shields
        if feature.kind in ("road", "cloister"):
            return feature.tiles  # for a cloister: 1 + neighbours present
        raise AssertionError(f"no end-of-game points for a {feature.kind}")

    def end_turn(self) -> None:
        """Score every newly completed feature and send its followers home."""
        for feature in self.features():
            if not feature.complete or feature.parts in self.scored:
                continue
            self.scored.add(feature.parts)
            on_it = self.followers_on(feature)
            self.award_majority(on_it, self.completed_points(feature))
            for f in on_it:
                self.followers.remove(f)
                self.supply[f.player] += 1
        self.last_cell = None

    def final(self) -> None:
        """End-of-game scoring: unfinished roads, cities, cloisters, then farmers."""
        for feature in self.features():
            if feature.kind != "field" and not feature.complete:
                self.award_majority(self.followers_on(feature), self.incomplete_points(feature))
        self.score_farmers()

    def touched_cities(self, field: Feature) -> set[Part]:
        """City parts the field's parts list in `touches`."""
        return {(cell, j) for cell, idx in field.parts
                for j in self.board[cell].tile.features[idx].touches}

    def score_farmers(self) -> None:
        """Per city (2002): all farmers of all fields touching a completed city count together."""
        fields = [f for f in self.features() if f.kind == "field"]
        for city in self.features():
            if city.kind != "city" or not city.complete:
                continue
            farmers: list[Follower] = []
            for field in fields:
                if self.touched_cities(field) & city.parts:
                    farmers.extend(self.followers_on(field))
            self.award_majority(farmers, FARMER_POINTS)
