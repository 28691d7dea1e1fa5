"""Which table the title's Continue serves again: the one this window hosted last, only while
its game is under way, and only when no game was played here since (the autosave)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.store.storage import Storage
from game.ui import hosted
from game.ui.app import App
from game.ui.net_link import HOSTED_TABLES
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.ui.settings import Settings


def _table_file(storage: Storage, code: str, state: str) -> Path:
    path = storage.data_dir / HOSTED_TABLES / f"{code}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"code": code, "state": state}), encoding="utf-8")
    return path


def test_only_the_last_hosted_table_under_way_is_offered(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    settings = Settings(storage)
    assert hosted.unfinished(settings, storage) is None  # nothing hosted yet
    _table_file(storage, "ABCDEFGH", "playing")
    _table_file(storage, "HGFEDCBA", "over")
    settings.remember(hosted.KEY, {"code": "HGFEDCBA", "port": 7417})
    assert hosted.unfinished(settings, storage) is None  # the last one is over
    settings.remember(hosted.KEY, {"code": "ABCDEFGH", "port": 7420})
    found = hosted.unfinished(settings, storage)
    assert found is not None and (found.code, found.port) == ("ABCDEFGH", 7420)
    for broken in ({"code": "../../x", "port": 1}, {"code": "ABCDEFGH"}, "ABCDEFGH"):
        settings.remember(hosted.KEY, broken)  # a hand-edited settings file
        assert hosted.unfinished(settings, storage) is None
    settings.remember(hosted.KEY, {"code": "ABCDEFGH", "port": 7420})
    (storage.data_dir / HOSTED_TABLES / "ABCDEFGH.json").write_text("{", encoding="utf-8")
    assert hosted.unfinished(settings, storage) is None  # a file cut short


def test_continue_is_the_table_unless_a_game_was_played_here_since(app: App) -> None:
    table = _table_file(app.storage, "ABCDEFGH", "playing")
    app.settings.remember(hosted.KEY, {"code": "ABCDEFGH", "port": 7417})
    title = TitleScene(app)
    app.replace(title)
    assert title.can_continue and title.table is not None
    session = Session.new(app.registry, "carcassonne", [],
                          [Seat("Ann", "red"), Seat("Bob", "blue")], seed=1)
    assert session.autosave(app.storage, app.registry) is None
    os.utime(table, (1, 1))  # the table's last turn, long before
    title.enter()
    assert title.can_continue and title.table is None  # the game played here since
