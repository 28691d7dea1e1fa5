"""scripts/bench_ai.py --sprt: the sequential test's ratio, its decisions, its file that a
later run continues from, and the player of another version that --against plays."""

from __future__ import annotations

import json
import math
import random
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.script_modules import load_file

ROOT = Path(__file__).resolve().parents[1]
# The test's arithmetic, a module of its own beside the script.
STATS = load_file(ROOT / "scripts" / "sprt.py", "sprt")


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_file(ROOT / "scripts" / "bench_ai.py", "bench_ai")


def test_llr_of_two_outcomes_is_the_closed_form(bench: ModuleType) -> None:
    # Pairs only ever won or lost (2 or 0 points): a Bernoulli law whose mean is the score,
    # 0.5 under H0 and 1 / (1 + 10^(-20/400)) = 0.5287506 under H1, so
    # LLR = 20 ln(0.5287506 / 0.5) + 10 ln(0.4712494 / 0.5) = 1.1181740 - 0.5922056.
    assert math.isclose(STATS.llr([10, 0, 0, 0, 20], 0, 20, prior=0), 0.5259684, abs_tol=1e-6)
    # Pairs of 1/2 and 3/2 points (0.25 and 0.75 a game): the law of mean s puts 2s - 1/2 on
    # 3/2, at 10 Elo (s = 0.5143872) 0.5287744, so
    # LLR = 50 ln(0.5287744 / 0.5) + 30 ln(0.4712256 / 0.5) = 2.7976859 - 1.7781321.
    assert math.isclose(STATS.llr([0, 30, 0, 50, 0], 0, 10, prior=0), 1.0195538, abs_tol=1e-6)
    # The thousandth of a pair added to each outcome barely moves a ratio of 80 pairs.
    assert math.isclose(STATS.llr([0, 30, 0, 50, 0], 0, 10), 1.0195538, abs_tol=1e-3)
    assert STATS.llr([0, 0, 0, 0, 0], 0, 10) == 0.0
    # As many pairs lost as won says the first level is not stronger.
    assert STATS.llr([5, 10, 20, 10, 5], 0, 20) < 0


def test_the_closest_law_has_the_mean_asked(bench: ModuleType) -> None:
    freqs = [0.1, 0.15, 0.4, 0.2, 0.15]
    law = STATS.closest_law(freqs, 0.55)
    assert math.isclose(sum(law), 1.0, abs_tol=1e-9)
    assert math.isclose(sum(p * a for p, a in zip(law, STATS.PAIR_SCORES, strict=True)), 0.55,
                        abs_tol=1e-9)
    assert STATS.closest_law(freqs, 0.525) != pytest.approx(freqs)  # the data's own mean
    with pytest.raises(ValueError):
        STATS.closest_law([0, 0, 1, 0, 0], 0.6)  # only drawn pairs: no law of another mean


def test_bounds_and_elo(bench: ModuleType) -> None:
    lower, upper = STATS.sprt_bounds(0.05, 0.05)
    assert math.isclose(lower, math.log(0.05 / 0.95)) and math.isclose(upper, -lower)
    assert math.isclose(STATS.elo_of(STATS.expected_score(35.0)), 35.0)
    assert STATS.pentanomial({0: 1.0, 1: 0.5, 2: 0.0, 3: 0.0, 4: 1.0}, 2) == [1, 0, 0, 1, 0]


def _first_crossing(bench: ModuleType, law: Sequence[float], seed: int,
                    elo1: float) -> tuple[str, int]:
    """Pairs drawn from ``law`` one by one until the ratio leaves the bounds (at most 20000)."""
    rng = random.Random(seed)
    lower, upper = STATS.sprt_bounds(0.05, 0.05)
    counts = [0] * 5
    for pairs in range(1, 20_001):
        counts[rng.choices(range(5), law)[0]] += 1
        ratio = STATS.llr(counts, 0, elo1)
        if ratio >= upper:
            return "H1", pairs
        if ratio <= lower:
            return "H0", pairs
    return "undecided", 20_000


def test_a_clearly_stronger_player_is_accepted_and_an_equal_one_refused(
        bench: ModuleType) -> None:
    # A mean of 0.6 a game, about 70 Elo: far above elo1 = 20.
    found, pairs = _first_crossing(bench, [0.05, 0.1, 0.35, 0.25, 0.25], 1, 20)
    assert found == "H1" and pairs < 400
    found, pairs = _first_crossing(bench, [0.1, 0.15, 0.5, 0.15, 0.1], 2, 20)
    assert found == "H0"


def _pair_game(law: Sequence[float]) -> Callable[[Any], Any]:
    """A stand-in for one game: pair k's score drawn from ``law`` with seed k, split between
    its two games (a drawn pair: each game won once)."""
    def play(work: Any) -> Any:
        i = work[4]
        points = random.Random(i // 2).choices(range(5), law)[0] / 2
        share = min(1.0, points) if i % 2 == 0 else points - min(1.0, points)
        return (share, 10, 5, [0.01], [0.02])
    return play


def _test(bench: ModuleType, **changes: Any) -> Any:
    fields: dict[str, Any] = {
        "configs": (("carcassonne", ()),), "first": "quick", "second": "random",
        "budget": 0.3, "elo0": 0.0, "elo1": 20.0, "alpha": 0.05, "beta": 0.05}
    return bench.Sprt(**{**fields, **changes})


def test_the_test_stops_at_the_bound(bench: ModuleType, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state.json"
    strong = _pair_game([0.02, 0.05, 0.3, 0.23, 0.4])
    assert bench.run_sprt(_test(bench), state, 1, 20_000, strong) == "H1"
    last = capsys.readouterr().out.splitlines()[-1]
    shares = {int(i): row[0] for i, row in json.loads(state.read_text())["games"].items()}
    pairs = len(shares) // 2  # one job: no game past the deciding pair
    assert len(shares) == 2 * pairs == int(last.split()[0])
    _, upper = STATS.sprt_bounds(0.05, 0.05)
    ratio = STATS.llr(STATS.pentanomial(shares, pairs), 0, 20)
    assert ratio >= upper and f"LLR {ratio:+6.2f}" in last
    assert STATS.llr(STATS.pentanomial(shares, pairs - 1), 0, 20) < upper  # the first crossing
    equal = _pair_game([0.1, 0.15, 0.5, 0.15, 0.1])
    assert bench.run_sprt(_test(bench), tmp_path / "equal.json", 1, 20_000, equal) == "H0"
    assert bench.run_sprt(_test(bench), None, 1, 6, equal) == "undecided"


def test_an_interrupted_test_continues_with_the_pairs_it_lacks(
        bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state.json"
    played: list[int] = []
    law = [0.1, 0.15, 0.5, 0.15, 0.1]

    def stopped_after_six(work: Any) -> Any:
        if work[4] == 6:
            raise KeyboardInterrupt  # Ctrl+C in the middle of game 6
        played.append(work[4])
        return _pair_game(law)(work)

    with pytest.raises(KeyboardInterrupt):
        bench.run_sprt(_test(bench), state, 1, 20, stopped_after_six)
    assert sorted(int(i) for i in json.loads(state.read_text())["games"]) == list(range(6))
    assert not list(tmp_path.glob("*.partial"))
    played.clear()

    def counted(work: Any) -> Any:
        played.append(work[4])
        return _pair_game(law)(work)

    assert bench.run_sprt(_test(bench), state, 1, 20, counted) == "undecided"
    assert played == list(range(6, 20))  # only the pairs it lacked
    assert "resuming: 6 games kept" in capsys.readouterr().out
    assert bench.run_sprt(_test(bench), state, 1, 8, counted) == "undecided"
    # 20 games kept, a cap of 8: the test judges the first 8, and plays none.
    assert played[-1] == 19 and capsys.readouterr().out.splitlines()[-1].split()[0] == "8"
    whole = tmp_path / "whole.json"
    bench.run_sprt(_test(bench), whole, 1, 20, _pair_game(law))
    assert json.loads(whole.read_text())["games"] == json.loads(state.read_text())["games"]


def test_a_file_of_another_test_is_refused(bench: ModuleType, tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    bench.run_sprt(_test(bench), state, 1, 4, _pair_game([0, 0, 1, 0, 0]))
    with pytest.raises(bench.StateMismatch, match=r"elo1 20\.0, not 10\.0"):
        bench.run_sprt(_test(bench, elo1=10.0), state, 1, 4, _pair_game([0, 0, 1, 0, 0]))
    with pytest.raises(bench.StateMismatch, match="second 'random', not 'easy'"):
        bench.run_sprt(_test(bench, second="easy"), state, 1, 4, _pair_game([0, 0, 1, 0, 0]))


def test_a_failed_write_leaves_the_previous_file(bench: ModuleType, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    state = tmp_path / "state.json"
    row = (1.0, 10, 5, [0.01], [0.02])
    bench.save_state(state, {"elo1": 20.0}, {0: row})
    before = state.read_text()

    def cut(src: object, dst: object) -> None:
        raise OSError("the machine stopped")
    monkeypatch.setattr(bench.os, "replace", cut)
    with pytest.raises(OSError):
        bench.save_state(state, {"elo1": 20.0}, {0: row, 1: row})
    assert state.read_text() == before


def test_real_games_resume_from_the_file(bench: ModuleType, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state.json"
    command = ["--sprt", "--pairings", "random:random", "--game", "carcassonne",
               "--no-expansions", "--state", str(state)]
    assert bench.main([*command, "--jobs", "1", "--max-games", "4"]) == 2
    assert "undecided after 4 games" in capsys.readouterr().out
    first = json.loads(state.read_text())["games"]
    assert sorted(first) == ["0", "1", "2", "3"]
    assert bench.main([*command, "--jobs", "2", "--max-games", "8"]) == 2
    out = capsys.readouterr().out
    assert "resuming: 4 games kept" in out and "undecided after 8 games" in out
    games = json.loads(state.read_text())["games"]
    assert len(games) == 8 and all(games[i] == first[i] for i in first)
    assert bench.main([*command, "--elo1", "30", "--max-games", "8"]) == 3
    assert "elo1 20.0, not 30.0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main(["--sprt", "--pairings", "quick:random,easy:random"])  # one pairing


def test_the_player_of_another_tree_plays_through_its_pipe(bench: ModuleType) -> None:
    # This tree as the other version: a game against it plays to its end, and its level
    # (quick) beats random on this seed as it does here.
    try:
        share, mine, theirs, _, their_times = bench.one_game(
            ("carcassonne", (), "random", "quick", 0, None, str(ROOT)))
    finally:
        bench._close_others()
        bench._others.clear()
    assert share == 0.0 and theirs > mine and their_times


def test_a_tree_without_the_game_is_refused(bench: ModuleType, tmp_path: Path) -> None:
    # Nothing to import there: the game found elsewhere on the path would be this version.
    with pytest.raises(RuntimeError, match="loaded its game from"):
        bench.Other(tmp_path)


def test_a_revision_gets_its_detached_worktree(tmp_path: Path) -> None:
    revisions = load_file(ROOT / "scripts" / "revisions.py", "revisions")
    repo = tmp_path / "repo"
    (repo / "game").mkdir(parents=True)
    (repo / "game" / "__init__.py").write_text("VERSION = 1\n")

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t",
                               "-c", "user.email=t@example.org", *args],
                              capture_output=True, text=True, check=True, timeout=60).stdout
    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "one")
    commit = git("rev-parse", "HEAD").strip()
    found, tree = revisions.cached_tree("HEAD", tmp_path / "cache", repo)
    assert found == commit and (tree / "game" / "__init__.py").read_text() == "VERSION = 1\n"
    assert revisions.cached_tree(commit[:8], tmp_path / "cache", repo) == (commit, tree)  # kept
    with pytest.raises(ValueError, match="names no commit"):
        revisions.cached_tree("no-such-branch", tmp_path / "cache", repo)

    # For one run: a worktree of the revision, gone (and unregistered) after it.
    with revisions.revision_tree("HEAD", "test-tree-", repo) as once:
        assert (once / "game" / "__init__.py").read_text() == "VERSION = 1\n"
    assert not once.exists() and str(once) not in git("worktree", "list")
    assert revisions.commit_of("no-such-branch", repo) is None
    assert revisions.commit_of("HEAD", repo) == commit

def test_the_header_says_the_seconds_a_pairing_gives(bench: ModuleType) -> None:
    assert bench.budgets_said([("strong@3", "quick")], 0.3) == "strong at 3 s per move"
    assert bench.budgets_said([("strong@3", "strong")], 0.3) == \
        "strong and mcts at 0.3 s per move, strong at 3 s per move"
    assert bench.budgets_said([("quick", "easy")], 1.0) == "strong and mcts at 1 s per move"
