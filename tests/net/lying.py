"""A lying table on the loopback address: a tiny WebSocket server that speaks the protocol
with lies chosen by the test.

``honest_game`` plays a real table's game with computers and keeps every message it sends to
seat 2 (a welcome, the start, each move, the end); a test changes some of them (a wrong seed
in ``over``, an illegal move, nonsense in ``welcome``) and ``LyingTable`` serves the result:
to every connection that joins, the same messages, in order, then it waits until the client
leaves (or closes the connection where the messages say ``HANG_UP``).  It runs in a thread
of its own, so that a window stepped by the test or a headless player on its own event loop
can join it; it listens on 127.0.0.1 only and stops with its ``with`` block.  With ``tls`` it
speaks ``wss://``.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import random
import ssl
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai import choose_action
from game.net import PROTOCOL
from game.net.links import Link
from game.net.messages import encode
from game.net.seats import TableConfig
from game.net.table import Table
from game.net.terms import TableState

from .loopback import LOOPBACK, registry

CODE = "FAKE2345"  # a code as tables make them (no 0, 1, I, L, O or U)
Message = dict[str, Any]
# In a connection's messages: the table closes that connection there, as a table that stops
# does (code 1001, going away), instead of waiting for the client to leave.
HANG_UP = "\x00hang up"


@dataclass
class Script:
    """What the table tells seat 2 (index 1), in order; a test edits it before serving."""

    welcome: Message
    start: Message
    moves: list[Message]
    over: Message | None
    seed: int  # the table's real seed
    table: Table  # the honest table, as the game ended

    def messages(self, connection: int = 1) -> list[Message | str]:
        """What each connection is told (the same to every one)."""
        said: list[Message | str] = [self.welcome, self.start, *self.moves]
        return said + ([self.over] if self.over is not None else [])

    def edited(self) -> Script:
        """A copy of the messages to change (the table is shared)."""
        return Script(copy.deepcopy(self.welcome), copy.deepcopy(self.start),
                      copy.deepcopy(self.moves), copy.deepcopy(self.over), self.seed,
                      self.table)


@functools.cache
def honest_game(moves: int | None = None, seed: int = 11,
                options: tuple[tuple[str, Any], ...] = (), resign: bool = False) -> Script:
    """A two-seat game played by computers at a real table (to its end, or ``moves``
    moves), as the table tells the player of seat 2; with ``resign`` seat 1 resigns after
    those moves, which ends it."""
    config = TableConfig("carcassonne", seats=("open", "open"), options=options,
                         names=("Ann", "Bob"))
    table = Table(config, registry(), code=CODE, seed=seed)
    table.join("Ann", [0], None, None)
    _, token = table.join("Bob", [1], None, None)
    table.connected([0, 1], True, 0.0)
    table.start(0.0)
    rng = random.Random(seed)
    while table.state == TableState.PLAYING and (moves is None or len(table.steps) < moves):
        game = table.game
        assert game is not None
        table.play(choose_action(game.copy(), "random", rng), 0.0)
    if resign:
        table.resign([0], 0)
    info = {**table.info(0.0), "state": TableState.PLAYING}  # as it was when seat 2 joined
    welcome = {"type": "welcome", "protocol": PROTOCOL, "server": "a lying table",
               "code": CODE, "table": info, "you": [1], "token": token, "host": False}
    said = [table.move_message(s, [1]) for s in table.steps]
    over = table.over_message() if table.state != TableState.PLAYING else None
    return Script(welcome, table.start_message([1]), said, over, table.seed, table)


@dataclass
class LyingTable:
    """Serves ``say(connection number)``: the messages for each connection that joins."""

    say: Callable[[int], list[Message | str]]
    tls: ssl.SSLContext | None = None
    joins: list[Message | str] = field(default_factory=list)  # what each client sent first
    port: int = 0

    @property
    def link(self) -> Link:
        return Link(LOOPBACK, self.port, CODE, secure=self.tls is not None)

    async def _handle(self, ws: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), 10)
            self.joins.append(first if isinstance(first, str) else first.decode())
            for message in self.say(len(self.joins)):
                if message == HANG_UP:
                    await ws.close(1001, "the table stops")
                    return
                await ws.send(message if isinstance(message, str) else encode(message))
            async for _ in ws:  # the client's requests go unanswered
                pass
        except (ConnectionClosed, TimeoutError):
            pass


@contextmanager
def lying(say: Callable[[int], list[Message | str]] | Script,
          tls: ssl.SSLContext | None = None) -> Iterator[LyingTable]:
    """A lying table served in a thread on 127.0.0.1 until the block ends."""
    table = LyingTable(say.messages if isinstance(say, Script) else say, tls)
    started: Future[int] = Future()
    stop: list[Callable[[], object]] = []

    async def main() -> None:
        done = asyncio.Event()
        loop = asyncio.get_running_loop()
        stop.append(lambda: loop.call_soon_threadsafe(done.set))
        async with serve(table._handle, LOOPBACK, 0, compression=None, max_size=2**22,
                         ssl=tls) as server:
            started.set_result(int(server.sockets[0].getsockname()[1]))
            await asyncio.wait_for(done.wait(), 300)  # never past the test's own limits

    thread = threading.Thread(target=asyncio.run, args=(main(),), name="lying-table",
                              daemon=True)
    thread.start()
    table.port = started.result(timeout=10)
    try:
        yield table
    finally:
        stop[0]()
        thread.join(10)


def _short() -> Script:
    return honest_game(6)


def _changed(message: Message, **fields: Any) -> Message:
    out = copy.deepcopy(message)
    out.update(fields)
    return out


def _fingerprints(script: Script) -> list[Message | str]:
    start = copy.deepcopy(script.start)
    start["game"]["fingerprints"] = [["carcassonne", "0123456789abcdef"]]
    return [script.welcome, start, *script.moves]


def _giant_table(script: Script) -> list[Message | str]:
    info = script.welcome["table"]
    giant = {**info, "seats": info["seats"] * 4, "clocks": [5] * 8, "running": 7,
             "colours": ["nonsense"] * 8}
    return [_changed(script.welcome, table=giant), script.start, *script.moves]


def _illegal_sync(script: Script) -> list[Message | str]:
    moves = copy.deepcopy(script.moves)
    moves[0]["action"] = "Z@9,9r0"
    return [script.welcome, script.start, {"type": "sync", "from": 0, "moves": moves}]


def _digests(script: Script) -> list[Message | str]:
    moves = copy.deepcopy(script.moves)
    moves[0]["digest"]["scores"] = [5, 5]
    return [script.welcome, script.start, *moves]


# Lies a table may tell, each the messages of every connection (made once, when first used).
HOSTILE: dict[str, Callable[[int], list[Message | str]]] = {
    "fingerprints": lambda n: _fingerprints(_short()),
    "seat out of range": lambda n: [_changed(_short().welcome, you=[7]), *_short().moves],
    "giant table": lambda n: _giant_table(_short()),
    "move for seat 8": lambda n: [_short().welcome, _short().start,
                                  _changed(_short().moves[0], seat=7)],
    "illegal sync": lambda n: _illegal_sync(_short()),
    "digests disagree": lambda n: _digests(_short()),
}
