"""A table hosted from the host's own program: the server in a thread, the host's seats
played through a session joined with the host key, which alone may start the game, change
an open seat and hand a seat to a computer."""

from __future__ import annotations

import asyncio

from game.net.client import NetSession, Refusal, Status
from game.net.connect import follow
from game.net.headless import play_seat
from game.net.hosting import LocalServer
from game.net.links import Link
from game.net.seats import TableConfig

from ..waiting import wait_until_async
from .loopback import registry, run


def test_the_host_seats_starts_and_hands_over() -> None:
    host = LocalServer(registry())
    port = host.start("127.0.0.1", 0)
    try:
        config = TableConfig("carcassonne", seats=("host", "open", "open", "host"),
                             auto_start=False)
        code, key = host.open_table(config)
        link = host.link_for(code, "127.0.0.1")
        assert link == Link("127.0.0.1", port, code)
        run(lambda: hosted_game(host, link, key))
    finally:
        host.close()


async def hosted_game(host: LocalServer, link: Link, key: str) -> None:
    me = NetSession(registry(), link, "Host", host_key=key)
    friend = NetSession(registry(), link, "Friend")
    stop = asyncio.Event()
    links = [asyncio.create_task(follow(s, stop)) for s in (me, friend)]
    table = host.server.tables[link.code]
    await wait_until_async(lambda: me.seats and friend.seats, "the host and the friend seated",
                           step=lambda: (me.poll(), friend.poll()))
    assert me.seats == (0, 3) and friend.seats == (1,)
    assert friend.host("start")
    assert await refusal(friend) == "not-host"
    assert me.host("start")
    assert await refusal(me) == "not-ready"  # seat 2 is still open
    assert table.state == "lobby"
    assert me.host("seat", seat=2, kind="random")
    await wait_until_async(lambda: table.seats[2].kind == "computer",
                           "seat 2 handed to a computer")
    assert me.host("start")
    playing = [asyncio.create_task(play_seat(s, "random", seed=i))
               for i, s in enumerate((me, friend))]
    await wait_until_async(lambda: table.game is not None and len(table.game.moves) >= 20,
                           "the game at 20 moves")
    assert me.host("takeover", seat=1)  # the friend's seat: a computer plays it now
    await asyncio.gather(*playing)
    stop.set()
    await asyncio.gather(*links)
    assert table.game is not None and table.game.over
    assert table.seats[1].taken_over
    assert me.status == friend.status == Status.OVER
    assert any(s.seat == 1 for s in table.steps)  # the friend's seat played to the end


async def refusal(session: NetSession) -> str:
    """The code of the next refusal the session is told."""
    def told() -> str | None:
        return next((h.code for h in session.poll() if isinstance(h, Refusal)), None)

    return await wait_until_async(told, "a refusal from the table")
