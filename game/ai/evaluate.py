"""A static evaluation of a position, for any game the rules core can load.

Nothing here knows a particular game.  A position is judged from what every tile set has:

- the scores so far;
- every unscored feature that holds figures: its majority holders get what the feature is
  expected to be worth, ``p * (points when completed) + (1 - p) * (points at the end)``,
  with the points counted by the feature kind's points and ``p`` the chance it is completed:
  0 when a cell it needs can never be filled by any tile still unseen (the classic dead
  city), otherwise shrinking with the number of cells it needs, how few unseen tiles fit
  them and how few turns are left;
- what rule modules add at the end (farmers and the like), read generically as the final
  score preview minus the kinds' own final points of unfinished features;
- with ``future`` (the strong player's evaluation): what the points figures hold for a later
  action are worth with the turns left (a shepherd's flock: see ``holdings``), and what the
  modules add to a feature's points when it is completed (fish, vineyards);
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
from game.rules.modules import RuleModule
from game.rules.ports import OFFSETS

from .holdings import HoldingValues, border_cells


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
    held: float = 1.0  # weight of the worth of points figures hold for later (a flock)
    reach: float = 0.9  # the most likely a turn's tile extends a holding's feature (the tile
    # may be wanted elsewhere)


DEFAULT = Weights()


@dataclass
class _Base:
    """The parts of a position's value that imagining one more figure does not change."""

    turns_left: float
    roots: dict[int, list[Figure]]  # features holding figures, by root id
    parts: dict[int, Parts]  # what each of them adds (see ``Evaluator.parts``)
    value: list[float]  # their values summed, one per player
    weight: list[float]  # their return weights summed, one per player
    supply: list[int]  # figures in each player's supply
    kinds_final: list[float]  # the kinds' final points each player would get now


Parts = tuple[list[float], list[float]]


def turns_left(game: Game) -> float:
    """Turns each player still has, on average."""
    return (game.tiles_left + sum(len(h) for h in game.hands)) / len(game.players)


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
        self._holders = root.hooks[RuleModule.holding]
        self._holdings = HoldingValues()
        self._reach: dict[tuple[int, int, int], float] = {}

    # ------------------------------------------------------------------ pieces
    def fitting(self, game: Game, cell: Cell) -> int:
        """How many unseen tiles fit the empty cell as its neighbours demand now."""
        demand = game.board.demands.get(cell)
        if demand is None:
            return self.unseen_total
        hit = self._fit.get(demand)
        if hit is None:
            fits = game.lookups.fits
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
            counted = game.counted_points(data, kind.points)
            done = counted + self.completion_bonus(game, data, counted) + \
                kind.points.get("tile", 0) * n * w.growth_complete
            final = game.counted_points(data, kind.final) + \
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
            counted = game.counted_points(data, kind.points)
            done = counted + self.completion_bonus(game, data, counted) + \
                kind.points.get("tile", 0) * n
            final = game.counted_points(data, kind.final) + \
                kind.final.get("tile", 0) * n * w.growth_final
            return p * done + (1.0 - p) * final, p
        return 0.0, 0.0  # never completed: what it brings comes from the modules' preview

    def completion_bonus(self, game: Game, data: Feature, counted: int) -> float:
        """With ``future``: what the rule modules add to the feature's points when it is
        completed, as it stands (the fish of the lakes a river runs into, the vineyards
        beside a cloister); never what they take from a small feature it will outgrow."""
        if not self.future or not game.hooks[RuleModule.adjust_points]:
            return 0.0
        return float(max(0, game.feature_points(data, True) - counted))

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
    def marginal(self, count: int, turns_left: float) -> float:
        """What one more figure in a supply of ``count`` is worth."""
        return self.supply_value(count + 1, turns_left) - self.supply_value(count, turns_left)

    def parts(self, game: Game, root: int, figures: Sequence[Figure],
              turns_left: float) -> Parts:
        """What one feature holding ``figures`` adds to each player: its expected points to
        its majority holders, and the return weight of each player's figures on it (the
        chance each comes back, summed).  A figure coming back is worth the ``marginal``
        value of one more figure in its owner's supply, which the caller adds: it depends
        on the supply alone, so features can be judged apart from it."""
        players = len(game.players)
        value = [0.0] * players
        weight = [0.0] * players
        winners = game.winners(figures)
        if not winners:
            return value, weight
        points, p = self.feature_value(game, root, turns_left)
        for player in winners:
            value[player] += points
        if p > 0.0:
            back = p if p >= 1.0 else p * self.weights.returned
            stays = game.lookups.stays
            for fig in figures:
                if not stays[fig.kind]:
                    weight[fig.player] += back
        return value, weight

    def _base(self, game: Game) -> _Base:
        key = (len(game.moves), game.phase, game.current)
        if self._cached is not None and self._cached[0] is game and self._cached[1] == key:
            return self._cached[2]
        base = self.base(game, turns_left(game))
        self._cached = (game, key, base)
        return base

    def base(self, game: Game, turns: float) -> _Base:
        """The features holding figures and what each adds, judged with ``turns`` turns
        left."""
        players = len(game.players)
        tiles = game.board.tiles
        feats = game.features
        roots: dict[int, list[Figure]] = {}
        for fig in game.figures.values():
            root = feats.find(tiles[fig.cell].first + fig.index)
            roots.setdefault(root, []).append(fig)
        supply = [sum(s.values()) for s in game.supply]
        parts: dict[int, Parts] = {}
        value = [0.0] * players
        weight = [0.0] * players
        kinds_final = [0.0] * players
        for root, figures in roots.items():
            if feats.done[root]:
                continue
            v, w = parts[root] = self.parts(game, root, figures, turns)
            for player in range(players):
                value[player] += v[player]
                weight[player] += w[player]
            if game.kinds[feats.kind[root]].final:
                final = game.feature_points(Feature(feats, root), False)
                for player in game.winners(feats.figures[root]):
                    kinds_final[player] += final
        return _Base(turns, roots, parts, value, weight, supply, kinds_final)

    def values(self, game: Game, extra: Figure | None = None, modules: bool = False,
               future: bool = False) -> list[float]:
        """Each player's expected points.  ``extra`` is a figure imagined on the tile just
        placed (its feature index on that cell) and taken from its owner's supply;
        ``modules`` adds what rule modules award at the end (one final-score preview);
        ``future`` also counts part of what they would award once the features likely to
        be completed are (see ``future_module_points``)."""
        base = self._base(game)
        players = len(game.players)
        supply = base.supply
        value, weight = base.value, base.weight
        if extra is not None:
            supply = list(supply)
            supply[extra.player] -= 1
            feats = game.features
            root = feats.find(game.board.tiles[extra.cell].first + extra.index)
            if not feats.done[root]:
                value, weight = list(value), list(weight)
                old = base.parts.get(root)
                new = self.parts(game, root, [*base.roots.get(root, ()), extra], base.turns_left)
                for player in range(players):
                    value[player] += new[0][player] - (old[0][player] if old else 0.0)
                    weight[player] += new[1][player] - (old[1][player] if old else 0.0)
        out = self.totals(game, value, weight, supply, base.turns_left)
        if modules:
            preview = game.final_scores_preview()
            now = [preview[p] - game.scores[p] - base.kinds_final[p] for p in range(players)]
            for player in range(players):
                out[player] += now[player]
            if future or self.future:
                later = self.future_module_points(game, base)
                lam = self.weights.future_modules
                for player in range(players):
                    out[player] += lam * (later[player] - now[player])
        return out

    def totals(self, game: Game, value: Sequence[float], weight: Sequence[float],
               supply: Sequence[int], turns: float) -> list[float]:
        """Each player's value from the features' summed parts: scores, features, the
        figures expected back, the supply, and (``future``) the points figures hold."""
        out = [float(s) for s in game.scores]
        for player in range(len(out)):
            have = supply[player]
            out[player] += value[player] + weight[player] * self.marginal(have, turns) + \
                self.supply_value(have, turns)
        if self.future and self._holders:
            lam = self.weights.held
            for player in range(len(out)):
                out[player] += lam * self.held_worth(game, player, turns)
        return out

    def held_worth(self, game: Game, player: int, turns: float) -> float:
        """What the points a player's figures hold for later are worth (``holdings``)."""
        return sum(worth for _, worth in self.held_worths(game, player, turns))

    def held_worths(self, game: Game, player: int, turns: float) -> list[tuple[str, float]]:
        """The worth of each holding of the player, with its category."""
        host = game.host
        out: list[tuple[str, float]] = []
        for i in self._holders:
            holding = game.modules[i].holding(host, player)
            if holding is None:
                continue
            if game.over:
                worth = float(holding.points) if holding.kept else 0.0
            else:
                worth = self._holdings.worth(holding, turns, self.reach(game, holding.feature))
            out.append((holding.category, worth))
        return out

    def reach(self, game: Game, root: int) -> float:
        """The chance that a player's tile can extend a feature on one turn: that an unseen
        tile fits one of the empty cells beside it (capped: the tile may be wanted
        elsewhere)."""
        key = (root, game.features.size[root], len(game.board.tiles))
        hit = self._reach.get(key)
        if hit is None:
            miss = 1.0
            for cell in border_cells(game, root):
                miss *= 1.0 - self.fitting(game, cell) / self.unseen_total
            hit = self._reach[key] = min(self.weights.reach, 1.0 - miss)
        return hit

    def future_module_points(self, game: Game, base: _Base) -> list[float]:
        """What the rule modules would award at the end if every feature likely to be
        completed were completed (farmers count the cities that will be closed): the final
        score preview of a private copy in which those features are closed."""
        world = self.likely_completed(game, base)
        preview = world.final_scores_preview()
        return [preview[p] - world.scores[p] - base.kinds_final[p]
                for p in range(len(world.players))]

    def likely_completed(self, game: Game, base: _Base) -> Game:
        """A private copy of the game in which every feature likely to be completed is."""
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
        return world

    def objective(self, values: Sequence[float], me: int | None = None) -> float:
        """One number for one player: their value against their rivals'."""
        me = self.me if me is None else me
        rivals = [v for i, v in enumerate(values) if i != me]
        if not rivals:
            return values[me]
        best, mean = max(rivals), sum(rivals) / len(rivals)
        w = self.weights.rival_max
        return values[me] - (w * best + (1.0 - w) * mean)
