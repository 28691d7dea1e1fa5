"""scripts/bench_ai.py: its statistics and one tiny run (the real runs take hours)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import ModuleType

import pytest

from tests.script_modules import load_file

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_file(ROOT / "scripts" / "bench_ai.py", "bench_ai")


def test_wilson_interval(bench: ModuleType) -> None:
    low, high = bench.wilson(0.5, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-3) and math.isclose(high, 0.5962, abs_tol=1e-3)
    low, high = bench.wilson(1.0, 20)
    assert high == 1.0 and 0.83 < low < 0.84  # never the useless [1, 1] of the normal rule


def test_lead_is_averaged_over_seat_swapped_pairs(bench: ModuleType) -> None:
    # Games 0 and 1 share a seed (leads 10 and -4: the pair says +3), games 2 and 3 too (+4).
    mean, half = bench.pair_margin([10, -4, 6, 2])
    assert mean == 3.5
    assert math.isclose(half, 1.96 * math.sqrt(0.5 / 2))
    assert bench.pair_margin([7, 3])[1] == math.inf  # one pair: no spread to judge by


@pytest.mark.slow
def test_a_tiny_run_writes_its_table(bench: ModuleType, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    assert bench.main(["--games", "2", "--pairings", "quick:random", "--game", "carcassonne",
                       "--no-expansions", "--first-pair", "3", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "carcassonne" in text and "quick v random" in text
    (result,) = json.loads(out.read_text())["results"]
    assert result["games"] == 2 and result["first"] == "quick"
    assert result["share"] == 1.0 and result["margin"] > 0  # the same seed twice, both won
    assert result["game_ids"] == [6, 7] and len(result["rows"]) == 2
    with pytest.raises(SystemExit):
        bench.main(["--games", "3"])  # pairs only


def _run_file(bench: ModuleType, path: Path, game_ids: list[int], leads: list[int],
              budget: float = 0.3) -> None:
    rows = [(1.0 if lead > 0 else 0.0, 50 + lead, 50, [0.3], [0.01]) for lead in leads]
    result = bench.summarise("carcassonne", "strong", "quick", game_ids, rows, 10.0)
    bench.write_json(path, budget, [result])


def test_merged_runs_give_the_table_of_one_run(bench: ModuleType, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    leads = [10, -4, 6, 2, 3, 5, -1, -7]
    whole = bench.summarise("carcassonne", "strong", "quick", list(range(8)),
                            [(1.0 if x > 0 else 0.0, 50 + x, 50, [0.3], [0.01]) for x in leads],
                            20.0)
    # The later half first: the pairs are matched by game number, not by file order.
    _run_file(bench, tmp_path / "b.json", [4, 5, 6, 7], leads[4:])
    _run_file(bench, tmp_path / "a.json", [0, 1, 2, 3], leads[:4])
    budget, (merged,) = bench.merge([tmp_path / "b.json", tmp_path / "a.json"])
    assert budget == 0.3 and merged.games == 8 and merged.seconds == 20.0
    for field in ("share", "low", "high", "margin", "margin_half", "first_mean"):
        assert math.isclose(getattr(merged, field), getattr(whole, field)), field
    out = tmp_path / "merged.json"
    assert bench.main(["--merge", str(tmp_path / "a.json"), str(tmp_path / "b.json"),
                       "--json", str(out)]) == 0
    assert "2 runs merged" in capsys.readouterr().out
    assert json.loads(out.read_text())["results"][0]["games"] == 8


def test_merge_refuses_a_game_twice_or_another_budget(bench: ModuleType,
                                                      tmp_path: Path) -> None:
    _run_file(bench, tmp_path / "a.json", [0, 1], [3, 4])
    _run_file(bench, tmp_path / "again.json", [0, 1], [3, 4])
    _run_file(bench, tmp_path / "slow.json", [2, 3], [3, 4], budget=1.0)
    with pytest.raises(ValueError, match="game 0 again"):
        bench.merge([tmp_path / "a.json", tmp_path / "again.json"])
    with pytest.raises(ValueError, match="different budgets"):
        bench.merge([tmp_path / "a.json", tmp_path / "slow.json"])
    old = tmp_path / "old.json"  # written before games were kept
    old.write_text(json.dumps({"games": 2, "budget": 0.3, "results": [{"label": "x"}]}))
    with pytest.raises(ValueError, match="no games kept"):
        bench.merge([old])
    assert bench.main(["--merge", str(old)]) == 2


def test_each_level_may_think_its_own_time(bench: ModuleType) -> None:
    assert bench.level_budget("strong", 0.3) == ("strong", 0.3)
    assert bench.level_budget("mcts@3", 0.3) == ("mcts", 3.0)
    with pytest.raises(SystemExit):
        bench.main(["--games", "2", "--pairings", "strong:mcts@soon"])
    with pytest.raises(SystemExit):
        bench.main(["--games", "2", "--pairings", "strong:genius"])


def test_merge_refuses_runs_on_different_clocks(bench: ModuleType, tmp_path: Path) -> None:
    _run_file(bench, tmp_path / "wall.json", [0, 1], [3, 4])
    _run_file(bench, tmp_path / "cpu.json", [2, 3], [3, 4])
    data = json.loads((tmp_path / "cpu.json").read_text())
    assert data["clock"] == "wall"
    data["clock"] = "processor"
    (tmp_path / "cpu.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="different clocks"):
        bench.merge([tmp_path / "wall.json", tmp_path / "cpu.json"])


def test_merge_says_a_file_is_not_a_run(bench: ModuleType, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "other.json").write_text('{"a": 1}', encoding="utf-8")
    assert bench.main(["--merge", str(tmp_path / "other.json")]) == 2
    assert "is not one bench_ai.py --json wrote (it has no 'budget')" in capsys.readouterr().err
