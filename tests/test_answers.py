"""What each answer to a rule module's question scores now, measured on private copies."""

from __future__ import annotations

import gettext
import random

from game.ai.random_policy import random_action
from game.review.answers import Outcome, describe, outcome
from game.rules import Choose, Game
from game.rules.modules.hills_sheep import Shepherds
from game.rules.registry import Registry
from game.words import i18n


def flock_question(registry: Registry) -> Game:
    """A game of Hills & Sheep at its first grow-or-herd question."""
    for seed in range(100):
        game = Game(registry.ruleset("carcassonne", ["hills-and-sheep"]), ["A", "B"],
                    seed=seed)
        rng = random.Random(seed)
        while not game.over:
            if game.phase == "choose":
                return game
            game.apply(random_action(game, rng))
    raise AssertionError("no question asked in 100 games")


def test_herding_scores_the_flock_now_and_growing_risks_it(registry: Registry) -> None:
    game = flock_question(registry)
    moves = list(game.moves)
    me = game.current
    flock = game.held_points(me)
    herd = outcome(game, Choose("herd"))
    assert herd.exact and herd.points == flock and herd.risk == 0
    grow = outcome(game, Choose("grow"))
    assert grow.points == 0 and grow.held > 0
    assert 0 < grow.risk < 0.5 and grow.figure == "shepherd"  # 2 wolves in the bag
    assert game.moves == moves  # nothing played on the real game
    assert describe(game, herd) == f"+{flock} now"
    assert describe(game, grow).startswith("about +")
    assert "risk your shepherd goes home" in describe(game, grow)


def test_growing_tells_the_bags_odds_exactly(registry: Registry) -> None:
    """The risk and what growing adds are the bag's own odds, not the copies' estimate: a
    player who counts the tokens finds the same figures, whatever the copies drew."""
    game = flock_question(registry)
    me = game.current
    shepherds = game.module("shepherds")
    assert isinstance(shepherds, Shepherds)
    bag = shepherds.bag
    wolves = bag.count("wolf")
    flock = game.held_points(me)
    sheep = sum(int(token) for token in bag if token != "wolf")
    for seed in (0, 1, 2):
        grow = outcome(game, Choose("grow"), samples=24, seed=seed)
        assert grow.risk == wolves / len(bag)
        assert abs(grow.held - (sheep - wolves * flock) / len(bag)) < 1e-9
        assert grow.figure == "shepherd"


def test_an_outcome_in_words() -> None:
    game_players = ("Red", "Blue")

    class Named:
        players = game_players
        tileset = None

    result = Outcome(8, True, ((1, 8.0),), 0.0, 0.0, "")
    assert describe(Named(), result) == "+8 now · Blue +8"  # type: ignore[arg-type]
    assert describe(Named(), Outcome(0, True, (), 0.0, 0.0, "")) == "nothing scored now"  # type: ignore[arg-type]
    try:
        i18n.use(gettext.NullTranslations(), "fr")
        assert i18n.decimal(1.5) == "1,5"  # French writes a decimal comma
    finally:
        i18n.set_language("en")
    assert i18n.decimal(1.5) == "1.5"
