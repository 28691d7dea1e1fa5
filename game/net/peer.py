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
        self.bucket = Bucket(limits.rate, limits.burst, now)
        self.refused = 0
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing = False

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closing:
            return
        if self.out.qsize() >= self.limits.send_queue:
            self.drop(1008, "too slow to read the table's messages")
            return
        self.out.put_nowait(message if isinstance(message, str) else encode(message))

    def drop(self, code: int, reason: str) -> None:
        """Close after what is already queued (a last error message, say)."""
        if not self.closing:
            self.closing = True
            self.out.put_nowait(None)
            asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    async def write(self) -> None:
        while (text := await self.out.get()) is not None:
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return
