"""Hostile saves: every one is a SaveError listed with the file kept as it was; an autosave
that cannot be restored is moved aside, never written over; writes survive kills."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules import Game
from game.rules.registry import Registry
from game.store.storage import SAVE_FORMAT, SavedGame, SaveError, Storage, atomic_write
from game.system.version import version

from .make_corpus import COMMITTED_SAVES, ROOT, UNRESTORABLE, write_saves


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path)


def test_each_hostile_save_is_listed_with_its_error_and_kept(store: Storage) -> None:
    cases = write_saves(store.saves_dir)
    before = {p: p.read_bytes() for p in cases}
    problems = []
    for path, text in cases.items():
        try:
            store.load(path)
            problems.append(f"{path.name}: loaded")
        except SaveError as exc:
            if text not in exc.problem or len(exc.problem) > 300:
                problems.append(f"{path.name}: {exc.problem[:300]}")
    assert problems == []
    entries = store.list_saves()
    assert len(entries) == len(cases)
    assert all(e.saved is None and e.error for e in entries)
    assert {p: p.read_bytes() for p in cases} == before


def test_saves_that_cannot_be_restored_are_errors(store: Storage, registry: Registry) -> None:
    for name, text in UNRESTORABLE.items():
        path = COMMITTED_SAVES / name
        saved = store.load(path)
        with pytest.raises(SaveError, match=text):
            saved.restore(registry, path)


@pytest.mark.skipif(sys.platform == "win32", reason="links and pipes need POSIX")
def test_broken_links_pipes_and_folders_in_the_saves_folder_are_listed(store: Storage) -> None:
    store.saves_dir.mkdir(parents=True)
    (store.saves_dir / "gone.json").symlink_to(store.saves_dir / "missing.json")
    os.mkfifo(store.saves_dir / "pipe.json")  # reading it would wait for ever
    (store.saves_dir / "folder.json").mkdir()
    entries = {e.path.name: e.error for e in store.list_saves()}
    assert entries.keys() == {"gone.json", "pipe.json", "folder.json"}
    assert "cannot read" in str(entries["gone.json"])
    assert "not a regular file" in str(entries["pipe.json"])
    assert "not a regular file" in str(entries["folder.json"])


def test_a_save_records_the_version_and_the_format(registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["Ana", "Bo"], seed=3)
    data = json.loads(SavedGame.of(game, "carcassonne", [], ["red", "blue"]).to_json())
    assert data["format"] == SAVE_FORMAT and data["version"] == version()
    assert data["tilesets"] == {"carcassonne": game.tileset.fingerprints["carcassonne"]}


def test_a_save_of_a_newer_format_says_so(store: Storage) -> None:
    with pytest.raises(SaveError, match=r"saved by a newer version of the game .* reads "
                                        rf"formats up to {SAVE_FORMAT}"):
        store.load(COMMITTED_SAVES / "newer-format.json")


def test_a_save_of_the_first_format_still_loads(store: Storage, registry: Registry) -> None:
    data = json.loads((COMMITTED_SAVES / "unknown-field.json").read_text(encoding="utf-8"))
    for key in ("cheat", "version", "tilesets"):
        del data[key]
    data["format"] = 1
    path = store.saves_dir / "old.json"
    atomic_write(path, json.dumps(data))
    saved = store.load(path)
    assert saved.tilesets == {} and saved.restore(registry, path).moves


def test_an_autosave_that_cannot_be_restored_is_moved_aside(
        store: Storage, registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["Ana", "Bo"], seed=3)
    fresh = SavedGame.of(game, "carcassonne", [], ["red", "blue"])
    for name in UNRESTORABLE:
        text = (COMMITTED_SAVES / name).read_bytes()
        store.saves_dir.mkdir(parents=True, exist_ok=True)
        store.autosave_path().write_bytes(text)
        store.autosave(fresh, registry)
        kept = sorted(store.saves_dir.glob("autosave-kept-*.json"))
        assert [p.read_bytes() for p in kept][-1:] == [text], name
        assert store.load(store.autosave_path()).moves == []
        for p in kept:
            p.unlink()
    store.autosave(fresh, registry)  # its own autosave: written over, nothing kept
    assert not list(store.saves_dir.glob("*kept*"))


def test_temporary_files_left_by_a_crash_are_removed(store: Storage) -> None:
    store.saves_dir.mkdir(parents=True)
    store.config_dir.mkdir(parents=True)
    strays = [store.saves_dir / f".autosave.json.{i}.tmp" for i in range(3)]
    strays.append(store.config_dir / ".settings.json.x.tmp")
    for p in strays:
        p.write_text("half a save")
    (store.saves_dir / "keep.json").write_text("{}")
    assert store.clean_temporary() == 4
    assert [p.name for p in store.saves_dir.iterdir()] == ["keep.json"]


def test_a_write_syncs_the_folder_after_the_rename(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[bool] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}") if Path("/proc/self").exists()
                      else True)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    atomic_write(tmp_path / "a.json", "{}")
    assert synced == [False, True]  # the file's data, then the folder's new name


WRITER = """
import sys
from pathlib import Path
from game.store.storage import atomic_write
path = Path(sys.argv[1])
n = 0
while True:
    n += 1
    atomic_write(path, '{"n": %d, "pad": "%s"}' % (n, "x" * 20000))
    if n == 1:
        print("written", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_save_killed_while_writing_is_the_old_file_or_the_new(tmp_path: Path) -> None:
    target = tmp_path / "data" / "saves" / "autosave.json"
    for kill in range(12):
        child = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline() == "written\n"
        time.sleep(0.005 * kill)  # then killed at a different point of a write each time
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        assert json.loads(target.read_text())["pad"] == "x" * 20000
    Storage(tmp_path).clean_temporary()
    assert [p.name for p in target.parent.iterdir()] == ["autosave.json"]
