"""Hostile peers: a join code is needed, every message is checked, sizes, rates and
connections are bounded, another protocol version is told so, and a flood of garbage from
one peer crashes nothing and keeps nobody else from playing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import PROTOCOL
from game.net.client import NetSession, Refusal, Status
from game.net.connect import follow
from game.net.limits import Limits
from game.net.links import Link
from game.net.seats import TableConfig
from game.net.table import Table

from ..waiting import wait_until_async
from .loopback import LIMIT, assert_same_game, registry, run, seat_players, serving

TWO = TableConfig("carcassonne", seats=("open", "open"))


async def raw(link: Link) -> ClientConnection:
    return await connect(link.url, compression=None, max_size=2**22)


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


def test_big_frames_slow_joiners_and_crowds_are_turned_away() -> None:
    async def main() -> None:
        # Joining is given all the time it needs here: on a busy machine, opening four
        # connections can take longer than a short join_within, which would drop the first
        # of the crowd before the fourth comes (and let the fourth in).
        limits = Limits(message_bytes=1000, per_address=3, join_within=LIMIT)
        async with serving([TWO], limits=limits) as (_, (link,)):
            ws = await raw(link)
            await ws.send("x" * 5000)
            assert (await answers(ws))[1] == 1009  # message too big
            crowd = [await raw(link) for _ in range(4)]
            closed = [(await answers(c))[1] for c in crowd[3:]]
            assert closed == [1013]  # the fourth from one address
            for c in crowd[:3]:
                await c.close()
        async with serving([TWO], limits=Limits(join_within=0.3)) as (_, (link,)):
            ws = await raw(link)  # says nothing
            said, code = await answers(ws)
            assert said[-1]["code"] == "join-timeout" and code == 1008

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
    """A server of another kind: garbage, then a game that contradicts itself, again at
    every join.  The client reads on, rebuilds, and gives up with a sentence."""
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
        await ws.send("{not json")
        await ws.send(json.dumps({"type": "welcome", "protocol": PROTOCOL, "server": "?",
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
            assert session.problem is not None and "do not fit" in session.problem
            assert any(isinstance(t, Refusal) and t.code == "bad-message" for t in told)
            assert joins == 3 and session.game is None

    run(main)
