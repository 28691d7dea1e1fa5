"""Nothing lost: a dropped player comes back where the game stands and gets exactly the moves
it missed; a restarted server resumes its tables and their seats; a taken seat stays taken."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from game.net.client import NetSession, Refusal, Status
from game.net.connect import follow
from game.net.headless import play_seat
from game.net.links import Link
from game.net.messages import SERVER, read
from game.net.peer import Peer
from game.net.seats import TableConfig
from game.net.table_server import TableServer

from ..waiting import wait_until_async
from .loopback import LIMIT, assert_same_game, registry, run, seat_players, serving


def record(session: NetSession) -> list[dict[str, Any]]:
    """Every message the session receives, as it came."""
    seen: list[dict[str, Any]] = []
    received = session.received

    def tap(text: str | bytes) -> bool:
        seen.append(read(text, SERVER))
        return received(text)

    session.received = tap  # type: ignore[method-assign]
    return seen


async def cut_when(server: TableServer, code: str, seat: int, moves: int) -> None:
    """Cut the connection holding ``seat`` (no closing handshake: a network failure) once
    the table's game has ``moves`` moves."""
    table = server.tables[code]
    await wait_until_async(lambda: table.game is not None and len(table.game.moves) >= moves,
                           f"the table's game at {moves} moves", LIMIT, every=0.005)
    for peer in list(server.peers.get(code, ())):
        if seat in peer.seats:
            assert isinstance(peer, Peer)  # a connection of this process
            peer.ws.transport.abort()


def test_a_dropped_player_takes_the_seat_back_and_gets_what_it_missed() -> None:
    config = TableConfig("carcassonne", seats=("open", "quick", "open"), takeover=0)

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            sessions = [NetSession(registry(), link, "Ann"), NetSession(registry(), link, "Bo")]
            seen = record(sessions[0])
            joins: list[dict[str, Any]] = []
            join_message = sessions[0].join_message

            def noted() -> dict[str, Any]:
                joins.append(join_message())
                return joins[-1]

            sessions[0].join_message = noted  # type: ignore[method-assign]
            cuts = [asyncio.create_task(cut_when(server, link.code, 0, n)) for n in (9, 40, 80)]
            await seat_players(link, 2, "random", sessions)
            await asyncio.gather(*cuts)
            game = server.tables[link.code].game
            assert game is not None
            assert_same_game(sessions, game)
            welcomes = [m for m in seen if m["type"] == "welcome"]
            assert len(welcomes) == 4  # the first join and three returns
            assert {tuple(w["you"]) for w in welcomes} == {(0,)}  # the same seat each time
            syncs = [m for m in seen if m["type"] == "sync"]
            starts = [m for m in seen if m["type"] == "start"]
            assert len(starts) == 1  # never sent again: each return resumes
            # each return sends the token and the moves held; the table sends from there on
            assert [j.get("token") is not None for j in joins] == [False, True, True, True]
            assert [s["from"] for s in syncs] == [j["have"] for j in joins[1:]]
            assert all(s["from"] > 0 for s in syncs)
            for sync in syncs:  # only what it missed: no move it had comes again
                assert [m["n"] for m in sync["moves"]] == list(
                    range(sync["from"], sync["from"] + len(sync["moves"])))

    run(main)


def test_a_restarted_server_resumes_the_table_and_its_seats(tmp_path: Path) -> None:
    config = TableConfig("carcassonne", ("hills-and-sheep",), seats=("open", "open"),
                         takeover=0)

    async def main() -> None:
        first = TableServer(registry(), tmp_path)
        table = first.add_table(config, seed=11)
        port = await first.start("127.0.0.1", 0)
        link = Link("127.0.0.1", port, table.code)
        sessions = [NetSession(registry(), link, "Ann"), NetSession(registry(), link, "Bo")]
        stop = asyncio.Event()
        followers = [asyncio.create_task(follow(s, stop, first_wait=0.05, longest_wait=0.2))
                     for s in sessions]
        players = [asyncio.create_task(play_seat(s, "random", seed=i))
                   for i, s in enumerate(sessions)]
        await wait_until_async(lambda: table.game is not None and len(table.game.moves) >= 40,
                               "the first server's game at 40 moves", LIMIT, every=0.005)
        await first.close()
        assert table.game is not None
        before = [str(m) for m in table.game.moves]
        second = TableServer(registry(), tmp_path)
        assert second.load_tables() == []
        again = second.tables[table.code]
        saved = [str(m) for m in again.game.moves] if again.game else []
        assert 30 <= len(saved) <= len(before) and saved == before[:len(saved)]
        assert [s.token for s in again.seats] == [s.token for s in table.seats]
        await second.start("127.0.0.1", port)
        try:
            await asyncio.gather(*players)
        finally:
            stop.set()
            await asyncio.gather(*followers)
            await second.close()
        assert again.game is not None and again.game.over
        assert_same_game(sessions, again.game)
        assert [str(m) for m in again.game.moves][:len(saved)] == saved

    run(main)


def test_a_taken_seat_stays_taken() -> None:
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            ann = NetSession(registry(), link, "Ann", [0])
            stop = asyncio.Event()
            ann_link = asyncio.create_task(follow(ann, stop))
            table = server.tables[link.code]
            await wait_until_async(lambda: table.seats[0].connected, "Ann seated")
            intruder = NetSession(registry(), link, "Eve", [0])
            forger = NetSession(registry(), link, "Eve", None, token="x" * 32)
            await asyncio.gather(follow(intruder, stop), follow(forger, stop))
            for s, code in ((intruder, "seat-taken"), (forger, "token")):
                told = s.poll()
                assert s.status == Status.FAILED and s.finished
                assert s.seats == ()
                assert [r.code for r in told if isinstance(r, Refusal)] == [code]
            assert table.seats[0].name == "Ann" and table.seats[0].connected
            assert table.seats[1].kind == "open" and table.state == "lobby"
            stop.set()
            await ann_link

    run(main)
