"""The Hint: the quick player's plan for the rest of the turn, legal and explained, and the
game is never changed by asking."""

from __future__ import annotations

import random

import pytest

from game.ai.random_policy import random_action
from game.hints import suggest
from game.rules import Choose, Deploy, Game, Move, Place
from game.rules.registry import Registry

GAMES = [("carcassonne", []), ("carcassonne", ["hills-and-sheep"]),
         ("hunters-and-gatherers", []), ("over-hill-and-dale", [])]


def replayable(game: Game) -> tuple[object, ...]:
    return (tuple(game.moves), tuple(game.scores), game.phase, tuple(game.deck),
            game._random().getstate())


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
def test_a_hint_is_legal_and_changes_nothing(registry: Registry, game_id: str,
                                             expansions: list[str]) -> None:
    game = Game(registry.ruleset(game_id, expansions), ["A", "B"], seed=11)
    rng = random.Random(4)
    for _ in range(60):
        if game.over:
            break
        before = replayable(game)
        hint = suggest(game, seed=len(game.moves))
        assert replayable(game) == before
        assert hint.why
        copy = game.copy()
        for action in hint.actions():  # each hinted action is legal in its turn
            assert copy.is_legal(action), (action, hint)
            copy.apply(action)
        if game.phase == "place":
            assert isinstance(hint.place, Place) and hint.place in game.legal_placements()
        else:
            assert hint.place is None
        game.apply(random_action(game, rng))


def test_the_hint_says_what_a_completion_scores(registry: Registry) -> None:
    """The start tile has a city to the north: a city cap turned south closes it."""
    game = Game(registry.ruleset("carcassonne"), ["A", "B"], seed=1)
    game.hands[0] = ["E"]
    hint = suggest(game)
    assert hint.place == Place("E", 0, -1, 180)
    assert isinstance(hint.figure, Deploy) and hint.figure.target == "S"
    assert hint.why.startswith("completes your city: +2")


def test_a_hike_and_a_question_are_hinted(registry: Registry) -> None:
    seen: set[type] = set()
    for game_id, expansions in (GAMES[1], GAMES[3]):
        game = Game(registry.ruleset(game_id, expansions), ["A", "B"], seed=2)
        rng = random.Random(9)
        while not game.over and len(seen) < 2:
            asked = game.phase == "choose"
            may_hike = any(isinstance(a, Move) for a in game.legal_actions())
            if asked or may_hike:
                hint = suggest(game, seed=3)
                if isinstance(hint.figure, Move):
                    seen.add(Move)
                    assert "+" in hint.why
                if asked:
                    assert isinstance(hint.answer, Choose)
                    seen.add(Choose)
            game.apply(random_action(game, rng))
    assert seen == {Move, Choose}
