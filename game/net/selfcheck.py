"""A check that network play works in this build: a table served on the loopback address,
a client that joins it and sees the game begin, and the table's computer play its first move
in a process of its own (``--smoke`` runs it: in the standalone executable, that process is
the executable started again)."""

from __future__ import annotations

import asyncio

from game.net.table_server import TableServer
from game.rules.registry import Registry

from .client import NetSession, Status
from .connect import follow
from .links import Link
from .seats import TableConfig
from .terms import SeatKind


def loopback_check(registry: Registry, limit: float = 20.0) -> str:
    """One line saying what was checked; an exception when anything fails."""
    return asyncio.run(asyncio.wait_for(_check(registry), limit))


async def _check(registry: Registry) -> str:
    server = TableServer(registry)
    table = server.add_table(TableConfig("carcassonne", seats=("random", SeatKind.OPEN)))
    port = await server.start("127.0.0.1", 0)
    try:
        session = NetSession(registry, Link("127.0.0.1", port, table.code), "Smoke")
        stop = asyncio.Event()
        task = asyncio.create_task(follow(session, stop))
        while (session.game is None or not session.game.moves) and \
                session.status != Status.FAILED:
            await asyncio.sleep(0.01)
            session.poll()
        stop.set()
        await task
        if session.game is None:
            raise RuntimeError(f"the loopback table refused its client: {session.problem}")
        if server.thinking_restarts:
            raise RuntimeError("the computer's thinking process stopped")
        return (f"network: a loopback table seated a client (seat {session.seats[0] + 1}) and "
                f"its computer played in a process of its own")
    finally:
        await server.close()
