"""A deliberately naive referee for cross-checking the engine, in every game the project has.

It shares no code with ``game.rules``: it reads the tile set YAML itself, turns port names
itself, and finds every feature by flood-filling the whole board from scratch each time the
board changes.  Slow and obvious on purpose: when it and the fast engine agree on thousands of
random positions, both are probably right.

The rules are typed in from the rulebooks: which kind is a city or a road, what completes a
feature, what it scores, which figure goes where.  This file holds what every game shares and
the base game (2002 rules); ``naive_expansions.py`` adds Hills & Sheep, Hunters & Gatherers
and Over Hill and Dale.  Random outcomes (a sheep token, a bonus tile) are not drawn here:
the cross-check tells the referee what was drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from tests.naive_tiles import (
    AROUND,
    CENTRES,
    FACING,
    STEP,
    Cell,
    Part,
    Placed,
    load_tiles,
    rotate,
)


@dataclass(frozen=True)
class Figure:
    """What the rulebook says of a kind of figure."""

    count: int
    on: frozenset[str]
    group: str  # figures of one group keep each other off a feature...
    blocks: bool = True  # ... when they block at all
    majority: bool = True  # counts for majorities
    stays: bool = False  # stays on the board when its feature is scored


@dataclass(eq=False)
class Rules:
    """The kinds and figures of one game, as typed in from its rulebook."""

    roles: dict[str, str]  # kind -> area, line, background or inner
    completion: dict[str, str]  # kind -> closed, surrounded (the 8 around) or never
    figures: dict[str, Figure]

    @cached_property
    def background(self) -> str:
        return next(k for k, role in self.roles.items() if role == "background")


@dataclass(frozen=True)
class Feature:
    kind: str
    parts: frozenset[Part]
    complete: bool
    tiles: int  # distinct cells (for a cloister: itself plus its neighbours present)
    icons: Counter[str] = field(compare=False)

    @property
    def shields(self) -> int:
        return self.icons["shield"]

    def key(self) -> tuple[str, frozenset[Part], bool]:
        return self.kind, self.parts, self.complete


@dataclass(frozen=True)
class Follower:
    player: int
    cell: Cell
    index: int
    kind: str = "follower"


class NaiveGame:
    """Replays a game move by move and scores it by brute force: what every game shares."""

    RULES: Rules

    def __init__(self, paths: Sequence[Path], players: int = 2) -> None:
        self.tiles, self.start = load_tiles(tuple(paths), self.RULES)
        self._turned: dict[tuple[str, int], Placed] = {}
        self.players = players
        self.board: dict[Cell, Placed] = {}
        self.followers: list[Follower] = []  # every figure on the board, oldest first
        self.supplies = [{k: f.count for k, f in self.RULES.figures.items()}
                         for _ in range(players)]
        self.scores = [0] * players
        self.scored: set[frozenset[Part]] = set()  # completed features already paid out
        self.last_cell: Cell | None = None
        self._features: list[Feature] | None = None  # cache, dropped whenever a tile lands

    @property
    def supply(self) -> list[int]:
        """Followers in each supply (the base game's one figure)."""
        return [s["follower"] for s in self.supplies]

    # ---------------------------------------------------------------- placing tiles
    def turned(self, tile_id: str, quarter_turns: int) -> Placed:
        known = self._turned.get((tile_id, quarter_turns))
        if known is None:
            known = self._turned[tile_id, quarter_turns] = self._turn(tile_id, quarter_turns)
        return known

    def _turn(self, tile_id: str, quarter_turns: int) -> Placed:
        tile = self.tiles[tile_id]
        covers: dict[str, list[int]] = {}
        for i, f in enumerate(tile.features):
            for p in f.ports:
                covers.setdefault(rotate(p, quarter_turns), []).append(i)
        return Placed(tile, quarter_turns, {p: tuple(v) for p, v in covers.items()})

    def edge_kind(self, placed: Placed, edge: str) -> str:
        """What an edge shows a neighbour: the area or line at its centre, else the land
        between."""
        idx = placed.feature_at(edge)
        return self.RULES.background if idx is None else placed.tile.features[idx].kind

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
            if self.edge_kind(mine, edge) != self.edge_kind(other, FACING[edge]):
                return False
        return has_neighbour or not self.board

    def legal_placements(self, tile_id: str) -> set[tuple[str, int, int, int]]:
        """Every (tile, x, y, degrees) the tile may be placed at."""
        empty_next = {(x + dx, y + dy) for (x, y) in self.board for dx, dy in STEP.values()}
        return {(tile_id, c[0], c[1], q * 90) for c in empty_next for q in range(4)
                if self.fits(tile_id, c, q)}

    def place_start(self) -> None:
        tile, (x, y), degrees = self.start
        self.place(tile, x, y, degrees)
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
        for port, owners in here.covers.items():
            if idx not in owners:
                continue
            dx, dy = STEP[port[0]]
            there = (cell[0] + dx, cell[1] + dy)
            other = self.board.get(there)
            if other is None:
                continue
            for j in other.covers.get(FACING[port], ()):
                if other.tile.features[j].kind == kind:
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
            for port, owners in self.board[cell].covers.items():
                if idx in owners and port in CENTRES:
                    dx, dy = STEP[port]
                    if (cell[0] + dx, cell[1] + dy) not in self.board:
                        return False
        return True

    def make_feature(self, parts: set[Part]) -> Feature:
        cell, idx = next(iter(parts))
        kind = self.board[cell].tile.features[idx].kind
        icons = Counter(i for c, j in parts for i in self.board[c].tile.features[j].icons)
        completion = self.RULES.completion[kind]
        if completion == "surrounded":
            around = self.neighbours8(cell)
            return Feature(kind, frozenset(parts), around == 8, 1 + around, icons)
        complete = completion == "closed" and self.is_closed(parts)
        return Feature(kind, frozenset(parts), complete, len({c for c, _ in parts}), icons)

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

    # ---------------------------------------------------------------- figures
    def followers_on(self, feature: Feature) -> list[Follower]:
        return [f for f in self.followers if (f.cell, f.index) in feature.parts]

    def resolve(self, target: str) -> int:
        """Feature index on the last placed tile named by a world port or a feature name."""
        assert self.last_cell is not None
        placed = self.board[self.last_cell]
        idx = placed.feature_at(target)
        if idx is not None:
            return idx
        if target in CENTRES:  # a plain field edge: its centre means its L half
            idx = placed.feature_at(target + "L")
            if idx is not None:
                return idx
        return next(i for i, f in enumerate(placed.tile.features) if f.name == target)

    def may_deploy(self, player: int, figure: str, index: int) -> bool:
        """A game's own restriction (a hut per river network, stables apart); none here."""
        return True

    def figure_options(self, player: int) -> set[tuple[str, int]]:
        """(figure, feature index) pairs of the last tile a figure of the player may go on."""
        assert self.last_cell is not None
        out = set()
        for i, f in enumerate(self.board[self.last_cell].tile.features):
            on_it = self.followers_on(self.feature_of((self.last_cell, i)))
            for name, fig in self.RULES.figures.items():
                if self.supplies[player][name] <= 0 or f.kind not in fig.on:
                    continue
                if fig.blocks and any(self.RULES.figures[o.kind].group == fig.group
                                      for o in on_it):
                    continue
                if self.may_deploy(player, name, i):
                    out.add((name, i))
        return out

    def deploy_options(self, player: int) -> set[int]:
        """Feature indices of the last tile a follower may go on."""
        return {i for name, i in self.figure_options(player) if name == "follower"}

    def deploy(self, player: int, target: str, figure: str = "follower") -> None:
        idx = self.resolve(target)
        if (figure, idx) not in self.figure_options(player):
            raise AssertionError(f"player {player} may not put a {figure} on {target}")
        assert self.last_cell is not None
        self.followers.append(Follower(player, self.last_cell, idx, figure))
        self.supplies[player][figure] -= 1

    def send_home(self, fig: Follower) -> None:
        self.followers.remove(fig)
        self.supplies[fig.player][fig.kind] += 1

    # ---------------------------------------------------------------- scoring
    def winners(self, followers: list[Follower]) -> list[int]:
        """The players with the most figures that count (all of them on a tie)."""
        counts = Counter(f.player for f in followers if self.RULES.figures[f.kind].majority)
        if not counts:
            return []
        best = max(counts.values())
        return sorted(p for p, n in counts.items() if n == best)

    def award_majority(self, followers: list[Follower], points: int) -> list[int]:
        """Everyone tied for the most figures gets the full points."""
        winners = self.winners(followers)
        for player in winners:
            self.scores[player] += points
        return winners

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
        return 0

    def end_turn(self) -> None:
        """Score every newly completed feature and send its figures home."""
        for feature in self.features():
            if not feature.complete or feature.parts in self.scored:
                continue
            self.scored.add(feature.parts)
            on_it = self.followers_on(feature)
            winners = self.award_majority(on_it, self.completed_points(feature))
            self.on_completed(feature, winners)
            for f in on_it:
                if not self.RULES.figures[f.kind].stays:
                    self.send_home(f)
        self.last_cell = None

    def on_completed(self, feature: Feature, winners: list[int]) -> None:
        """What a game does besides the points when a feature is completed."""

    def final(self) -> None:
        """End-of-game scoring: every unfinished feature, then what the game adds."""
        for feature in self.features():
            if not feature.complete:
                self.award_majority(self.followers_on(feature), self.incomplete_points(feature))
        self.final_extra()

    def final_extra(self) -> None:
        """Farmers (per city, 2002): all farmers of all fields touching a completed city
        count together."""
        fields = [f for f in self.features() if f.kind == "field"]
        for city in self.features():
            if city.kind != "city" or not city.complete:
                continue
            farmers: list[Follower] = []
            for field_ in fields:
                if self.touched(field_) & city.parts:
                    farmers.extend(self.followers_on(field_))
            self.award_majority(farmers, FARMER_POINTS)

    def touched(self, feature: Feature) -> set[Part]:
        """Parts the feature's parts list in `touches` (a field's cities)."""
        return {(cell, j) for cell, idx in feature.parts
                for j in self.board[cell].tile.features[idx].touches}


FARMER_POINTS = 3  # per completed city, 2002 rules


class NaiveCarcassonne(NaiveGame):
    """The base game: 7 followers each, on cities, roads, fields and cloisters."""

    RULES = Rules(
        roles={"city": "area", "road": "line", "cloister": "inner", "field": "background"},
        completion={"city": "closed", "road": "closed", "cloister": "surrounded",
                    "field": "never"},
        figures={"follower": Figure(7, frozenset({"city", "road", "field", "cloister"}),
                                    "follower")})
