"""At the table together, over the loopback network: spectators who watch and never act,
chat metered and muted, tables made by a player on a server (as many as the server allows
one address), the public tables of a server's lobby, and how a player's tables stand, read
with their tokens and nothing else."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net import PROTOCOL
from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.headless import watch
from game.net.limits import Limits
from game.net.links import Link, parse_server
from game.net.looking import LookError, public_tables, standings
from game.net.seats import TableConfig
from game.net.table_server import TableServer

from ..waiting import wait_until_async
from .loopback import LOOPBACK, registry, run, seat_players

TWO = TableConfig("carcassonne", seats=("open", "open"), watchers="chat")
WITHIN = 5.0  # seconds any one answer may take


@asynccontextmanager
async def server_with(configs: list[TableConfig], **options: Any
                      ) -> AsyncIterator[tuple[TableServer, list[Link]]]:
    limits = options.pop("limits", None)
    server = TableServer(registry(), None, limits, **options)
    tables = [server.add_table(c, seed=7 + i) for i, c in enumerate(configs)]
    port = await server.start(LOOPBACK, 0)
    try:
        yield server, [Link(LOOPBACK, port, t.code) for t in tables]
    finally:
        await server.close()


async def raw(link: Link, first: dict[str, Any]) -> ClientConnection:
    ws = await connect(f"ws://{LOOPBACK}:{link.port}/", compression=None)
    await ws.send(json.dumps({"protocol": PROTOCOL, **first}))
    return ws


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of that type (the others before it are passed over)."""
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), WITHIN))
        if message["type"] == kind:
            return message
        if message["type"] == "error" and kind != "error":
            raise AssertionError(f"waiting for a {kind}: {message}")


async def last_word(ws: ClientConnection) -> dict[str, Any]:
    """What the server said last before it closed the connection."""
    said: list[dict[str, Any]] = []
    try:
        async for text in ws:
            said.append(json.loads(text))
    except ConnectionClosed:
        pass
    assert said, "the server said nothing"
    return said[-1]


def test_a_spectator_follows_the_whole_game_and_never_acts() -> None:
    async def main() -> None:
        async with server_with([TWO]) as (server, (link,)):
            spectator = NetSession(registry(), link, "Zoé", watch=True)
            stop = asyncio.Event()
            following = asyncio.create_task(follow(spectator, stop))
            watching = asyncio.create_task(watch(spectator, stop))
            sessions = await seat_players(link, 2, "random")
            await asyncio.wait_for(watching, 30)
            stop.set()
            await following
            table = server.tables[link.code]
            assert table.game is not None and spectator.game is not None
            assert spectator.status == Status.OVER and spectator.seats == ()
            assert spectator.game.scores == table.game.scores == sessions[0].game.scores  # type: ignore[union-attr]
            assert spectator.finished_game() is not None  # its account holds
            ws = await raw(link, {"type": "join", "code": link.code, "name": "Yan",
                                  "watch": True})
            welcome = await next_of(ws, "welcome")
            assert welcome["you"] == [] and "token" not in welcome and welcome["watching"]
            for request in ({"type": "resign", "seat": 0}, {"type": "rematch"},
                            {"type": "host", "op": "start"}):
                await ws.send(json.dumps(request))
                assert (await next_of(ws, "error"))["code"] == "watching"
            await ws.close()

    run(main, 60)


def test_a_table_not_open_to_spectators_and_a_full_one_refuse_them() -> None:
    async def main() -> None:
        closed = TableConfig("carcassonne", seats=("open", "open"))
        async with server_with([closed, TWO], limits=Limits(spectators=1)) as (_, links):
            ws = await raw(links[0], {"type": "join", "code": links[0].code, "name": "Zoé",
                                      "watch": True})
            assert (await last_word(ws))["code"] == "no-watchers"
            first = await raw(links[1], {"type": "join", "code": links[1].code, "name": "A",
                                         "watch": True})
            await next_of(first, "welcome")
            second = await raw(links[1], {"type": "join", "code": links[1].code, "name": "B",
                                          "watch": True})
            assert (await last_word(second))["code"] == "watchers-full"
            await first.close()

    run(main, 30)


def test_every_table_of_a_server_with_spectators_may_be_watched() -> None:
    async def main() -> None:
        closed = TableConfig("carcassonne", seats=("open", "open"))
        async with server_with([closed], spectators=True) as (_, (link,)):
            ws = await raw(link, {"type": "join", "code": link.code, "name": "Zoé",
                                  "watch": True})
            welcome = await next_of(ws, "welcome")
            assert welcome["table"]["watchers"] == "watch" and welcome["table"]["watching"] == 1
            await ws.close()

    run(main, 30)


def test_chat_reaches_everyone_is_metered_muted_and_kept_for_who_joins_later() -> None:
    async def main() -> None:
        async with server_with([TWO]) as (_, (link,)):
            ann = await raw(link, {"type": "join", "code": link.code, "name": "Ann",
                                   "seats": [0]})
            await next_of(ann, "welcome")
            bob = await raw(link, {"type": "join", "code": link.code, "name": "Bob"})
            await next_of(bob, "welcome")
            zoe = await raw(link, {"type": "join", "code": link.code, "name": "Zoé",
                                   "watch": True})
            await next_of(zoe, "welcome")
            await ann.send(json.dumps({"type": "say", "text": "<b>hi</b> http://x.y"}))
            for ws in (ann, bob, zoe):
                line = (await next_of(ws, "chat"))["lines"][0]
                assert (line["seat"], line["name"], line["text"]) == (0, "Ann",
                                                                      "<b>hi</b> http://x.y")
            await zoe.send(json.dumps({"type": "say", "text": "from the stands"}))
            assert (await next_of(bob, "chat"))["lines"][0]["seat"] is None
            # a burst of five, then the meter: refused, nothing sent
            for _ in range(5):
                await bob.send(json.dumps({"type": "say", "text": "spam"}))
            await bob.send(json.dumps({"type": "say", "text": "one too many"}))
            assert (await next_of(bob, "error"))["code"] == "chat-rate"
            late = await raw(link, {"type": "join", "code": link.code, "name": "Yan",
                                    "watch": True})
            kept = await next_of(late, "chat")
            texts = [line["text"] for line in kept["lines"]]
            assert texts[:2] == ["<b>hi</b> http://x.y", "from the stands"]
            assert "one too many" not in texts and len(texts) == 7
            for ws in (ann, bob, zoe, late):
                await ws.close()

    run(main, 30)


def test_the_host_of_a_table_made_here_mutes_and_closes_it() -> None:
    async def main() -> None:
        async with server_with([]) as (server, _):
            port = next(iter(server._server.sockets)).getsockname()[1]  # type: ignore[union-attr]
            anywhere = Link(LOOPBACK, port, "")
            host = await raw(anywhere, {"type": "create", "name": "Ann", "table": {
                "game": "carcassonne", "seats": ["host", "open"], "watchers": "chat"}})
            welcome = await next_of(host, "welcome")
            code = welcome["code"]
            assert welcome["host"] and welcome["you"] == [0] and welcome["token"]
            assert welcome["table"]["seats"][0]["name"] == "Ann"
            link = Link(LOOPBACK, port, code)
            zoe = await raw(link, {"type": "join", "code": code, "name": "Zoé", "watch": True})
            await next_of(zoe, "welcome")
            await host.send(json.dumps({"type": "host", "op": "mute"}))
            while not (await next_of(zoe, "table"))["table"]["spectators_muted"]:
                pass  # the table as it was when Zoé joined, then muted
            await zoe.send(json.dumps({"type": "say", "text": "hi"}))
            assert (await next_of(zoe, "error"))["code"] == "muted"
            # the host's window joins again with its token: still the host
            await host.close()
            again = await raw(link, {"type": "join", "code": code, "name": "Ann",
                                     "token": welcome["token"]})
            assert (await next_of(again, "welcome"))["host"] is True
            await again.send(json.dumps({"type": "host", "op": "close"}))
            assert (await last_word(zoe))["code"] == "host-closed"
            assert code not in server.tables

    run(main, 30)


def test_one_address_makes_as_many_tables_as_the_server_allows() -> None:
    async def main() -> None:
        async with server_with([], limits=Limits(tables_per_address=2)) as (server, _):
            port = next(iter(server._server.sockets)).getsockname()[1]  # type: ignore[union-attr]
            anywhere = Link(LOOPBACK, port, "")
            new = {"type": "create", "name": "Ann",
                   "table": {"game": "carcassonne", "seats": ["host", "open"]}}
            hosts = [await raw(anywhere, new) for _ in range(2)]
            for ws in hosts:
                await next_of(ws, "welcome")
            refused = await last_word(await raw(anywhere, new))
            assert refused["code"] == "too-many-tables"
            assert "at most 2 unfinished tables" in refused["message"]
            await hosts[0].send(json.dumps({"type": "host", "op": "close"}))
            await last_word(hosts[0])
            third = await raw(anywhere, new)
            assert (await next_of(third, "welcome"))["host"] is True  # one closed: room
            bad = await raw(anywhere, {"type": "create", "name": "Ann", "table": {
                "game": "carcassonne", "seats": ["open", "open"]}})
            assert (await last_word(bad))["code"] == "table"
            nothing = await raw(anywhere, {**new, "table": {"game": "no-such-game",
                                                            "seats": ["host", "open"]}})
            word = await last_word(nothing)
            assert word["code"] == "table" and "no-such-game" in word["message"]
            for ws in (hosts[1], third):
                await ws.close()

    run(main, 30)


def test_a_server_with_a_lobby_lists_its_public_tables_only() -> None:
    async def main() -> None:
        public = TableConfig("carcassonne", seats=("open", "open"), public=True)
        private = TableConfig("carcassonne", seats=("open", "open"))
        async with server_with([public, private], lobby=True) as (_, links):
            listed = await public_tables(links[0])
            assert [t["code"] for t in listed] == [links[0].code]
            assert listed[0]["table"]["seats"][0]["kind"] == "open"
        async with server_with([public]) as (_, links):
            try:
                await public_tables(links[0])
            except LookError as exc:
                assert exc.code == "no-lobby"
            else:
                raise AssertionError("a server without a lobby listed its tables")

    run(main, 30)


def test_a_peek_tells_a_token_how_its_table_stands_and_a_wrong_token_nothing() -> None:
    async def main() -> None:
        async with server_with([TWO]) as (server, (link,)):
            ann = NetSession(registry(), link, "Ann")
            bob = NetSession(registry(), link, "Bob")
            stop = asyncio.Event()
            links = [asyncio.create_task(follow(s, stop)) for s in (ann, bob)]
            await wait_until_async(
                lambda: ann.token and ann.seats and bob.token and server.tables[link.code].game,
                "Ann and Bob seated and the game begun",
                step=lambda: (ann.poll(), bob.poll()), every=0.02)
            assert ann.token is not None
            found = await standings(link, [(link.code, ann.token),
                                           (link.code, "x" * 32), ("ZZZZZZZZ", ann.token)])
            mine, wrong, missing = found
            assert mine["state"] == "playing" and mine["you"] == list(ann.seats)
            assert mine["turn"] == 0 and mine["players"] == ["Ann", "Bob"]
            assert mine["moves"] == 0 and mine["left"] is None
            assert wrong == {"code": link.code, "state": "gone"}
            assert missing == {"code": "ZZZZZZZZ", "state": "gone"}
            stop.set()
            await asyncio.gather(*links)

    run(main, 30)


def test_a_servers_address_is_read_as_typed_or_from_a_whole_link() -> None:
    assert parse_server("club.example.org") == Link("club.example.org", 7417, "")
    assert parse_server(" wss://club.example.org:9000/ ") == Link("club.example.org", 9000, "",
                                                                  True)
    assert parse_server("ws://10.0.0.7:7417/ABCD-EFGH") == Link("10.0.0.7", 7417, "")
    for bad in ("", "bad host!", "club:99999"):
        try:
            parse_server(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} read as a server")


def test_what_a_client_asks_last_before_it_leaves_still_reaches_the_table() -> None:
    """The host of a table made on a server closes it and leaves at once: the close goes
    out before the connection ends, and the table is no more."""
    async def main() -> None:
        async with server_with([]) as (server, _):
            port = next(iter(server._server.sockets)).getsockname()[1]  # type: ignore[union-attr]
            host = NetSession(registry(), Link(LOOPBACK, port, ""), "Ann",
                              create={"game": "carcassonne", "seats": ["host", "open"]})
            stop = asyncio.Event()
            following = asyncio.create_task(follow(host, stop))
            await wait_until_async(lambda: host.seats, "the table made", step=host.poll)
            code = host.link.code
            assert code in server.tables
            assert host.host("close")
            stop.set()  # leaving now, as a window closing its lobby does
            await following
            await wait_until_async(lambda: code not in server.tables, "the table closed")

    run(main, 30)
