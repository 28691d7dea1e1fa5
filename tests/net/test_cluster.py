"""Tables kept in Redis and served by several processes: a move made through one process
reaches the players connected through another, the store holds every confirmed move, and a
process whose lease ran out can write nothing more."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.net.client import NetSession, Status
from game.net.cluster import Shared
from game.net.links import Link
from game.net.redis_store import RedisStore, Stale
from game.net.redis_where import parse_where
from game.net.seats import TableConfig
from game.net.table import Table
from game.net.table_server import TableServer

from .loopback import LOOPBACK, assert_same_game, registry, run, seat_players
from .redis_server import redis_url

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
            assert table.game is not None and table.code not in second.tables
            assert_same_game([ann, bo], table.game)
            assert bo.status == Status.OVER
            store = shared(second).store
            kept = await store.load(table.code, registry(), 0.0)
            assert kept is not None and kept.game is not None
            assert [str(m) for m in kept.game.moves] == [str(m) for m in table.game.moves]
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

