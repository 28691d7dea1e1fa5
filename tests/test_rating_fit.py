"""scripts/rating_fit.py and scripts/rate_levels.py: the ladder's rating fit recovers known
ratings, keeps its anchor, stays finite for a pairing won every time, and gives intervals
that hold the fit; the round robin's games become seat-swapped pairs as the fit wants."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from types import ModuleType

import pytest

from tests.script_modules import load_file

ROOT = Path(__file__).resolve().parents[1]
FIT = load_file(ROOT / "scripts" / "rating_fit.py", "rating_fit")


def expected(elo: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def test_two_levels_are_the_elo_of_their_score() -> None:
    # 75 points of 100: 400 log10(3) = 190.8 Elo; the virtual draw makes it 75.5 of 101.
    ratings = FIT.fit(["a", "b"], {("a", "b"): (25.0, 100)}, "a", 1000.0)
    assert ratings["a"] == 1000.0
    assert math.isclose(ratings["b"], 1000 + 400 * math.log10(75.5 / 25.5), abs_tol=1e-6)


def test_a_round_robin_of_exact_scores_gives_back_its_ratings() -> None:
    truth = {"a": 0.0, "b": 150.0, "c": 420.0}
    n = 1_000_000  # so many games that the virtual draws weigh nothing
    points = {(x, y): (n * expected(truth[x] - truth[y]), n)
              for x, y in (("a", "b"), ("a", "c"), ("b", "c"))}
    ratings = FIT.fit(list(truth), points, "b", 1500.0)
    for level, elo in truth.items():
        assert math.isclose(ratings[level], 1500 + elo - truth["b"], abs_tol=0.5)


def test_a_pairing_won_every_time_is_finite_and_far() -> None:
    ratings = FIT.fit(["a", "b"], {("a", "b"): (0.0, 40)}, "a", 1000.0)
    assert 500 < ratings["b"] - 1000 < 1000


def test_a_level_that_played_nothing_is_left_out_and_the_anchor_must_play() -> None:
    assert set(FIT.fit(["a", "b", "c"], {("a", "b"): (10.0, 20)}, "a", 0.0)) == {"a", "b"}
    with pytest.raises(ValueError, match="anchor"):
        FIT.fit(["a", "b", "c"], {("a", "b"): (10.0, 20)}, "c", 0.0)


def test_intervals_hold_the_fit_and_narrow_with_more_pairs() -> None:
    rng = random.Random(5)

    def pairs(k: int) -> dict[tuple[str, str], list[float]]:
        def pair(elo: float) -> float:
            return sum(1.0 if rng.random() < expected(elo) else 0.0 for _ in range(2))
        return {("a", "b"): [pair(-200) for _ in range(k)],
                ("a", "c"): [pair(-300) for _ in range(k)],
                ("b", "c"): [pair(-100) for _ in range(k)]}

    few, many = pairs(20), pairs(320)
    widths = []
    for played in (few, many):
        rows = FIT.ratings(["a", "b", "c"], played, "a", 1000.0, resamples=300)
        assert [r.level for r in rows] == ["a", "b", "c"]
        assert (rows[0].rating, rows[0].low, rows[0].high) == (1000.0, 1000.0, 1000.0)
        for r in rows:
            assert r.low <= r.rating <= r.high
            assert r.games == 2 * sum(len(ps) for key, ps in played.items() if r.level in key)
        widths.append(rows[2].high - rows[2].low)
        gap, low, high = FIT.gap_interval(["a", "b", "c"], played, "b", "c", resamples=300)
        assert math.isclose(gap, rows[2].rating - rows[1].rating, abs_tol=1e-6)
        assert low <= gap <= high
    assert widths[1] < widths[0] / 2
    # 320 pairs a pairing: the strongest level lands near its 300 points over the anchor.
    assert abs(FIT.ratings(["a", "b", "c"], many, "a", 0.0, resamples=10)[2].rating - 300) < 60


@pytest.fixture(scope="module")
def rate() -> ModuleType:
    return load_file(ROOT / "scripts" / "rate_levels.py", "rate_levels")


def test_the_round_robin_pairs_its_seat_swapped_games(rate: ModuleType) -> None:
    # Games 0 and 1 are pair 0, 4 and 5 pair 2; game 7 waits for game 6.
    Row = tuple[float, int, int, list[float], list[float]]
    games: dict[str, Row] = {f"carcassonne|easy:quick|{i}": (share, 0, 0, [], [])
                             for i, share in ((0, 1.0), (1, 0.5), (4, 0.0), (5, 0.0), (7, 1.0))}
    games["over-hill-and-dale|easy:quick|2"] = (1.0, 0, 0, [], [])
    pairs = rate.pairs_of(games, "carcassonne", ["easy", "quick", "strong"])
    assert pairs == {("easy", "quick"): [1.5, 0.0], ("easy", "strong"): [],
                     ("quick", "strong"): []}


def test_the_schedule_plays_round_by_round_every_game_and_pairing(rate: ModuleType) -> None:
    work = rate.schedule(["easy", "quick", "strong"], 2)
    games = len(rate.configs())
    assert games >= 4  # every game of the registry, Hills & Sheep with its base game
    assert len(work) == 2 * games * 3 * 2
    first_round = work[: games * 3 * 2]
    assert {w[4] for _key, w in first_round} == {0, 1}
    assert {(w[2], w[3]) for _key, w in first_round} == {
        ("easy", "quick"), ("easy", "strong"), ("quick", "strong")}
    assert all(w[5] == 1.0 for _key, w in work)  # Hard's budget in the window
    assert len({key for key, _w in work}) == len(work)


def test_a_pairing_won_every_time_still_has_an_interval() -> None:
    # 40 pairs all won: the resamples' drawn pair leaves room below, about as much as the
    # games allow (a score of 95% of 80 games is +512 Elo).
    rows = FIT.ratings(["a", "b"], {("a", "b"): [0.0] * 40}, "a", 0.0, resamples=400)
    b = rows[1]
    assert b.low < b.rating and 300 < b.low < 700
    assert b.high >= b.rating


def test_the_kept_games_go_on_only_with_the_same_players(rate: ModuleType, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    path = tmp_path / "games.json"
    wanted = {"levels": ["easy", "quick"], "budget": 1.0, "clock": "processor", "player": "a"}
    rate.save(path, wanted, {"carcassonne|easy:quick|0": (0.0, 50, 90, [0.1], [0.2])})
    assert not path.with_name("games.json.partial").exists()
    assert rate.load(path, wanted) == {"carcassonne|easy:quick|0": (0.0, 50, 90, [], [])}
    other = dict(wanted, player="b")
    with pytest.raises(SystemExit, match="player"):
        rate.load(path, other)  # more games beside them would mix two players
    assert rate.load(path, other, playing=False) != {}  # a fit of them alone says so
    assert "warning" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="levels"):
        rate.load(path, dict(wanted, levels=["easy", "strong"]), playing=False)


def test_the_shipped_ratings_are_the_fit_of_the_shipped_games(rate: ModuleType) -> None:
    """tilesets/ratings.json says what docs/ladder-games.json's games say (rewritten by
    ``rate_levels.py --write`` whenever games are added)."""
    shipped = json.loads((ROOT / "tilesets" / "ratings.json").read_text(encoding="utf-8"))
    kept = json.loads(rate.STATE.read_text(encoding="utf-8"))
    levels = kept["settings"]["levels"]
    games: dict[str, tuple[float, int, int, list[float], list[float]]] = {
        k: (a, b, c, [], []) for k, (a, b, c) in kept["games"].items()}
    assert shipped["anchor"] == rate.ANCHOR and shipped["anchor_rating"] == rate.ANCHOR_RATING
    assert set(shipped["games"]) == {rate.label(c) for c in rate.configs()}
    for game, rated in shipped["games"].items():
        pairs = rate.pairs_of(games, game, levels)
        point = FIT.fit(levels, FIT.totals(pairs), rate.ANCHOR, rate.ANCHOR_RATING)
        assert {lv: r["rating"] for lv, r in rated.items()} == \
            {lv: round(r) for lv, r in point.items()}, game
        for lv, r in rated.items():
            assert r["games"] == 2 * sum(len(ps) for key, ps in pairs.items() if lv in key)


def test_check_says_whether_every_step_of_the_ladder_holds(
        rate: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    levels = ["easy", "quick", "strong"]

    def state(strong_share: float) -> Path:
        # 20 pairs a pairing in carcassonne: the first level of each pairing always loses,
        # but for strong against quick, which scores ``strong_share`` of each game.
        games: dict[str, tuple[float, int, int, list[float], list[float]]] = {}
        for first, second in (("easy", "quick"), ("easy", "strong"), ("quick", "strong")):
            share = 1 - strong_share if (first, second) == ("quick", "strong") else 0.0
            for i in range(40):
                games[f"carcassonne|{first}:{second}|{i}"] = (share, 0, 0, [], [])
        path = tmp_path / f"games-{strong_share}.json"
        rate.save(path, rate.settings(levels), games)
        return path

    assert rate.main(["--check", "--state", str(state(1.0))]) == 0
    assert "every step holds" in capsys.readouterr().out
    assert rate.main(["--check", "--state", str(state(0.5))]) == 1
    short = capsys.readouterr().out.split("steps short of the rule:")[1]
    assert "carcassonne: strong over quick +0" in short and "quick over easy" not in short
