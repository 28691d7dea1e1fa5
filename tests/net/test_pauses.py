"""A table that stands still, and its players told why: its host left (it comes back when the
host serves it again), its server stopped, its last turn could not be saved (play waits until
it can, nothing confirmed is lost); a hosted table still in its lobby is closed.  A turn a
computer plays for a player says why, in the move and in the seat."""

from __future__ import annotations

import asyncio
import errno
import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from game.ai import random_action
from game.net import tablefile
from game.net.client import Lost, NetSession, Refusal, Status
from game.net.connect import follow
from game.net.hosting import LocalServer
from game.net.links import Link
from game.net.seats import Refused, TableConfig
from game.net.table import Table
from game.net.table_server import TableServer
from game.net.terms import PauseReason
from game.store import storage

from ..waiting import wait_until_async
from .loopback import LOOPBACK, registry, run


async def until(done: Callable[[], bool], what: str, sessions: tuple[NetSession, ...] = (),
                seconds: float = 20.0) -> None:
    """Poll the sessions until ``done``; fail after ``seconds`` saying what was awaited."""
    await wait_until_async(done, what, timeout=seconds,
                           step=lambda: [session.poll() for session in sessions])


def started(config: TableConfig) -> Table:
    table = Table(config, registry(), seed=5)
    for i in range(sum(1 for k in config.seats if k == "open")):
        table.join(f"P{i}", None, None, None)
    table.start(0.0)
    return table


def test_a_paused_table_stops_its_clock_its_computers_and_every_request() -> None:
    table = started(TableConfig("carcassonne", seats=("open", "open"), clock=(60, 0),
                                takeover=30))
    table.connected([0, 1], True, 0.0)
    table.pause(PauseReason.UNSAVED, "its last turn cannot be saved", 10.0)
    assert table.running() is None and table.clocks == [50.0, 60.0]
    assert table.info(40.0)["clocks"] == [50000, 60000]  # time passes, the clock stands
    assert table.info(40.0)["paused"] == {"reason": "unsaved",
                                          "message": "its last turn cannot be saved"}
    assert table.game is not None
    move = str(random_action(table.game, random.Random(1)))
    for request in (lambda: table.act({0}, 0, 0, move, 41.0), lambda: table.undo({0}, 0, 0),
                    lambda: table.resign({1}, 1)):
        with pytest.raises(Refused, match="paused"):
            request()
    table.seats[0].flagged = True
    table.connected([0], False, 41.0)
    assert table.computer_turn() is None and table.takeover_at() is None
    assert not table.take_over(0)
    table.resume(50.0)
    assert table.computer_turn() == 0 and table.time_left(55.0) == 45.0
    assert table.info(50.0)["paused"] is None


def test_a_computer_playing_for_a_player_says_why_and_the_wait_counts_down() -> None:
    table = started(TableConfig("carcassonne", seats=("open", "open", "open"),
                                clock=(60, 0), takeover=30))
    game = table.game
    assert game is not None
    rng = random.Random(2)
    assert table.flag(61.0)  # seat 0 ran out of time
    assert table.info(61.0)["seats"][0]["stand_in_reason"] == "clock"
    first = table.play(random_action(game, rng), 62.0)
    assert first.stand_in_reason == "clock"
    assert first.to_json()["stand_in_reason"] == "clock"
    while game.current == 0:
        table.play(random_action(game, rng), 62.0)
    table.connected([0, 2], True, 62.0)
    table.connected([1], False, 62.0)  # away on their turn
    assert table.info(72.0)["takeover_in"] == 20000
    assert table.take_over(1)
    assert table.info(72.0)["seats"][1]["stand_in_reason"] == "away"
    step = table.play(random_action(game, rng), 73.0)
    assert step.stand_in_reason == "away"
    table.resign({2}, 2)
    assert table.info(74.0)["seats"][2]["stand_in_reason"] == "resigned"
    assert table.info(74.0)["seats"][0]["stand_in_reason"] is None  # back to its player
    mine = table.steps[-1]
    assert "stand_in_reason" in mine.to_json()


def quick(session: NetSession, stop: asyncio.Event) -> Coroutine[Any, Any, None]:
    """Follow the table, trying again soon after a drop (in tests)."""
    return follow(session, stop, first_wait=0.05, longest_wait=0.2)


async def _seated(link: Link, *sessions: NetSession) -> list[asyncio.Task[None]]:
    stop = asyncio.Event()
    tasks = [asyncio.create_task(quick(s, stop)) for s in sessions]
    await until(lambda: all(s.seats for s in sessions), "everyone seated", sessions)
    return tasks


async def ann_and_bob_at(folder: Path, config: TableConfig
                         ) -> tuple[TableServer, Table, list[NetSession], list[asyncio.Task[None]]]:
    """A server on the loopback address saving in ``folder``, with one table of ``config``,
    Ann and Bob seated at it (and the tasks that keep them connected)."""
    server = TableServer(registry(), folder)
    table = server.add_table(config, seed=3)
    port = await server.start(LOOPBACK, 0)
    link = Link(LOOPBACK, port, table.code)
    players = [NetSession(registry(), link, n) for n in ("Ann", "Bob")]
    return server, table, players, await _seated(link, *players)


def test_guests_read_that_the_host_paused_the_table_and_come_back_when_it_is_served_again(
        tmp_path: Path) -> None:
    """The host's window leaves a game under way: the guest is told the table is paused by
    its host, sees the host's seat left and the clocks stopped, and is back at the table by
    itself once the host serves it again."""
    config = TableConfig("carcassonne", seats=("host", "open"), names=("Ann",),
                         clock=(300, 0), takeover=0, auto_start=False)
    host = LocalServer(registry(), tmp_path)
    port = host.start(LOOPBACK, 0)
    code, key = host.open_table(config)
    link = host.link_for(code, LOOPBACK)

    async def main() -> None:
        me = NetSession(registry(), link, "Ann", host_key=key)
        guest = NetSession(registry(), link, "Bob")
        tasks = await _seated(link, me, guest)
        assert me.host("start")
        await until(lambda: guest.status == Status.PLAYING and me.my_turn() == 0,
                    "the game begun", (me, guest))
        await asyncio.to_thread(host.close)  # the host leaves: its table stops
        await until(lambda: guest.status == Status.PAUSED, "the guest told", (guest,))
        paused = guest.table.paused
        assert paused is not None and paused.reason == "host"
        ann = guest.table.seats[0]
        assert not ann["connected"] and ann["left"]
        assert guest.table.info["running"] is None
        clocks = guest.table.info["clocks"]
        assert clocks is not None and 290_000 < clocks[0] <= 300_000
        again = LocalServer(registry(), tmp_path)
        code2, key2, name = again.reopen_table(tmp_path / f"{code}.json")
        assert (code2, name) == (code, "Ann")
        try:
            assert again.start(LOOPBACK, port) == port
            back = NetSession(registry(), link, "Ann", host_key=key2)
            tasks.append(asyncio.create_task(quick(back, asyncio.Event())))
            await until(lambda: guest.status == Status.PLAYING and back.my_turn() == 0,
                        "the guest back at the table served again", (guest, back))
            assert guest.table.paused is None
            left = again.server.tables[code].clocks
            assert left is not None and left[0] == clocks[0] / 1000  # the clock as it stood
            back.close()
            guest.close()
            await asyncio.wait_for(asyncio.gather(*tasks), 10)
        finally:
            await asyncio.to_thread(again.close)

    try:
        run(main)
    finally:
        host.close()


def test_guests_in_a_hosted_lobby_read_that_the_host_closed_the_table(tmp_path: Path) -> None:
    host = LocalServer(registry(), tmp_path)
    host.start(LOOPBACK, 0)
    code, _key = host.open_table(TableConfig("carcassonne", seats=("host", "open"),
                                            auto_start=False))
    link = host.link_for(code, LOOPBACK)

    async def main() -> None:
        guest = NetSession(registry(), link, "Bob")
        tasks = await _seated(link, guest)
        await asyncio.to_thread(host.close)
        await until(lambda: guest.status == Status.FAILED, "the guest told", (guest,))
        assert guest.refused == "host-closed" and guest.problem == "the host closed the table"
        await asyncio.wait_for(asyncio.gather(*tasks), 10)  # it tries no more

    try:
        run(main)
    finally:
        host.close()


def test_players_read_that_the_server_stopped(tmp_path: Path) -> None:
    """Ctrl+C on ``python -m game.server``: every table under way is saved, paused, and its
    players read that the server stopped; started again, the game goes on."""
    config = TableConfig("carcassonne", seats=("open", "open"), takeover=0)

    async def main() -> None:
        server, _table, players, tasks = await ann_and_bob_at(tmp_path, config)
        await until(lambda: all(p.status == Status.PLAYING for p in players), "the game",
                    tuple(players))
        await server.close()  # what the server's Ctrl+C does
        await until(lambda: all(p.status == Status.PAUSED for p in players),
                    "both players told", tuple(players))
        for p in players:
            paused = p.table.paused
            assert paused is not None and paused.reason == "server"
            assert "server stopped" in paused.message
        second = TableServer(registry(), tmp_path)
        assert second.load_tables() == []
        await second.start(LOOPBACK, players[0].link.port)
        try:
            await until(lambda: all(p.status == Status.PLAYING for p in players),
                        "both players back", tuple(players))
        finally:
            for p in players:
                p.close()
            await asyncio.wait_for(asyncio.gather(*tasks), 10)
            await second.close()

    run(main)


def test_a_table_that_cannot_be_saved_pauses_tells_everyone_and_resumes_once_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder is full: the turn that could not be saved stands, the table refuses
    further moves and tells every player why, tries again, and play resumes once a save
    succeeds, with every move on disk."""
    config = TableConfig("carcassonne", seats=("open", "open"), clock=(300, 0), takeover=0)
    disk = Disk(monkeypatch)

    async def main() -> None:
        server, table, players, tasks = await ann_and_bob_at(tmp_path, config)
        server._saver.retry = 0.05
        try:
            await until(lambda: any(p.my_turn() is not None for p in players),
                        "someone's turn", tuple(players))
            disk.full = True
            mover = await play_a_turn(players)  # a whole turn, confirmed
            await until(lambda: all(p.table.paused is not None for p in players),
                        "every player told", tuple(players))
            for p in players:
                paused = p.table.paused
                assert paused is not None and paused.reason == "unsaved"
                assert paused.detail == "No space left on device"
                assert p.table.info["running"] is None and p.my_turn() is None
            # Whose turn it stands at: the mover's own when the pause came mid-turn (the
            # save is tried once the placement is played), else the other player's.
            holder = next(p for p in players if p.game is not None
                          and p.game.current in p.seats)
            assert mover.game is not None and holder.game is not None
            assert holder.request({"type": "act", "seat": holder.game.current,
                                   "n": len(holder.game.moves), "action": "pass"})
            refused: list[str] = []
            await until(lambda: _refused(holder, refused), "the move refused")
            assert refused == ["paused"]
            played = len(table.steps)
            disk.full = False  # room again: the next try saves
            await until(lambda: all(p.table.paused is None for p in players),
                        "play resumed", tuple(players))
            await until(lambda: holder.my_turn() is not None, "the turn to play again",
                        tuple(players))
            saved = tablefile.load_table(tmp_path / f"{table.code}.json", registry(), 0.0)
            assert saved.game is not None and len(saved.game.moves) == played
        finally:
            for p in players:
                p.close()
            await asyncio.wait_for(asyncio.gather(*tasks), 10)
            await server.close()

    run(main)


class Disk:
    """The table files' folder, which can be made full (every write fails with ENOSPC)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self._write = storage.atomic_write
        monkeypatch.setattr(tablefile, "atomic_write", self.write)

    def write(self, path: Path, text: str) -> None:
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        self._write(path, text)


async def play_a_turn(players: list[NetSession]) -> NetSession:
    """The player whose turn it is plays it whole (random legal actions); that player."""
    await until(lambda: any(p.my_turn() is not None for p in players), "someone's turn",
                tuple(players))
    mover = next(p for p in players if p.my_turn() is not None)
    rng = random.Random(4)
    while mover.my_turn() is not None and mover.game is not None:
        assert mover.act(random_action(mover.game, rng))
        await until(played(mover, len(mover.history) + 1), "the action played",
                    tuple(players))
    return mover


def played(session: NetSession, moves: int) -> Callable[[], bool]:
    """Whether the session holds ``moves`` moves, or its table stands still."""
    return lambda: len(session.history) >= moves or session.table.paused is not None


def _refused(session: NetSession, codes: list[str]) -> bool:
    codes += [h.code for h in session.poll() if isinstance(h, Refusal)]
    return bool(codes)


def test_a_player_is_told_when_the_table_came_back_from_an_older_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server was killed while its last turn could not be saved: started again, it is
    one turn behind the players, who are told so rather than shown an older game."""
    config = TableConfig("carcassonne", seats=("open", "open"), takeover=0)
    disk = Disk(monkeypatch)

    async def main() -> None:
        server, _table, players, tasks = await ann_and_bob_at(tmp_path, config)
        lost: list[int] = []
        closed = False
        try:
            await until(lambda: any(p.my_turn() is not None for p in players), "a turn",
                        tuple(players))
            disk.full = True
            mover = await play_a_turn(players)
            await server.close()  # the file still holds the game before that turn
            closed = True
            disk.full = False
            second = TableServer(registry(), tmp_path)
            assert second.load_tables() == []
            await second.start(LOOPBACK, players[0].link.port)
            try:
                def told() -> bool:
                    lost.extend(h.moves for h in mover.poll() if isinstance(h, Lost))
                    return bool(lost)
                await until(told, "the player told the table went back")
            finally:
                for p in players:
                    p.close()
                await asyncio.wait_for(asyncio.gather(*tasks), 10)
                await second.close()
        finally:
            if not closed:
                await server.close()
        assert lost and lost[0] >= 1

    run(main)
