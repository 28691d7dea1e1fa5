"""Run every scenario file (rulebook examples written as data) through the scenario runner.

Files under a folder named ``invalid`` must be rejected as invalid scenarios (exit 2) at the
turn their header names (``# INVALID on purpose (exit 2 at turn N).``); every other file must
hold all its expectations (exit 0).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.commands.scenario import main as scenario_main
from game.rules import default_registry

SCENARIOS = Path(__file__).parent / "scenarios"
REGISTRY = default_registry()


def main(argv: list[str]) -> int:
    """The runner's command, on tile sets parsed once for all these tests."""
    return scenario_main(argv, REGISTRY)

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


# ---------------------------------------------------------------------- wrong-typed values

HIKE = (SCENARIOS / "over-hill-and-dale" / "hike-2-tiles.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new"), [
    ("players: [Red, Blue]", "players: [[Red], Blue]"),
    ("players: [Red, Blue]", "players: [Red, {Blue: 1}]"),
    ("players: [Red, Blue]", "players: Red"),
    ("game: carcassonne", "game: [carcassonne]"),
    ("    at: [1, 0]\n", "    at: [1.5, 0]\n"),
    ("    at: [1, 0]\n", "    at: [one, 0]\n"),
    ("    at: [1, 0]\n", "    at: 1\n"),
    ("    rotation: 0\n", "    rotation: [0]\n"),
    ("    place: {figure: follower, on: S}\n", "    place: {figure: [follower], on: S}\n"),
    ("    place: {figure: follower, on: S}\n", "    place: {figure: follower, on: [S]}\n"),
    ("    place: {figure: follower, on: S}\n", "    place: follower\n"),
    ("  - tile: U\n", "  - tile: [U]\n"),
    ("  during: {Red: 6, Blue: 0}", "  during: {Red: six, Blue: 0}"),
    ("  during: {Red: 6, Blue: 0}", "  during: [6, 0]"),
    ("turns:\n", "options: [hand]\nturns:\n"),
    ("turns:\n", "start: {tile: D, at: [a, b]}\nturns:\n"),
    ("turns:\n", "start: {tile: D, at: [0.5, 0]}\nturns:\n"),
    ("turns:\n", "start: {tile: D, rotation: right}\nturns:\n"),
    ("turns:\n", "expansions: hills-and-sheep\nturns:\n"),
])
def test_a_wrong_typed_value_is_an_invalid_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str) -> None:
    err = _invalid(tmp_path, _replace(BASE, old, new), capsys)
    assert re.search(r"scenario\.yaml: invalid scenario: line \d+: ", err), err


@pytest.mark.parametrize("to", ["[a, b]", "[2.0, 1]", "[2]", "{x: 2}", "two"])
def test_a_hike_to_a_wrong_cell_is_an_invalid_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str) -> None:
    err = _invalid(tmp_path, _replace(HIKE, "hike: {to: [2, 1]}", f"hike: {{to: {to}}}"),
                   capsys)
    assert "line 22: turn 7:" in err


def _values(node: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The paths of every scalar value in a parsed scenario."""
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _values(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _values(v, (*path, i))]
    return [path]


def _set(doc: object, path: tuple[object, ...], value: object) -> None:
    for key in path[:-1]:
        doc = doc[key]  # type: ignore[index]
    doc[path[-1]] = value  # type: ignore[index]


@pytest.mark.parametrize("name", ["base/city-8-points.yaml", "base/farmer-majority-blue-3.yaml",
                                  "hills-and-sheep/shepherds-grow-then-herd-alone.yaml",
                                  "hunters-and-gatherers/bonus-fire.yaml",
                                  "over-hill-and-dale/hike-2-tiles.yaml"])
def test_any_value_of_a_wrong_type_is_exit_2_never_a_crash(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every value of real scenarios, one at a time, replaced by a list, a mapping and a
    float: the runner reports an invalid scenario with its line (exit 2)."""
    from game.commands.scenario import InvalidScenario, run
    from game.rules import default_registry
    from game.rules.yamlsrc import load_located
    registry = default_registry()
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    paths = _values(load_located(text))
    assert len(paths) > 10
    for path in paths:
        for junk in (["x", 1], {"x": 1}, 2.5):
            doc = load_located(text)
            _set(doc, path, junk)
            with pytest.raises(InvalidScenario, match=r"^line \d+: "):
                run(doc, registry)


# ---------------------------------------------------------------------- the format, exactly

def _tiny_tileset(tmp_path: Path) -> Path:
    """The base game cut down to its start tile D, one city cap E and one road U."""
    source = (SCENARIOS.parents[1] / "tilesets" / "carcassonne.yaml").read_text(encoding="utf-8")
    head, _, tiles = source.partition("\ntiles:\n")
    blocks = re.split(r"\n(?=  - id: )", tiles)
    keep = [re.sub(r"count: \d+", "count: 1", b) for b in blocks
            if re.match(r"  - id: [DEU] ", b)]
    head = head.replace("id: carcassonne", "id: tiny").replace("name: Carcassonne", "name: Tiny")
    folder = tmp_path / "sets"
    folder.mkdir()
    (folder / "tiny.yaml").write_text(head + "\ntiles:\n" + "\n".join(keep) + "\n",
                                      encoding="utf-8")
    return folder


def test_during_is_before_the_final_scoring_when_the_last_tile_ends_the_game(
        tmp_path: Path) -> None:
    from game.commands.scenario import run
    from game.rules import default_registry
    from game.rules.yamlsrc import load_located
    registry = default_registry([_tiny_tileset(tmp_path)])
    doc = load_located("""\
game: tiny
players: [Red, Blue]
turns:
  - {tile: E, at: [0, -1], rotation: 180, place: {figure: follower, on: S}}
  - {tile: U, at: [1, 0], rotation: 0, place: {figure: follower, on: E}}
expect:
  during: {Red: 2, Blue: 0}
  final: {Red: 2, Blue: 2}
""")
    outcome = run(doc, registry)
    assert outcome.failures == []
    assert outcome.results["during"] == {"Red": 2, "Blue": 0}  # Blue's road scores at the end


HERD = (SCENARIOS / "hills-and-sheep" / "shepherds-grow-then-herd-alone.yaml").read_text(
    encoding="utf-8")


@pytest.mark.parametrize(("text", "turn", "says"), [
    # flock where nobody is asked (Blue extends Red's meadow on turn 2: no question)
    (_replace(HERD, "  - tile: U\n    at: [-1, 0]\n    rotation: 0\n",
              "  - tile: U\n    at: [-1, 0]\n    rotation: 0\n    flock: grow\n"),
     2, "asked no 'flock'"),
    # a hike together with a figure
    (_replace(HIKE, "    hike: {to: [2, 1]}", "    hike: {to: [2, 1]}\n"
                                                "    place: {figure: meeple, on: W}"),
     7, "not both"),
])
def test_a_turn_key_the_turn_does_not_use_is_an_invalid_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, turn: int,
        says: str) -> None:
    err = _invalid(tmp_path, text, capsys)
    assert f"turn {turn}:" in err and says in err, err


@pytest.mark.parametrize("extra", ["    at: [1, 0]\n", "    rotation: 90\n",
                                   "    place: {figure: follower, on: N}\n"])
def test_placing_keys_on_a_discard_turn_are_an_invalid_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str) -> None:
    source = (SCENARIOS / "base" / "tile-fits-nowhere-discard.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(\n(\s*)discard: true\n)", lambda m: m.group(1) + extra.replace(
        "    ", m.group(2)), source, count=1)
    assert text != source
    err = _invalid(tmp_path, text, capsys)
    assert "set aside" in err


def test_the_format_is_documented_in_step_with_the_runner() -> None:
    """docs/scenarios.md names every key the runner accepts, the rule modules' turn keys
    with their tile sets included."""
    from game.commands.scenario import (
        EXPECT_KEYS,
        EXTRA_KEYS,
        MOVE_KEYS,
        PLACE_KEYS,
        START_KEYS,
        TOP_KEYS,
        TURN_KEYS,
    )
    from game.rules import Game, default_registry
    doc = (SCENARIOS.parents[1] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    keys = TOP_KEYS | START_KEYS | TURN_KEYS | PLACE_KEYS | EXTRA_KEYS | MOVE_KEYS | EXPECT_KEYS
    registry = default_registry()
    for game in registry.games():
        for tileset in [game, *(registry.ruleset(game.id, [e.id])
                                for e in registry.expansions(game.id))]:
            played = Game(tileset, ["A", "B"])
            for key in played.turn_keys:
                keys.add(key)
                assert tileset.id in doc, tileset.id
    missing = sorted(k for k in keys if f"`{k}`" not in doc and f"`{k}:" not in doc)
    assert not missing, f"docs/scenarios.md does not document {missing}"
