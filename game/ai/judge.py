"""One decision judged as the strong player judges it, with how sure the judgement is: the
review's judge.

The plans the strong player would compare (``quick``'s ranking, its best ``CANDIDATES``),
and any plans asked about (the move a player made), are played in the same sampled futures
``strong`` plays in: the tiles the player cannot see shuffled, the random source reseeded,
then the rest of the turn and one turn of every player with the light policy, the position
reached judged by the strong player's evaluation.  Every plan meets the same futures, so
the difference between two plans is measured future by future, and its standard error comes
from how much it varies.  Each value is also split by category (``breakdown``).
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

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


@dataclass
class Judgement:
    """The plans of one decision and what each was worth in each sampled future."""

    plans: list[Plan]
    values: list[list[float]]  # one list per future: each plan's value, in points
    parts: list[list[Parts]]  # the same values by category

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
        out: defaultdict[str, float] = defaultdict(float)
        for parts in self.parts:
            for category, value in parts[i].items():
                out[category] += value
            for category, value in parts[j].items():
                out[category] -= value
        return {c: v / self.futures for c, v in out.items()}

    def index(self, actions: Sequence[Action]) -> int | None:
        key = tuple(actions)
        return next((i for i, p in enumerate(self.plans) if p.actions == key), None)


def decision_rng(seed: int, move: int) -> random.Random:
    """The random source a decision at move ``move`` of a game seeded ``seed`` is judged
    with: the review's, and the Hint's, so that both sample the same futures."""
    return random.Random(f"review:{seed}:{move}")


def judge(game: Game, asked: Sequence[Sequence[Action]], rng: random.Random, budget: float,
          stop: Callable[[], bool] | None = None, min_futures: int = MIN_FUTURES,
          max_futures: int = MAX_FUTURES) -> Judgement:
    """The strong player's candidate plans for ``game.current`` and the ``asked`` plans,
    compared over sampled futures until ``budget`` seconds are spent (at least
    ``min_futures``, at most ``max_futures``; ``stop`` ends it sooner, keeping the futures
    done).  The game is not changed."""
    deadline = clock.now() + budget
    ev = Evaluator(game, WEIGHTS, future=True)
    light = LightPolicy(ev)
    plans = rank_plans(game, ev, rng, EXACT_PLACEMENTS)[:CANDIDATES]
    known = {p.actions for p in plans}
    for actions in asked:
        if tuple(actions) not in known:
            known.add(tuple(actions))
            plans.append(Plan(tuple(actions), math.nan))
    me = game.current
    turns = len(game.players)
    out = Judgement(plans, [], [])
    while out.futures < max_futures:
        if out.futures >= min_futures and clock.now() >= deadline:
            break
        if stop is not None and stop():
            break
        future = determinize(game, rng)
        seed = rng.getrandbits(32)
        values: list[float] = []
        parts: list[Parts] = []
        for plan in plans:
            world = play_out(future, seed, plan.actions, light, turns, me)
            assert world is not None  # never given up: the judge has no deadline inside
            totals = ev.values(world, modules=True)
            values.append(ev.objective(totals, me))
            parts.append(objective_parts(ev, breakdown(ev, world), totals, me))
        out.values.append(values)
        out.parts.append(parts)
    return out
