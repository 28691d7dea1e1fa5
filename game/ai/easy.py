"""The easy computer player: ``quick``'s judgement with a deliberate share of weaker choices.

It ranks the turn's plans as ``quick`` does, but only with the static evaluation (it never
plays the best plans out again with the modules' final scoring, so farmers and the like
escape it), and on a share of its turns it plays another plan than its best, picked at
random among the rest: a newcomer can win against it, and still meets a player who closes
its cities and keeps its figures busy.
"""

from __future__ import annotations

import random

from game.rules import Game

from .evaluate import Evaluator
from .quick import Plan, rank_plans

WEAKER_SHARE = 0.3  # share of turns played with a plan picked at random instead of the best


def choose_plan(game: Game, rng: random.Random) -> Plan:
    plans = rank_plans(game, Evaluator(game), rng, exact=0)
    if len(plans) > 1 and rng.random() < WEAKER_SHARE:
        return plans[rng.randrange(1, len(plans))]
    return plans[0]
