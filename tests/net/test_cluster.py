"""Tables kept in Redis and served by several processes: a move made through one process
reaches the players connected through another, the store holds every confirmed move, and a
process whose lease ran out can write nothing more."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import PROTOCOL
from game.net.client import NetSession, Status
from game.net.cluster import Shared
from game.net.connect import follow
from game.net.links import Link, parse_link
from game.net.looking import public_tables, standings
from game.net.redis_store import RedisStore, Stale
from game.net.redis_where import parse_where
from game.net.seats import TableConfig
from game.net.table import Table
from game.net.table_server import TableServer

from ..waiting import wait_until_async
from .loopback import LIMIT, LOOPBACK, assert_same_game, registry, run, seat_players
from .redis_server import free_port, redis_url

__all__ = ["redis_url"]  # the fixture


def shared(server: TableServer) -> Shared:
    assert server.shared is not None
    return server.shared


def test_players_through_two_processes_play_one_table_kept_in_the_store(
        redis_url: str) -> None:
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        where = parse_where(redis_url)
        first = TableServer(registry(), store=where, processes=1)
        second = TableServer(registry(), store=where, processes=1)
        ports = [await first.start(LOOPBACK, 0), await second.start(LOOPBACK, 0)]
        try:
            (table,) = await shared(first).mint(config, 1)
            assert await shared(second).mint(config, 1) == []  # the store has its one
            ann = NetSession(registry(), Link(LOOPBACK, ports[0], table.code), "Ann")
            bo = NetSession(registry(), Link(LOOPBACK, ports[1], table.code), "Bo")
            await seat_players(ann.link, 2, "random", [ann, bo])
            # The table went to the process its first player joined through; the other
            # player's moves were relayed to it.
            owners = [s for s in (first, second) if table.code in s.tables]
            assert len(owners) == 1
            served = owners[0].tables[table.code]
            assert served.game is not None
            assert_same_game([ann, bo], served.game)
            assert bo.status == Status.OVER
            store = shared(second).store
            kept = await store.load(table.code, registry(), 0.0)
            assert kept is not None and kept.game is not None
            assert [str(m) for m in kept.game.moves] == [str(m) for m in served.game.moves]
            assert kept.state == "over" and json.loads(store.record(kept))["state"] == "over"
        finally:
            await second.close()
            await first.close()

    run(main, 90)


def test_a_process_whose_lease_ran_out_writes_nothing(redis_url: str) -> None:
    """Fencing: once another process holds the table's lease, the first one's write is
    refused whole, and the store keeps the new owner's moves."""
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        where = parse_where(redis_url)
        old, new = RedisStore(where, "old"), RedisStore(where, "new")
        try:
            table = Table(config, registry(), seed=3)
            table.join("Ann", None, None, None)
            table.join("Bo", None, None, None)
            table.start(0.0)
            lease = await old.claim(table.code, 0.2)
            assert lease is not None and await new.claim(table.code, 1.0) is None
            await old.commit(table, lease, 0, [], old.record(table), None)
            await asyncio.sleep(0.3)  # the old owner stalls past its lease
            taken = await new.claim(table.code, 5.0)
            assert taken is not None and taken != lease
            assert await old.renew({table.code: lease}, 5.0) == [table.code]
            game = table._game()
            first = game.legal_actions()[0]
            table.play(first, 1.0)
            with pytest.raises(Stale):
                await old.commit(table, lease, 0, [str(first)], old.record(table), None)
            assert await new.redis.llen(new.key(table.code, "moves")) == 0
            await new.commit(table, taken, 0, [str(first)], None, None)
            kept = await new.load(table.code, registry(), 0.0)
            assert kept is not None and kept.game is not None
            assert [str(m) for m in kept.game.moves] == [str(first)]
        finally:
            await old.close()
            await new.close()

    run(main, 30)


SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "cluster.py"


@contextlib.contextmanager
def cluster(data: Path, servers: int, *options: str) -> Iterator[dict[str, Any]]:
    """scripts/cluster on loopback, detached, stopped at the end whatever happens."""
    for program in ("redis-server", "haproxy"):
        if shutil.which(program, path=f"{os.environ.get('PATH', '')}:/usr/sbin") is None:
            pytest.skip(f"{program} is not installed here (apt-get install {program}; CI "
                        f"installs it)")
    port = free_port()
    started = subprocess.run(
        [sys.executable, str(SCRIPT), "--servers", str(servers), "--port", str(port),
         "--data", str(data), "--detach", "--", *options],
        capture_output=True, text=True, timeout=180, check=False)
    try:
        assert started.returncode == 0, started.stderr
        yield json.loads((data / "cluster.json").read_text(encoding="utf-8"))
    finally:
        subprocess.run([sys.executable, str(SCRIPT), "--stop", "--data", str(data)],
                       capture_output=True, timeout=60, check=False)


def test_a_table_plays_on_when_the_process_that_owns_it_is_killed(tmp_path: Path) -> None:
    """Two players and a spectator through the front door; the process that owns their
    table is killed (SIGKILL) in the middle of the game: another takes the table over from
    the store, the players and the spectator join again and finish, and every screen ends
    with the store's moves."""
    with cluster(tmp_path / "cluster", 2, "--game", "carcassonne", "--seats", "open,open",
                 "--tables", "1", "--thinking-processes", "1", "--spectators") as state:
        (line,) = state["links"]
        link = parse_link(line.rsplit(" ", 1)[1])
        store = RedisStore(parse_where(state["redis"]["url"]), "test")
        killed: list[int] = []

        async def kill_the_owner(sessions: list[NetSession]) -> None:
            await wait_until_async(
                lambda: any(s.game is not None and len(s.game.moves) >= 20 for s in sessions),
                "20 moves played", LIMIT)
            owner = await store.owner(link.code)
            assert owner is not None
            pid = int(owner.rsplit(":", 1)[0].split("-")[-2])
            assert pid in [s["pid"] for s in state["servers"]]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

        async def main() -> tuple[list[NetSession], Table | None]:
            sessions = [NetSession(registry(), link, name) for name in ("Ann", "Bo")]
            spectator = NetSession(registry(), link, "Zoé", watch=True)
            stop = asyncio.Event()
            watching = asyncio.create_task(follow(spectator, stop, first_wait=0.05,
                                                  longest_wait=0.5))
            try:
                killing = asyncio.create_task(kill_the_owner(sessions))
                await seat_players(link, 2, "random", sessions, first_wait=0.05,
                                   longest_wait=0.5)
                await killing
                await wait_until_async(lambda: spectator.status == Status.OVER,
                                       "the spectator's game over", LIMIT,
                                       step=spectator.poll, every=0.02)
                return [*sessions, spectator], await store.load(link.code, registry(), 0.0)
            finally:
                stop.set()
                await watching
                await store.close()

        sessions, kept = run(main, 90)
        assert killed and kept is not None and kept.game is not None
        assert kept.state == "over"
        assert_same_game(sessions, kept.game)


def test_a_spectator_and_chat_through_one_process_at_a_table_another_owns(
        redis_url: str) -> None:
    """A spectator connected through the process that does not own the table watches the
    whole game and reads the players' chat; a table made through one process is listed in
    the lobby, peeked at and joined through the other."""
    config = TableConfig("carcassonne", seats=("open", "open"), watchers="chat", public=True)

    async def main() -> None:
        where = parse_where(redis_url)
        first = TableServer(registry(), store=where, processes=1, lobby=True)
        second = TableServer(registry(), store=where, processes=1, lobby=True)
        ports = [await first.start(LOOPBACK, 0), await second.start(LOOPBACK, 0)]
        try:
            (minted,) = await shared(first).mint(config, 1)
            code = minted.code
            through_second = Link(LOOPBACK, ports[1], code)
            assert [t["code"] for t in await public_tables(through_second)] == [code]
            # a first spectator through the first process: the table is that process's
            stop = asyncio.Event()
            first_watcher = NetSession(registry(), Link(LOOPBACK, ports[0], code), "Yan",
                                       watch=True)
            spectator = NetSession(registry(), through_second, "Zoé", watch=True)
            following = [asyncio.create_task(follow(first_watcher, stop))]
            await wait_until_async(lambda: code in first.tables,
                                   "the table taken by the first process", every=0.02)
            table = first.tables[code]
            following.append(asyncio.create_task(follow(spectator, stop)))
            # counted by the owner, one through the relay:
            await wait_until_async(lambda: table.watching == 2, "both spectators counted",
                                   every=0.02)
            assert code not in second.tables
            ann = NetSession(registry(), Link(LOOPBACK, ports[0], code), "Ann")
            bo = NetSession(registry(), through_second, "Bo")
            players = asyncio.create_task(seat_players(ann.link, 2, "random", [ann, bo]))
            await wait_until_async(lambda: ann.linked and ann.seats, "Ann seated",
                                   step=ann.poll)
            assert ann.say("good luck")
            await players
            await wait_until_async(lambda: spectator.status == Status.OVER,
                                   "the spectator's game over", LIMIT, step=spectator.poll)
            assert table.game is not None and spectator.game is not None
            assert spectator.game.scores == table.game.scores
            assert [line.text for line in spectator.chat] == ["good luck"]
            assert await public_tables(through_second) == []  # over: no longer listed
            stop.set()
            await asyncio.gather(*following)
            made = NetSession(registry(), Link(LOOPBACK, ports[0], ""), "Cy",
                              create={"game": "carcassonne", "seats": ["host", "open"]})
            making = asyncio.create_task(follow(made, stop := asyncio.Event()))
            await wait_until_async(lambda: made.seats, "the table made and Cy seated",
                                   step=made.poll)
            code = made.link.code
            assert code in first.tables and made.is_host
            assert made.token is not None
            (standing,) = await standings(Link(LOOPBACK, ports[1], ""), [(code, made.token)])
            assert standing["state"] == "lobby" and standing["you"] == [0]
            assert await shared(second).made_by(first.tables[code].creator or "") == 1
            stop.set()
            await making
        finally:
            await second.close()
            await first.close()

    run(main, 90)


def test_a_flood_through_one_process_stops_there(redis_url: str) -> None:
    """A peer seated through one process at a table another owns sends garbage: the process
    holding its connection refuses it and closes it; the owner never reads a frame of it."""
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        where = parse_where(redis_url)
        first = TableServer(registry(), store=where, processes=1)
        second = TableServer(registry(), store=where, processes=1)
        ports = [await first.start(LOOPBACK, 0), await second.start(LOOPBACK, 0)]
        try:
            (table,) = await shared(first).mint(config, 1)
            ann = NetSession(registry(), Link(LOOPBACK, ports[0], table.code), "Ann")
            stop = asyncio.Event()
            following = asyncio.create_task(follow(ann, stop))
            await wait_until_async(lambda: table.code in first.tables,
                                   "the table taken by Ann's process")
            url = Link(LOOPBACK, ports[1], table.code).url
            async with connect(url, compression=None) as mallory:
                await mallory.send(json.dumps({"type": "join", "protocol": PROTOCOL,
                                               "code": table.code, "name": "Mallory"}))
                assert json.loads(await mallory.recv())["type"] == "welcome"
                refused: list[str] = []
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(200):
                        await mallory.send("not json {")
                    async for text in mallory:
                        refused.append(json.loads(text).get("code", ""))
                assert "bad-json" in refused
                assert mallory.close_code == 1008
            assert shared(first).relayed_in == 0  # not one frame of it reached the owner
            stop.set()
            await following
        finally:
            await second.close()
            await first.close()

    run(main, 60)


def test_a_correspondence_clock_stands_where_it_stood_for_the_process_taking_over(
        redis_url: str) -> None:
    """The store keeps when the running move began in wall time: a process that takes the
    table over, its own monotonic clock another, gives the move the time it had left."""
    day = 86400
    config = TableConfig("carcassonne", seats=("open", "open"), per_move=2 * day, takeover=0,
                         watchers="chat")

    async def main() -> None:
        where = parse_where(redis_url)
        old, new = RedisStore(where, "old"), RedisStore(where, "new")
        try:
            table = Table(config, registry(), seed=3)
            table.join("Ann", None, None, None)
            table.join("Bo", None, None, None)
            table.epoch = 1_800_000_000.0
            table.start(10.0)
            game = table._game()
            while not table.play(game.legal_actions()[0], 10.0 + day).ends_turn:
                pass
            table.say([1], "", "your move", 10.0 + day)
            lease = await old.claim(table.code, 5.0)
            assert lease is not None
            moves = [str(m) for m in game.moves]
            await old.commit(table, lease, 0, moves, old.record(table), None)
            wall = table.epoch + 10.0 + day + 600  # ten minutes later, elsewhere
            kept = await new.load(table.code, registry(), 3.0, epoch=wall - 3.0)
            assert kept is not None
            assert kept.time_left(3.0) == pytest.approx(2 * day - 600, abs=1)
            assert [line.text for line in kept.chat] == ["your move"]
            record, _ = await new.look(table.code) or ({}, 0)
            assert record["current"] == 1 and "began" in record
        finally:
            await old.close()
            await new.close()

    run(main, 30)


def test_the_cluster_benchmark_plays_its_tables(tmp_path: Path) -> None:
    """scripts/bench_cluster.py's own players speak the protocol of today's server: a small
    load measure plays moves and no table fails (its players once joined with an old
    protocol number, and every table was refused)."""
    for program in ("redis-server", "haproxy"):
        if shutil.which(program, path=f"{os.environ.get('PATH', '')}:/usr/sbin") is None:
            pytest.skip(f"{program} is not installed here (apt-get install {program}; CI "
                        f"installs it)")
    bench = SCRIPT.with_name("bench_cluster.py")
    done = subprocess.run(
        [sys.executable, str(bench), "--only", "load", "--servers", "1", "--tables", "3",
         "--seconds", "2"], capture_output=True, text=True, timeout=180, check=False,
        cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    served = [line for line in done.stdout.splitlines() if line.startswith("1 server process")]
    assert len(served) == 2, done.stdout  # at instant pace, then at the players' pace
    for line in served:
        assert " 0 failed" in line and not line.startswith("1 server process: 0 moves/s"), line
