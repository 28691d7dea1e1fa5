"""A hosted table's seed is sealed in its file while the game is played: the file alone tells
nothing of the hands; the key in another folder opens it; a finished game's seed and old
files with a plain seed read as before."""

from __future__ import annotations

import json
import os
import random
import stat
from pathlib import Path

import pytest

from game.ai import choose_action
from game.net.hosting import LocalServer
from game.net.sealed import KEY_FILE, Seal
from game.net.seats import TableConfig
from game.net.table import Table
from game.net.tablefile import load_table, save_table, table_json
from game.net.terms import TableState
from game.rules.model import OptionValue
from game.store.savefile import SaveError

from .loopback import LOOPBACK, registry

SEED = 4_611_686_018_427_387_001  # a table's seeds are 62 bits: big enough to look for


def started(moves: int, options: tuple[tuple[str, OptionValue], ...] = ()) -> Table:
    config = TableConfig("carcassonne", seats=("open", "open"), options=options)
    table = Table(config, registry(), seed=SEED)
    table.join("Ann", None, None, None)
    table.join("Bob", None, None, None)
    table.start(0.0)
    rng = random.Random(2)
    while table.state == TableState.PLAYING and len(table.steps) < moves:
        assert table.game is not None
        table.play(choose_action(table.game.copy(), "random", rng), 0.0)
    return table


def test_the_file_of_a_game_under_way_holds_no_seed(tmp_path: Path) -> None:
    seal = Seal.kept_in(tmp_path / "config")
    table = started(12, (("hand", 3),))
    path = save_table(table, tmp_path, seal)
    text = path.read_text()
    assert str(SEED) not in text and f"{SEED:x}" not in text
    data = json.loads(text)
    assert isinstance(data["seed"], dict) and data["game"]["seed"] == 0
    again = load_table(path, registry(), 5.0, seal)  # the key opens it: the game resumes
    assert again.seed == SEED and again.steps == table.steps
    assert again.game is not None and again.game.hands == table.game.hands  # type: ignore[union-attr]


def test_the_key_is_kept_apart_and_readable_by_its_user_alone(tmp_path: Path) -> None:
    Seal.kept_in(tmp_path)
    key = tmp_path / KEY_FILE
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    table = started(2)
    assert Seal.kept_in(tmp_path).seal(table.uid, 7) == Seal.kept_in(tmp_path).seal(
        table.uid, 7)  # the same key the next time


def test_a_sealed_seed_without_its_key_is_a_clear_refusal(tmp_path: Path) -> None:
    table = started(6)
    path = save_table(table, tmp_path, Seal.kept_in(tmp_path / "mine"))
    with pytest.raises(SaveError, match="sealed with a key this computer does not have"):
        load_table(path, registry(), 0.0, Seal.kept_in(tmp_path / "another"))
    with pytest.raises(SaveError, match="no key was given"):
        load_table(path, registry(), 0.0)
    assert path.exists()  # kept as it was


def test_an_old_file_with_a_plain_seed_still_loads(tmp_path: Path) -> None:
    table = started(6)
    path = save_table(table, tmp_path)  # as files were written before seeds were sealed
    assert json.loads(path.read_text())["seed"] == SEED
    again = load_table(path, registry(), 0.0, Seal.kept_in(tmp_path / "config"))
    assert again.seed == SEED and again.steps == table.steps


def test_a_finished_game_s_seed_is_written_in_clear(tmp_path: Path) -> None:
    table = started(4)
    table.resign([0], 0)
    assert table.state == TableState.OVER
    data = json.loads(table_json(table, Seal.kept_in(tmp_path)))
    assert data["seed"] == SEED and data["game"]["seed"] == SEED  # a save like any other


def test_a_hosting_window_s_server_seals_and_opens_its_tables(tmp_path: Path) -> None:
    seal = Seal.kept_in(tmp_path / "config")
    host = LocalServer(registry(), tmp_path / "tables", seal=seal)
    host.start(LOOPBACK, 0)
    try:
        code, _ = host.open_table(TableConfig("carcassonne", seats=("host", "easy")))
    finally:
        host.close()
    table = host.server.tables[code]
    path = tmp_path / "tables" / f"{code}.json"
    assert str(table.seed) not in path.read_text()
    assert load_table(path, registry(), 0.0, seal).seed == table.seed


def test_a_damaged_key_file_is_said_and_kept(tmp_path: Path) -> None:
    key = tmp_path / KEY_FILE
    key.write_text("not a key\n")
    with pytest.raises(ValueError, match="is not a table key"):
        Seal.kept_in(tmp_path)
    assert key.read_text() == "not a key\n"  # never written over: the tables it sealed
