"""Every malformed tile set gives one TileSetError naming the file, the line and the problem,
and a broken file does not stop the other sets from loading."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules import Game, TileSetError, UnknownOption, load_tileset, parse_tileset
from game.rules.registry import Registry, builtin_tileset_dir
from tests.tile_counts import tile_count

GOOD = """\
id: tiny
name: Tiny
players: [2, 5]
kinds:
  city: {role: area, completion: closed, points: {tile: 2}, final: {tile: 1}}
  road: {role: line, completion: closed, points: {tile: 1}, final: {tile: 1}}
  field: {role: background}
figures:
  follower: {count: 7, on: [city, road, field]}
options:
  small_city: {values: [2, 4], default: 2, source: "Seule exception"}
rules: [small-city]
start: {tile: D}
tiles:
  - id: D
    count: 2
    features:
      - {kind: city, ports: [N], shape: cap N}
      - {kind: road, ports: [W, E], shape: road W E}
      - {kind: field, ports: [WR, EL], touches: [N], shape: rect 0 0 1 0.5, anchor: [0.15, 0.33]}
      - {kind: field, ports: [ER, SL, SR, WL], shape: rect 0 0.5 1 1, anchor: [0.5, 0.8]}
"""

FEATURE_LINE = 18  # the city feature of tile D; the road is on 19, the fields on 20 and 21
CASES = [
    ("unknown kind", ("kind: city, ports: [N]", "kind: castle, ports: [N]"),
     FEATURE_LINE, "unknown kind 'castle'"),
    ("port covered twice", ("ports: [WR, EL], touches", "ports: [WR, EL, NL], touches"),
     20, "port NL is covered twice"),
    ("half edge in no field", ("ports: [ER, SL, SR, WL]", "ports: [ER, SL, SR]"),
     15, "half edge WL is in no field"),
    ("geometry misses its ports", ("ports: [W, E], shape: road W E",
                                   "ports: [W, E], shape: road W C"),
     19, "its shape misses its port E"),
    ("count zero", ("count: 2", "count: 0"), 16, "must be a positive integer"),
    ("count not a number", ("count: 2", "count: two"), 16, "must be a positive integer"),
    ("count a fraction", ("count: 2", "count: 1.5"), 16, "must be a positive integer"),
    ("unknown option key", ('default: 2, source', 'default: 2, sauce: 1, source'),
     11, "unknown key 'sauce'"),
    ("option default not a value", ("default: 2,", "default: 3,"), 11,
     "default 3 is not one of its values"),
    ("unknown rule module", ("rules: [small-city]", "rules: [small-town]"), 12,
     "unknown rule module 'small-town'"),
    ("rule module lacking its option", ("  small_city: {values: [2, 4], default: 2, "
                                        "source: \"Seule exception\"}\n",
                                        "  hand: {values: [1, 3], default: 1, source: x}\n"),
     12, "needs option 'small_city'"),
    ("unknown port", ("ports: [N], shape: cap N", "ports: [NN], shape: cap N"), FEATURE_LINE,
     "unknown port 'NN'"),
    ("half edge on a road", ("ports: [W, E], shape", "ports: [W, E, NL], shape"), 19,
     "covers edge centres N E S W, not half edges"),
    ("anchor outside its shape", ("anchor: [0.5, 0.8]", "anchor: [0.5, 0.2]"), 21,
     "lies outside its shape"),
    ("anchor on another feature", ("anchor: [0.15, 0.33]", "anchor: [0.5, 0.1]"), 20,
     "lies on feature 1 (city)"),
    ("unknown shape", ("shape: cap N", "shape: blob N"), FEATURE_LINE, "unknown shape 'blob'"),
    ("unknown top-level key", ("name: Tiny", "name: Tiny\ncolour: red"), 3,
     "unknown key 'colour'"),
    ("unknown start tile", ("start: {tile: D}", "start: {tile: Z}"), 13,
     "start tile 'Z' is not a tile"),
    ("touches nothing", ("touches: [N]", "touches: [S]"), 20, "touches 'S'"),
    ("figure on unknown kind", ("on: [city, road, field]", "on: [city, road, meadow]"), 9,
     "unknown kind 'meadow'"),
    ("not YAML", ("tiles:\n", "tiles: [\n"), None, "not valid YAML"),
    ("duplicate key", ("name: Tiny", "name: Tiny\nname: Small"), 3, "duplicate key"),
]


def test_the_good_set_loads() -> None:
    ts = parse_tileset(GOOD, "tiny.yaml")
    assert tile_count(ts) == 2


@pytest.mark.parametrize(("case", "change", "line", "message"), CASES, ids=[c[0] for c in CASES])
def test_malformed_tile_set(case: str, change: tuple[str, str], line: int | None,
                            message: str) -> None:
    old, new = change
    assert old in GOOD, case
    with pytest.raises(TileSetError) as info:
        parse_tileset(GOOD.replace(old, new, 1), "sets/tiny.yaml")
    err = info.value
    assert err.path == "sets/tiny.yaml"
    assert message in err.problem
    if line is not None:
        assert err.line == line, str(err)
    else:
        assert err.line is not None
    assert str(err).startswith(f"sets/tiny.yaml:{err.line}: ")


def test_unknown_option_when_starting_a_game() -> None:
    ts = parse_tileset(GOOD, "tiny.yaml")
    with pytest.raises(UnknownOption, match="unknown option 'farm'"):
        Game(ts, ["A", "B"], options={"farm": 1})
    with pytest.raises(UnknownOption, match="cannot be 5"):
        Game(ts, ["A", "B"], options={"small_city": 5})


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(TileSetError, match="cannot read"):
        load_tileset(tmp_path / "missing.yaml")


def test_a_broken_set_does_not_stop_the_others(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text(GOOD.replace("id: tiny", "id: broken")
                                          .replace("count: 2", "count: -1"), encoding="utf-8")
    registry = Registry([builtin_tileset_dir(), tmp_path])
    assert "carcassonne" in registry.sets
    assert "broken" not in registry.sets
    (err,) = registry.errors
    assert err.path.endswith("broken.yaml")
    assert err.line == 16
