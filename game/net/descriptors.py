"""Open files: how many connections the process can hold while a table save still finds a
descriptor, and one log line, not thousands, when accepting runs out of them anyway.

A process may open ``RLIMIT_NOFILE`` files (1,024 is the usual default).  The server holds
connections only up to that limit less what is open already, less a reserve: the table
saves (a temporary file and its folder, in a few threads at once), the log, and the sockets
the event loop accepts in one go before any is counted (up to the listening backlog, per
listening socket).  Should another part of the process use the reserve up, asyncio's accept
loop reports each refused accept, with a traceback, many times a second: ``AcceptWatch``
says it once per episode instead, and again only after a connection was accepted.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
from typing import Any

from .limits import Limits

log = logging.getLogger("game.net.table_server")
ACCEPT_BACKLOG = 100  # what asyncio's create_server listens with, and accepts in one go
# Held whatever the limit: a server that let nobody in would be worse than one whose save
# may fail (a limit this low, 256 say, is a system's default for programs started by hand).
FEWEST = 16
_STARVED = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def file_limit() -> int | None:
    """The process's limit of open files; None where there is none to read."""
    try:
        import resource
    except ImportError:  # not on this system (Windows)
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


def open_files() -> int:
    """The descriptors the process has open now (0 if the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder)) - 1  # less the one listing it
        except OSError:
            continue
    return 0


def connection_room(spare: int, listening: int, limit: int | None = None,
                    used: int | None = None) -> int | None:
    """How many connections fit under the file limit (``limit``, default the process's),
    leaving ``spare`` descriptors and an accept burst per listening socket unused; None:
    no limit is known."""
    limit = file_limit() if limit is None else limit
    if limit is None:
        return None
    used = open_files() if used is None else used
    return max(0, limit - used - spare - ACCEPT_BACKLOG * listening)


def fitting_connections(limits: Limits, listening: int) -> int:
    """The connections a server listening on ``listening`` sockets may hold: its limit, or
    fewer if the open-file limit leaves less room (said once, as it starts)."""
    room = connection_room(limits.spare_files, listening)
    if room is None or room >= limits.max_connections:
        return limits.max_connections
    room = max(room, FEWEST)
    if room >= limits.max_connections:
        return limits.max_connections
    log.info("the open-file limit (%s) leaves room for %d connections, not %d: raise it "
             "(ulimit -n) to hold more", file_limit(), room, limits.max_connections)
    return room


class AcceptWatch:
    """The event loop's exception handler while the server listens (``install``): a
    refused accept for want of descriptors is logged once per episode, on one line;
    anything else goes to the handler there was before."""

    def __init__(self) -> None:
        self.starved = False
        self.episodes = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._before: Any = None

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop, self._before = loop, loop.get_exception_handler()
        loop.set_exception_handler(self._handle)

    def remove(self) -> None:
        loop, self._loop = self._loop, None
        if loop is not None and loop.get_exception_handler() == self._handle:
            loop.set_exception_handler(self._before)

    def accepted(self) -> None:
        """A connection was accepted: an episode of refused accepts is over."""
        self.starved = False

    def _handle(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        problem = context.get("exception")
        if (isinstance(problem, OSError) and problem.errno in _STARVED
                and "accept" in str(context.get("message", ""))):
            if not self.starved:
                self.starved = True
                self.episodes += 1
                log.error("out of descriptors (%s): new connections wait in the backlog "
                          "until some close", problem.strerror or problem)
            return
        if self._before is not None:
            self._before(loop, context)
        else:
            loop.default_exception_handler(context)
