"""A position's value split by what it comes from, for the review: the points scored and
expected of each feature kind, each module award (farmers' fields, flocks, hunts...), and
the figures kept and expected back.  The parts add up to the strong player's evaluation
(``Evaluator.values`` with the modules' points), so that points lost by a move can be told
by kind.  Nothing here names a game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from game.rules import Game
from game.rules.features import Feature

from .evaluate import Evaluator, turns_left

FIGURES = "figures"  # figures in the supply and those expected back

Parts = dict[str, float]


def breakdown(ev: Evaluator, game: Game) -> list[Parts]:
    """Each player's value, ``ev.values(game, modules=True)``, by category."""
    players = len(game.players)
    out: list[defaultdict[str, float]] = [defaultdict(float) for _ in range(players)]
    for event in game.events:
        out[event.player][event.category] += event.points
    turns = turns_left(game)
    base = ev.base(game, turns)
    feats = game.features
    for root, (value, _) in base.parts.items():
        kind = feats.kind[root]
        for player in range(players):
            out[player][kind] += value[player]
    for player in range(players):
        have = base.supply[player]
        out[player][FIGURES] += base.weight[player] * ev.marginal(have, turns) + \
            ev.supply_value(have, turns)
        if ev.future:
            for category, worth in ev.held_worths(game, player, turns):
                out[player][category] += ev.weights.held * worth
    kinds_final: list[defaultdict[str, float]] = [defaultdict(float) for _ in range(players)]
    for root in base.roots:
        kind = feats.kind[root]
        if not feats.done[root] and game.kinds[kind].final:
            final = game.feature_points(Feature(feats, root), False)
            for player in game.winners(feats.figures[root]):
                kinds_final[player][kind] += final
    now = _final_awards(game, kinds_final)
    for player in range(players):
        for category, points in now[player].items():
            out[player][category] += points
    if ev.future:
        later = _final_awards(ev.likely_completed(game, base), kinds_final)
        lam = ev.weights.future_modules
        for player in range(players):
            for category in set(later[player]) | set(now[player]):
                out[player][category] += lam * (later[player].get(category, 0.0) -
                                                now[player].get(category, 0.0))
    return [dict(parts) for parts in out]


def objective_parts(ev: Evaluator, parts: Sequence[Parts], values: Sequence[float],
                    me: int) -> Parts:
    """``ev.objective`` split the same way: the player's parts less their rivals', each
    rival weighed as the objective weighs it (the best rival, by ``values``, weighs more)."""
    rivals = [i for i in range(len(parts)) if i != me]
    out: defaultdict[str, float] = defaultdict(float, parts[me])
    if not rivals:
        return dict(out)
    best = max(rivals, key=lambda i: values[i])
    w = ev.weights.rival_max
    for i in rivals:
        weight = (1.0 - w) / len(rivals) + (w if i == best else 0.0)
        for category, value in parts[i].items():
            out[category] -= weight * value
    return dict(out)


def _final_awards(game: Game, kinds_final: Sequence[Parts]) -> list[Parts]:
    """What the final scoring would award, by category, beyond the kinds' final points of
    the features holding figures (those are counted with the features)."""
    players = len(game.players)
    out: list[defaultdict[str, float]] = [defaultdict(float) for _ in range(players)]
    if not game.over:
        world = game.copy()
        before = len(world.events)
        world.final_scoring()
        for event in world.events[before:]:
            out[event.player][event.category] += event.points
    for player in range(players):
        for kind, points in kinds_final[player].items():
            out[player][kind] -= points
    return [dict(parts) for parts in out]
