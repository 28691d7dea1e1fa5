"""Keeping a session connected to its table: connect, join, read, and again after a drop.

``follow(session)`` is a coroutine for an event loop that runs other things too (a headless
player, a benchmark running many clients); ``ThreadedClient`` runs it in a thread of its own
beside a window's loop, which the session wakes (``NetSession.wake``) when a message comes.
After a dropped connection it connects again by itself, waiting 0.2 s, then twice as long
each time up to 5 s, and joins with the seat's token and the moves it holds, so the table
sends exactly what it missed.  The wait starts again from 0.2 s only after the table seated
it (its ``welcome``): a join it refused (``slow-down``, a timeout) waits longer each time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import NamedTuple

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .client import NetSession
from .messages import encode

log = logging.getLogger("game.net.client")
MAX_FRAME = 4 * 1024 * 1024  # the largest message a table sends (a long game's moves)
GOING_AWAY = 1001  # the close code of a table that stops being served (its host left, its
# server stopped): said, unlike a connection lost


class Connection(NamedTuple):
    """How one connection to the table ended."""

    reason: str  # in English, for the log and the headless player
    joined: bool  # the table seated this session on it (its ``welcome`` came)
    stopped: bool = False  # the table closed it as it stopped (``GOING_AWAY``)


async def follow(session: NetSession, stop: asyncio.Event | None = None,
                 first_wait: float = 0.2, longest_wait: float = 5.0,
                 open_timeout: float = 10.0, ping: float | None = 10.0) -> None:
    """Stay at the table until the session is finished (refused for good, left, the game
    over) or ``stop`` is set."""
    stop = stop or asyncio.Event()
    wait = first_wait
    while not session.finished and not stop.is_set():
        ended = await _once(session, stop, open_timeout, ping)
        session.link_down(ended.reason, ended.stopped)
        if session.finished or stop.is_set():
            break
        wait = first_wait if ended.joined else min(wait * 2, longest_wait)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), wait)


async def _once(session: NetSession, stop: asyncio.Event, open_timeout: float,
                ping: float | None) -> Connection:
    try:
        async with connect(session.link.url, compression=None, max_size=MAX_FRAME,
                           open_timeout=open_timeout, ping_interval=ping, ping_timeout=ping,
                           close_timeout=2, user_agent_header=None) as ws:
            return await _talk(session, ws, stop)
    except (OSError, TimeoutError, InvalidURI, InvalidHandshake, ConnectionClosed) as exc:
        return Connection(f"{type(exc).__name__}: {exc}", False)


async def _talk(session: NetSession, ws: ClientConnection, stop: asyncio.Event
                ) -> Connection:
    loop = asyncio.get_running_loop()
    here = threading.get_ident()
    out: asyncio.Queue[str | None] = asyncio.Queue()

    def put(item: str | None) -> bool:
        if threading.get_ident() == here:  # a player on this very loop
            out.put_nowait(item)
            return True
        try:  # a window's thread
            loop.call_soon_threadsafe(out.put_nowait, item)
        except RuntimeError:  # the loop has closed
            return False
        return True

    def send(text: str) -> bool:
        return put(text)

    def reconnect() -> None:
        put(None)

    await ws.send(encode(session.join_message()))
    session.link_up(send, reconnect)
    joined = False

    async def read() -> str:
        nonlocal joined
        async for text in ws:
            joined = session.received(text) or joined
        return "the table closed the connection"

    async def write() -> str:
        while (text := await out.get()) is not None:
            await ws.send(text)
        return "joining again"

    tasks = [asyncio.create_task(read()), asyncio.create_task(write()),
             asyncio.create_task(stop.wait())]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
    reason = "left"
    for task in done:
        problem = task.exception()
        if isinstance(problem, ConnectionClosed):
            reason = f"connection lost ({problem})"
        elif problem is not None:
            raise problem
        elif isinstance(task.result(), str):
            reason = str(task.result())
    return Connection(reason, joined, ws.close_code == GOING_AWAY)


class ThreadedClient:
    """``follow`` in a daemon thread of its own (for a window: its loop never waits on the
    network; the session's ``wake`` ends its rest when a message comes)."""

    def __init__(self, session: NetSession) -> None:
        self.session = session
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-connection",
                                        daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait(5.0)

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            self._ready.set()
            await follow(self.session, self._stop)

        try:
            asyncio.run(main())
        except Exception:  # the window goes on; the session says the link is down
            log.exception("the connection thread failed")
            self.session.link_down("the connection failed")

    def close(self, timeout: float = 3.0) -> None:
        """Leave the table and stop the thread."""
        self.session.close()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout)
