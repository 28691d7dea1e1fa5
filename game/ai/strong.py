"""The strong computer player: the best turn plans of ``quick``, compared over sampled futures.

1. ``quick`` ranks every plan for the turn (placement and figure), judging the plans of its
   best ``EXACT_PLACEMENTS`` placements exactly; the best ``CANDIDATES`` plans go on.
2. Each round of the search draws one possible future (a *determinization*): the tiles the
   player cannot see (the draw pile and the rivals' hands) are shuffled in a private copy
   of the game, whose random source is reseeded too, so the real order is never read.
3. Every candidate is played in that same future (common random numbers: the candidates
   are compared on equal draws), then every player plays one turn on with a light quick
   policy (rivals first, then the player's own next turn: a rival may join or block a
   feature, the player's next tile may complete it), and the position reached is judged
   by the static evaluation with the rule modules' final scoring.
4. Each round adds to every candidate its value minus the round's mean.  When the time
   budget is spent, a candidate's score is its mean gain over the rounds, blended with its
   ``quick`` value as if that were ``PRIOR_ROUNDS`` rounds: with little time ``strong``
   plays like ``quick`` (with more plans judged exactly), with more the futures decide.

Only complete rounds count, so a round that would not end before the deadline (it would
take longer than the longest round so far) is not begun: the budget is kept, not overrun
by a round thrown away.  When the time is too short for one round the best ``quick`` plan
is played.  The search ends early once the best plan leads every other clearly (see
``_settled``): an obvious move does not cost the whole budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from game.rules import Action, Game

from . import clock
from .evaluate import DEFAULT, Evaluator
from .light import LightPolicy
from .quick import Plan, rank_plans
from .worlds import determinize

CANDIDATES = 4  # plans compared by the search
EXACT_PLACEMENTS = 6  # placements whose follow-ups the initial ranking judges exactly
ROLLOUT_TURNS = 0  # turns played on after the plan; 0: one round, the rivals' and one's own
PRIOR_ROUNDS = 3.0  # the quick judgement counts as this many sampled futures
WEIGHTS = DEFAULT  # the evaluation's weights
FUTURE_MODULES = True  # judge with the modules' points from likely completions (farmers)
SETTLED_MIN_ROUNDS = 16  # the search may stop early after this many rounds...
SETTLED_Z = 2.5  # ... once the best plan leads every other by this many standard errors
SETTLED_EVERY = 4  # rounds between two such checks


def choose_plan(game: Game, rng: random.Random, budget: float,
                stop: Callable[[], bool] | None = None, max_rounds: int | None = None) -> Plan:
    deadline = clock.now() + budget
    ev = Evaluator(game, WEIGHTS, future=FUTURE_MODULES)
    light = LightPolicy(ev)
    plans = rank_plans(game, ev, rng, EXACT_PLACEMENTS)
    candidates = plans[:CANDIDATES]
    if len(candidates) <= 1:
        return plans[0]
    me = game.current
    turns = ROLLOUT_TURNS if ROLLOUT_TURNS > 0 else len(game.players)
    k = len(candidates)
    history: list[list[float]] = []  # each round's values, one per candidate

    def out_of_time() -> bool:
        return clock.now() >= deadline or (stop is not None and stop())

    longest = 0.0  # the longest complete round so far, in seconds
    while not out_of_time() and (max_rounds is None or len(history) < max_rounds):
        began = clock.now()
        if began + longest > deadline:
            break  # it would end after the deadline, and an unfinished round counts nothing
        future = determinize(game, rng)
        seed = rng.getrandbits(32)
        values: list[float] = []
        for cand in candidates:
            if out_of_time():
                break
            world = play_out(future, seed, cand.actions, light, turns, me, out_of_time)
            if world is None:
                break  # the deadline came in the middle of this future
            values.append(ev.objective(ev.values(world, modules=True), me))
        if len(values) < k:
            break  # an unfinished round compares nothing
        history.append(values)
        longest = max(longest, clock.now() - began)
        rounds = len(history)
        if rounds >= SETTLED_MIN_ROUNDS and rounds % SETTLED_EVERY == 0 and \
                _settled(candidates, history):
            break
    scores = _scores(candidates, history)
    return candidates[max(range(k), key=scores.__getitem__)]


def play_out(future: Game, seed: int, actions: Sequence[Action], light: LightPolicy,
             turns: int, me: int, out_of_time: Callable[[], bool] = lambda: False
             ) -> Game | None:
    """A plan played in one sampled future, then the rest of the player's turn (a question
    the plan led to, its figure step) and ``turns`` more turns with the light policy: the
    position it reaches.  Every plan compared in a round meets the same draws (``seed``),
    and every one is followed by as many turns of the others and of the player.  None when
    ``out_of_time`` says so before a light turn: the round is given up."""
    world = future.copy()
    world.reseed(seed)
    for action in actions:
        if world.over or not world.is_legal(action):
            break
        world.apply_legal(action)
    roll = random.Random(seed)
    if not world.over and world.current == me:
        world = light.turn(world, roll)
    for _ in range(turns):
        if world.over:
            break
        if out_of_time():
            return None  # a round's futures run longer than the rounds before: given up
        world = light.turn(world, roll)
    return world


def _scores(candidates: list[Plan], history: list[list[float]]) -> list[float]:
    """Each candidate's score: its mean gain over the rounds (its value minus the round's
    mean) blended with its quick value, which counts as ``PRIOR_ROUNDS`` rounds."""
    k = len(candidates)
    rounds = len(history)
    gains = [0.0] * k
    for values in history:
        mean = sum(values) / k
        for i, v in enumerate(values):
            gains[i] += v - mean
    prior_mean = sum(c.value for c in candidates) / k
    weight = PRIOR_ROUNDS / (PRIOR_ROUNDS + rounds)
    return [weight * (c.value - prior_mean) + (1.0 - weight) * (g / rounds if rounds else 0.0)
            for c, g in zip(candidates, gains, strict=True)]


def _settled(candidates: list[Plan], history: list[list[float]]) -> bool:
    """Whether more rounds would hardly change the choice: the best plan's lead over every
    other, round by round (the plans met the same futures), is ``SETTLED_Z`` standard errors
    clear.  Obvious moves then take a fraction of the budget."""
    rounds = len(history)
    k = len(candidates)
    scores = _scores(candidates, history)
    best = max(range(k), key=scores.__getitem__)
    sampled_share = rounds / (PRIOR_ROUNDS + rounds)
    for j in range(k):
        if j == best:
            continue
        diffs = [values[best] - values[j] for values in history]
        mean = sum(diffs) / rounds
        var = sum((d - mean) ** 2 for d in diffs) / (rounds - 1)
        if scores[best] - scores[j] <= SETTLED_Z * sampled_share * math.sqrt(var / rounds):
            return False
    return True
