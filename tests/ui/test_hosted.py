"""Which network tables this computer keeps offering: every one whose game is under way, hosted
here (its file says so) or joined (its seat's token is kept), until it ends or the player
removes it; the title's Continue is the one played last, unless a game was played here
since."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.net.links import Link
from game.store.storage import Storage
from game.ui import hosted
from game.ui.app import App
from game.ui.kept_tables import KeptTable
from game.ui.net_link import HOSTED_TABLES, kept_tables
from game.ui.scenes.menus import ConfirmScene
from game.ui.scenes.saves import LoadScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.ui.settings import Settings

from .conftest import Driver, on_top
from .test_scenes import button

TOKEN = "t" * 32


def _table_file(storage: Storage, code: str, state: str, turn: int = 3) -> Path:
    """A hosted table's file, as the table server writes it (the parts a list reads)."""
    path = storage.data_dir / HOSTED_TABLES / f"{code}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "code": code, "state": state, "seats": [{"kind": "host", "name": "Ann"},
                                                {"kind": "player", "name": "Bob"}],
        "game": {"game": "carcassonne", "expansions": [], "players": ["Ann", "Bob"],
                 "summary": {"turn": turn, "scores": [4, 2], "over": False}}}),
        encoding="utf-8")
    return path


def _joined(storage: Storage, code: str, host: str = "192.168.1.20") -> KeptTable:
    """A table joined from here: its record, and the seat's token kept."""
    tables = kept_tables(storage)
    table = KeptTable(Link(host, 7417, code), False, 1, "Bob", "carcassonne", (),
                      ("Ann", "Bob"), (4, 2), 3)
    tables.put(table)
    tables.tokens.put(table.link, 1, TOKEN)
    return table


def test_every_table_under_way_is_listed_until_it_ends_or_is_removed(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    settings = Settings(storage)
    tables = kept_tables(storage)
    assert tables.listed() == []  # nothing kept yet
    _table_file(storage, "ABCDEFGH", "playing")
    _table_file(storage, "HGFEDCBA", "over")  # its game ended: nothing to resume
    _table_file(storage, "KMNPQRST", "lobby")  # never begun
    joined = _joined(storage, "ZZZZ2222")
    _joined(storage, "YYYY3333")
    tables.tokens.forget(Link("192.168.1.20", 7417, "YYYY3333"), 1)  # its game ended there
    settings.remember(hosted.KEY, {"code": "ABCDEFGH", "port": 7420})  # an older version's
    listed = {t.code: t for t in tables.listed(hosted.known_ports(settings), 7417)}
    assert sorted(listed) == ["ABCDEFGH", "ZZZZ2222"]
    mine = listed["ABCDEFGH"]
    assert mine.hosting and mine.link == Link("127.0.0.1", 7420, "ABCDEFGH")
    assert (mine.name, mine.players, mine.scores, mine.turn) == ("Ann", ("Ann", "Bob"),
                                                                 (4, 2), 3)
    assert listed["ZZZZ2222"].link == joined.link and listed["ZZZZ2222"].seat == 1
    (storage.data_dir / HOSTED_TABLES / "ABCDEFGH.json").write_text("{", encoding="utf-8")
    assert [t.code for t in tables.listed()] == ["ZZZZ2222"]  # a file cut short is left be
    tables.remove(listed["ZZZZ2222"])  # the player removes it
    assert tables.listed() == []
    assert tables.tokens.get(joined.link, 1) is None


def test_a_hand_edited_or_broken_record_lists_nothing_and_breaks_nothing(
        tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    tables = kept_tables(storage)
    _joined(storage, "ZZZZ2222")
    record = tables.folder / "ZZZZ2222.table.json"
    for broken in ("{", "[]", json.dumps({"code": "../x", "port": 1}),
                   record.read_text(encoding="utf-8").replace('"port": 7417', '"port": 0')):
        record.write_text(broken, encoding="utf-8")
        assert tables.listed() == []
    settings = Settings(storage)
    for odd in ({"code": "../../x", "port": 1}, {"code": "ABCDEFGH"}, "ABCDEFGH",
                {"code": "ABCDEFGH", "port": True}):
        settings.remember(hosted.KEY, odd)
        assert hosted.known_ports(settings) == {}


def test_continue_is_the_table_played_last_unless_a_game_was_played_here_since(
        app: App) -> None:
    table = _table_file(app.storage, "ABCDEFGH", "playing")
    title = TitleScene(app)
    app.replace(title)
    assert title.can_continue and title.table is not None and title.table.hosting
    session = Session.new(app.registry, "carcassonne", [],
                          [Seat("Ann", "red"), Seat("Bob", "blue")], seed=1)
    assert session.autosave(app.storage, app.registry) is None
    os.utime(table, (1, 1))  # the table's last turn, long before
    title.enter()
    assert title.can_continue and title.table is None  # the game played here since
    joined = _joined(app.storage, "ZZZZ2222")
    title.enter()  # a table joined since: Continue takes the seat back
    assert title.table is not None and title.table.link == joined.link


def test_load_lists_the_tables_first_and_removes_one_when_asked(app: App) -> None:
    _table_file(app.storage, "ABCDEFGH", "playing")
    _joined(app.storage, "ZZZZ2222")
    app.replace(TitleScene(app))
    driver = Driver(app)
    app.push(LoadScene(app))
    load = on_top(app, LoadScene)
    assert sorted(t.code for t in load.tables) == ["ABCDEFGH", "ZZZZ2222"]
    assert load.listed[:2] == load.tables  # first
    driver.frames()
    remove = [b for b in load.row_buttons if b.label == "Remove"]
    assert len(remove) == 2
    driver.click(remove[0].rect.center)
    driver.click(button(on_top(app, ConfirmScene), "Remove"))
    assert app.scene is load and len(load.tables) == 1
