"""Points held for later (a shepherd's flock) valued by what they will really score: herded
only on a turn the player's tile extends the field, lost if never herded, grown at the risk
of the bag's wolves.  And a position's value split by category adds up to the whole."""

from __future__ import annotations

import random

import pytest

from game.ai import quick
from game.ai.breakdown import breakdown, objective_parts
from game.ai.evaluate import Evaluator
from game.ai.holdings import HoldingValues
from game.rules import Choose, Deploy, Game, Place, Skip, TileSet
from game.rules.modules import Holding
from game.rules.modules.hills_sheep import BAG
from game.rules.registry import Registry

LOTTERY = tuple((int(t), BAG.count(t) / len(BAG)) for t in "1234")
WOLVES = BAG.count("wolf") / len(BAG)


def flock(points: int, now: bool = False, kept: bool = False) -> Holding:
    return Holding(points, 0, LOTTERY, WOLVES, "sheep", now, kept)


def test_a_flock_is_worth_less_as_the_end_comes_and_nothing_after() -> None:
    values = HoldingValues()
    worth = [values.worth(flock(8), turns, 0.9) for turns in (0, 1, 2, 4, 8, 12, 30)]
    assert worth[0] == 0.0  # never herded: it scores nothing
    assert worth == sorted(worth)  # more turns, more chances to herd (and to grow)
    assert worth[1] == pytest.approx(0.9 * 8)  # one turn: herded if the tile reaches it
    assert worth[-1] > 8  # with time, growing first pays
    assert values.worth(flock(8, kept=True), 0, 0.9) == 8.0  # a holding the end counts


def test_asked_now_herding_is_always_possible() -> None:
    values = HoldingValues()
    for points in (1, 5, 20):
        for turns in (0, 1, 6):
            asked = values.worth(flock(points, now=True), turns, 0.5)
            assert asked >= points
            assert asked >= values.worth(flock(points), turns, 0.5)
    # A big flock with two wolves in the bag: herd now rather than grow.
    assert values.worth(flock(20, now=True), 6, 0.9) == 20.0
    # Too late to herd after growing: herding is all it is worth.
    assert values.worth(flock(3, now=True), 0, 0.9) == 3.0


def a_flock(hs: TileSet) -> Game:
    """Red's shepherd stands in a field with a flock of 3; Blue to play."""
    game = Game(hs, ["Red", "Blue"])
    game.force("tile", "U")
    game.force("draws", "3")
    game.apply(Place("U", 1, 0, 0))
    game.apply(Deploy("shepherd", "S"))
    return game


def test_the_shepherds_module_describes_the_flock(registry: Registry) -> None:
    game = a_flock(registry.ruleset("carcassonne", ["hills-and-sheep"]))
    (module,) = [m for m in game.modules if m.name == "shepherds"]
    held = module.holding(game.host, 0)
    assert held is not None and module.holding(game.host, 1) is None
    assert held.points == 3 == game.held_points(0)
    assert held.category == "sheep" and not held.kept and not held.now
    assert sum(p for _, p in held.growth) + held.lost == pytest.approx(1.0)
    assert held.lost == pytest.approx(2 / 17)  # two wolves among the 17 tokens left
    game.force("tile", "U")
    game.apply(Place("U", -1, 0, 0))  # Blue extends the field: Red is not asked
    game.apply(Skip())
    game.force("tile", "U")
    game.apply(Place("U", 2, 0, 0))  # Red extends it: asked to grow or herd
    held = module.holding(game.host, 0)
    assert held is not None and held.now
    game.apply(Choose("herd"))
    assert module.holding(game.host, 0) is None


def test_the_strong_evaluation_counts_a_flock_by_the_turns_left(registry: Registry) -> None:
    game = a_flock(registry.ruleset("carcassonne", ["hills-and-sheep"]))
    early = Evaluator(game, future=True)
    flock_early = early.held_worth(game, 0, 30.0)
    assert flock_early > 3
    late = game.copy()
    late.deck = late.deck[-2:]
    flock_late = Evaluator(late, future=True).held_worth(late, 0, 1.0)
    assert 0 < flock_late < 3
    assert Evaluator(game).values(game)[0] < early.values(game)[0]  # quick counts no flock


GAMES = [("carcassonne", []), ("carcassonne", ["hills-and-sheep"]),
         ("hunters-and-gatherers", []), ("over-hill-and-dale", [])]


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_the_parts_of_a_value_add_up_to_it(registry: Registry, game_id: str,
                                           expansions: list[str], players: int) -> None:
    game = Game(registry.ruleset(game_id, expansions), [f"P{i}" for i in range(players)],
                seed=3)
    rng = random.Random(3)
    checked = 0
    while checked < 40:
        ev = Evaluator(game, future=True)
        values = ev.values(game, modules=True)
        parts = breakdown(ev, game)
        for p in range(players):
            assert sum(parts[p].values()) == pytest.approx(values[p], abs=1e-9)
        mine = objective_parts(ev, parts, values, game.current)
        assert sum(mine.values()) == pytest.approx(ev.objective(values), abs=1e-9)
        checked += 1
        if game.over:
            break
        for _ in range(2):  # on to the next turn (a placement and its follow-up)
            if not game.over:
                game.apply(quick.choose_plan(game, rng).actions[0])


def test_the_strong_evaluation_counts_what_a_completion_adds(registry: Registry) -> None:
    """A cloister beside a vineyard: completed, it scores 3 more (Hills & Sheep)."""
    game = Game(registry.ruleset("carcassonne", ["hills-and-sheep"]), ["A", "B"], seed=1)
    game.force("tile", "HS05")  # a vineyard
    game.apply(Place("HS05", 0, 1, 180))
    game.apply(Skip())
    game.force("tile", "B")  # a cloister beside it
    game.apply(Place("B", -1, 1, 0))
    game.apply(Deploy("follower", "cloister"))
    placed = game.board.tiles[(-1, 1)]
    root = game.features.find(placed.first + placed.t.kinds.index("cloister"))
    quick_points, p = Evaluator(game).feature_value(game, root, 30.0)
    strong_points, same_p = Evaluator(game, future=True).feature_value(game, root, 30.0)
    assert same_p == p > 0.9
    assert strong_points - quick_points == pytest.approx(3 * p)
