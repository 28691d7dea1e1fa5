"""One decision judged as the strong player judges it, with how sure the judgement is: the
review's judge.

The plans the strong player would compare (``quick``'s ranking, its best ``CANDIDATES``),
and any plans asked about (the move a player made), are played in the same sampled futures
``strong`` plays in: the tiles the player cannot see shuffled, the random source reseeded,
then the rest of the turn and one turn of every player with the light policy, the position
reached judged by the strong player's evaluation.  Every plan meets the same futures, so
the difference between two plans is measured future by future, and its standard error comes
from how much it varies.  The lead of one plan over another is also split by category
(``breakdown``, worked out for those two plans alone, from the positions each future
reached), and every player's expected points in each future are kept (``totals``: what the
review's chances to win are read from).

The futures come from a random source of their own, drawn from ``rng`` before anything
else: a plan meets the same futures whichever plans it is compared with, so ``follow`` (one
plan alone, for a position the review does not judge) gives a plan the very points ``judge``
gives it among the candidates.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.rules import Action, Game

from . import clock
from .breakdown import Parts, breakdown, objective_parts
from .evaluate import Evaluator
from .light import LightPolicy
from .quick import Plan, rank_plans
from .strong import CANDIDATES, EXACT_PLACEMENTS, WEIGHTS, play_out
from .worlds import determinize

MIN_FUTURES = 8  # futures sampled at least, whatever the budget...
MAX_FUTURES = 64  # ... and at most

Totals = list[float]  # each player's expected points in one future


@dataclass
class Judgement:
    """The plans of one decision and what each was worth in each sampled future."""

    plans: list[Plan]
    values: list[list[float]]  # one list per future: each plan's value, in points
    worlds: list[list[Game]]  # per future, per plan: the position reached
    totals: list[list[Totals]] = field(default_factory=list)  # per future, per plan
    ev: Evaluator | None = None  # what judged them, for the values by category

    @property
    def futures(self) -> int:
        return len(self.values)

    def mean(self, i: int) -> float:
        return sum(v[i] for v in self.values) / self.futures

    def best(self) -> int:
        """The plan worth most on average over the futures."""
        return max(range(len(self.plans)), key=self.mean)

    def lead(self, i: int, j: int) -> tuple[float, float]:
        """How much plan ``i`` is worth more than plan ``j``, and the standard error of that
        difference over the futures (infinite with fewer than two)."""
        diffs = [v[i] - v[j] for v in self.values]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return mean, math.inf
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n)

    def lead_parts(self, i: int, j: int) -> Parts:
        """``lead`` by category (the categories add up to it)."""
        assert self.ev is not None
        ev = self.ev
        out: defaultdict[str, float] = defaultdict(float)
        for worlds, totals in zip(self.worlds, self.totals, strict=True):
            for plan, sign in ((i, 1.0), (j, -1.0)):
                world = worlds[plan]
                parts = objective_parts(ev, breakdown(ev, world), totals[plan], ev.me)
                for category, value in parts.items():
                    out[category] += sign * value
        return {c: v / self.futures for c, v in out.items()}

    def index(self, actions: Sequence[Action]) -> int | None:
        key = tuple(actions)
        return next((i for i, p in enumerate(self.plans) if p.actions == key), None)

    def totals_of(self, i: int) -> list[Totals]:
        """Every player's expected points in each future after plan ``i``."""
        return [future[i] for future in self.totals]


def decision_rng(seed: int, move: int) -> random.Random:
    """The random source a decision at move ``move`` of a game seeded ``seed`` is judged
    with: the review's, and the Hint's, so that both sample the same futures."""
    return random.Random(f"review:{seed}:{move}")


class _Futures:
    """The sampled futures of one decision, and what plans are played and judged with in
    them.  Its random source is drawn from ``rng`` first, whatever is drawn from it after."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self._rng = random.Random(rng.getrandbits(64))
        self.ev = Evaluator(game, WEIGHTS, future=True)
        self.light = LightPolicy(self.ev)
        self.me = game.current
        self.turns = len(game.players)

    def next(self) -> tuple[Game, int]:
        """The next future, and the seed of the draws in it."""
        future = determinize(self.game, self._rng)
        return future, self._rng.getrandbits(32)

    def played(self, future: tuple[Game, int], actions: Sequence[Action]) -> Game:
        world = play_out(future[0], future[1], actions, self.light, self.turns, self.me)
        assert world is not None  # never given up: the judge has no deadline inside
        return world


def judge(game: Game, asked: Sequence[Sequence[Action]], rng: random.Random, budget: float,
          stop: Callable[[], bool] | None = None, min_futures: int = MIN_FUTURES,
          max_futures: int = MAX_FUTURES, *, candidates: bool = True) -> Judgement:
    """The strong player's candidate plans for ``game.current`` and the ``asked`` plans,
    compared over sampled futures until ``budget`` seconds are spent (at least
    ``min_futures``, at most ``max_futures``; ``stop`` ends it sooner, keeping the futures
    done).  With ``min_futures == max_futures`` the clock plays no part: the same call
    gives the same judgement.  Without ``candidates`` only the ``asked`` plans are judged,
    in the very futures they would meet among the candidates (a puzzle's answer checked
    against the moves it was chosen over).  The game is not changed."""
    deadline = clock.now() + budget
    futures = _Futures(game, rng)
    ev, me = futures.ev, futures.me
    plans = rank_plans(game, ev, rng, EXACT_PLACEMENTS)[:CANDIDATES] if candidates else []
    known = {p.actions for p in plans}
    for actions in asked:
        if tuple(actions) not in known:
            known.add(tuple(actions))
            plans.append(Plan(tuple(actions), math.nan))
    out = Judgement(plans, [], [], [], ev)
    while out.futures < max_futures:
        if out.futures >= min_futures and clock.now() >= deadline:
            break
        if stop is not None and stop():
            break
        future = futures.next()
        worlds = [futures.played(future, plan.actions) for plan in plans]
        totals = [ev.values(world, modules=True) for world in worlds]
        out.values.append([ev.objective(points, me) for points in totals])
        out.worlds.append(worlds)
        out.totals.append(totals)
    return out


def follow(game: Game, actions: Sequence[Action], rng: random.Random, count: int,
           stop: Callable[[], bool] | None = None) -> list[Totals]:
    """Every player's expected points after ``actions`` in each of the first ``count``
    futures ``judge`` samples with ``rng`` (fewer when ``stop`` comes first): what ``judge``
    would give this plan, without judging the others.  The game is not changed."""
    futures = _Futures(game, rng)
    out: list[Totals] = []
    while len(out) < count and not (stop is not None and stop()):
        out.append(futures.ev.values(futures.played(futures.next(), actions), modules=True))
    return out
