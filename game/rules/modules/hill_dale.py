"""Over Hill and Dale (Par monts et par vaux): hikes, harvest tokens and stables.

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
from typing import TYPE_CHECKING

from .. import ports as P
from ..actions import Action, Move
from ..board import Cell, PlacedTile
from ..features import FeatureData, Figure
from ..model import FigureDef
from . import RuleModule

if TYPE_CHECKING:
    from ..game import Game

PATH, FIELD, MEADOW = "path", "cropfield", "meadow"
MEEPLE, STABLE = "meeple", "stable"
CROPS = ("apple", "strawberry", "pumpkin", "sunflower", "wheat")
SCARECROW = "scarecrow"
HARVEST = (*CROPS, SCARECROW)
SUPPLY = {**{crop: 5 for crop in CROPS}, SCARECROW: 8}  # 33 tokens
ANIMALS = ("rooster", "cow", "horse", "sheep", "pig")
SET_BONUS = 5

Segment = tuple[Cell, int]  # a path piece: (cell, feature index on that tile)


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


class HillDale(RuleModule):
    name = "hill-dale"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.supply: dict[str, int] = dict(SUPPLY)
        self.held: list[Counter[str]] = [Counter() for _ in game.players]
        self.harvested_at: list[list[Cell]] = [[] for _ in game.players]  # where, for display
        self._hikes: tuple[tuple[int, str], dict[Cell, Hike]] | None = None  # (when, hikes)

    def copy_for(self, game: Game) -> RuleModule:
        out = HillDale(game)
        out.supply = dict(self.supply)
        out.held = [Counter(h) for h in self.held]
        out.harvested_at = [list(c) for c in self.harvested_at]
        return out

    # ------------------------------------------------------------------ stables
    def may_deploy(self, figure: FigureDef, placed: PlacedTile, index: int) -> bool:
        if figure.name != STABLE:
            return True
        x, y = placed.cell
        return not any(f.kind == STABLE and abs(f.cell[0] - x) <= 1 and abs(f.cell[1] - y) <= 1
                       for f in self.game.figures.values())

    # ------------------------------------------------------------------ hikes
    def hikes(self) -> dict[Cell, Hike]:
        """The hikes open to the current player now, by the tile the hiker would stop on
        (when two hikes end on one tile, the one scoring more)."""
        game = self.game
        stamp = (len(game.moves), game.phase)
        if self._hikes is not None and self._hikes[0] == stamp:
            return self._hikes[1]
        out: dict[Cell, Hike] = {}
        if game.phase == "figure" and game.last_cell is not None:
            placed = game.board.tiles[game.last_cell]
            roots = {game.features.find(placed.fids[f.index]) for f in placed.tile.features
                     if f.kind == PATH}
            for root in sorted(roots):
                data = game.feature_data(root)
                if data.open == 0:
                    continue  # completed this turn: it scores, nobody hikes on it
                for fig in data.figures:
                    if fig.player != game.current or fig.kind != MEEPLE:
                        continue
                    for hike in self._walks(fig):
                        best = out.get(hike.to[0])
                        if best is None or hike.rank > best.rank:
                            out[hike.to[0]] = hike
        self._hikes = (stamp, out)
        return out

    def _walks(self, fig: Figure) -> Iterable[Hike]:
        """Every stop of the hiker along its path, in both directions."""
        start: Segment = (fig.cell, fig.index)
        others = self._hiker_cells(fig)
        for first in self._next(start, None):
            prev, cur = start, first
            walked: list[Cell] = []
            while cur != start:  # a closed loop would be complete, but stay safe
                walked.append(cur[0])
                if cur[0] not in others:  # may pass another hiker's tile, never stop there
                    yield Hike(fig, cur, len(walked), tuple(walked))
                ahead = self._next(cur, prev)
                if not ahead:
                    break
                prev, cur = cur, ahead[0]

    def _hiker_cells(self, moving: Figure) -> set[Cell]:
        game = self.game
        return {f.cell for f in game.figures.values() if f.id != moving.id and f.kind == MEEPLE
                and game.board.tiles[f.cell].tile.features[f.index].kind == PATH}

    def _next(self, seg: Segment, came_from: Segment | None) -> list[Segment]:
        """The path pieces joined to ``seg`` across its edges (not the one it came from)."""
        board = self.game.board
        cell, index = seg
        placed = board.tiles[cell]
        out: list[Segment] = []
        for port in sorted(placed.turned.feature_ports[index]):
            if port >= 4:
                continue
            dx, dy = P.OFFSETS[port]
            other = board.tiles.get((cell[0] + dx, cell[1] + dy))
            if other is None:
                continue
            for j in other.turned.connect[P.facing_port(port)]:
                nxt = (other.cell, j)
                if nxt != came_from and other.tile.features[j].kind == PATH:
                    out.append(nxt)
        return out

    def extra_actions(self) -> list[Action]:
        return [Move(x, y) for x, y in self.hikes()]

    def apply_extra(self, action: Action) -> bool:
        if not isinstance(action, Move):
            return False
        hike = self.hikes().get(action.cell)
        if hike is None:
            return False
        game = self.game
        fig = hike.figure
        game.move_figure(fig, *hike.to)
        game.award(fig.player, hike.tiles, "hike", hike.walked, final=False)
        self._hikes = None
        return True

    def move_label(self, move: Action) -> str | None:
        hike = self.hikes().get(move.cell) if isinstance(move, Move) else None
        return None if hike is None else f"+{hike.tiles}"

    # ------------------------------------------------------------------ harvest
    def on_scored(self, feature: FeatureData, completed: bool, winners: list[int],
                  points: int) -> None:
        if feature.kind != FIELD or not completed or not winners:
            return
        game = self.game
        cells = sorted(feature.cells)
        pool: list[str] = []
        for name in HARVEST:
            for _ in range(feature.icons.get(name, 0)):
                if self.supply[name] > 0:
                    self.supply[name] -= 1
                    pool.append(name)
                else:
                    game.notice(f"No {name} token left", cells, what="no-token", token=name)
        n = len(game.players)
        order = sorted(winners, key=lambda p: (p - game.current) % n)
        turn = 0
        while pool:
            player = order[turn % len(order)]
            token = self.pick(player, pool)
            pool.remove(token)
            self.held[player][token] += 1
            self.harvested_at[player].append(cells[len(cells) // 2])
            game.notice(f"{game.players[player]} takes {_a(token)}", cells, player,
                        what="takes", token=token)
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

    def tokens(self, player: int) -> dict[str, int]:
        return {name: self.held[player][name] for name in HARVEST if self.held[player][name]}

    # ------------------------------------------------------------------ the end
    def stable_animals(self, cell: Cell) -> int:
        """Animals on a tile and the 8 around it."""
        board = self.game.board
        total = 0
        for t in [board.tiles[cell], *board.neighbours8(cell)]:
            total += sum(1 for f in t.tile.features for i in f.icons if i.name in ANIMALS)
            total += sum(1 for i in t.tile.icons if i.name in ANIMALS)
        return total

    def final_scoring(self) -> None:
        game = self.game
        for fig in sorted(game.figures.values(), key=lambda f: f.id):
            if fig.kind == STABLE:
                game.award(fig.player, self.stable_animals(fig.cell), STABLE, [fig.cell],
                           final=True)
        for p in range(len(game.players)):
            game.award(p, harvest_points(self.held[p]), "harvest", self.harvested_at[p],
                       final=True)

    # ------------------------------------------------------------------ shown in the window
    def info(self) -> list[str]:
        left = [f"{self.supply[name]} {name}" for name in HARVEST]
        return ["Harvest tokens left:", ", ".join(left[:3]), ", ".join(left[3:])]

    def final_details(self) -> list[str]:
        game = self.game
        lines = ["Harvest: 1 a token, +5 a set of 5 different crops (scarecrows fill gaps). "
                 "Stables: 1 an animal on 9 tiles."]
        for p, name in enumerate(game.players):
            held = self.held[p]
            count = sum(held.values())
            sets = harvest_sets(held)
            text = f"{name}: {_n(count, 'token')}"
            if sets:
                text += f" + {_n(sets, 'set')} x 5 = {count + SET_BONUS * sets}"
                jokers = sum(max(0, sets - held[crop]) for crop in CROPS)
                if jokers:
                    text += f" ({_n(jokers, 'scarecrow')} as joker{'s' if jokers != 1 else ''})"
            stables = [self.stable_animals(f.cell) for f in game.figures.values()
                       if f.kind == STABLE and f.player == p]
            if stables:
                text += "; stables " + " + ".join(map(str, stables)) + " animals"
            lines.append(text)
        return lines


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _a(token: str) -> str:
    """The token with its article: an apple, a scarecrow, wheat."""
    if token == "wheat":
        return token
    return f"an {token}" if token[0] in "aeiou" else f"a {token}"
