"""A table served from the host's own program: the server in a thread beside the window.

    host = LocalServer(registry, folder, seal=seal)  # folder: where its tables are saved
                                                     # seal: their seeds sealed (``sealed``)
    port = host.start("0.0.0.0", 7417)
    code, key = host.open_table(config)           # config.seats: "host", "open" or a level
    session = NetSession(registry, Link("127.0.0.1", port, code), "Ann", host_key=key)
    ...                                           # the host plays through its session too
    host.close()

The host's own seats (``"host"`` in the configuration) are taken by the session that joins
with the host key: the window plays them like a joined player, through the same messages,
and may start the game, change an open seat and hand a seat to a computer (``host``
requests).  Once the game is over, the same table offers its next game on the same code
(the host's ``start`` begins it without those who have not accepted).  Friends join with
``link_for(address)``.  A table saved under way is served again
with ``reopen_table(path)`` before ``start``: the host's seats are taken with a new key.
``close`` tells the players first: a game under way is paused by its host (it comes back
when the host serves it again), a table still in its lobby is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.net.table_server import TableServer
from game.rules.registry import Registry

from .limits import Limits
from .links import Link
from .sealed import Seal
from .seats import TableConfig, token_hash
from .tablefile import load_table
from .terms import PauseReason, SeatKind, TableState


class LocalServer:
    def __init__(self, registry: Registry, folder: Path | None = None,
                 limits: Limits | None = None, seal: Seal | None = None) -> None:
        self.seal = seal  # the key the tables' seeds are sealed with in their files
        # a window serves its own table: nobody who reaches it makes tables there
        limits = replace(limits or Limits(), tables_per_address=0)
        self.server = TableServer(registry, folder, limits, seal=seal)
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Serve in a thread of its own; the port it listens on (OSError if it cannot)."""
        started: Future[int] = Future()

        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            try:
                started.set_result(await self.server.start(host, port))
            except OSError as exc:
                started.set_exception(exc)
                return
            try:
                await self._stop.wait()
            finally:  # the host leaves: the players are told their table is paused
                await self.server.close(PauseReason.HOST_LEFT)

        self._thread = threading.Thread(target=asyncio.run, args=(main(),),
                                        name="table-server", daemon=True)
        self._thread.start()
        self.port = started.result(timeout=10)
        return self.port

    def open_table(self, config: TableConfig) -> tuple[str, str]:
        """A new table: its join code and the host key that takes its host seats."""
        key = secrets.token_urlsafe(24)
        table = self._call(lambda: self.server.add_table(config, host_key=key))
        return table.code, key

    def reopen_table(self, path: Path) -> tuple[str, str, str]:
        """Before ``start``: serve again a table saved under way (``SaveError`` if its file
        cannot be read, ValueError if its game is not under way), with a new host key; its
        code, that key and the name of its host."""
        if self._loop is not None:
            raise RuntimeError("a table is reopened before the server starts")
        table = load_table(path, self.server.registry, self.server.clock(), self.seal)
        hosts = [s.name for s in table.seats if s.kind == SeatKind.HOST]
        if table.state != TableState.PLAYING or not hosts:
            raise ValueError("its game is not under way")
        key = secrets.token_urlsafe(24)
        table.host_key = token_hash(key)
        self.server.tables[table.code] = table
        return table.code, key, hosts[0]

    def link_for(self, code: str, address: str) -> Link:
        """The link friends paste, for the address they reach this computer by."""
        return Link(address, self.port, code)

    def _call(self, work: Any) -> Any:
        """Run ``work`` on the server's loop (tables are only touched there)."""
        loop = self._loop
        if loop is None:
            raise RuntimeError("the server is not started")

        async def run() -> Any:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout=10)

    def close(self, timeout: float = 5.0) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # closed already: its loop is gone
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
