"""Run every scenario file (rulebook examples written as data) through the scenario runner.

Files under a folder named ``invalid`` must be rejected as invalid scenarios (exit 2) at the
turn their header names (``# INVALID on purpose (exit 2 at turn N).``); every other file must
hold all its expectations (exit 0).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.scenario import main

SCENARIOS = Path(__file__).parent / "scenarios"
ALL = sorted(SCENARIOS.rglob("*.yaml"))


def _is_invalid(path: Path) -> bool:
    return "invalid" in path.relative_to(SCENARIOS).parts[:-1]


VALID = [p for p in ALL if not _is_invalid(p)]
INVALID = [p for p in ALL if _is_invalid(p)]

def _id(path: Path) -> str:
    return path.relative_to(SCENARIOS).as_posix()


def _params(paths: list[Path]) -> list[object]:
    out: list[object] = []
    for p in paths:
        out.append(pytest.param(p, id=_id(p)))
    return out


def test_scenarios_found() -> None:
    assert VALID, "no scenario files found"
    assert INVALID, "no invalid scenario files found"


@pytest.mark.parametrize("path", _params(VALID))
def test_scenario_holds(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main([str(path)])
    out = capsys.readouterr()
    assert code == 0, f"exit {code}\n{out.out}{out.err}"


@pytest.mark.parametrize("path", _params(INVALID))
def test_invalid_scenario_rejected(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = re.search(r"exit 2 at turn (\d+)", path.read_text(encoding="utf-8"))
    assert header, "an invalid scenario's header must say 'exit 2 at turn N'"
    code = main([str(path)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "invalid scenario" in err
    assert f"turn {header.group(1)}:" in err, err


# ---------------------------------------------------------------------- the runner itself

BASE = """\
game: carcassonne
players: [Red, Blue]
turns:
  - tile: N
    at: [0, -1]
    rotation: 180
    place: {figure: follower, on: S}
  - tile: U
    at: [1, 0]
    rotation: 0
  - tile: E
    at: [1, -1]
    rotation: 270
expect:
  during: {Red: 6, Blue: 0}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _replace(text: str, old: str, new: str) -> str:
    """The text with ``old`` (which must occur exactly once) replaced by ``new``."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


# The scenarios are edited as text: PyYAML (YAML 1.1) would read the key `on` as True.


def test_base_scenario_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(_write(tmp_path, BASE))]) == 0, capsys.readouterr().out


def test_wrong_expectation_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = (SCENARIOS / "base" / "city-8-points.yaml").read_text(encoding="utf-8")
    # The city is worth 8, not 9.
    text = _replace(source, "during: {Red: 8, Blue: 0}", "during: {Red: 9, Blue: 0}")
    code = main([str(_write(tmp_path, text))])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAILED" in out
    assert "during score of Red: expected 9, got 8" in out


def test_wrong_supply_expectation_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The knight came back when the city was closed: 7 followers, not 6.
    text = BASE + "  supply: {Red: {follower: 6}}\n"
    code = main([str(_write(tmp_path, text))])
    out = capsys.readouterr().out
    assert code == 1
    assert "supply of Red (follower): expected 6, got 7" in out


def _invalid(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    code = main([str(_write(tmp_path, text))])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "invalid scenario" in err
    return err


def test_unknown_turn_key_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _replace(BASE, "  - tile: U\n", "  - tile: U\n    flip: true\n")
    err = _invalid(tmp_path, text, capsys)
    assert "turn 2:" in err
    assert "flip" in err


def test_unknown_top_key_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _invalid(tmp_path, BASE + "variant: fast\n", capsys)
    assert "variant" in err


def test_unknown_tile_id_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _replace(BASE, "  - tile: E\n", "  - tile: Z\n")
    err = _invalid(tmp_path, text, capsys)
    assert "turn 3:" in err
    assert "'Z'" in err


def test_figure_on_occupied_feature_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Red's E at [1,-1] closes the city that already holds Red's knight.
    text = _replace(
        BASE, "    rotation: 270\n", "    rotation: 270\n    place: {figure: follower, on: W}\n"
    )
    err = _invalid(tmp_path, text, capsys)
    assert "turn 3:" in err


def test_illegal_placement_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # U turned 90 runs N-S: its road would meet the fields of the start tile and of N.
    text = _replace(BASE, "    at: [1, 0]\n    rotation: 0\n", "    at: [1, 0]\n    rotation: 90\n")
    err = _invalid(tmp_path, text, capsys)
    assert "turn 2:" in err


def test_too_many_copies_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # There is only one tile C: a second one cannot be drawn.
    text = """\
game: carcassonne
players: [Red, Blue]
turns:
  - {tile: C, at: [0, -1], rotation: 0}
  - {tile: C, at: [0, -2], rotation: 0}
"""
    err = _invalid(tmp_path, text, capsys)
    assert "turn 2:" in err
