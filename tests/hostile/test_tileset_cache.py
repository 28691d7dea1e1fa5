"""Crafted tile-set caches: a cache file with the right key but values no tile set file may
hold is thrown away and rebuilt from the YAML, quietly, and the game starts as usual."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.rules.registry import Registry
from game.store.tileset_cache import CACHE_FILE, load_registry

Data = dict[str, Any]


def carcassonne(data: Data) -> list[Any]:
    """The encoded base game of a cache file (its fields in TileSet's order)."""
    return next(s for s in data["sets"] if s[0] == "carcassonne")


def first_tile(data: Data) -> list[Any]:
    tile: list[Any] = carcassonne(data)[10][0]  # TileSet.tiles, then the first TileType
    return tile


def tile_count(data: Data) -> None:
    first_tile(data)[1] = 10**12  # the MemoryError the title screen used to meet


def many_types(data: Data) -> None:
    tiles = carcassonne(data)[10]
    tiles.extend([[f"X{i}", *tiles[0][1:]] for i in range(300)])


def long_polygon(data: Data) -> None:
    first_tile(data)[3][0][7] = [[0.5, 0.5]] * 5_000  # FeatureDef.shape


def point_off_the_tile(data: Data) -> None:
    first_tile(data)[3][0][8] = [1e300, 0.5]  # FeatureDef.anchor


def figure_count(data: Data) -> None:
    carcassonne(data)[5][0][1][1] = 10**9  # figures: [[name, FigureDef], ...]


def figure_named_like_a_path(data: Data) -> None:
    figure = carcassonne(data)[5][0]
    figure[0] = figure[1][0] = "../../etc/x"


def rotation_names_a_missing_feature(data: Data) -> None:
    first_tile(data)[7][1][4][0] = 99  # TileType.rotations[1].target[N]


def rotation_shape_outside(data: Data) -> None:
    first_tile(data)[7][2][6][0] = [[0.0, 0.0], [1e9, 0.0], [0.0, 1.0]]


def start_far_out(data: Data) -> None:
    carcassonne(data)[9][1] = [10**15, 0]


def players(data: Data) -> None:
    carcassonne(data)[4] = [1, 500]


def long_name(data: Data) -> None:
    carcassonne(data)[1] = "C" * 1_000_000


def huge_integer(data: Data) -> None:
    first_tile(data)[6] = 10**40  # TileType.line


def deep_document(data: Data) -> None:
    doc = next(s for s in data["sources"] if s[3] is not None)[1]
    value: Any = "x"
    for _ in range(60):
        value = {"m": 1, "k": [["a", 1, value]]}
    doc["k"].append(["deep", 1, value])


CRAFTED: dict[str, Callable[[Data], None]] = {
    f.__name__: f for f in (tile_count, many_types, long_polygon, point_off_the_tile,
                            figure_count, figure_named_like_a_path,
                            rotation_names_a_missing_feature, rotation_shape_outside,
                            start_far_out, players, long_name, huge_integer, deep_document)}


@pytest.fixture(scope="module")
def good_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The cache file this game writes for the built-in sets."""
    cache = tmp_path_factory.mktemp("cache")
    load_registry([], cache)
    return (cache / CACHE_FILE).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", CRAFTED)
def test_a_crafted_cache_is_thrown_away_and_rebuilt(tmp_path: Path, name: str,
                                                    good_cache: str,
                                                    registry: Registry) -> None:
    path = tmp_path / CACHE_FILE
    data = json.loads(good_cache)
    CRAFTED[name](data)
    crafted = json.dumps(data, separators=(",", ":"))
    path.write_text(crafted, encoding="utf-8")
    read = load_registry([], tmp_path)
    assert read.sets == registry.sets
    assert sum(t.count for t in read.ruleset("carcassonne").tiles) == 72
    assert path.read_text(encoding="utf-8") == good_cache  # written anew


def test_the_cache_of_every_built_in_set_is_kept(tmp_path: Path, good_cache: str,
                                                registry: Registry) -> None:
    """The checks refuse nothing the loader builds: a later start reads the cache."""
    path = tmp_path / CACHE_FILE
    path.write_text(good_cache, encoding="utf-8")
    written = path.stat().st_mtime_ns
    assert load_registry([], tmp_path).sets == registry.sets
    assert path.stat().st_mtime_ns == written
