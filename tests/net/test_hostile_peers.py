"""Hostile peers: a join code is needed, every message is checked, sizes, rates and
connections are bounded, another protocol version is told so, and a flood of garbage from
one peer crashes nothing and keeps nobody else from playing.  Floods of connections that
never join, of half-sent handshakes and of rejoins keep players out of no seat.

Many addresses on one machine: Linux routes all of 127.0.0.0/8 to the loopback interface,
so a client socket bound to 127.0.B.H is one more address (and 127.0.B.0/24 one more
block) while every byte stays on this machine."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.protocol import State

from game.net import PROTOCOL
from game.net.client import NetSession, Refusal, Status, Trouble
from game.net.connect import follow
from game.net.descriptors import ACCEPT_BACKLOG, open_files
from game.net.limits import Limits
from game.net.links import Link
from game.net.seats import TableConfig
from game.net.table import Table

from ..waiting import wait_until_async
from .loopback import LIMIT, LOOPBACK, assert_same_game, registry, run, seat_players, serving

TWO = TableConfig("carcassonne", seats=("open", "open"))


def _binds(address: str) -> bool:
    with socket.socket() as s:
        try:
            s.bind((address, 0))
        except OSError:
            return False
    return True


# Linux and Windows give a socket any 127.x.y.z; macOS only 127.0.0.1 (unless aliased)
MANY_ADDRESSES = pytest.mark.skipif(not _binds("127.0.3.2"),
                                    reason="this system has one loopback address")


async def raw(link: Link, source: str = LOOPBACK) -> ClientConnection:
    return await connect(link.url, compression=None, max_size=2**22, local_addr=(source, 0))


class HalfSent:
    """A socket that sends half an HTTP upgrade and no more."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.closed = asyncio.create_task(self._closing(reader))

    @classmethod
    async def open(cls, link: Link, source: str) -> HalfSent:
        reader, writer = await asyncio.open_connection(link.host, link.port,
                                                       local_addr=(source, 0))
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
        return cls(reader, writer)

    @staticmethod
    async def _closing(reader: asyncio.StreamReader) -> None:
        """Until the server closes it (or resets it)."""
        with contextlib.suppress(ConnectionError):
            await reader.read()

    def close(self) -> None:
        self.writer.close()
        self.closed.cancel()


async def until(done: Callable[[], bool], what: str, within: float = 5.0) -> None:
    await wait_until_async(done, what, timeout=within)


async def welcomed(link: Link, source: str, **extra: Any
                   ) -> tuple[dict[str, Any], ClientConnection]:
    """A join from ``source`` that must be welcomed: the welcome and the connection."""
    ws = await raw(link, source)
    await ws.send(join(link, **extra))
    welcome = json.loads(await asyncio.wait_for(ws.recv(), 5))
    assert welcome["type"] == "welcome", welcome
    return welcome, ws


async def heard(ws: ClientConnection) -> list[str]:
    """The kinds of message the table sent ``ws`` so far: a request it refuses (a seat not
    its own) comes back after all of them."""
    await ws.send('{"type": "resign", "seat": 0}')
    kinds: list[str] = []
    while (m := json.loads(await asyncio.wait_for(ws.recv(), 5))).get("code") != "not-your-seat":
        kinds.append(m["type"])
    return kinds


def join(link: Link, **extra: Any) -> str:
    return json.dumps({"type": "join", "protocol": PROTOCOL, "code": link.code,
                       "name": "Raw", **extra})


async def answers(ws: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
    """What the server says until it closes the connection, and its close code."""
    said: list[dict[str, Any]] = []
    try:
        async for text in ws:
            said.append(json.loads(text))
    except ConnectionClosed:
        pass
    return said, ws.close_code


async def refused(link: Link, first: str | bytes) -> tuple[str, int | None]:
    ws = await raw(link)
    await ws.send(first)
    said, code = await answers(ws)
    assert said[-1]["type"] == "error" and said[-1]["fatal"] is True
    return said[-1]["code"], code


def test_the_first_message_must_join_with_the_right_code_and_version() -> None:
    async def main() -> None:
        async with serving([TWO]) as (server, (link,)):
            other = Link(link.host, link.port, "ZZZZZZZZ")
            assert await refused(link, join(other)) == ("code", 1008)
            ws = await raw(link)
            await ws.send(join(link, protocol=PROTOCOL + 1))
            said, _ = await answers(ws)
            assert said[-1]["code"] == "protocol"
            assert f"protocol {PROTOCOL}" in said[-1]["message"]  # says which it speaks
            assert (await refused(link, '{"type": "act", "seat": 0, "n": 0, '
                                        '"action": "pass"}'))[0] == "join-first"
            assert (await refused(link, b"\x00binary"))[0] == "bad-json"
            assert (await refused(link, "[" * 10000))[0] == "bad-json"
            assert (await refused(link, join(link, name="x" * 500)))[0] == "bad-message"
            table = server.tables[link.code]
            assert all(s.kind == "open" for s in table.seats) and table.state == "lobby"

    run(main)


def test_failed_joins_from_one_address_are_slowed_down() -> None:
    async def main() -> None:
        limits = Limits(joins_per_minute=3)
        async with serving([TWO], limits=limits) as (_, (link,)):
            wrong = Link(link.host, link.port, "ZZZZZZZZ")
            codes = [(await refused(link, join(wrong)))[0] for _ in range(5)]
            assert codes == ["code"] * 3 + ["slow-down"] * 2
            assert (await refused(link, join(link)))[0] == "slow-down"  # even the right one

    run(main)


def test_big_frames_and_slow_joiners_are_turned_away() -> None:
    async def main() -> None:
        # the big frame is given all the time it needs to come (a busy machine may take
        # longer than a short join_within between the connection and its first frame)
        async with serving([TWO], limits=Limits(message_bytes=1000, join_within=LIMIT)
                           ) as (_, (link,)):
            ws = await raw(link)
            await ws.send("x" * 5000)
            assert (await answers(ws))[1] == 1009  # message too big
        async with serving([TWO], limits=Limits(join_within=0.3)) as (_, (link,)):
            ws = await raw(link)  # says nothing
            said, code = await answers(ws)
            assert said[-1]["code"] == "join-timeout" and code == 1008

    run(main)


def test_a_crowd_from_one_address_is_turned_away() -> None:
    three = TableConfig("carcassonne", seats=("open", "open", "open"))

    async def main() -> None:
        async with serving([three], limits=Limits(per_address=3)) as (server, (link,)):
            crowd = [await raw(link) for _ in range(3)]  # none has joined
            with pytest.raises((OSError, InvalidHandshake)):  # closed before its handshake
                await raw(link)
            for ws in crowd:
                await ws.send(join(link))
                assert json.loads(await ws.recv())["type"] == "welcome"
            with pytest.raises((OSError, InvalidHandshake)):
                await raw(link)
            assert server.admission.count(LOOPBACK) == 3

    run(main)


@MANY_ADDRESSES
def test_sockets_that_never_join_give_way_to_seated_players_and_newcomers() -> None:
    """The server is full of connections from four blocks that never join: a seated player
    comes back with its token, and a newcomer joins with the code."""
    three = TableConfig("carcassonne", seats=("open", "open", "open"))

    async def main() -> None:
        limits = Limits(max_connections=12, per_address=4)
        async with serving([three], limits=limits) as (server, (link,)):
            seated, ws = await welcomed(link, "127.0.9.1", seats=[0])
            await ws.close()
            await until(lambda: server.admission.count("127.0.9.1") == 0, "the seat's leaving")
            for block in range(1, 5):  # the fourth block's last finds the others as busy
                for _ in range(4):
                    with contextlib.suppress(OSError, InvalidHandshake):
                        await raw(link, f"127.0.{block}.2")
            assert (len(server.admission.held), server.admission.given_way,
                    server.admission.turned_away) == (12, 3, 1)
            back, _ = await welcomed(link, "127.0.9.1", token=seated["token"])
            assert back["you"] == [0]
            assert (await welcomed(link, "127.0.10.1"))[0]["you"] == [1]
            assert (len(server.admission.held), server.admission.given_way) == (12, 5)

    run(main)


@MANY_ADDRESSES
def test_half_sent_handshakes_count_against_their_address_and_block() -> None:
    async def main() -> None:
        limits = Limits(per_address=3, per_block=5, handshake_within=30)
        async with serving([TWO], limits=limits) as (server, (link,)):
            stuck = [await HalfSent.open(link, "127.0.3.2") for _ in range(8)]
            await until(lambda: sum(s.closed.done() for s in stuck) == 5, "five turned away")
            assert [s.closed.done() for s in stuck] == [False] * 3 + [True] * 5  # the newest
            more = [await HalfSent.open(link, "127.0.3.3") for _ in range(3)]
            await until(lambda: stuck[0].closed.done(), "the block's busiest address to yield")
            # a player of the same block still gets in: the busiest address (now .3) yields
            assert (await welcomed(link, "127.0.3.9"))[0]["you"] == [0]
            await until(lambda: more[0].closed.done(), "the oldest of 127.0.3.3 to give way")
            assert server.admission.by_block["127.0.3.0/24"] == 5
            for s in stuck + more:
                s.close()

    run(main)


def test_an_unfinished_handshake_times_out() -> None:
    async def main() -> None:
        async with serving([TWO], limits=Limits(handshake_within=0.2)) as (server, (link,)):
            stuck = await HalfSent.open(link, LOOPBACK)
            await asyncio.wait_for(stuck.closed, 5)  # not the 10 s websockets allows
            await until(lambda: server.admission.count(LOOPBACK) == 0, "it to be counted out")

    run(main)


@contextlib.contextmanager
def file_limit(soft: int) -> Iterator[None]:
    """This process may open files numbered below ``soft`` only, for a while."""
    import resource
    before, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (before, hard))


@pytest.mark.skipif(sys.platform != "linux", reason="counts this process's open files")
def test_connections_stop_short_of_the_open_file_limit_and_saves_go_on(tmp_path: Path) -> None:
    async def main() -> None:
        with file_limit(open_files() + Limits.spare_files + ACCEPT_BACKLOG + 20):
            async with serving([TWO], folder=tmp_path) as (server, (link,)):
                room = server.admission.room
                assert 16 <= room < 20
                flood = [await raw(link, f"127.0.{b}.2") for b in range(room + 4)]
                await until(lambda: sum(ws.state is State.CLOSED for ws in flood) == 4,
                            "the flood to give way to itself")
                await welcomed(link, "127.0.50.1", seats=[0])
                await until(lambda: sum(ws.state is State.CLOSED for ws in flood) == 5,
                            "one more to give way to the player")
                await until(lambda: (tmp_path / f"{link.code}.json").exists() and
                            "\"Raw\"" in (tmp_path / f"{link.code}.json").read_text(),
                            "the table saved with its player")
                assert len(server.admission.held) == room

    run(main)


@pytest.mark.skipif(sys.platform != "linux", reason="lowers this process's open-file limit")
def test_running_out_of_descriptors_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    async def main() -> None:
        async with serving([TWO]) as (server, (link,)):
            sockets = [socket.socket() for _ in range(3)]
            try:
                with file_limit(3):  # no accept can succeed
                    for s in sockets:
                        s.setblocking(False)
                        s.connect_ex((link.host, link.port))
                    await until(lambda: "out of descriptors" in caplog.text, "the log line")
                # asyncio accepts again a second later
                await until(lambda: server.admission.count(LOOPBACK) == 3, "the accepts")
            finally:
                for s in sockets:
                    s.close()

    with caplog.at_level(logging.INFO):
        run(main)
    told = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(told) == 1 and told[0].exc_info is None, [r.getMessage() for r in told]


def test_a_seat_rejoining_too_often_is_slowed_down_without_sync_save_or_broadcast(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        limits = Limits(rejoins_per_minute=3)
        async with serving([TWO], folder=tmp_path, limits=limits) as (server, (link,)):
            first, _ = await welcomed(link, LOOPBACK, seats=[0])
            _, other = await welcomed(link, LOOPBACK, seats=[1])  # the game begins
            assert "start" in await heard(other)
            saves: list[str] = []
            want = server._saver.want

            def counted(table: Table) -> None:
                saves.append(table.code)
                want(table)

            monkeypatch.setattr(server._saver, "want", counted)
            for _ in range(3):  # as often as the meter allows
                assert (await welcomed(link, LOOPBACK, token=first["token"]))[0]["you"] == [0]
            assert "table" in await heard(other) and len(saves) == 3
            saves.clear()
            for _ in range(3):
                ws = await raw(link)
                await ws.send(join(link, token=first["token"]))
                said, code = await answers(ws)
                assert [m["code"] for m in said] == ["slow-down"] and code == 1008
            assert await heard(other) == [] and saves == []

    run(main)


def test_bad_requests_after_joining_are_refused_one_by_one_then_the_peer_is_dropped() -> None:
    async def main() -> None:
        limits = Limits(refused=5)
        async with serving([TWO], limits=limits) as (server, (link,)):
            ws = await raw(link)
            await ws.send(join(link, seats=[0]))
            welcome = json.loads(await ws.recv())
            assert welcome["type"] == "welcome" and welcome["you"] == [0]
            bad = ['{"type": "act"}', '{"type": "act", "seat": 0, "n": -1, "action": "pass"}',
                   '{"type": "act", "seat": 0, "n": 0, "action": "pass", "extra": 1}',
                   '{"type": "undo", "seat": 1, "n": 0}', "not json", '{"type": "join"}']
            for text in bad:
                await ws.send(text)
            said, code = await answers(ws)
            errors = [m["code"] for m in said if m["type"] == "error"]
            assert errors == ["bad-message"] * 3 + ["not-your-seat", "bad-json",
                                                     "bad-message"]
            assert code == 1008
            table = server.tables[link.code]
            assert table.state == "lobby" and table.seats[0].name == "Raw"

    run(main)


@pytest.mark.slow
def test_a_flood_of_garbage_slows_nobody_else_and_crashes_nothing() -> None:
    async def flood(link: Link) -> int | None:
        ws = await raw(link)
        await ws.send(join(link, code="ZZZZ-ZZZZ"))  # refused: then it sends anyway
        try:
            for i in range(5000):
                await ws.send(("{" * (i % 50)) + "garbage" * (i % 30))
        except ConnectionClosed:
            pass
        return (await answers(ws))[1]

    async def joined_flood(link: Link) -> int | None:
        ws = await raw(link)
        await ws.send(join(link, seats=[2]))
        await ws.recv()
        try:
            for _ in range(5000):
                await ws.send('{"type": "act", "seat": 2, "n": 0, "action": "pass"}')
        except ConnectionClosed:
            pass
        return (await answers(ws))[1]

    config = TableConfig("carcassonne", seats=("open", "open", "random"))
    three = TableConfig("carcassonne", seats=("open", "open", "open"))

    async def main() -> None:
        async with serving([config, three]) as (server, (link, other)):
            floods = [asyncio.create_task(flood(link)) for _ in range(3)]
            floods.append(asyncio.create_task(joined_flood(other)))
            sessions = await seat_players(link, 2, "random")
            table = server.tables[link.code]
            assert table.game is not None
            assert_same_game(sessions, table.game)
            # (the floods share this test's one event loop with the players and the server,
            # so time says nothing here: scripts/bench_net.py floods from another process)
            assert await asyncio.gather(*floods) == [1008] * 4
            late = NetSession(registry(), other, "Late")  # the server still seats players
            assert (await seat_only(late)) == (0,)

    run(main)


async def seat_only(session: NetSession) -> tuple[int, ...]:
    stop = asyncio.Event()
    task = asyncio.create_task(follow(session, stop))
    await wait_until_async(lambda: session.seats, "a seat given", step=session.poll)
    stop.set()
    await task
    return session.seats


def test_a_table_that_sends_nonsense_never_crashes_its_client() -> None:
    """A server of another kind: garbage at the first join, then a game that contradicts
    itself at every join.  The client reads on, rebuilds, and gives up with a sentence
    (frames it cannot read again and again have their own, tests/net/test_client_edges)."""
    table = Table(TableConfig("carcassonne", seats=("open", "open")), registry(), seed=1)
    table.join("A", None, None, None)
    table.join("B", None, None, None)
    table.start(0.0)
    start = table.start_message([0])
    start["digest"]["scores"] = [5, 0]  # not what the game begins with
    joins = 0

    async def liar(ws: ServerConnection) -> None:
        nonlocal joins
        await ws.recv()
        joins += 1
        if joins == 1:
            await ws.send("{not json")
        await ws.send(json.dumps({"type": "welcome", "protocol": PROTOCOL, "server": "?",
                                  "code": table.code,
                                  "table": table.info(0.0), "you": [0], "token": "t" * 32,
                                  "host": False}))
        await ws.send(json.dumps(start))
        await ws.wait_closed()

    async def main() -> None:
        async with serve(liar, "127.0.0.1", 0, compression=None) as server:
            port = server.sockets[0].getsockname()[1]
            session = NetSession(registry(), Link("127.0.0.1", port, table.code), "Me")
            told: list[object] = []
            stop = asyncio.Event()
            connection = asyncio.create_task(follow(session, stop, first_wait=0.01))
            await wait_until_async(lambda: session.status == Status.FAILED,
                                   "the client giving up on the lying table",
                                   step=lambda: told.extend(session.poll()))
            stop.set()
            await connection
            assert session.fault is not None and session.fault.kind == Trouble.MISFIT
            assert session.problem is not None and "do not fit" in session.problem
            assert any(isinstance(t, Refusal) and t.code == "bad-message" for t in told)
            assert joins == 3 and session.game is None

    run(main)
