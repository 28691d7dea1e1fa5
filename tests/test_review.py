"""The review: decisions judged by the strong player over sampled futures, right on positions
whose best move is known, honest about its noise, kept in the save and reused, cancellable,
and the command line.  Every judgement here samples a fixed number of futures from seeded
sources, so the figures asserted are the same on every run."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from game.review import (
    MISTAKE_POINTS,
    Decision,
    Point,
    Review,
    Verdict,
    decision_points,
    judge_point,
    review_game,
    verdict,
)
from game.review import __main__ as cli
from game.review.job import ReviewJob
from game.review.words import describe_plan
from game.rules import Choose, Deploy, Game, Place, Skip, TileSet, parse_action
from game.rules.registry import Registry
from game.store.savefile import SavedGame

FUTURES = 12  # futures a decision is judged on (the clock plays no part)


def lay(game: Game, tile: str, x: int, y: int, rotation: int, kind: str | None = None) -> None:
    """The current player draws ``tile`` (forced: the game still replays from its moves),
    places it and puts a follower on the feature of that kind, if one is named."""
    game.force("tile", tile)
    game.apply(Place(tile, x, y, rotation))
    if kind is None:
        game.apply(Skip())
        return
    cell = game.last_cell
    assert cell is not None
    kinds = game.board.tiles[cell].t.kinds
    game.apply(next(o for o in game.legal_actions() if isinstance(o, Deploy)
                    and o.figure == "follower" and kinds[game.target_feature(o.target) or 0]
                    == kind))


def city_to_close(base: TileSet) -> Game:
    """A's follower holds a city of 3 tiles and 2 shields, open to the north; A holds a city
    cap that closes it (12 points) and could as well go south of the start tile."""
    game = Game(base, ["A", "B"], seed=1)
    lay(game, "F", 0, -1, 90, "city")
    lay(game, "U", 1, 0, 0)
    lay(game, "F", 0, -2, 90)
    lay(game, "U", -1, 0, 0)
    game.force("tile", "E")
    return game


CLOSE, ELSEWHERE = Place("E", 0, -3, 180), Place("E", 0, 1, 180)


def test_a_completing_placement_is_the_better_move(base: TileSet) -> None:
    position = city_to_close(base)
    position.deck = position.deck[-4:]  # near the end: a city left open is worth little
    decision = judge_point(1, Point(8, 5, 0, position, (ELSEWHERE, Skip())), FUTURES)
    assert decision.best[0] == str(CLOSE)
    assert decision.lost >= MISTAKE_POINTS and decision.verdict == Verdict.MISTAKE
    assert decision.parts["city"] > 0  # lost on the city, told by kind
    assert abs(sum(decision.parts.values()) - decision.lost) < 0.01 * len(decision.parts)
    assert decision.futures == FUTURES


FARM_GAME = ["E@0,-1r180", "O@-1,0r0", "M@1,-1r90", "V@0,-2r90", "V@-1,-2r180", "U@-1,-3r270",
             "F@2,-1r0", "E@-1,-1r180", "K@-1,1r90", "J@-2,-3r180", "A@-1,2r0", "U@1,0r0",
             "U@-1,3r90", "O@-1,-4r90", "X@-2,-4r0", "D@-3,-3r180", "U@0,2r90", "H@0,-4r90",
             "H@1,-2r180", "P@-4,-3r0", "D@1,-4r270", "K@-2,-2r0", "W@1,-5r90", "B@2,-5r270",
             "R@-5,-3r90", "N@3,-1r0", "U@-2,1r180", "B@2,-4r270", "J@3,-2r180", "B@-2,2r270"]


def test_a_farmer_that_wins_a_big_field_is_the_better_move(base: TileSet) -> None:
    """Thirty tiles of a seeded game placed without figures; A's tile can join a field that
    touches four completed cities and no farmer (12 points at the end)."""
    moves = [a for m in FARM_GAME for a in (parse_action(m), Skip())]
    position = Game.replay(base, ["A", "B"], 164, {}, moves)
    position.deck = position.deck[-8:]
    placed = Place("H", -2, 0, 90)
    decision = judge_point(1, Point(60, 31, 0, position, (placed, Skip())), FUTURES)
    best = decision.best_actions()
    assert isinstance(best[1], Deploy) and best[1].figure == "follower"
    after = position.copy()
    for action in best:
        after.apply(action)
    farmer = next(f for f in after.figures.values() if f.player == 0)
    root = after.features.find(after.board.tiles[farmer.cell].first + farmer.index)
    assert after.features.kind[root] == "field"
    assert sum(after.is_complete(c) for c in after.features.touched_roots(root)) >= 4
    assert decision.lost >= MISTAKE_POINTS and decision.verdict == Verdict.MISTAKE
    assert max(decision.parts, key=decision.parts.__getitem__) == "field"


def test_a_loss_within_the_noise_is_never_a_mistake() -> None:
    assert verdict(10.0, 6.0) == Verdict.GOOD  # 10 points lost, but not 2.5 standard errors clear
    assert verdict(4.0, 1.7) == Verdict.GOOD  # 2.35 standard errors: still within the noise
    assert verdict(7.0, 1.0) == Verdict.MISTAKE
    assert verdict(3.0, 1.0) == Verdict.INACCURACY
    assert verdict(1.5, 0.1) == Verdict.GOOD  # clear, but small
    assert verdict(30.0, float("inf")) == Verdict.GOOD  # nothing measured


def test_verdicts_are_written_with_the_words_saves_always_kept() -> None:
    decision = Decision(3, 2, 0, ("D@1,0r90",), ("E@0,-1r0",), 7.0, 1.0, 40, {"city": 7.0})
    assert decision.verdict is Verdict.MISTAKE
    assert '"verdict": "mistake"' in json.dumps(decision.to_json())
    counts = Review((0,), 4, "", [decision]).summary(0)["counts"]
    assert json.dumps(counts) == '{"good": 0, "inaccuracy": 0, "mistake": 1}'


def finished_game(base: TileSet) -> Game:
    """A short game: A builds a city, then plays the closing tile elsewhere."""
    game = city_to_close(base)
    game.apply(ELSEWHERE)
    game.apply(Skip())
    lay(game, "V", 2, 0, 0)
    return game


def test_each_decision_has_its_position_and_plan(base: TileSet) -> None:
    game = finished_game(base)
    points = decision_points(game, [0])
    assert [(p.move, p.turn, p.player) for p in points] == [(0, 1, 0), (4, 3, 0), (8, 5, 0)]
    assert points[2].played == (ELSEWHERE, Skip())
    assert points[2].position.hand == ("E",) and len(points[2].position.moves) == 8
    assert [p.player for p in decision_points(game, [1])] == [1, 1, 1]


def test_a_review_is_kept_in_the_save_and_reused(base: TileSet,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    game = finished_game(base)
    seen: list[tuple[int, int]] = []
    review = review_game(game, [0], FUTURES, progress=lambda d, n: seen.append((d, n)))
    # A's three decisions judged, then B's three turns followed for the chances after them
    assert review.complete and seen == [(n, 6) for n in range(1, 7)]
    last = review.decisions[-1]
    assert (last.move, last.turn, last.played) == (8, 5, (str(ELSEWHERE), "pass"))
    assert last.best[0] == str(CLOSE) and last.lost > 0
    saved = SavedGame.of(game, "carcassonne", [], ["red", "blue"], ["human", "quick"])
    saved.review = review.to_json()
    text = saved.to_json()
    again = Review.from_json(SavedGame.from_json(text, Path("x.json")).review)
    assert again == review

    def no_judging(*args: object, **kwargs: object) -> Decision:
        raise AssertionError("judged again")

    monkeypatch.setattr("game.review.judge_point", no_judging)
    assert review_game(game, [0], FUTURES, previous=again) == review
    # Another number of futures is another review; a malformed one is none.
    assert Review.from_json({"format": 1, "decisions": [{"move": "x"}]}) is None
    with pytest.raises(AssertionError):
        review_game(game, [0], FUTURES + 1, previous=again)


def test_a_review_stops_when_asked_and_keeps_what_it_judged(base: TileSet) -> None:
    game = finished_game(base)
    judged: list[int] = []
    review = review_game(game, [0], FUTURES, progress=lambda d, n: judged.append(d),
                         stop=lambda: len(judged) >= 1)
    assert not review.complete and len(review.decisions) == 1


def test_a_review_job_runs_off_the_caller(base: TileSet) -> None:
    game = finished_game(base)
    moves = list(game.moves)
    woken = threading.Event()
    job = ReviewJob(game, [0], 2, on_progress=woken.set, processes=1)
    job.start()
    assert woken.wait(60)
    assert job.wait(120) and job.progress == (6, 6)
    result = job.result()
    assert result is not None and result.complete and len(result.decisions) == 3
    assert game.moves == moves
    cancelled = ReviewJob(game, [0, 1], 2, processes=1)
    cancelled.cancel()
    cancelled.start()
    assert cancelled.wait(60)
    result = cancelled.result()
    assert result is not None and not result.complete and not result.decisions


def test_the_command_reviews_a_save_and_keeps_the_review(
        base: TileSet, registry: Registry, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CARCASSONNE_HOME", str(tmp_path / "home"))
    game = finished_game(base)
    path = tmp_path / "game.json"
    path.write_text(SavedGame.of(game, "carcassonne", [], ["red", "blue"],
                                 ["human", "quick"]).to_json())
    assert cli.main([str(path), "--futures", "2", "--processes", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("Turn ") == 3 and "Turn 5, A: tile at [0, 1] turned 180°" in out
    assert "better: tile at [0, -3] turned 180°" in out
    assert "A: 3 decisions judged" in out
    kept = json.loads(path.read_text())["review"]
    assert [d["move"] for d in kept["decisions"]] == [0, 4, 8]

    def no_judging(*args: object, **kwargs: object) -> Decision:
        raise AssertionError("judged again")

    monkeypatch.setattr("game.review.judge_point", no_judging)
    assert cli.main([str(path), "--futures", "2", "--processes", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["decisions"] == kept["decisions"]
    assert [c["turn"] for c in printed["chances"]] == [1, 2, 3, 4, 5, 6]
    assert all(len(c["chances"]) == 2 and abs(sum(c["chances"]) - 1.0) < 1e-9
               for c in printed["chances"])
    (summary,) = printed["summary"]
    assert summary["player"] == 0 and sum(summary["counts"].values()) == 3
    assert cli.main([str(path), "--seat", "3"]) == 2
    (tmp_path / "broken.json").write_text("{")
    assert cli.main([str(tmp_path / "broken.json")]) == 2
    capsys.readouterr()


def test_an_answer_to_a_rule_question_is_a_decision(registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne", ["hills-and-sheep"]), ["Red", "Blue"], seed=1)
    game.force("tile", "U")
    game.force("draws", "3")
    game.apply(Place("U", 1, 0, 0))
    game.apply(Deploy("shepherd", "S"))
    lay(game, "U", -1, 0, 0)
    game.force("tile", "U")
    game.apply(Place("U", 2, 0, 0))  # Red's tile extends the field: grow or herd?
    game.apply(Choose("herd"))
    game.apply(Skip())
    points = decision_points(game, [0])
    assert [p.played for p in points] == [(Place("U", 1, 0, 0), Deploy("shepherd", "S")),
                                          (Place("U", 2, 0, 0),), (Choose("herd"),),
                                          (Skip(),)]
    asked = points[2]
    decision = judge_point(game.seed, asked, FUTURES)
    assert decision.futures == FUTURES
    assert {decision.played[0], decision.best[0]} <= {"choose:herd", "choose:grow"}
    assert describe_plan(asked.position, [Choose("herd")]) == "Herd"


def test_the_better_moves_reason_leaves_out_what_the_move_made_did_too(
        registry: Registry) -> None:
    """Tile A at [1, 1] closes a road of the player's: with a follower on its cloister too it
    is better, and the reason is the cloister's follower, not the road both moves complete."""
    import random

    from game.ai.random_policy import random_action
    from game.review.hints import reason
    from game.review.words import decision_line, why_better

    game = Game(registry.ruleset("carcassonne"), ["A", "B"], seed=1)
    rng = random.Random(1)
    while len(game.moves) < 24:
        game.apply(random_action(game, rng))
    made = ("A@1,1r90", "pass")
    better = ("A@1,1r90", "follower:cloister")
    assert game.is_legal(parse_action(made[0]))
    assert reason(game, [parse_action(a) for a in better]) == (
        "completes your road: +4; follower here (cloister): +5 if the game ended now")
    decision = Decision(24, 13, 0, made, better, 5.0, 0.5, 12, {"cloister": 5.0})
    assert why_better(game, decision) == "follower here (cloister): +5 if the game ended now"
    assert decision_line(game, decision).endswith(
        "better: tile at [1, 1] turned 90°, a follower on the cloister "
        "(follower here (cloister): +5 if the game ended now)")


def test_a_loss_every_future_agreed_on_has_no_margin(registry: Registry) -> None:
    """"−5.0", not "−5.0 ± 0.0": a margin that rounds to nothing is left out, in the
    window's words and the command line's."""
    from game.review.words import decision_line, lost_text

    game = Game(registry.ruleset("carcassonne"), ["A", "B"], seed=1)
    made, best = (str(a) for a in game.legal_actions()[:2])
    exact = Decision(0, 1, 0, (made,), (best,), 5.0, 0.04, 12, {"city": 5.0})
    noisy = Decision(0, 1, 0, (made,), (best,), 5.0, 1.2, 12, {"city": 5.0})
    assert lost_text(exact) == "−5.0"
    assert lost_text(noisy) == "−5.0 ± 1.2"
    assert ", 5.0 points lost;" in decision_line(game, exact)
    assert ", 5.0 ± 1.2 points lost;" in decision_line(game, noisy)


def test_a_plan_names_which_tile_of_a_hand_it_places(registry: Registry) -> None:
    # With a hand of three tiles the better move may place another tile than the one
    # placed: its words say which, numbered as the tray numbers them
    game = Game(registry.ruleset("carcassonne", []), ["Red", "Blue"], seed=5,
                options={"hand": 3})
    hand = list(game.hand)
    assert len(hand) == 3
    second = next(p for p in game.legal_actions()
                  if isinstance(p, Place) and p.tile == hand[1])
    assert describe_plan(game, [second]).startswith(
        f"tile 2 of the hand at [{second.x}, {second.y}] turned {second.rotation}°")
    one = Game(registry.ruleset("carcassonne", []), ["Red", "Blue"], seed=5)
    first = next(p for p in one.legal_actions() if isinstance(p, Place))
    assert describe_plan(one, [first]) == (
        f"tile at [{first.x}, {first.y}] turned {first.rotation}°")


def test_the_same_save_reviewed_twice_gets_the_same_figures_whatever_the_clock(
        base: TileSet, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review is its game and its number of futures: on a clock that runs a minute between
    two looks (a slow machine, a busy window) it judges as on a quick one."""
    game = finished_game(base)
    first = review_game(game, [0, 1], 4)
    now = [0.0]

    def slow() -> float:
        now[0] += 60.0
        return now[0]

    monkeypatch.setattr("game.ai.clock.now", slow)
    again = review_game(game, [0, 1], 4)
    assert again.to_json() == first.to_json()
    assert all(d.futures == 4 for d in again.decisions)


def test_two_processes_find_what_one_finds(base: TileSet,
                                           caplog: pytest.LogCaptureFixture) -> None:
    game = finished_game(base)
    alone = review_game(game, [0, 1], 3)
    with caplog.at_level("WARNING", logger="game.review"):
        shared = review_game(game, [0, 1], 3, processes=2)
    assert not caplog.records  # the processes did the work, not a fallback to this one
    assert shared.to_json() == alone.to_json()


def test_the_chances_after_every_turn_add_up_and_do_not_hang_on_the_seats_reviewed(
        base: TileSet) -> None:
    """Every turn has each player's chance to win, adding up to 1; a turn's chances are read
    from the futures after its last move whether its seat was judged or only followed."""
    game = finished_game(base)
    both = review_game(game, [0, 1], 4)
    assert [c.turn for c in both.chances] == [1, 2, 3, 4, 5, 6]
    assert all(len(c.chances) == 2 and abs(sum(c.chances) - 1.0) < 1e-9
               for c in both.chances)
    assert review_game(game, [0], 4).readings == both.readings
    assert review_game(game, [1], 4).readings == both.readings


def test_win_chances_read_the_futures_spread_over_the_rounds_left() -> None:
    from game.review.chances import result_chances, win_chances

    level = [[10.0, 10.0], [12.0, 8.0], [8.0, 12.0]]
    assert win_chances(level, 10) == (0.5, 0.5)
    ahead = [[p + 5.0, q] for p, q in level]
    near, far = win_chances(ahead, 1), win_chances(ahead, 30)
    assert 0.5 < far[0] < near[0] < 1.0  # the more rounds left, the less a lead tells
    assert win_chances(ahead, 0) == (1.0, 0.0)  # nothing left to play: the leader wins
    assert sum(win_chances([[3.0, 1.0, 2.0], [1.0, 3.0, 2.5]], 5)) == pytest.approx(1.0)
    assert result_chances([70, 70, 51]) == (0.5, 0.5, 0.0)


def test_the_chances_shown_are_the_readings_of_a_round_and_the_result_as_it_is() -> None:
    """A reading leans to the player whose turn it follows: over a round the leans cancel."""
    from game.review.chances import Chance, over_rounds

    readings = [Chance(1, 2, (0.6, 0.4)), Chance(2, 4, (0.4, 0.6)), Chance(3, 6, (0.7, 0.3)),
                Chance(4, 8, (0.5, 0.5)), Chance(6, 12, (1.0, 0.0), result=True)]
    assert [c.chances for c in over_rounds(readings)] == [
        (0.6, 0.4), (0.5, 0.5), (0.55, 0.45), (0.6, 0.4), (1.0, 0.0)]


def test_the_turning_points_are_the_largest_swings() -> None:
    from game.review.chances import Chance, turning_points

    chances = [Chance(t, 2 * t, (c, round(1 - c, 4))) for t, c in
               enumerate([0.5, 0.55, 0.9, 0.85, 0.4, 0.45, 0.5, 1.0], start=1)]
    assert turning_points(chances) == [3, 5, 8]  # +0.35, -0.45, +0.5
    assert turning_points(chances, count=1) == [8]
    assert turning_points(chances[:2]) == []  # nothing swung
    # one event seen over a round (the chances shown are a round's mean): one turning point
    spread = [Chance(1, 2, (0.5, 0.5)), Chance(2, 4, (0.75, 0.25)), Chance(3, 6, (0.95, 0.05)),
              Chance(4, 8, (0.95, 0.05))]
    assert turning_points(spread) == [2]



def test_a_better_move_is_told_as_what_to_do(base: TileSet) -> None:
    """The better move names the tile, where it goes and how it is turned, the figure (or
    to keep it) and why; even when no figure is left, and when the Hint has nothing to say
    of it but where its points come from."""
    from game.review.words import advice

    position = city_to_close(base)
    played = (str(ELSEWHERE), "pass")
    closing = Decision(8, 5, 0, played, (str(CLOSE), "pass"), 9.0, 1.0, 12, {"city": 9.0})
    said = advice(position, closing)
    assert said.startswith("tile at [0, -3] turned 180°, keep your follower")
    assert "(completes your city: +" in said
    figure = next(a for a in position.copy().legal_actions() if isinstance(a, Place))
    after = position.copy()
    after.apply(figure)
    deploy = next(a for a in after.legal_actions() if isinstance(a, Deploy))
    placed = Decision(8, 5, 0, played, (str(figure), str(deploy)), 3.0, 1.0, 12,
                      {"road": 3.0})
    assert f"tile at [{figure.x}, {figure.y}] turned {figure.rotation}°, a follower on " in \
        advice(position, placed)
    bare = position.copy()
    bare.supply[0] = {kind: 0 for kind in bare.supply[0]}  # every figure on the board
    elsewhere = next(a for a in bare.legal_actions() if isinstance(a, Place)
                     and a.cell not in (CLOSE.cell, ELSEWHERE.cell))
    quiet = Decision(8, 5, 0, played, (str(elsewhere), "pass"), 3.0, 1.0, 12,
                     {"road": 3.0, "city": -1.0})
    said = advice(bare, quiet)
    assert said == (f"tile at [{elsewhere.x}, {elsewhere.y}] turned {elsewhere.rotation}° "
                    "(Roads: about +3.0)")
    assert "no figure left" not in said


def test_a_better_move_beside_the_board_names_its_cell_as_the_board_shows_it(
        base: TileSet) -> None:
    """Where the window draws the better move on the board, its words name the outlined cell
    (no coordinates, which a player never sees), or the player's own tile when only the
    figure differs; the command line keeps the coordinates."""
    from game.review.words import advice

    position = city_to_close(base)
    closing = Decision(8, 5, 0, (str(ELSEWHERE), "pass"), (str(CLOSE), "pass"), 9.0, 1.0,
                       12, {"city": 9.0})
    assert advice(position, closing, shown=True).startswith(
        "the tile on the outlined cell, turned 180°, keep your follower")
    after = position.copy()
    after.apply(CLOSE)
    deploy = next(a for a in after.legal_actions() if isinstance(a, Deploy))
    figure_only = Decision(8, 5, 0, (str(CLOSE), "pass"), (str(CLOSE), str(deploy)), 2.0,
                           1.0, 12, {"city": 2.0})
    said = advice(position, figure_only, shown=True)
    assert said.startswith("your tile as you placed it, a follower on ") and "[" not in said
    assert advice(position, figure_only).startswith("tile at [0, -3] turned 180°, a follower")
    # With no board beside it (the review's summary): by the cell the player chose.
    assert advice(position, closing, shown=True, board=False).startswith(
        "the tile on another cell, turned 180°, keep your follower")
    turned = Decision(8, 5, 0, (str(Place("E", 0, -3, 0)), "pass"), (str(CLOSE), "pass"),
                      9.0, 1.0, 12, {"city": 9.0})
    assert advice(position, turned, shown=True, board=False).startswith(
        "your tile on the same cell, turned 180°")
    said = advice(position, figure_only, shown=True, board=False)
    assert said.startswith("your tile as you placed it, a follower on ") and "[" not in said


def test_a_review_in_processes_stops_when_cancelled(base: TileSet) -> None:
    """Cancelled once its first position is done, a review shared out to processes ends at
    once, keeping that one, and its workers with it."""
    game = finished_game(base)
    job: ReviewJob | None = None

    def first_done() -> None:
        assert job is not None
        job.cancel()

    job = ReviewJob(game, [0, 1], 64, on_progress=first_done, processes=2)
    job.start()
    assert job.wait(120), "the cancelled review never ended"
    result = job.result()
    assert result is not None and not result.complete and len(result.decisions) == 1
