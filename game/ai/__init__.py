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

import itertools
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable, Sequence

from game.rules import Action, Game

from . import easy, mcts, quick, strong
from .random_policy import random_action

LEVELS = ("random", "easy", "quick", "strong", "mcts")
# The window's names of two levels (its seat buttons say Medium and Hard): command lines
# take them too, so that what a player reads on a seat button works in ``--seats``.
LEVEL_WORDS = {"medium": "quick", "hard": "strong"}
LEVELS_SAID = "random, easy, medium (quick), hard (strong), mcts"  # for help and errors


def level_named(word: str) -> str | None:
    """The level a command line's word names (``hard``: ``strong``), or None."""
    level = LEVEL_WORDS.get(word, word)
    return level if level in LEVELS else None


def kinds_named(text: str, others: Collection[str] = ()) -> tuple[list[str], list[str]]:
    """A command line's seats, comma-separated: each a computer's level (``hard``:
    ``strong``) or one of ``others`` as it is (``human``, ``open``); and the words that
    name none of them."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    kinds = [w if w in others else level_named(w) for w in words]
    unknown = [w for w, k in zip(words, kinds, strict=True) if k is None]
    return [k for k in kinds if k is not None], unknown


DEFAULT_BUDGET_S = 1.0

_plans: OrderedDict[Hashable, Action] = OrderedDict()
_plans_lock = threading.Lock()


def _key(game: Game, level: str) -> Hashable:
    return (level, id(game.tileset), game.seed, game.order, game.players, tuple(game.moves),
            tuple(game.forced))


def keep_plan(game: Game, level: str, actions: Sequence[Action]) -> None:
    """Keep the rest of a turn plan, keyed by the position after each of its actions, as
    far as the game allows it: a plan made in sampled futures (``mcts``) may go past a
    draw, a bonus tile the real game drew otherwise, where it ends.  ``choose_action`` keeps
    the plans it makes; a caller that had a plan made elsewhere (``make_plan`` in another
    process) keeps it here, and ``choose_action`` answers from it as if it had made it."""
    after = game.copy()
    if not actions or not after.is_legal(actions[0]):
        return
    for action, following in itertools.pairwise(actions):
        after.apply_legal(action)
        if after.over or not after.is_legal(following):
            return
        with _plans_lock:
            _plans[_key(after, level)] = following
            while len(_plans) > 64:
                _plans.popitem(last=False)


def has_plan(game: Game, level: str) -> bool:
    """Whether ``level`` will answer at once from the plan it made earlier in this turn."""
    with _plans_lock:
        return _key(game, level) in _plans


def _recall(game: Game, level: str) -> Action | None:
    with _plans_lock:
        action = _plans.pop(_key(game, level), None)
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
    _check_level(game, level)
    if level == "random":
        return random_action(game, rng)
    planned = _recall(game, level)
    if planned is not None:
        return planned
    plan = make_plan(game, level, rng, budget_s, stop)
    keep_plan(game, level, plan)
    return plan[0]


def make_plan(game: Game, level: str, rng: random.Random, budget_s: float | None = None,
              stop: Callable[[], bool] | None = None) -> tuple[Action, ...]:
    """The turn plan ``level`` makes now for ``game.current``, from scratch (no plan made
    earlier is recalled, and this one is not kept): its first action is what
    ``choose_action`` plays when it has no plan.  ``random`` plans one action."""
    _check_level(game, level)
    if level == "random":
        return (random_action(game, rng),)
    budget = DEFAULT_BUDGET_S if budget_s is None else budget_s
    if level == "easy":
        plan = easy.choose_plan(game, rng)
    elif level == "quick":
        plan = quick.choose_plan(game, rng)
    elif level == "strong":
        plan = strong.choose_plan(game, rng, budget, stop)
    else:
        plan = mcts.choose_plan(game, rng, budget, stop)
    return tuple(plan.actions)


def _check_level(game: Game, level: str) -> None:
    if game.over:
        raise ValueError("the game is over: there is nothing to choose")
    if level not in LEVELS:
        raise ValueError(f"unknown computer level '{level}' (levels: {', '.join(LEVELS)})")


__all__ = ["DEFAULT_BUDGET_S", "LEVELS", "choose_action", "has_plan", "keep_plan", "make_plan",
           "random_action"]
