"""The Hint: the quick player's plan for the rest of the turn, legal and explained, and the
game is never changed by asking."""

from __future__ import annotations

import random

import pytest

from game import i18n
from game.ai.random_policy import random_action
from game.hints import explain, suggest
from game.rules import Choose, Deploy, Game, Move, Place, ScoreEvent
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


def test_a_hint_keeping_the_figures_names_one_in_the_singular(registry: Registry) -> None:
    """One shepherd left and no follower: "keep your shepherd", not "your shepherds"."""
    game = Game(registry.ruleset("carcassonne", ["hills-and-sheep"]), ["A", "B"], seed=1)
    game.supply[0]["follower"] = 0
    game.supply[0]["shepherd"] = 1
    assert explain(game, game, 0, None, None, [], None, 0) == (
        "no figure this turn: keep your shepherd")
    game.supply[0]["follower"] = 3
    assert explain(game, game, 0, None, None, [], None, 0) == (
        "no figure this turn: keep your followers")
    try:
        i18n.set_language("fr")
        assert explain(game, game, 0, None, None, [], None, 0) == (
            "aucune figure à ce tour : gardez vos partisans")
        game.supply[0]["follower"] = 0
        assert explain(game, game, 0, None, None, [], None, 0) == (
            "aucune figure à ce tour : gardez votre berger")
    finally:
        i18n.set_language("en")


def test_the_hints_two_reasons_are_parted_as_the_language_writes(registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["A", "B"], seed=1)
    events = [ScoreEvent(0, 4, "city", ((0, 0),), False),
              ScoreEvent(0, 2, "road", ((0, 0),), False)]
    assert explain(game, game, 0, None, None, events, None, 0) == (
        "completes your city: +4; completes your road: +2")
    try:
        i18n.set_language("fr")
        assert explain(game, game, 0, None, None, events, None, 0) == (
            "achève votre ville : +4 ; achève votre chemin : +2")
    finally:
        i18n.set_language("en")
