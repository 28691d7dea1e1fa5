"""The parsed tile sets kept between starts: plain JSON, its key read first, anything wrong
with it rebuilt quietly; nothing in the cache folder can run code."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from game.rules.registry import Registry, builtin_tileset_dir
from game.store.tileset_cache import CACHE_FILE, load_registry

BROKEN = "id: broken\nname: Broken\nplayers: [2, 5]\nkinds: {city: {role: nonsense}}\n"


@pytest.fixture
def user(tmp_path: Path) -> Path:
    folder = tmp_path / "tilesets"
    folder.mkdir()
    (folder / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    return folder


def test_a_cached_registry_is_the_registry_it_stored(user: Path, tmp_path: Path) -> None:
    fresh = Registry([builtin_tileset_dir(), user])
    load_registry([user], tmp_path / "cache")  # writes the cache
    cached = load_registry([user], tmp_path / "cache")
    assert cached.sets == fresh.sets
    assert [str(e) for e in cached.errors] == [str(e) for e in fresh.errors]
    assert cached.ruleset("carcassonne", ["hills-and-sheep"]) == \
        fresh.ruleset("carcassonne", ["hills-and-sheep"])
    assert json.loads((tmp_path / "cache" / CACHE_FILE).read_text())["key"]


def test_another_key_is_not_read_further(user: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    load_registry([user], cache)
    (user / "broken.yaml").write_text(BROKEN.replace("Broken", "Changed"), encoding="utf-8")

    def no_parsing(*args: object) -> None:
        raise AssertionError("a stale cache was parsed")

    monkeypatch.setattr(json, "loads", no_parsing)
    registry = load_registry([user], cache)
    assert "carcassonne" in registry.sets


def _tamper(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(("old", "new"), [
    ('"carcassonne","Carcassonne"', '"carcassonne",7'),  # a name that is no text
    ('"errors":[', '"errors":[7,'),  # an error that is no error
    ('"sets":[', '"sets":[[]],"x":['),  # a stray field
    ('"sets":[', '"sets":{'),  # not even JSON
])
def test_a_damaged_cache_with_the_right_key_is_rebuilt_quietly(
        user: Path, tmp_path: Path, old: str, new: str) -> None:
    cache = tmp_path / "cache"
    good = load_registry([user], cache)
    _tamper(cache / CACHE_FILE, old, new)
    again = load_registry([user], cache)
    assert again.sets == good.sets
    assert json.loads((cache / CACHE_FILE).read_text())["sets"]  # written anew


class _Payload:
    """What a crafted pickle does when it is loaded: create a file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def test_a_crafted_pickle_in_the_cache_folder_never_runs(user: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    marker = tmp_path / "ran.txt"
    crafted = pickle.dumps(_Payload(marker))
    for name in (CACHE_FILE, "tilesets.pickle"):
        (cache / name).write_bytes(crafted)
    registry = load_registry([user], cache)
    assert "carcassonne" in registry.sets and not marker.exists()
