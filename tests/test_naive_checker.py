"""Cross-check the engine against the naive referee over many seeded random games.

After every action the two must agree on the feature partition and completeness, the scores,
the supplies and where the followers stand; in the place phase on the legal placements and in
the figure phase on where a follower may go.  At the end they must agree on the final scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.rules import Deploy, Game, Place, Skip, default_registry
from tests.naive_checker import Feature, NaiveCarcassonne

YAML = Path(__file__).resolve().parents[1] / "tilesets" / "carcassonne.yaml"
TILESET = default_registry().ruleset("carcassonne")
GAMES = 100

Checker = Callable[[Path], NaiveCarcassonne]


def _diff(what: str, engine: object, naive: object) -> str | None:
    return None if engine == naive else f"{what}: engine {engine!r} != naive {naive!r}"


def _feature_diff(game: Game, checker: NaiveCarcassonne) -> str | None:
    engine = {(f.kind, f.parts, f.complete) for f in game.all_features()}
    naive = checker.feature_keys()
    if engine == naive:
        return None
    only_engine = sorted(engine - naive, key=repr)[:3]
    only_naive = sorted(naive - engine, key=repr)[:3]
    return f"features: only in engine {only_engine}; only in naive {only_naive}"


def _phase_diff(game: Game, checker: NaiveCarcassonne) -> str | None:
    """What the current player may do next, seen by both."""
    if game.over:
        return None
    if isinstance(game.legal_actions()[-1], Skip):
        player = game.current
        offered = [checker.resolve(d.target) for d in game.deploy_options()]
        if len(offered) != len(set(offered)):
            return f"deploy options: the engine offers one feature twice: {offered}"
        return _diff("deploy options", set(offered), checker.deploy_options(player))
    tile = game.current_tile
    assert tile is not None
    engine = {(p.tile, p.x, p.y, p.rotation) for p in game.legal_actions()
              if isinstance(p, Place)}
    return _diff(f"placements of {tile}", engine, checker.legal_placements(tile))


def compare(game: Game, checker: NaiveCarcassonne) -> str | None:
    """The first disagreement between engine and checker, or None."""
    return next((p for p in _problems(game, checker) if p is not None), None)


def _problems(game: Game, checker: NaiveCarcassonne) -> Iterator[str | None]:
    # A generator so the costlier checks only run once the cheap ones agree.
    yield _feature_diff(game, checker)
    yield _diff("scores", game.scores, checker.scores)
    yield _diff("supplies", [s["follower"] for s in game.supply], checker.supply)
    yield _diff("followers", {(f.player, f.cell, f.index) for f in game.figures.values()},
                {(f.player, f.cell, f.index) for f in checker.followers})
    yield _phase_diff(game, checker)


def mirror(game: Game, checker: NaiveCarcassonne, action: object, player: int) -> None:
    """Replay on the checker an action the engine just applied."""
    if isinstance(action, Place):
        checker.place(action.tile, action.x, action.y, action.rotation)
    elif isinstance(action, Deploy):
        assert action.figure == "follower"
        checker.deploy(player, action.target)
        checker.end_turn()
    elif isinstance(action, Skip):
        checker.end_turn()
    else:
        raise AssertionError(f"unexpected action {action!r}")
    if game.over:
        checker.final()


def play_and_compare(seed: int, make_checker: Checker = NaiveCarcassonne) -> str | None:
    """Play one random 2-player game; the first disagreement found, or None."""
    rng = random.Random(seed)
    game = Game(TILESET, ["A", "B"], seed=seed)
    checker = make_checker(YAML)
    checker.place_start()
    if (problem := compare(game, checker)) is not None:
        return f"seed {seed}, at the start: {problem}"
    move = 0
    while not game.over:
        action = rng.choice(game.legal_actions())
        player = game.current
        game.apply(action)
        mirror(game, checker, action, player)
        move += 1
        if (problem := compare(game, checker)) is not None:
            return f"seed {seed}, move {move} ({action}, player {player}): {problem}"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(GAMES))
def test_engine_agrees_with_naive_checker(seed: int) -> None:
    problem = play_and_compare(seed)
    assert problem is None, problem


class ThreePointCities(NaiveCarcassonne):
    """A deliberately wrong referee: completed cities pay 3 per tile."""

    def completed_points(self, feature: Feature) -> int:
        if feature.kind == "city":
            return 3 * feature.tiles + 2 * feature.shields
        return super().completed_points(feature)


@pytest.mark.slow
def test_cross_check_catches_a_wrong_city_score() -> None:
    """The comparison is not vacuous: a wrong rule is caught within a few games."""
    problems = [play_and_compare(seed, ThreePointCities) for seed in range(5)]
    caught = [p for p in problems if p is not None]
    assert caught, "a referee paying 3 per city tile agreed with the engine on 5 games"
    assert all("scores" in p for p in caught)
