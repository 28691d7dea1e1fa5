"""Hunters & Gatherers (Hans im Glück 2002): what the tile set's data cannot say.

- A completed river scores, besides its segments, the fish of the lakes at its ends.
- Completing a forest that holds gold gives the player who placed the tile one bonus tile from
  the bonus pile, placed at once by the normal rules (at most one per turn: no chain; none when
  the pile is empty).
- Huts stand on river networks (rivers joined through lakes) and never beside another hut of
  the same network; at the end each network's hut majority scores 1 per fish in it.
- Hunters (followers in meadows) score at the end: 2 per deer, mammoth and aurochs, each
  sabre-tooth tiger eating one deer (never below zero); fire drives every tiger from its
  meadow; a hunter that the placer of the cult-site tile put on it makes that player the only
  scorer of the meadow.
- Option ``returns``: figures of features completed this turn go home at once (rulebook 000:
  a returned follower may go straight onto the bonus tile) or at the end of the turn (001).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..features import FeatureData, Figure
from . import RuleModule

if TYPE_CHECKING:
    from ..board import Cell, PlacedTile
    from ..game import Game
    from ..model import FigureDef

RIVER, LAKE, FOREST, MEADOW = "river", "lake", "forest", "meadow"
HUT = "hut"
FISH, GOLD = "fish", "gold"
DEER, TIGER, MAMMOTH, AUROCHS = "deer", "tiger", "mammoth", "aurochs"
FIRE, CULT = "fire", "cult"
BONUS_PILE = "bonus"
DETAIL_LINES = 16  # the final screen shows this many lines of details (two columns)


@dataclass(frozen=True)
class MeadowScore:
    """How one meadow with hunters scored at the end (for the final screen and tests)."""

    cells: tuple[Cell, ...]
    hunters: dict[int, int]  # player -> hunters
    deer: int
    tigers: int
    mammoths: int
    aurochs: int
    fire: bool
    cult: int | None  # the player the cult site makes the only scorer
    points: int
    winners: tuple[int, ...]


@dataclass(frozen=True)
class NetworkScore:
    """How one river network with huts scored at the end."""

    cells: tuple[Cell, ...]
    huts: dict[int, int]  # player -> huts
    fish: int
    winners: tuple[int, ...]


class HuntersGatherers(RuleModule):
    name = "hunters-gatherers"
    options = ("returns",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        # The bonus pile, in tile set order; game.draw picks from it at random (seeded).
        self.pile: list[str] = [t.id for t in game.tileset.tiles if t.pile == BONUS_PILE
                                for _ in range(t.count)]
        self.drawn: list[tuple[int, str]] = []  # (player, bonus tile), in the order drawn
        self.cult: dict[Cell, int] = {}  # a tile with a cult site -> the player who placed it
        self._gold: list[Cell] | None = None  # cells of a gold forest this placement completed
        self.meadows: list[MeadowScore] = []
        self.networks: list[NetworkScore] = []
        self._nets: tuple[tuple[int, int], dict[int, int]] | None = None  # cache

    def copy_for(self, game: Game) -> RuleModule:
        out = copy.copy(self)
        out.game = game
        out.pile = list(self.pile)
        out.drawn = list(self.drawn)
        out.cult = dict(self.cult)
        out._gold = None if self._gold is None else list(self._gold)
        out.meadows = list(self.meadows)
        out.networks = list(self.networks)
        out._nets = None
        return out

    # ------------------------------------------------------------------ rivers and lakes
    def adjust_points(self, feature: FeatureData, completed: bool, points: int) -> int:
        if completed and feature.kind == RIVER:
            return points + sum(self.game.feature_data(lake).icons.get(FISH, 0)
                                for lake in self._lakes_of(feature))
        return points

    def _lakes_of(self, river: FeatureData) -> set[int]:
        """The lakes (roots) a river runs into."""
        find = self.game.features.find
        return {find(t) for t in river.touches
                if self.game.feature_data(t).kind == LAKE}

    def river_networks(self) -> dict[int, int]:
        """Every river and lake (root id) -> the id of its river network: rivers joined
        through the lakes they run into.  A spring or an open river end has nothing beyond
        it, so a network stops there."""
        feats = self.game.features
        key = (len(feats.parent), len(self.game.board))  # features only join when tiles come
        if self._nets is not None and self._nets[0] == key:
            return self._nets[1]
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        rivers: list[int] = []
        for root in feats.roots():
            data = feats.root_data(root)
            if data.kind in (RIVER, LAKE):
                parent[root] = root
                if data.kind == RIVER:
                    rivers.append(root)
        for root in rivers:
            for lake in self._lakes_of(feats.root_data(root)):
                a, b = find(root), find(lake)
                if a != b:
                    parent[b] = a
        nets = {fid: find(fid) for fid in parent}
        self._nets = (key, nets)
        return nets

    def may_deploy(self, figure: FigureDef, placed: PlacedTile, index: int) -> bool:
        if figure.name != HUT:
            return True
        game = self.game
        find = game.features.find
        networks = self.river_networks()
        mine = networks.get(find(placed.fids[index]))
        if mine is None:
            return False
        tiles = game.board.tiles
        return not any(fig.kind == HUT
                       and networks.get(find(tiles[fig.cell].fids[fig.index])) == mine
                       for fig in game.figures.values())

    # ------------------------------------------------------------------ gold and bonus tiles
    def after_place(self, placed: PlacedTile) -> None:
        if any(icon.name == CULT for f in placed.tile.features for icon in f.icons):
            self.cult[placed.cell] = self.game.current

    def on_scored(self, feature: FeatureData, completed: bool, winners: list[int],
                  points: int) -> None:
        if completed and feature.kind == FOREST and feature.icons.get(GOLD, 0) > 0:
            self._gold = sorted(feature.cells)

    def after_scoring(self, placed: PlacedTile) -> None:
        cells, self._gold = self._gold, None
        if cells is None:
            return
        game = self.game
        who = game.players[game.current]
        if game.in_extra:
            game.notice(f"{who}: gold again, but no second bonus tile this turn", cells,
                        game.current, what="gold-again")
            return
        if not self.pile:
            game.notice(f"{who}: gold, but the bonus pile is empty", cells, game.current,
                        what="gold-none-left")
            return
        tile = game.draw("bonus", self.pile)
        self.pile.remove(tile)
        self.drawn.append((game.current, tile))
        game.grant_extra_placement(tile)
        game.notice(f"{who} found gold: a bonus tile!", cells, game.current, what="gold")

    def defers_returns(self) -> bool:
        return self.game.option("returns") == "end-of-turn"

    def info(self) -> list[str]:
        lines = [f"Bonus tiles: {len(self.pile)} left"]
        if self.game.in_extra and self.game.extra_tile is not None:
            lines.append(f"Bonus tile {self.game.extra_tile} to place now")
        return lines

    # ------------------------------------------------------------------ final scoring
    def final_scoring(self) -> None:
        self.networks = self._score_huts()
        self.meadows = self._score_meadows()

    def end_worth(self, feature: FeatureData) -> int | None:
        """A meadow: its hunt (deer less those tigers eat, mammoths, aurochs; 2 each); a
        river or lake with huts on its network: the network's fish."""
        game = self.game
        if feature.kind == MEADOW:
            icons = feature.icons
            eaten = 0 if icons.get(FIRE, 0) else icons.get(TIGER, 0)
            return 2 * (max(0, icons.get(DEER, 0) - eaten) + icons.get(MAMMOTH, 0)
                        + icons.get(AUROCHS, 0))
        if feature.kind not in (RIVER, LAKE):
            return None
        find = game.features.find
        networks = self.river_networks()
        root = find(game.board.tiles[feature.parts[0][0]].fids[feature.parts[0][1]])
        net = networks.get(root)
        members = [fid for fid, n in networks.items() if n == net]
        datas = [game.feature_data(fid) for fid in members]
        if not any(f.kind == HUT for d in datas for f in d.figures):
            return None
        return sum(d.icons.get(FISH, 0) for d in datas if d.kind == LAKE)

    def _score_huts(self) -> list[NetworkScore]:
        game = self.game
        feats = game.features
        members: dict[int, list[int]] = {}
        for fid, net in self.river_networks().items():
            members.setdefault(net, []).append(fid)
        out: list[NetworkScore] = []
        for net in sorted(members):
            datas = [feats.root_data(fid) for fid in members[net]]
            huts = Counter(f.player for d in datas for f in d.figures if f.kind == HUT)
            if not huts:
                continue
            fish = sum(d.icons.get(FISH, 0) for d in datas if d.kind == LAKE)
            best = max(huts.values())
            winners = tuple(sorted(p for p, n in huts.items() if n == best))
            cells = tuple(sorted({c for d in datas for c in d.cells}))
            for player in winners:
                game.award(player, fish, "huts", cells, final=True)
            out.append(NetworkScore(cells, dict(huts), fish, winners))
        return out

    def _score_meadows(self) -> list[MeadowScore]:
        game = self.game
        feats = game.features
        out: list[MeadowScore] = []
        for root in feats.roots():
            data = feats.root_data(root)
            hunters = [f for f in data.figures if f.kind != HUT]
            if data.kind != MEADOW or not hunters:
                continue
            icons = data.icons
            deer, tigers = icons.get(DEER, 0), icons.get(TIGER, 0)
            fire = icons.get(FIRE, 0) > 0
            eaten = 0 if fire else tigers
            mammoths, aurochs = icons.get(MAMMOTH, 0), icons.get(AUROCHS, 0)
            points = 2 * (max(0, deer - eaten) + mammoths + aurochs)
            cult = self._cult_hunter(hunters)
            winners = (cult,) if cult is not None else tuple(game.winners(hunters))
            cells = tuple(sorted(data.cells))
            for player in winners:
                game.award(player, points, "hunters", cells, final=True)
            out.append(MeadowScore(cells, dict(Counter(f.player for f in hunters)), deer,
                                   tigers, mammoths, aurochs, fire, cult, points, winners))
        return out

    def _cult_hunter(self, hunters: list[Figure]) -> int | None:
        """The player whose hunter stands on the cult site of the tile they placed."""
        for fig in hunters:
            placer = self.cult.get(fig.cell)
            if placer != fig.player:
                continue
            feature = self.game.board.tiles[fig.cell].tile.features[fig.index]
            if any(icon.name == CULT for icon in feature.icons):
                return placer
        return None

    def final_details(self) -> list[str]:
        """One line per meadow with hunters and per river network with huts, the best scores
        first; when they do not fit the final screen, the rest is summed up in a last line."""
        names = self.game.players
        entries: list[tuple[int, int, str]] = []  # (points, points awarded, line)
        for m in self.meadows:
            parts = [f"{m.deer} deer"]
            if m.tigers:
                parts.append(_count(m.tigers, "tiger") + (" (fled the fire)" if m.fire else ""))
            elif m.fire:
                parts.append("fire")
            if m.mammoths:
                parts.append(_count(m.mammoths, "mammoth"))
            if m.aurochs:
                parts.append(f"{m.aurochs} aurochs")
            who = " and ".join(names[p] for p in m.winners) or "nobody"
            if m.cult is not None:
                who += " (cult site)"
            entries.append((m.points, m.points * len(m.winners),
                            f"Meadow of {_count(len(m.cells), 'tile')}: {', '.join(parts)}: "
                            f"{m.points} to {who}"))
        for n in self.networks:
            who = " and ".join(names[p] for p in n.winners)
            entries.append((n.fish, n.fish * len(n.winners),
                            f"Huts on a river network of {_count(len(n.cells), 'tile')}: "
                            f"{n.fish} fish: {n.fish} to {who}"))
        entries.sort(key=lambda e: -e[0])  # stable: meadows before networks on a tie
        lines = [line for _, _, line in entries]
        if len(lines) > DETAIL_LINES:
            rest = entries[DETAIL_LINES - 1:]
            lines = [*lines[:DETAIL_LINES - 1],
                     f"... {len(rest)} more meadows and networks: "
                     f"{sum(e[1] for e in rest)} points in all"]
        return lines


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
