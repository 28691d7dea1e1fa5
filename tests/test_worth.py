"""``Game.feature_worth``: what a feature is worth now if completed and at the end, checked
against what the game really awards, for every kind of every game."""

from __future__ import annotations

import random

import pytest

from game.ai.random_policy import random_action
from game.rules import Deploy, FeatureView, Game
from game.rules.registry import Registry

GAMES = [("carcassonne", [], {}), ("carcassonne", [], {"farm_scoring": "per-field"}),
         ("carcassonne", ["hills-and-sheep"], {}), ("hunters-and-gatherers", [], {}),
         ("over-hill-and-dale", [], {})]


def _feature(game: Game, category: str, cells: tuple[tuple[int, int], ...]
             ) -> FeatureView | None:
    wanted = set(cells)
    return next((f for f in game.all_features()
                 if f.kind == category and {c for c, _ in f.parts} == wanted), None)


@pytest.mark.parametrize(("game_id", "expansions", "options"), GAMES)
def test_a_completed_feature_was_worth_what_it_scored(registry: Registry, game_id: str,
                                                      expansions: list[str],
                                                      options: dict[str, str]) -> None:
    checked = 0
    for seed in range(6):
        game = Game(registry.ruleset(game_id, expansions), ["Red", "Blue"], seed=seed,
                    options=options)
        rng = random.Random(seed)
        while not game.over:
            actions = game.legal_actions()
            deploys = [a for a in actions if isinstance(a, Deploy)]
            events = game.apply(rng.choice(deploys) if deploys and rng.random() < 0.7
                                else random_action(game, rng))
            for ev in events:
                if ev.final or ev.category not in game.kinds:
                    continue
                feature = _feature(game, ev.category, ev.cells)
                assert feature is not None and feature.complete
                assert game.feature_worth(feature.id).completed == ev.points, ev
                checked += 1
    assert checked > 5


@pytest.mark.parametrize(("game_id", "expansions", "options"), GAMES)
def test_the_worth_at_the_end_is_what_the_final_scoring_gives(registry: Registry,
                                                              game_id: str,
                                                              expansions: list[str],
                                                              options: dict[str, str]) -> None:
    """At several moments of random games: every held, unfinished feature's worth at the end
    is what its leaders get from a final scoring played on a copy, feature by feature
    (the kinds' tables, hunts, huts; farmers when per-field)."""
    checked = 0
    for seed in range(6):
        game = Game(registry.ruleset(game_id, expansions), ["Red", "Blue"], seed=seed,
                    options=options)
        rng = random.Random(seed)
        turn = 0
        while not game.over:
            actions = game.legal_actions()
            deploys = [a for a in actions if isinstance(a, Deploy)]
            game.apply(rng.choice(deploys) if deploys and rng.random() < 0.7
                       else random_action(game, rng))
            turn += 1
            if turn % 17 or game.over:
                continue
            ended = game.copy()
            before = len(ended.events)
            ended.final_scoring()
            awards = ended.events[before:]
            for feature in game.all_features():
                if feature.complete or not feature.figures:
                    continue
                leaders = game.winners(list(feature.figures))
                if not leaders:
                    continue
                cells = {c for c, _ in feature.parts}
                categories = _end_categories(game, feature)
                got = [ev.points for ev in awards if ev.player == leaders[0]
                       and ev.category in categories and set(ev.cells) == cells]
                worth = game.feature_worth(feature.id).final
                if not categories:
                    continue
                assert (worth or 0) == sum(got), (feature.kind, cells, worth, got)
                checked += 1
    assert checked > 5


def _end_categories(game: Game, feature: FeatureView) -> set[str]:
    """The award categories that pay a feature's leaders at the end, where the award names
    the feature's own tiles: its kind's table, a hunt, huts on a network; farmers only when
    each field scores on its own (per-city awards name the city)."""
    kind = game.kinds[feature.kind]
    out = {feature.kind} if kind.final else set()
    if feature.kind == "meadow" and "hunters-gatherers" in game.tileset.rules:
        out.add("hunters")
    if feature.kind == "field" and game.options.get("farm_scoring") == "per-field":
        out.add("field")
    return out
