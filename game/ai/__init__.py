"""Computer players for every game the rules core loads.  Headless: never imports pygame.

    from game.ai import choose_action
    action = choose_action(game, "quick", rng)            # or "strong", budget_s=1.0
    game.apply(action)

Levels:

- ``random``: a uniformly random legal action (placements once per distinct rotation, as
  ``python -m game.sim`` plays);
- ``quick``: one look at every move of the turn, judged by a static evaluation
  (points made, features set up and their chance of completion, figures kept);
- ``strong``: a search within a time budget (1 s per move by default): the best turn plans
  of ``quick`` are compared over sampled futures, in each of which the unseen tiles are
  shuffled (the AI never reads the real order of the draw pile) and every player then plays
  one turn ahead with a light quick policy; it stops before the budget is spent once the
  best plan is clearly ahead (see ``strong.py``).

Everything goes through the rules interface (``legal_actions``, ``apply``, ``copy``,
scores, the final-score preview, feature data), so new games and phases need no code here.
A level plans a whole turn at once (placement and figure); when it is asked again for the
rest of that turn it answers from the plan.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from game.rules import Action, Game

from . import quick, strong
from .random_policy import random_action

LEVELS = ("random", "quick", "strong")
DEFAULT_BUDGET_S = 1.0

_plans: OrderedDict[Hashable, Action] = OrderedDict()
_plans_lock = threading.Lock()


def _key(game: Game) -> Hashable:
    return (id(game.tileset), game.seed, game.players, tuple(game.moves), tuple(game.forced))


def _remember(game: Game, actions: tuple[Action, ...]) -> None:
    """Keep the rest of a turn plan, keyed by the position after its first action."""
    if len(actions) < 2:
        return
    after = game.copy()
    after.apply(actions[0])
    with _plans_lock:
        _plans[_key(after)] = actions[1]
        while len(_plans) > 64:
            _plans.popitem(last=False)


def _recall(game: Game) -> Action | None:
    with _plans_lock:
        action = _plans.pop(_key(game), None)
    if action is not None and game.is_legal(action):
        return action
    return None


def choose_action(game: Game, level: str, rng: random.Random, budget_s: float | None = None,
                  stop: Callable[[], bool] | None = None) -> Action:
    """The action the computer plays now for ``game.current``.

    ``level`` is one of ``LEVELS``; ``budget_s`` is the thinking time of ``strong`` (default
    1 s; the other levels ignore it); ``stop`` is polled by the search to end it early (the
    best action found so far is returned).  The game is not changed.
    """
    if game.over:
        raise ValueError("the game is over: there is nothing to choose")
    if level not in LEVELS:
        raise ValueError(f"unknown computer level '{level}' (levels: {', '.join(LEVELS)})")
    if level == "random":
        return random_action(game, rng)
    planned = _recall(game)
    if planned is not None:
        return planned
    if level == "quick":
        plan = quick.choose_plan(game, rng)
    else:
        budget = DEFAULT_BUDGET_S if budget_s is None else budget_s
        plan = strong.choose_plan(game, rng, budget, stop)
    _remember(game, plan.actions)
    return plan.actions[0]


__all__ = ["DEFAULT_BUDGET_S", "LEVELS", "choose_action", "random_action"]
