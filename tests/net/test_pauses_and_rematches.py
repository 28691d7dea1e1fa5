"""A table that stands still and a table that plays its next game, together: the next game
waits while the table is paused, a seat the next game began without is played for as away,
the finished game kept aside is saved again with its table when a save failed, a table
closed after a failure is not tried again, and a client that follows the next game never
takes the last one's turns for turns lost."""

from __future__ import annotations

import asyncio
import errno
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.ai import random_action
from game.net import PROTOCOL, tablefile
from game.net.client import Lost, NetSession, Rematched
from game.net.links import Link
from game.net.seats import Refused, TableConfig
from game.net.tablefile import FINISHED, Saver
from game.net.terms import PauseReason, TableState
from game.store import storage

from .loopback import LOOPBACK, registry
from .test_rematch_table import ended
from .test_table import play_some


def test_the_next_game_waits_while_the_table_stands_still() -> None:
    """Every player accepted while the table was paused: nothing begins (nor changes) until
    it goes on, then the next game does."""
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    seed, uid = table.seed, table.uid
    table.pause(PauseReason.UNSAVED, "its last turn cannot be saved", 1.0)
    table.want_rematch({0, 1})  # the answers are taken meanwhile
    assert not table.rematch_due
    with pytest.raises(Refused, match="paused"):
        table.rematch(2.0)  # the host's "start now"
    assert (table.state, table.round, table.seed, table.uid) == (TableState.OVER, 1, seed, uid)
    assert table.previous is None and all(s.rematch for s in table.seats)
    table.resume(3.0)
    assert table.rematch_due
    table.rematch(4.0)
    assert table.state == TableState.PLAYING and table.round == 2


def test_a_seat_the_next_game_began_without_is_played_for_as_away() -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    table.want_rematch({1})
    table.connected([0], False, 1.0, left=True)
    table.rematch(2.0)
    seats = table.info(2.0)["seats"]
    assert seats[0]["out"] and seats[0]["stand_in_reason"] == "away"
    assert seats[1]["stand_in_reason"] is None
    assert table.game is not None
    rng = random.Random(1)
    while table.game.current == 0 and table.state == TableState.PLAYING:
        step = table.play(random_action(table.game, rng), 3.0)
        assert step.stand_in_reason == "away"
    table.want_rematch({0})  # back: its own turns again
    assert table.info(4.0)["seats"][0]["stand_in_reason"] is None


class FullDisk:
    """Every write of the table files fails with ENOSPC while ``full`` (``tries``: the files
    it was asked to write)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = True
        self.tries: list[str] = []
        monkeypatch.setattr(tablefile, "atomic_write", self.write)

    def write(self, path: Path, text: str) -> None:
        self.tries.append(path.name)
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        storage.atomic_write(path, text)


def test_a_finished_game_and_its_rematch_not_saved_are_both_saved_once_there_is_room(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    told: list[str | None] = []
    saver = Saver(tmp_path, told=lambda t, problem: told.append(
        None if problem is None else problem.strerror), retry=0.05)
    disk = FullDisk(monkeypatch)
    table.want_rematch({0, 1})

    async def main() -> None:
        saver.archive(table)
        table.rematch(1.0)
        saver.want(table)
        await saver.drain()
        assert told == ["No space left on device"] and table.code in saver.failing
        assert not (tmp_path / FINISHED / f"{table.code}-1.json").exists()
        assert not (tmp_path / f"{table.code}.json").exists()
        disk.full = False
        for _ in range(200):  # the save is tried again by itself
            if told[-1] is None:
                break
            await asyncio.sleep(0.01)
            await saver.drain()
        saver.stop_retrying()

    asyncio.run(main())
    assert told == ["No space left on device", None] and not saver.failing
    finished = json.loads((tmp_path / FINISHED / f"{table.code}-1.json").read_text())
    assert finished["state"] == TableState.OVER
    assert json.loads((tmp_path / f"{table.code}.json").read_text())["round"] == 2


def test_a_table_closed_after_a_failure_is_not_saved_again_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    saver = Saver(tmp_path, retry=0.02)
    disk = FullDisk(monkeypatch)

    async def main() -> None:
        saver.want(table)
        await saver.drain()
        saver.forget(table)  # what the server does as it closes the table
        await asyncio.sleep(0.2)  # ten retries' worth
        await saver.drain()

    asyncio.run(main())
    assert disk.tries == [f"{table.code}.json"] and not saver.failing


def test_a_client_following_the_next_game_loses_no_turn_of_the_last_one() -> None:
    """A player who comes back during the table's next game gets its moves from where they
    were: the turns of the game before are not counted as turns the table lost."""
    table, tokens = ended(TableConfig("carcassonne", seats=("open", "open")))
    session = NetSession(registry(), Link(LOOPBACK, 1, table.code), "P0")
    seen = [{"type": "welcome", "protocol": PROTOCOL, "server": "carcassonne", "you": [0],
             "table": table.info(1.0), "token": tokens[0], "host": False},
            table.start_message({0}), table.sync_message({0}, 0), table.over_message()]
    table.want_rematch({0, 1})
    table.rematch(2.0)
    play_some(table, 3)
    seen += [{"type": "table", "table": table.info(2.0)}, table.start_message({0})]
    seen += [table.move_message(step, {0}) for step in table.steps]
    seen.append(table.sync_message({0}, len(table.steps)))  # back after a drop: nothing missed
    happened = feed(session, seen)
    assert [h.round for h in happened if isinstance(h, Rematched)] == [2]
    assert not [h for h in happened if isinstance(h, Lost)]
    assert len(session.history) == len(table.steps) and session.problem is None


def feed(session: NetSession, messages: list[dict[str, Any]]) -> list[Any]:
    """What the session makes of ``messages`` from its table."""
    for message in messages:
        session.received(json.dumps(message))
    return list(session.poll())
