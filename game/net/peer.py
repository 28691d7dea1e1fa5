"""One connection to the table server: the table and seats it holds, the meter of what it
sends, and the queue of what it is sent (written by a task of its own, so that a slow
reader never holds up the event loop; one too slow for its queue is dropped)."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from .limits import Bucket, Limits
from .messages import encode
from .table import Table


class Peer:
    """One connection: the table and seats it holds, its meter, its outgoing messages."""

    def __init__(self, ws: ServerConnection, address: str, limits: Limits, now: float) -> None:
        self.ws = ws
        self.address = address
        self.limits = limits
        self.table: Table | None = None
        self.seats: list[int] = []
        self.host = False
        self.watching = False  # a spectator: no seat, never acts
        self.name = ""  # a spectator's name (a player's is their seat's)
        self.bucket = Bucket(limits.rate, limits.burst, now)
        self.chat = Bucket(limits.chat_rate, limits.chat_burst, now)
        self.refused = 0
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing = False
        self.leaving = False  # said "bye": its player left the table, nothing went wrong
        self._close_with: tuple[int, str] | None = None
        self._closer: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closing:
            return
        if self.out.qsize() >= self.limits.send_queue:
            self.drop(1008, "too slow to read the table's messages", at_once=True)
            return
        self.out.put_nowait(message if isinstance(message, str) else encode(message))

    def drop(self, code: int, reason: str, at_once: bool = False) -> None:
        """Close the connection once what is already queued is sent (a last error message,
        say), or ``at_once``."""
        if self.closing:
            return
        self.closing = True
        if at_once:
            self._closer = asyncio.get_running_loop().create_task(self.ws.close(code, reason))
        else:
            self._close_with = (code, reason)
        self.out.put_nowait(None)

    async def write(self) -> None:
        """Send what is queued, in order, until the queue's end (then close if asked)."""
        while (text := await self.out.get()) is not None:
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return
        if self._close_with is not None:
            await self.ws.close(*self._close_with)
