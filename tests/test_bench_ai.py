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
                       "--no-expansions", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "carcassonne" in text and "quick v random" in text
    (result,) = json.loads(out.read_text())["results"]
    assert result["games"] == 2 and result["first"] == "quick"
    assert result["share"] == 1.0 and result["margin"] > 0  # the same seed twice, both won
    with pytest.raises(SystemExit):
        bench.main(["--games", "3"])  # pairs only
