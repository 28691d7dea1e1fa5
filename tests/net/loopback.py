"""Tables served on the loopback address for tests: every run bounded in time and stopped at
its end, nothing sent anywhere but 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.headless import play_seat
from game.net.limits import Limits
from game.net.links import Link
from game.net.seats import TableConfig
from game.net.table_server import TableServer
from game.rules import Game
from game.rules.registry import Registry, default_registry

from ..waiting import within

LOOPBACK = "127.0.0.1"
# Seconds any one test's network part may take before it fails: within the whole test's own
# limit (pyproject.toml's timeout), so that the failure says what ran over.
LIMIT = 90.0
T = TypeVar("T")


@cache
def registry() -> Registry:
    return default_registry()


def run(make: Callable[[], Awaitable[T]], limit: float = LIMIT) -> T:
    """Run a coroutine on a fresh event loop, failing (not hanging) past ``limit``."""
    async def bounded() -> T:
        return await within(make(), "the test's network part to end", limit)
    return asyncio.run(bounded())


@contextlib.asynccontextmanager
async def serving(configs: Sequence[TableConfig], folder: Path | None = None,
                  limits: Limits | None = None, port: int = 0, seed: int = 7
                  ) -> AsyncIterator[tuple[TableServer, list[Link]]]:
    """A server on the loopback address with a table of each configuration."""
    server = TableServer(registry(), folder, limits)
    tables = [server.add_table(c, seed=seed + i) for i, c in enumerate(configs)]
    port = await server.start(LOOPBACK, port)
    try:
        yield server, [Link(LOOPBACK, port, t.code) for t in tables]
    finally:
        await server.close()


async def seat_players(link: Link, count: int, level: str = "random",
                       sessions: list[NetSession] | None = None, **follow_args: Any
                       ) -> list[NetSession]:
    """``count`` computer players join the table and play it to its end."""
    sessions = sessions or [NetSession(registry(), link, f"P{i}") for i in range(count)]
    stop = asyncio.Event()
    links = [asyncio.create_task(follow(s, stop, **follow_args)) for s in sessions]
    try:
        await asyncio.gather(*(play_seat(s, level, seed=i) for i, s in enumerate(sessions)))
    finally:
        stop.set()
        await asyncio.gather(*links)
    return sessions


def board(game: Game) -> dict[tuple[int, int], tuple[str, int]]:
    return {cell: (p.tile.id, p.t.q) for cell, p in game.board.tiles.items()}


def assert_same_game(sessions: Sequence[NetSession], game: Game) -> None:
    """Every session ended at the table's game: same board, figures, scores, moves."""
    figures = sorted((f.player, f.kind, f.cell, f.index) for f in game.figures.values())
    for s in sessions:
        assert s.status == Status.OVER, (s.status, s.problem)
        assert s.game is not None
        assert board(s.game) == board(game)
        assert s.game.scores == game.scores
        assert [str(m) for m in s.game.moves] == [str(m) for m in game.moves]
        assert sorted((f.player, f.kind, f.cell, f.index)
                      for f in s.game.figures.values()) == figures
        real = s.finished_game()
        assert real is not None and real.scores == game.scores
