"""One table's trouble stays that table's: a table whose clock, request or computer fails is
closed, said once in the log, its players told, while the server serves every other table."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import pytest

from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.links import Link
from game.net.seats import TableConfig
from game.net.table_server import TableServer

from ..waiting import wait_until_async
from .loopback import LOOPBACK, registry, run, serving

LIMIT = 60.0


async def until(done: Callable[[], bool], what: str) -> None:
    await wait_until_async(done, what, timeout=LIMIT)


def broken(*args: object) -> float:
    raise RuntimeError("this table's own failure")


async def seated(stop: asyncio.Event, *sessions: NetSession) -> list[asyncio.Task[None]]:
    """The sessions join their table and see its game begin."""
    tasks = [asyncio.create_task(follow(s, stop)) for s in sessions]

    def in_game() -> bool:
        for s in sessions:
            s.poll()
        return all(s.game is not None or s.status == Status.FAILED for s in sessions)

    await until(in_game, "every player to see the game begin")
    return tasks


def closed_once(caplog: pytest.LogCaptureFixture, code: str) -> None:
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(said) == 1 and said[0].startswith(f"table {code}:"), said
    assert "the table is closed" in said[0]


def test_a_table_whose_clock_fails_is_closed_and_the_others_play_on(
        caplog: pytest.LogCaptureFixture) -> None:
    """The clock fails as the server starts (it arms every table's timer then): the server
    starts all the same, and serves the other table."""
    config = TableConfig("carcassonne", seats=("open", "random"), clock=(60, 0))
    codes: list[str] = []

    async def main() -> None:
        server = TableServer(registry())
        sick, well = (server.add_table(config, seed=i) for i in range(2))
        codes.append(sick.code)
        sick.time_left = broken  # type: ignore[method-assign, assignment]
        port = await server.start(LOOPBACK, 0)
        try:
            assert sick.code not in server.tables and well.code in server.tables
            stop = asyncio.Event()
            ann = NetSession(registry(), Link(LOOPBACK, port, well.code), "Ann")
            tasks = await seated(stop, ann)
            assert ann.status == Status.PLAYING
            stop.set()
            await asyncio.gather(*tasks)
        finally:
            await server.close()

    with caplog.at_level(logging.INFO, logger="game.net.table_server"):
        run(main)
    closed_once(caplog, codes[0])


def test_a_request_that_fails_closes_its_table_and_tells_its_players(
        caplog: pytest.LogCaptureFixture) -> None:
    configs = [TableConfig("carcassonne", seats=("open", "open"))] * 2
    codes: list[str] = []

    async def main() -> None:
        async with serving(configs) as (server, (sick_link, well_link)):
            stop = asyncio.Event()
            sick_table = server.tables[sick_link.code]
            codes.append(sick_link.code)
            ann, bo = (NetSession(registry(), sick_link, n) for n in ("Ann", "Bo"))
            tasks = await seated(stop, ann, bo)
            sick_table.act = broken  # type: ignore[method-assign, assignment]
            mover = ann if ann.my_turn() is not None else bo
            assert mover.game is not None
            mover.act(mover.game.legal_actions()[0])

            def told() -> bool:
                for s in (ann, bo):
                    s.poll()
                return all(s.status in (Status.FAILED, Status.CLOSED) or
                           s.refused == "table-closed" for s in (ann, bo))

            await until(told, "both players to be told their table closed")
            assert ann.refused == bo.refused == "table-closed"
            assert sick_link.code not in server.tables
            cy, di = (NetSession(registry(), well_link, n) for n in ("Cy", "Di"))
            tasks += await seated(stop, cy, di)
            assert cy.game is not None and cy.status == Status.PLAYING
            stop.set()
            await asyncio.gather(*tasks)

    with caplog.at_level(logging.INFO, logger="game.net.table_server"):
        run(main)
    closed_once(caplog, codes[0])


def test_a_table_whose_computer_cannot_play_is_closed_once(
        caplog: pytest.LogCaptureFixture) -> None:
    """A computer's move the table cannot take (here: every move fails as it is played)."""
    configs = [TableConfig("carcassonne", seats=("random", "open"))] * 2
    codes: list[str] = []

    async def main() -> None:
        async with serving(configs) as (server, (sick_link, well_link)):
            sick = server.tables[sick_link.code]
            codes.append(sick_link.code)
            sick.play = broken  # type: ignore[method-assign, assignment]
            stop = asyncio.Event()
            ann = NetSession(registry(), sick_link, "Ann")
            task = asyncio.create_task(follow(ann, stop))

            def told() -> bool:
                ann.poll()
                return ann.refused == "table-closed"

            await until(told, "Ann to be told her table closed")
            assert sick_link.code not in server.tables
            bo = NetSession(registry(), well_link, "Bo")
            tasks = [task, *await seated(stop, bo)]

            def computer_moved() -> bool:
                bo.poll()
                return bo.game is not None and len(bo.game.moves) >= 1

            await until(computer_moved, "the other table's computer to play")
            stop.set()
            await asyncio.gather(*tasks)

    with caplog.at_level(logging.INFO, logger="game.net.table_server"):
        run(main)
    closed_once(caplog, codes[0])
