"""A static evaluation of a position, for any game the rules core can load.

Nothing here knows a particular game.  A position is judged from what every tile set has:

- the scores so far;
- every unscored feature that holds figures: its majority holders get what the feature is
  expected to be worth, ``p * (points when completed) + (1 - p) * (points at the end)``,
  with the points read from the feature kind's tables and ``p`` the chance it is completed:
  0 when a cell it needs can never be filled by any tile still unseen (the classic dead
  city), otherwise shrinking with the number of cells it needs, how few unseen tiles fit
  them and how few turns are left;
- what rule modules add at the end (farmers and the like), read generically as the final
  score preview minus the table points of unfinished features;
- with ``future`` (the strong player's evaluation): part of the points the modules say
  figures hold and a later action may cash in (a shepherd's flock);
- the figures each player still has: a figure in the supply is worth a few points while
  there are turns left to use it, and a figure on a feature that will probably be completed
  soon is partly back in the supply.

``Evaluator`` caches what does not change within one decision (the unseen tiles, which of
them fit a given edge demand).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules import Game
from game.rules.board import Cell
from game.rules.features import Feature, Figure
from game.rules.ports import OFFSETS


@dataclass(frozen=True)
class Weights:
    follower: float = 7.0  # a figure in the supply with the whole game ahead, in points
    turns_per_use: float = 2.5  # own turns a figure needs to be worth using once more
    draws: float = 0.4  # share of own turns that may serve one open cell
    extend: float = 0.75  # chance a fitting tile closes a cell rather than opening more
    growth_complete: float = 1.0  # tiles a feature gains per open cell before completion
    growth_final: float = 0.4  # ... before the end when it stays incomplete
    surround_draws: float = 1.5  # cells around an inner feature fill faster: anyone fills them
    returned: float = 0.7  # a figure back from a completed feature, relative to the supply
    rival_max: float = 0.5  # weight of the best rival against the rivals' mean (3+ players)
    future_modules: float = 0.7  # weight of the modules' points from likely completions
    likely: float = 0.5  # chance of completion counted as "will be completed"
    held: float = 0.7  # share of the points figures hold (a flock) that is later cashed in


DEFAULT = Weights()


@dataclass
class _Base:
    """The parts of a position's value that imagining one more figure does not change."""

    turns_left: float
    roots: dict[int, list[Figure]]  # features holding figures, by root id
    contrib: dict[int, list[float]]  # what each adds to each player's value
    supply: list[int]  # figures in each player's supply
    table_final: list[float]  # the kinds' final points each player would get now


class Evaluator:
    """Static evaluation of positions seen during one decision of one player."""

    def __init__(self, root: Game, weights: Weights = DEFAULT, future: bool = False) -> None:
        self.me = root.current
        self.future = future  # judge with the modules' future points whenever modules count
        self.players = len(root.players)
        self.weights = weights
        self.unseen: Counter[str] = root.remaining()
        self.unseen_total = max(1, sum(self.unseen.values()))
        self._fit: dict[int, int] = {}
        self._edge_cells: dict[tuple[Cell, str, int, int], tuple[Cell, ...]] = {}
        self._supply: dict[tuple[int, float], float] = {}
        self._cached: tuple[Game, tuple[int, str, int], _Base] | None = None

    # ------------------------------------------------------------------ pieces
    def fitting(self, game: Game, cell: Cell) -> int:
        """How many unseen tiles fit the empty cell as its neighbours demand now."""
        demand = game.board.demands.get(cell)
        if demand is None:
            return self.unseen_total
        hit = self._fit.get(demand)
        if hit is None:
            fits = game.tables.fits
            hit = sum(n for tid, n in self.unseen.items() if fits(tid, demand))
            self._fit[demand] = hit
        return hit

    def open_cells(self, game: Game, root: int) -> set[Cell]:
        """The empty cells a feature's open edges lead into."""
        tiles = game.board.tiles
        cache = self._edge_cells
        out: set[Cell] = set()
        for cell, index in game.features.parts(root):
            placed = tiles[cell]
            key = (cell, placed.tile.id, placed.rotation, index)
            around = cache.get(key)
            if around is None:
                ports = placed.turned.feature_ports[index]
                around = tuple((cell[0] + OFFSETS[p][0], cell[1] + OFFSETS[p][1])
                               for p in sorted(ports) if p < 4)
                cache[key] = around
            for n in around:
                if n not in tiles:
                    out.add(n)
        return out

    def _cell_chance(self, game: Game, cell: Cell, draws: float) -> float:
        fit = self.fitting(game, cell)
        if fit <= 0:
            return 0.0
        share = fit / self.unseen_total
        return float(1.0 - (1.0 - share) ** max(draws, 0.0))

    def feature_value(self, game: Game, root: int, turns_left: float) -> tuple[float, float]:
        """(expected points for each majority holder, chance of completion) of the feature
        whose root is ``root``."""
        feats = game.features
        data = Feature(feats, root)
        kind = game.kinds[feats.kind[root]]
        w = self.weights
        if kind.completion == "closed":
            if feats.open[root] == 0:
                return float(game.feature_points(data, True)), 1.0
            cells = self.open_cells(game, root)
            draws = w.draws * turns_left
            p = 1.0
            for cell in cells:
                p *= self._cell_chance(game, cell, draws) * w.extend
                if p == 0.0:
                    break
            n = len(cells)
            done = game.table_points(data, kind.points) + \
                kind.points.get("tile", 0) * n * w.growth_complete
            final = game.table_points(data, kind.final) + \
                kind.final.get("tile", 0) * n * w.growth_final
            return p * done + (1.0 - p) * final, p
        if kind.completion == "surrounded":
            tiles = game.board.tiles
            x, y = feats.owner[root].cell
            empty = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                     if (dx or dy) and (x + dx, y + dy) not in tiles]
            if not empty:
                return float(game.feature_points(data, True)), 1.0
            draws = w.surround_draws * turns_left
            p = 1.0
            for cell in empty:
                p *= self._cell_chance(game, cell, draws)
                if p == 0.0:
                    break
            n = len(empty)
            done = game.table_points(data, kind.points) + kind.points.get("tile", 0) * n
            final = game.table_points(data, kind.final) + \
                kind.final.get("tile", 0) * n * w.growth_final
            return p * done + (1.0 - p) * final, p
        return 0.0, 0.0  # never completed: what it brings comes from the modules' preview

    def supply_value(self, count: int, turns_left: float) -> float:
        """What ``count`` figures in the supply are worth with ``turns_left`` own turns."""
        key = (count, turns_left)
        total = self._supply.get(key)
        if total is None:
            w = self.weights
            total = 0.0
            for i in range(1, count + 1):
                total += w.follower * min(1.0, turns_left / (w.turns_per_use * i))
            self._supply[key] = total
        return total

    # ------------------------------------------------------------------ whole position
    def _contribution(self, game: Game, root: int, figures: Sequence[Figure],
                      turns_left: float, supply: Sequence[int]) -> list[float]:
        """What one feature holding ``figures`` adds to each player's value."""
        out = [0.0] * len(game.players)
        winners = game.winners(figures)
        if not winners:
            return out
        value, p = self.feature_value(game, root, turns_left)
        for player in winners:
            out[player] += value
        if p > 0.0:
            back = 1.0 if p >= 1.0 else self.weights.returned
            figures_def = game.tileset.figures
            for fig in figures:
                if not figures_def[fig.kind].stays:
                    have = supply[fig.player]
                    out[fig.player] += p * back * (self.supply_value(have + 1, turns_left)
                                                   - self.supply_value(have, turns_left))
        return out

    def _base(self, game: Game) -> _Base:
        key = (len(game.moves), game.phase, game.current)
        if self._cached is not None and self._cached[0] is game and self._cached[1] == key:
            return self._cached[2]
        players = len(game.players)
        left = game.tiles_left + sum(len(h) for h in game.hands)
        turns_left = left / players
        tiles = game.board.tiles
        feats = game.features
        roots: dict[int, list[Figure]] = {}
        for fig in game.figures.values():
            root = feats.find(tiles[fig.cell].first + fig.index)
            roots.setdefault(root, []).append(fig)
        supply = [sum(s.values()) for s in game.supply]
        contrib: dict[int, list[float]] = {}
        table_final = [0.0] * players
        for root, figures in roots.items():
            if feats.done[root]:
                continue
            contrib[root] = self._contribution(game, root, figures, turns_left, supply)
            if game.kinds[feats.kind[root]].final:
                final = game.feature_points(Feature(feats, root), False)
                for player in game.winners(feats.figures[root]):
                    table_final[player] += final
        base = _Base(turns_left, roots, contrib, supply, table_final)
        self._cached = (game, key, base)
        return base

    def values(self, game: Game, extra: Figure | None = None, modules: bool = False,
               future: bool = False) -> list[float]:
        """Each player's expected points.  ``extra`` is a figure imagined on the tile just
        placed (its feature index on that cell) and taken from its owner's supply;
        ``modules`` adds what rule modules award at the end (one final-score preview);
        ``future`` also counts part of what they would award once the features likely to
        be completed are (see ``future_module_points``)."""
        base = self._base(game)
        players = len(game.players)
        out = [float(s) for s in game.scores]
        supply = base.supply
        skip = -1
        if extra is not None:
            supply = list(supply)
            supply[extra.player] -= 1
            feats = game.features
            skip = feats.find(game.board.tiles[extra.cell].first + extra.index)
            if not feats.done[skip]:
                figures = [*base.roots.get(skip, ()), extra]
                add = self._contribution(game, skip, figures, base.turns_left, supply)
                for player in range(players):
                    out[player] += add[player]
        for root, add in base.contrib.items():
            if root != skip:
                for player in range(players):
                    out[player] += add[player]
        for player in range(players):
            out[player] += self.supply_value(supply[player], base.turns_left)
        if self.future:
            lam = self.weights.held
            host = game.host
            for m in game.modules:
                for player in range(players):
                    out[player] += lam * m.held_points(host, player)
        if modules:
            preview = game.final_scores_preview()
            now = [preview[p] - game.scores[p] - base.table_final[p] for p in range(players)]
            for player in range(players):
                out[player] += now[player]
            if future or self.future:
                later = self.future_module_points(game, base)
                lam = self.weights.future_modules
                for player in range(players):
                    out[player] += lam * (later[player] - now[player])
        return out

    def future_module_points(self, game: Game, base: _Base) -> list[float]:
        """What the rule modules would award at the end if every feature likely to be
        completed were completed (farmers count the cities that will be closed): the final
        score preview of a private copy in which those features are closed."""
        world = game.copy()
        feats = world.features
        kinds = world.kinds
        threshold = self.weights.likely
        for root in feats.roots():
            if feats.done[root] or feats.open[root] == 0 or \
                    kinds[feats.kind[root]].completion != "closed":
                continue
            _, p = self.feature_value(world, root, base.turns_left)
            if p >= threshold:
                feats.open[root] = 0  # this private copy plays the feature completed
        preview = world.final_scores_preview()
        return [preview[p] - world.scores[p] - base.table_final[p]
                for p in range(len(world.players))]

    def objective(self, values: Sequence[float], me: int | None = None) -> float:
        """One number for one player: their value against their rivals'."""
        me = self.me if me is None else me
        rivals = [v for i, v in enumerate(values) if i != me]
        if not rivals:
            return values[me]
        best, mean = max(rivals), sum(rivals) / len(rivals)
        w = self.weights.rival_max
        return values[me] - (w * best + (1.0 - w) * mean)
