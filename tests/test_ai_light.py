"""The light policy inside ``strong``'s futures judges a placement by working out only the
features it can change: its values must equal the static evaluation of the whole position."""

from __future__ import annotations

import random

import pytest

from game.ai import choose_action
from game.ai.evaluate import Evaluator
from game.ai.light import LightPolicy
from game.ai.quick import turn_candidates
from game.rules import Deploy, Game, Phase, Skip
from game.rules.features import Figure
from game.rules.registry import Registry

GAMES = [("carcassonne", []), ("carcassonne", ["hills-and-sheep"]),
         ("hunters-and-gatherers", []), ("over-hill-and-dale", [])]


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
def test_light_judgement_equals_the_whole_evaluation(registry: Registry, game_id: str,
                                                     expansions: list[str]) -> None:
    tileset = registry.ruleset(game_id, expansions)
    compared = 0
    for seed in range(3):
        game = Game(tileset, ["A", "B"], seed=seed)
        rng = random.Random(seed)
        while not game.over and len(game.moves) < 24 + 12 * seed:
            game.apply(choose_action(game, "quick", rng))
        while game.phase is not Phase.PLACE:
            game.apply(choose_action(game, "quick", rng))
        me = game.current
        ev = Evaluator(game, future=True)
        for after, options in LightPolicy(ev).judge(game, me, None, turn_candidates(game)):
            for value, option in options:
                if isinstance(option, Skip) or option is None:
                    whole = ev.objective(ev.values(after), me)
                elif isinstance(option, Deploy):
                    cell = after.last_cell
                    index = after.target_feature(option.target)
                    assert cell is not None and index is not None
                    whole = ev.objective(ev.values(after, extra=Figure(-1, me, option.figure,
                                                                       cell, index)), me)
                else:
                    continue  # a module's move, judged by the points it makes
                assert value == pytest.approx(whole, abs=1e-6), (seed, after.moves[-1], option)
                compared += 1
    assert compared > 50
