"""Hunters & Gatherers (Hans im Glück 2002): what the tile set's data cannot say, as the
Hunters & Gatherers rulebook says (both French translations: Philibert's, called 000 in the
tile set, and Bruno Faidutti's, called 001).

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
- Option ``returns``: figures of features completed this turn go home at once (000, 'Retour
  des partisans chez leurs propriétaires': a returned follower may go straight onto the bonus
  tile) or at the end of the turn (001).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from ..board import Cell
from ..host import Form, TurnKey
from . import RuleModule

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..features import Feature, Figure
    from ..host import Host
    from ..model import FigureDef

RIVER, LAKE, FOREST, MEADOW = "river", "lake", "forest", "meadow"
HUT = "hut"
FISH, GOLD = "fish", "gold"
DEER, TIGER, MAMMOTH, AUROCHS = "deer", "tiger", "mammoth", "aurochs"
FIRE, CULT = "fire", "cult"
BONUS_PILE = "bonus"
HUTS, HUNTERS = "huts", "hunters"  # the score categories of the final scoring


class GoldFound(NamedTuple):
    """A completed forest held gold: the player whose turn it is drew a bonus tile to place
    now (Hunters & Gatherers rulebook, 'Une forêt achevée et les tuiles bonus')."""

    cells: tuple[Cell, ...]  # the forest
    player: int
    tile: str  # the bonus tile drawn


class GoldAgain(NamedTuple):
    """The bonus tile completed a forest with gold: no second bonus tile in a turn."""

    cells: tuple[Cell, ...]
    player: int


class NoBonusLeft(NamedTuple):
    """A completed forest held gold, but the bonus pile is empty."""

    cells: tuple[Cell, ...]
    player: int


@dataclass(frozen=True)
class MeadowScore:
    """How one meadow with hunters scored at the end (for the final screen and tests)."""

    cells: tuple[Cell, ...]
    hunters: Mapping[int, int]  # player -> hunters
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
    huts: Mapping[int, int]  # player -> huts
    fish: int
    winners: tuple[int, ...]


class HuntersGatherers(RuleModule):
    name = "hunters-gatherers"
    options = ("returns",)
    turn_keys = (TurnKey("bonus", Form.EXTRA,
                         "the bonus tile drawn after completing a forest with gold, and its "
                         "placement: {tile, at, rotation, place}"),)

    def __init__(self, host: Host) -> None:
        # The bonus pile, in tile set order; host.draw picks from it at random (seeded).
        self.pile: list[str] = [t.id for t in host.tileset.tiles if t.pile == BONUS_PILE
                                for _ in range(t.count)]
        self.drawn: list[tuple[int, str]] = []  # (player, bonus tile), in the order drawn
        self.cult: dict[Cell, int] = {}  # a tile with a cult site -> the player who placed it
        self.gold: list[Cell] | None = None  # cells of a gold forest this placement completed
        self.meadows: list[MeadowScore] = []
        self.networks: list[NetworkScore] = []
        self.contacts: list[tuple[int, int]] = []  # see _contacts
        self.seen = 0  # tiles whose contacts are gathered
        self._joins: tuple[tuple[int, int], dict[int, int]] | None = None  # cache

    def clone(self) -> HuntersGatherers:
        out = HuntersGatherers.__new__(HuntersGatherers)
        out.pile = list(self.pile)
        out.drawn = list(self.drawn)
        out.cult = dict(self.cult)
        out.gold = None if self.gold is None else list(self.gold)
        out.meadows = list(self.meadows)
        out.networks = list(self.networks)
        out.contacts = list(self.contacts)
        out.seen = self.seen
        out._joins = None
        return out

    # ------------------------------------------------------------------ rivers and lakes
    def adjust_points(self, host: Host, feature: Feature, completed: bool, points: int) -> int:
        if completed and feature.kind == RIVER:
            icons = host.features.icons
            return points + sum(icons[lake].get(FISH, 0) for lake in self._lakes_of(host, feature))
        return points

    def _lakes_of(self, host: Host, river: Feature) -> set[int]:
        """The lakes (roots) a river runs into."""
        feats = host.features
        kind = feats.kind
        return {root for root in feats.touched_roots(river.root) if kind[root] == LAKE}

    def _contacts(self, host: Host) -> list[tuple[int, int]]:
        """(river, lake) feature ids of every tile placed where a river runs into a lake,
        gathered as tiles come (a tile's rivers touch only lakes of that tile)."""
        tiles = host.board.tiles
        if self.seen < len(tiles):
            for placed in islice(tiles.values(), self.seen, None):
                kinds, first = placed.t.kinds, placed.first
                for i, touched in enumerate(placed.t.touches):
                    if kinds[i] == RIVER:
                        self.contacts.extend((first + i, first + j) for j in touched
                                             if kinds[j] == LAKE)
            self.seen = len(tiles)
        return self.contacts

    def _joined(self, host: Host) -> dict[int, int]:
        """River networks: rivers joined through the lakes they run into (a spring or an
        open river end has nothing beyond it, so a network stops there).  Rivers and lakes
        (roots) that run into one another -> the id of their network; any other river or
        lake is a network of its own.  Worked out once per turn."""
        feats = host.features
        key = (len(feats), len(host.board))
        if self._joins is not None and self._joins[0] == key:
            return self._joins[1]
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while (up := parent.get(x, x)) != x:
                x = up
            return x

        feature_root = feats.find
        for river, lake in self._contacts(host):
            a, b = find(feature_root(river)), find(feature_root(lake))
            if a != b:
                parent[b] = a
                parent.setdefault(a, a)
        joined = {x: find(x) for x in parent}
        self._joins = (key, joined)
        return joined

    def may_deploy(self, host: Host, figure: FigureDef, placed: PlacedTile, index: int) -> bool:
        if figure.name != HUT:
            return True
        huts = [fig for fig in host.figures.values() if fig.kind == HUT]
        if not huts:
            return True  # no hut anywhere: every network is free
        feats = host.features
        find = feats.find
        target = find(placed.first + index)
        if feats.kind[target] not in (RIVER, LAKE):
            return False
        joined = self._joined(host)
        mine = joined.get(target, target)
        tiles = host.board.tiles
        return not any(joined.get(root, root) == mine
                       for root in (find(tiles[f.cell].first + f.index) for f in huts))

    # ------------------------------------------------------------------ gold and bonus tiles
    def after_place(self, host: Host, placed: PlacedTile) -> None:
        if any(CULT in icons for icons in placed.t.icons):
            self.cult[placed.cell] = host.current

    def on_scored(self, host: Host, feature: Feature, completed: bool, winners: list[int],
                  points: int) -> None:
        if completed and feature.kind == FOREST and feature.icons.get(GOLD, 0) > 0:
            self.gold = sorted(feature.cells)

    def after_scoring(self, host: Host, placed: PlacedTile) -> None:
        cells, self.gold = self.gold, None
        if cells is None:
            return
        where, who = tuple(cells), host.current
        if host.in_extra:
            host.notice(GoldAgain(where, who))
            return
        if not self.pile:
            host.notice(NoBonusLeft(where, who))
            return
        tile = host.draw("bonus", self.pile)
        self.pile.remove(tile)
        self.drawn.append((who, tile))
        host.grant_extra_placement(tile)
        host.notice(GoldFound(where, who, tile))

    def defers_returns(self, host: Host) -> bool:
        return host.option("returns") == "end-of-turn"

    # ------------------------------------------------------------------ final scoring
    def final_scoring(self, host: Host) -> None:
        self.networks = self._score_huts(host)
        self.meadows = self._score_meadows(host)

    def end_worth(self, host: Host, feature: Feature) -> int | None:
        """A meadow: its hunt (deer less those tigers eat, mammoths, aurochs; 2 each); a
        river or lake with huts on its network: the network's fish."""
        icons = feature.icons
        if feature.kind == MEADOW:
            eaten = 0 if icons.get(FIRE, 0) else icons.get(TIGER, 0)
            return 2 * (max(0, icons.get(DEER, 0) - eaten) + icons.get(MAMMOTH, 0)
                        + icons.get(AUROCHS, 0))
        if feature.kind not in (RIVER, LAKE):
            return None
        feats = host.features
        joined = self._joined(host)
        net = joined.get(feature.root, feature.root)
        roots = [r for r in feats.roots() if feats.kind[r] in (RIVER, LAKE)
                 and joined.get(r, r) == net]
        if not any(f.kind == HUT for r in roots for f in feats.figures[r]):
            return None
        return sum(feats.icons[r].get(FISH, 0) for r in roots if feats.kind[r] == LAKE)

    def _score_huts(self, host: Host) -> list[NetworkScore]:
        feats = host.features
        joined = self._joined(host)
        members: dict[int, list[int]] = {}
        for root in feats.roots():
            if feats.kind[root] in (RIVER, LAKE):
                members.setdefault(joined.get(root, root), []).append(root)
        out: list[NetworkScore] = []
        for net in sorted(members):
            roots = members[net]
            huts = Counter(f.player for r in roots for f in feats.figures[r] if f.kind == HUT)
            if not huts:
                continue
            fish = sum(feats.icons[r].get(FISH, 0) for r in roots if feats.kind[r] == LAKE)
            best = max(huts.values())
            winners = tuple(sorted(p for p, n in huts.items() if n == best))
            cells = tuple(sorted({c for r in roots for c in feats.cells(r)}))
            for player in winners:
                host.award(player, fish, HUTS, cells)
            out.append(NetworkScore(cells, MappingProxyType(dict(huts)), fish, winners))
        return out

    def _score_meadows(self, host: Host) -> list[MeadowScore]:
        feats = host.features
        out: list[MeadowScore] = []
        for root in feats.roots():
            if feats.kind[root] != MEADOW:
                continue
            hunters = [f for f in feats.figures[root] if f.kind != HUT]
            if not hunters:
                continue
            icons = feats.icons[root]
            deer, tigers = icons.get(DEER, 0), icons.get(TIGER, 0)
            fire = icons.get(FIRE, 0) > 0
            eaten = 0 if fire else tigers
            mammoths, aurochs = icons.get(MAMMOTH, 0), icons.get(AUROCHS, 0)
            points = 2 * (max(0, deer - eaten) + mammoths + aurochs)
            cult = self._cult_hunter(host, hunters)
            winners = (cult,) if cult is not None else tuple(host.winners(hunters))
            cells = tuple(sorted(feats.cells(root)))
            for player in winners:
                host.award(player, points, HUNTERS, cells)
            who = MappingProxyType(Counter(f.player for f in hunters))
            out.append(MeadowScore(cells, who, deer, tigers, mammoths, aurochs, fire, cult,
                                   points, winners))
        return out

    def _cult_hunter(self, host: Host, hunters: list[Figure]) -> int | None:
        """The player whose hunter stands on the cult site of the tile they placed."""
        for fig in hunters:
            placer = self.cult.get(fig.cell)
            if placer != fig.player:
                continue
            if CULT in host.board.tiles[fig.cell].t.icons[fig.index]:
                return placer
        return None
