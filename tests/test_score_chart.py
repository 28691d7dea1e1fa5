"""The score chart's series: each player's score at the start and after every turn, rebuilt
from the move list; and the review read turn by turn (the slider's marks, the position a
better move is shown on)."""

from __future__ import annotations

import itertools
import random

import pytest

from game.ai.random_policy import random_action
from game.review import Decision, Review, Verdict, decision_points
from game.review.turns import decision_of_turn, position_before, turn_verdicts
from game.rules import Deploy, Game
from game.rules.registry import Registry
from game.view.chronicle import Chronicle
from game.view.history import History
from game.view.score_chart import axis_steps, score_range, score_series


def played(registry: Registry, game_id: str, expansions: list[str], seed: int,
           moves: int | None = None) -> tuple[Game, Chronicle]:
    tileset = registry.ruleset(game_id, expansions)
    game = Game(tileset, ["A", "B", "C"], seed=seed)
    chronicle = Chronicle(game)
    rng = random.Random(seed)
    while not game.over and (moves is None or len(game.moves) < moves):
        deploys = [a for a in game.legal_actions() if isinstance(a, Deploy)]
        chronicle.apply(rng.choice(deploys) if deploys and rng.random() < 0.6
                        else random_action(game, rng))
    return game, chronicle


@pytest.mark.parametrize(("game_id", "expansions"), [
    ("carcassonne", []), ("carcassonne", ["hills-and-sheep"]), ("hunters-and-gatherers", []),
    ("over-hill-and-dale", [])])
def test_the_series_starts_at_0_ends_at_the_final_scores_and_never_falls(
        registry: Registry, game_id: str, expansions: list[str]) -> None:
    game, chronicle = played(registry, game_id, expansions, seed=11)
    series = score_series(game)
    assert series[0] == (0, 0, 0)
    assert series[-1] == tuple(game.scores) and max(game.scores) > 0
    for before, after in itertools.pairwise(series):
        assert all(b <= a for b, a in zip(before, after, strict=True))  # points are never lost
    # A point per turn, as the history counts them: the chart's turn t is the board shown.
    history = History(game, chronicle.turn_ends)
    assert len(series) == history.turns + 1
    assert series == [tuple(history.state(t).scores) for t in range(history.turns + 1)]


def test_the_series_of_a_game_under_way_ends_at_its_last_turn(registry: Registry) -> None:
    game, chronicle = played(registry, "carcassonne", [], seed=5, moves=41)
    series = score_series(game)
    assert len(series) == len(chronicle.turn_ends) + 1
    assert series[-1] == tuple(History(game, chronicle.turn_ends).state(len(series) - 1).scores)


def test_the_axis_has_round_steps() -> None:
    assert [axis_steps(h) for h in (1, 6, 7, 30, 100, 600)] == [1, 1, 2, 5, 20, 100]
    assert score_range([(0, 0)]) == (0, 1)
    assert score_range([(0, 0), (3, 12)]) == (0, 12)


def test_a_turn_shows_its_worst_decision_from_the_position_it_was_made(
        registry: Registry) -> None:
    game, _chronicle = played(registry, "carcassonne", [], seed=2, moves=45)
    points = decision_points(game, [0])

    def decision(i: int, lost: float, margin: float) -> Decision:
        p = points[i]
        played_ = tuple(str(a) for a in p.played)
        return Decision(p.move, p.turn, p.player, played_, played_, lost, margin, 12, {})
    decisions = [decision(0, 0.0, 0.0), decision(1, 3.0, 0.5), decision(2, 9.0, 1.0),
                 decision(3, 9.0, 20.0)]  # a loss within the noise is good
    review = Review((0,), len(game.moves), "", decisions)
    verdicts = turn_verdicts(review)
    assert [verdicts[p.turn] for p in points[:4]] == [Verdict.GOOD, Verdict.INACCURACY,
                                                      Verdict.MISTAKE, Verdict.GOOD]
    assert decision_of_turn(review, points[2].turn) == decisions[2]
    assert decision_of_turn(review, points[-1].turn) is None
    before = position_before(game, points[2].move)
    assert before.moves == points[2].position.moves
    assert before.is_legal(points[2].played[0])
