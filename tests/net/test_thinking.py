"""The computers think in processes of their own: exactly the moves ``choose_action`` plays,
never in the server's process, a worker that dies replaced, the workers ended on close."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import game.ai.quick
from game.ai import has_plan, make_plan, random_action
from game.net.client import NetSession
from game.net.connect import follow
from game.net.hosting import LocalServer
from game.net.links import Link
from game.net.recorded import TableGame
from game.net.seats import TableConfig
from game.net.thinking import Question, Thinkers
from game.rules import Game
from game.system.processes import gone

from ..waiting import wait_until, wait_until_async
from .loopback import LOOPBACK, registry, run, serving

LIMIT = 60.0  # seconds any wait below may take before the test fails
ROOT = Path(__file__).resolve().parents[2]


async def until(done: Callable[[], bool], what: str, limit: float = LIMIT) -> None:
    await wait_until_async(done, what, timeout=limit)


def positions(count: int, seed: int = 3) -> list[TableGame]:
    """Positions of one game, a few turns apart, at the start of a turn and within one."""
    tileset = registry().ruleset("carcassonne", ["hills-and-sheep"])
    game = TableGame(tileset, ["Ann", "Bo", "Cy"], seed)
    rng = random.Random(seed)
    out: list[TableGame] = []
    while len(out) < count and not game.over:
        for _ in range(rng.randrange(1, 6)):
            if not game.over:
                game.play(random_action(game, rng))
        if not game.over:
            out.append(game.copy())
    return out


def test_a_computer_plays_exactly_what_the_level_plays_in_the_servers_process() -> None:
    async def main() -> None:
        thinkers = Thinkers(2)
        try:
            for i, game in enumerate(positions(6)):
                for level in ("random", "easy", "quick"):
                    seed = 1000 * i + len(level)
                    question = Question.of("carcassonne", ["hills-and-sheep"], game, level, seed)
                    expected = make_plan(game.copy(), level, random.Random(seed))
                    assert await thinkers.plan(question) == (expected, None), (i, level)
                    chosen = await thinkers.choose("carcassonne", ["hills-and-sheep"], game,
                                                   level, seed)
                    assert chosen == expected[0]
                    if len(expected) > 1:  # the rest of the turn, from the plan kept
                        after = game.copy()
                        after.apply(chosen)
                        assert has_plan(after, level)
                        assert await thinkers.choose("carcassonne", ["hills-and-sheep"],
                                                     after, level, seed + 1) == expected[1]
        finally:
            await thinkers.close()

    run(main)


def test_the_computers_never_think_in_the_servers_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    here: list[int] = []
    plan = game.ai.quick.choose_plan

    def watched(game: Game, rng: random.Random) -> Any:
        here.append(os.getpid())  # only ever called in this process if it thinks here
        return plan(game, rng)

    monkeypatch.setattr(game.ai.quick, "choose_plan", watched)
    config = TableConfig("carcassonne", seats=("quick", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            session = NetSession(registry(), link, "Ann")
            stop = asyncio.Event()
            task = asyncio.create_task(follow(session, stop))

            def computer_moved() -> bool:
                session.poll()
                return session.game is not None and len(session.game.moves) >= 1

            await until(computer_moved, "the computer's first move")
            stop.set()
            await task
            assert server.thinking_restarts == 0

    run(main)
    assert here == []


def test_a_thinking_process_that_dies_is_replaced_and_the_turn_played(
        caplog: pytest.LogCaptureFixture) -> None:
    game = positions(1)[0]

    async def main() -> None:
        thinkers = Thinkers(1)
        try:
            pid = await asyncio.wrap_future(thinkers._started().submit(os.getpid))
            thinking = asyncio.create_task(thinkers.choose(
                "carcassonne", ["hills-and-sheep"], game, "strong", 5, "table T"))
            await asyncio.sleep(0.2)  # the question sent, the search under way
            os.kill(pid, signal.SIGKILL)
            action = await asyncio.wait_for(thinking, LIMIT)
            assert game.is_legal(action)
            assert thinkers.restarts == 1 and not thinkers.in_threads
            again = await thinkers.plan(Question.of("carcassonne", ["hills-and-sheep"], game,
                                                    "quick", 6))
            assert again is not None and again[1] is None  # the new process answers
        finally:
            await thinkers.close()

    with caplog.at_level(logging.INFO, logger="game.net.table_server"):
        run(main)
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "thinking process stopped" in said[0], said


def test_closing_stops_the_searches_and_ends_the_processes() -> None:
    game = positions(1)[0]

    async def main() -> None:
        thinkers = Thinkers(2)
        pids = {await asyncio.wrap_future(thinkers._started().submit(os.getpid))}
        thinking = [asyncio.create_task(thinkers.choose("carcassonne", ["hills-and-sheep"],
                                                        game, "mcts", seed))
                    for seed in range(2)]
        await asyncio.sleep(0.2)
        await thinkers.close()
        for task in thinking:  # each has a move, from its search cut short or at random
            assert game.is_legal(await asyncio.wait_for(task, LIMIT))

        await until(lambda: not any(_alive(pid) for pid in pids),
                    "the thinking processes to end")
        with pytest.raises(RuntimeError):
            thinkers._started()

    run(main)


def test_the_windows_hosted_server_closes_with_its_thinking_processes() -> None:
    """A hosted table whose computer has played: closing the host ends the server's thread
    and the processes its computers thought in."""
    host = LocalServer(registry())
    port = host.start(LOOPBACK, 0)
    try:
        code, _ = host.open_table(TableConfig("carcassonne", seats=("random", "open")))

        async def computer_moved() -> None:
            session = NetSession(registry(), Link(LOOPBACK, port, code), "Ann")
            stop = asyncio.Event()
            task = asyncio.create_task(follow(session, stop))

            def moved() -> bool:
                session.poll()
                return session.game is not None and len(session.game.moves) >= 1

            await until(moved, "the hosted computer's first move")
            stop.set()
            await task

        run(computer_moved)
        pool = host.server._thinkers._pool  # the processes it thought in
        assert pool is not None
        pids = {pool.submit(os.getpid).result(LIMIT) for _ in range(4)}
    finally:
        host.close()
    assert host._thread is not None and not host._thread.is_alive()
    end = time.monotonic() + LIMIT
    while any(_alive(pid) for pid in pids):
        assert time.monotonic() < end, "the hosted server's thinking processes never ended"
        time.sleep(0.01)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_question_never_starts_a_process_on_the_servers_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a worker waits for the fork server (the first time, while it loads the
    game): the question is handed to the pool from another thread."""
    handed: list[int] = []
    submit = ProcessPoolExecutor.submit

    def watched(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Any:
        handed.append(threading.get_ident())
        return submit(pool, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", watched)
    game = positions(1)[0]

    async def main() -> None:
        thinkers = Thinkers(1)
        try:
            action = await thinkers.choose("carcassonne", ["hills-and-sheep"], game, "quick", 1)
            assert game.is_legal(action)
        finally:
            await thinkers.close()
        assert handed and threading.get_ident() not in handed

    run(main)


KILLED_SERVER = '''
import asyncio, os, sys
sys.path.insert(0, sys.argv[1])
from game.net.thinking import Question, Thinkers


async def main() -> None:
    thinkers = Thinkers(2)
    question = Question("carcassonne", (), (), ("A", "B"), 1, False, (), "quick", 1)
    assert await thinkers.plan(question) is not None
    pool = thinkers._started()
    workers = {await asyncio.wrap_future(pool.submit(os.getpid)) for _ in range(4)}
    print(*sorted(workers), flush=True)
    await asyncio.sleep(120)  # killed before


if __name__ == "__main__":
    asyncio.run(main())
'''


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="a server killed outright (POSIX)")
def test_a_killed_server_leaves_no_thinking_process_behind(tmp_path: Path) -> None:
    """A server killed without closing: its thinking processes see it gone and end (before,
    they waited for its questions for ever, and the fork server for them)."""
    script = tmp_path / "server.py"
    script.write_text(KILLED_SERVER, encoding="utf-8")
    server = subprocess.Popen([sys.executable, str(script), str(ROOT)], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None
        line = wait_until(server.stdout.readline, "the server's thinking processes started",
                          timeout=LIMIT)
        workers = [int(pid) for pid in line.split()]
        assert workers and server.pid not in workers
    finally:
        server.kill()
        server.wait(timeout=LIMIT)
    wait_until(lambda: all(gone(pid) for pid in workers),
               "the killed server's thinking processes to end", timeout=LIMIT)
