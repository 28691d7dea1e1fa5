"""Looks at a server without joining a table: its public tables (``public_tables``), and how
the tables of this computer's kept tokens stand (``standings``).

Each look is one connection: one message sent, one answer read, then closed, within
``LOOK_WITHIN`` seconds.  ``LookError`` says why a look failed, in the table's words (its
error's code and sentence) or the connection's.  ``Looking`` runs a look in a thread of its
own beside a window's loop, which it wakes when the answer is in.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import PROTOCOL
from .links import Link
from .messages import SERVER, ListTables, Message, MessageError, Peek, read

LOOK_WITHIN = 10.0  # seconds a look may take, connection included
MAX_ANSWER = 4 * 1024 * 1024  # the largest answer read (a lobby of many tables)


class LookError(Exception):
    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


async def look(server: Link, message: Message, within: float = LOOK_WITHIN) -> dict[str, Any]:
    """Send ``message`` as a connection's first to the server of ``server`` (its code is
    not used) and read the one answer."""
    where = Link(server.host, server.port, "", server.secure)
    try:
        async with asyncio.timeout(within), connect(
                where.url, compression=None, max_size=MAX_ANSWER, open_timeout=within,
                close_timeout=1, user_agent_header=None) as ws:
            await ws.send(message.encoded())
            text = await ws.recv()
    except TimeoutError:
        raise LookError("timeout", "the server did not answer in time") from None
    except (OSError, InvalidURI, InvalidHandshake, ConnectionClosed) as exc:
        raise LookError("connection", str(exc) or type(exc).__name__) from None
    try:
        answer = read(text, SERVER)
    except MessageError as exc:
        raise LookError(exc.code, exc.message) from None
    if answer["type"] == "error":
        raise LookError(answer["code"], answer["message"])
    return answer


async def public_tables(server: Link) -> list[dict[str, Any]]:
    """The public tables of a server with a lobby: each ``{"code", "table"}``."""
    answer = await look(server, ListTables(protocol=PROTOCOL))
    if answer["type"] != "listing":
        raise LookError("bad-message", f"a {answer['type']} message for a list")
    return list(answer["tables"])


async def standings(server: Link, tokens: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    """How the tables of ``tokens`` ((code, token) pairs, at most 50) stand on a server."""
    answer = await look(server, Peek(protocol=PROTOCOL, tables=[
        {"code": code, "token": token} for code, token in tokens[:50]]))
    if answer["type"] != "standing":
        raise LookError("bad-message", f"a {answer['type']} message for a peek")
    return list(answer["tables"])


class Looking:
    """A look in a thread of its own: ``result`` (or ``error``) once ``done``; ``wake`` is
    called from that thread when it is."""

    def __init__(self, work: Callable[[], Any], wake: Callable[[], None] | None = None
                 ) -> None:
        self.result: Any = None
        self.error: LookError | None = None
        self.done = False
        self._wake = wake
        self._thread = threading.Thread(target=self._run, args=(work,), name="look",
                                        daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], Any]) -> None:
        try:
            self.result = asyncio.run(work())
        except LookError as exc:
            self.error = exc
        except Exception as exc:  # the window goes on: it says the look failed
            self.error = LookError("failed", str(exc) or type(exc).__name__)
        self.done = True
        if self._wake is not None:
            self._wake()
