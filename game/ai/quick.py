"""The quick computer player: one look at every move, judged by the static evaluation.

A turn is judged as a whole: every distinct placement of the tile (or tiles) in hand is
played on a private copy of the game (the unseen tiles shuffled: the real draw order is
never read), and every figure choice that follows it is judged on that copy without playing
it (the figure is imagined on its feature; see ``Evaluator.values``).  The few best
placements are then looked at again exactly: each of their follow-ups is played on a copy
and judged with the rule modules' final scoring included (farmers and the like).

In any other phase (questions and moves a rule module asks for) every legal action is
played on copies and judged exactly, averaged over a few reseeded copies since such an
action may draw something at random.  Nothing here names a game, a kind or a figure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import Action, Deploy, Game, Phase, Place
from game.rules.features import Figure

from .evaluate import Evaluator
from .worlds import determinize, fork

EXACT_PLACEMENTS = 4  # placements whose follow-ups are played and judged exactly
OTHER_PHASE_SAMPLES = 3  # reseeded copies per action outside the placement step


@dataclass(frozen=True)
class Plan:
    """The actions of one player's turn from now (a placement and its follow-up, or one
    action), with the value the evaluation gave it."""

    actions: tuple[Action, ...]
    value: float


def turn_candidates(game: Game) -> list[Action]:
    """The legal actions, with placements that differ only by a symmetric turn dropped."""
    actions = game.legal_actions()
    if game.phase is not Phase.PLACE:
        return actions
    tiles = game.tile_types
    return [a for a in actions
            if not isinstance(a, Place) or a.rotation // 90 in tiles[a.tile].distinct_rotations]


def judge_exactly(game: Game, action: Action, ev: Evaluator, rng: random.Random,
                  samples: int = 1) -> float:
    """The value of playing ``action``: played on ``samples`` reseeded copies, judged with
    the modules' final scoring."""
    total = 0.0
    for _ in range(samples):
        world = fork(game, rng)
        world.apply(action)
        total += ev.objective(ev.values(world, modules=True))
    return total / samples


def imagined_follow_ups(after: Game, ev: Evaluator) -> list[tuple[float, Action]]:
    """The options after a placement, each judged on the copy without playing it: a figure
    is imagined on its feature; other options count as passing until judged exactly."""
    me = after.current
    base = ev.objective(ev.values(after), me)
    out: list[tuple[float, Action]] = []
    cell = after.last_cell
    for option in after.legal_actions():
        value = base
        if isinstance(option, Deploy) and cell is not None:
            index = after.target_feature(option.target)
            if index is not None:
                fig = Figure(-1, me, option.figure, cell, index)
                value = ev.objective(ev.values(after, extra=fig), me)
        out.append((value, option))
    return out


def rank_plans(game: Game, ev: Evaluator, rng: random.Random,
               exact: int = EXACT_PLACEMENTS) -> list[Plan]:
    """Every plan for the rest of this turn, best first.  The first plans (those of the
    ``exact`` best placements, with all their follow-ups) carry exact values; the rest
    carry their quick values and come after them."""
    me = game.current
    world = determinize(game, rng)
    if game.phase is not Phase.PLACE:
        plans = [Plan((a,), judge_exactly(world, a, ev, rng, OTHER_PHASE_SAMPLES))
                 for a in game.legal_actions()]
        plans.sort(key=lambda p: -p.value)
        return plans
    rough: list[tuple[float, float, Action, Game, list[tuple[float, Action]]]] = []
    for action in turn_candidates(world):
        after = world.copy()
        after.apply(action)
        if after.phase is Phase.FIGURE and after.current == me and not after.over:
            options = imagined_follow_ups(after, ev)
            best = max(v for v, _ in options)
        else:
            options = []
            best = ev.objective(ev.values(after))
        rough.append((best, rng.random(), action, after, options))
    rough.sort(key=lambda r: (-r[0], r[1]))
    exact_plans: list[Plan] = []
    rest: list[Plan] = []
    for i, (best, _, action, after, options) in enumerate(rough):
        if i < exact:
            if options:
                for _, option in options:
                    exact_plans.append(Plan((action, option),
                                            judge_exactly(after, option, ev, rng)))
            else:
                exact_plans.append(Plan((action,), ev.objective(ev.values(after, modules=True))))
        elif options:
            value, option = max(options, key=lambda o: o[0])
            rest.append(Plan((action, option), value))
        else:
            rest.append(Plan((action,), best))
    exact_plans.sort(key=lambda p: -p.value)
    return exact_plans + rest


def choose_plan(game: Game, rng: random.Random) -> Plan:
    return rank_plans(game, Evaluator(game), rng)[0]
