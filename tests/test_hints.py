"""The Hint: the review's judge's best plan for the rest of the turn, legal and explained;
the game is never changed by asking, and following it is never called a mistake by the
review."""

from __future__ import annotations

import random

import pytest

from game.ai import choose_action
from game.ai.judge import decision_rng, judge
from game.ai.random_policy import random_action
from game.review import Verdict, decision_points, judge_point
from game.review.hints import Hint, advise, best_plan, explain, hint_for, reason
from game.rules import Action, Choose, Deploy, Game, Move, Phase, Place, ScoreEvent, Skip
from game.rules.registry import Registry
from game.words import i18n

GAMES = [("carcassonne", []), ("carcassonne", ["hills-and-sheep"]),
         ("hunters-and-gatherers", []), ("over-hill-and-dale", [])]
FEW = (2, 2)  # futures a hint is judged on where only its legality matters


def replayable(game: Game) -> tuple[object, ...]:
    return (tuple(game.moves), tuple(game.scores), game.phase, tuple(game.deck),
            game._random().getstate())


def quick_hint(game: Game, futures: tuple[int, int] = FEW) -> Hint:
    hint = advise(game, budget=0.0, futures=futures)
    assert hint is not None
    return hint


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
def test_a_hint_is_legal_and_changes_nothing(registry: Registry, game_id: str,
                                             expansions: list[str]) -> None:
    game = Game(registry.ruleset(game_id, expansions), ["A", "B"], seed=11)
    rng = random.Random(4)
    for _ in range(60):
        if game.over:
            break
        if len(game.moves) % 3 == 0 or game.phase != "place":
            before = replayable(game)
            hint = quick_hint(game)
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
    hint = quick_hint(game, (8, 8))
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
                hint = quick_hint(game)
                if isinstance(hint.figure, Move):
                    seen.add(Move)
                    assert "+" in hint.why
                if asked:
                    assert isinstance(hint.answer, Choose)
                    seen.add(Choose)
            game.apply(random_action(game, rng))
    assert seen == {Move, Choose}


def test_the_hint_is_the_plan_the_reviews_judge_finds_best(registry: Registry) -> None:
    """The same judge, the same candidates, the same futures as the review of that move;
    its line is the one the review gives for a better move."""
    game = Game(registry.ruleset("carcassonne"), ["A", "B"], seed=5)
    rng = random.Random(5)
    for _ in range(9):
        game.apply(choose_action(game, "quick", rng))
    judged = judge(game, [], decision_rng(game.seed, len(game.moves)), 0.0, None, 4, 4)
    plan = judged.plans[judged.best()].actions
    assert best_plan(game, 0.0, futures=(4, 4)) == plan
    hint = quick_hint(game, (4, 4))
    assert hint == hint_for(game, plan, seed=len(game.moves))
    assert hint.why == reason(game, plan, seed=len(game.moves))
    assert [a for a in plan if not isinstance(a, Skip)] == hint.actions()


def test_a_hint_stopped_before_any_future_gives_nothing(registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["A", "B"], seed=1)
    assert advise(game, stop=lambda: True) is None


def followed(game: Game, hint: Hint) -> list[Action]:
    """The hinted plan as the move list would record it: no figure is a skip."""
    plan = hint.actions()
    after = game.copy()
    for action in plan:
        after.apply(action)
    if not after.over and after.current == game.current and after.phase is Phase.FIGURE:
        plan.append(Skip())
    return plan


# Positions of quick games (seed, moves played) where the quick player's plan, which the
# Hint used to give, is an inaccuracy by the review ("no figure this turn: keep your
# followers" where a follower on the field was worth 4 points more, say).
JUDGED_POSITIONS = [(1, 60), (4, 24)]


@pytest.mark.parametrize(("seed", "moves"), JUDGED_POSITIONS)
def test_following_the_hint_is_not_called_an_inaccuracy_by_the_review(
        registry: Registry, seed: int, moves: int) -> None:
    """The review judges the move made on more futures than the hint was found on: the best
    plan's lead over the hinted one stays within the futures' noise."""
    game = Game(registry.ruleset("carcassonne"), ["A", "B"], seed=seed)
    rng = random.Random(seed)
    while len(game.moves) < moves:
        game.apply(choose_action(game, "quick", rng))
    assert game.phase is Phase.PLACE
    hint = quick_hint(game, (8, 8))
    played = game.copy()
    for action in followed(game, hint):
        played.apply(action)
    point = decision_points(played, [game.current])[-1]
    assert point.move == moves
    decision = judge_point(game.seed, point, 16)
    assert decision.verdict == Verdict.GOOD, (hint, decision)


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
