"""Over Hill and Dale (Par monts et par vaux): hikes, harvest tokens and stables, as the Over
Hill and Dale rulebook says.

The tile set gives the data rules (paths 1 a tile, completed crop fields 2 a tile, 1 a tile
at the end, one meeple per path or field); this module adds what data cannot say:

- a hike: when this turn's tile continued a path holding one of the player's hikers without
  completing it, and nothing was placed, one of those hikers walks along its path in one
  direction and scores 1 a tile.  The engine's ``Move(x, y)`` names the tile it stops on;
- harvest tokens: a completed crop field hands out one token per harvest icon in it, the
  tied majority taking them one by one in turn order from the player whose turn it is;
- stables: none on the 8 tiles around another; at the end 1 point per animal on its tile
  and the 8 around it;
- the final harvest: 1 a token, and 5 more for each set of five different crops, scarecrows
  standing in for any crop (any number in one set).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .. import ports as P
from ..actions import Action, Move
from ..board import Cell
from ..host import Form, Phase, TurnKey
from . import RuleModule

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..features import Feature, Figure
    from ..host import Host
    from ..model import FigureDef

PATH, FIELD, MEADOW = "path", "cropfield", "meadow"
MEEPLE, STABLE = "meeple", "stable"
CROPS = ("apple", "strawberry", "pumpkin", "sunflower", "wheat")
SCARECROW = "scarecrow"
HARVEST = (*CROPS, SCARECROW)
SUPPLY = {**{crop: 5 for crop in CROPS}, SCARECROW: 8}  # 33 tokens
ANIMALS = ("rooster", "cow", "horse", "sheep", "pig")
SET_BONUS = 5
HIKE, HARVEST_AWARD = "hike", "harvest"  # score categories (a stable's is STABLE)

Segment = tuple[Cell, int]  # a path piece: (cell, feature index on that tile)


class TokenTaken(NamedTuple):
    """A player took a harvest token of a completed crop field."""

    cells: tuple[Cell, ...]  # the field
    player: int
    token: str  # a crop or the scarecrow


class NoTokenLeft(NamedTuple):
    """A crop field's icon gave nothing: that token's supply is used up."""

    cells: tuple[Cell, ...]  # the field
    token: str
    player: None = None  # nobody's in particular


@dataclass(frozen=True)
class Hike:
    figure: Figure
    to: Segment
    tiles: int  # points: 1 a tile moved
    walked: tuple[Cell, ...]  # the tiles moved onto, in order

    @property
    def rank(self) -> tuple[int, int]:
        """Of two hikes to one tile, the one scoring more goes (then the older meeple)."""
        return (self.tiles, -self.figure.id)


def harvest_sets(tokens: Counter[str] | dict[str, int]) -> int:
    """Sets of five different crops the tokens make, scarecrows filling any gaps: the most k
    with sum over crops of max(0, k - held) <= scarecrows."""
    jokers = tokens.get(SCARECROW, 0)
    held = [tokens.get(crop, 0) for crop in CROPS]
    k = 0
    while sum(max(0, k + 1 - n) for n in held) <= jokers:
        k += 1
    return k


def harvest_points(tokens: Counter[str] | dict[str, int]) -> int:
    """What harvest tokens are worth at the end: 1 each, plus 5 a set."""
    return sum(tokens.get(name, 0) for name in HARVEST) + SET_BONUS * harvest_sets(tokens)


def stable_animals(host: Host, cell: Cell) -> int:
    """Animals on a tile and the 8 around it."""
    board = host.board
    total = 0
    for t in [board.tiles[cell], *board.neighbours8(cell)]:
        total += sum(1 for f in t.tile.features for i in f.icons if i.name in ANIMALS)
        total += sum(1 for i in t.tile.icons if i.name in ANIMALS)
    return total


class HillDale(RuleModule):
    name = "hill-dale"
    turn_keys = (TurnKey("hike", Form.MOVE,
                         "a hike to the cell {to: [x, y]} instead of placing a figure"),)

    def __init__(self, host: Host) -> None:
        self.supply: dict[str, int] = dict(SUPPLY)
        self.held: list[Counter[str]] = [Counter() for _ in host.players]
        self.harvested_at: list[list[Cell]] = [[] for _ in host.players]  # where, for display
        self._hikes: tuple[int, dict[Cell, Hike]] | None = None  # (moves made, hikes)

    def clone(self) -> HillDale:
        out = HillDale.__new__(HillDale)
        out.supply = dict(self.supply)
        out.held = [Counter(h) for h in self.held]
        out.harvested_at = [list(c) for c in self.harvested_at]
        out._hikes = None
        return out

    # ------------------------------------------------------------------ stables
    def may_deploy(self, host: Host, figure: FigureDef, placed: PlacedTile, index: int) -> bool:
        if figure.name != STABLE:
            return True
        x, y = placed.cell
        return not any(f.kind == STABLE and abs(f.cell[0] - x) <= 1 and abs(f.cell[1] - y) <= 1
                       for f in host.figures.values())

    # ------------------------------------------------------------------ hikes
    def hikes(self, host: Host) -> dict[Cell, Hike]:
        """The hikes open to the current player now, by the tile the hiker would stop on
        (when two hikes end on one tile, the one scoring more)."""
        if host.phase is not Phase.FIGURE or host.last_cell is None:
            return {}
        stamp = len(host.moves)
        known = self._hikes
        if known is not None and known[0] == stamp:
            return known[1]
        out: dict[Cell, Hike] = {}
        placed = host.board.tiles[host.last_cell]
        current = host.current
        roots = set()
        feats = host.features
        find, open_, figures = feats.find, feats.open, feats.figures
        for index, kind in enumerate(placed.t.kinds):
            if kind == PATH:
                root = find(placed.first + index)
                # Completed this turn: it scores, nobody hikes on it.
                if open_[root] and figures[root] and any(
                        f.player == current and f.kind == MEEPLE for f in figures[root]):
                    roots.add(root)
        for root in sorted(roots):
            for fig in host.features.figures[root]:
                if fig.player != current or fig.kind != MEEPLE:
                    continue
                for hike in self._walks(host, fig):
                    best = out.get(hike.to[0])
                    if best is None or hike.rank > best.rank:
                        out[hike.to[0]] = hike
        self._hikes = (stamp, out)
        return out

    def _walks(self, host: Host, fig: Figure) -> Iterable[Hike]:
        """Every stop of the hiker along its path, in both directions."""
        start: Segment = (fig.cell, fig.index)
        others = self._hiker_cells(host, fig)
        for first in self._next(host, start, None):
            prev, cur = start, first
            walked: list[Cell] = []
            while cur != start:  # a closed loop would be complete, but stay safe
                walked.append(cur[0])
                if cur[0] not in others:  # may pass another hiker's tile, never stop there
                    yield Hike(fig, cur, len(walked), tuple(walked))
                ahead = self._next(host, cur, prev)
                if not ahead:
                    break
                prev, cur = cur, ahead[0]

    def _hiker_cells(self, host: Host, moving: Figure) -> set[Cell]:
        tiles = host.board.tiles
        return {f.cell for f in host.figures.values() if f.id != moving.id and f.kind == MEEPLE
                and tiles[f.cell].t.kinds[f.index] == PATH}

    def _next(self, host: Host, seg: Segment, came_from: Segment | None) -> list[Segment]:
        """The path pieces joined to ``seg`` across its edges (not the one it came from)."""
        tiles = host.board.tiles
        cell, index = seg
        placed = tiles[cell]
        out: list[Segment] = []
        for port in sorted(placed.turned.feature_ports[index]):
            if port >= 4:
                continue
            dx, dy = P.OFFSETS[port]
            other = tiles.get((cell[0] + dx, cell[1] + dy))
            if other is None:
                continue
            for j in other.t.connect[P.facing_port(port)]:
                nxt = (other.cell, j)
                if nxt != came_from and other.t.kinds[j] == PATH:
                    out.append(nxt)
        return out

    def extra_actions(self, host: Host) -> list[Action]:
        return [Move(x, y) for x, y in self.hikes(host)]

    def apply_extra(self, host: Host, action: Action) -> bool:
        if not isinstance(action, Move):
            return False
        hike = self.hikes(host).get(action.cell)
        if hike is None:
            return False
        fig = hike.figure
        host.move_figure(fig, *hike.to)
        host.award(fig.player, hike.tiles, HIKE, hike.walked)
        self._hikes = None
        return True

    # ------------------------------------------------------------------ harvest
    def on_scored(self, host: Host, feature: Feature, completed: bool, winners: list[int],
                  points: int) -> None:
        if feature.kind != FIELD or not completed or not winners:
            return
        cells = sorted(feature.cells)
        icons = feature.icons
        pool: list[str] = []
        for name in HARVEST:
            for _ in range(icons.get(name, 0)):
                if self.supply[name] > 0:
                    self.supply[name] -= 1
                    pool.append(name)
                else:
                    host.notice(NoTokenLeft(tuple(cells), name))
        n = len(host.players)
        order = sorted(winners, key=lambda p: (p - host.current) % n)
        turn = 0
        while pool:
            player = order[turn % len(order)]
            token = self.pick(player, pool)
            pool.remove(token)
            self.held[player][token] += 1
            self.harvested_at[player].append(cells[len(cells) // 2])
            host.notice(TokenTaken(tuple(cells), player, token))
            turn += 1

    def pick(self, player: int, pool: Sequence[str]) -> str:
        """The token a player takes from a field's tokens: the one that raises their harvest
        score most; on a tie a scarecrow (a joker is never worse), else the crop they hold
        fewest of, else the first in the order apple .. wheat."""
        held = self.held[player]

        def value(token: str) -> tuple[int, int, int, int]:
            after = Counter(held)
            after[token] += 1
            return (harvest_points(after), token == SCARECROW, -held[token],
                    -HARVEST.index(token))

        return max(dict.fromkeys(pool), key=value)

    def tokens(self, host: Host, player: int) -> dict[str, int]:
        return {name: self.held[player][name] for name in HARVEST if self.held[player][name]}

    # ------------------------------------------------------------------ the end
    def final_scoring(self, host: Host) -> None:
        for fig in sorted(host.figures.values(), key=lambda f: f.id):
            if fig.kind == STABLE:
                host.award(fig.player, stable_animals(host, fig.cell), STABLE, [fig.cell])
        for p in range(len(host.players)):
            host.award(p, harvest_points(self.held[p]), HARVEST_AWARD, self.harvested_at[p])
