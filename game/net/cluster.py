"""Many server processes, one store: each table owned by one process at a time, played
through any of them.

A process serves the tables it owns (``TableServer.tables``) under a lease in the store
(``redis_store``), renewed every quarter of its length; a lease it cannot renew is a table
it lets go at once (its players are dropped and join again, through the front door, at its
new owner).  Every write of a table checks its lease first, so a process that lost one
writes nothing more there (fencing): no confirmed move is lost or applied twice.  A move
is confirmed when the store holds it; only then are its messages sent (``Ledger``).

A connection that joins a table owned by another process stays where it came in: this
process meters it and checks its messages (the limits hold here, whatever the owner), and
relays them to the owner through the owner's channel; the owner treats it as one of its
members (``RemotePeer``) and sends what it is told back the same way.  Each process says it
is alive (a heartbeat that expires); when a relay's owner or a remote member's process is
gone, its connections are let go (they join again) or its seats are away.

Tables nobody owns (their owner died, its lease ran out) are taken over: at once by a
process a player joins them through, or by the sweep every process runs each second, each
taking its share of the orphans under way.  A table is read back from the store as its
record plus its moves, replayed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import math
import os
import random
import secrets
import socket
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from redis.exceptions import RedisError

from game.store.savefile import SaveError

from .limits import Bucket, Limits
from .lookups import gone, listed, standing_of
from .messages import CLIENT, MessageError, read
from .outcome import Letter, Member, Outcome, post
from .redis_store import RedisStore, Stale
from .redis_where import StoreUnreachable, Where
from .seats import TableConfig, new_code, normal_code
from .table import Table
from .tablefile import table_json

if TYPE_CHECKING:
    from game.rules.registry import Registry

    from .admission import Admission
    from .peer import Peer

log = logging.getLogger("game.net.table_server")
LEASE = 2.0  # seconds a table's lease lasts unless renewed (renewed every quarter of it)
SWEEP = 1.0  # seconds between two looks for tables nobody owns
MOVED = 1012  # the close code of a connection whose table another process now serves


class Served(Protocol):
    """What of the table server a cluster process works with (``TableServer``)."""

    registry: Registry
    limits: Limits
    admission: Admission
    tables: dict[str, Table]

    def clock(self) -> float: ...

    def wall(self) -> float: ...

    def serve_table(self, table: Table) -> None: ...

    def adopt(self, table: Table) -> None: ...

    def let_go(self, table: Table) -> None: ...

    def join(self, peer: Member, text: str | bytes) -> bool: ...

    def leave(self, peer: Member) -> None: ...

    def receive(self, peer: Member, text: str | bytes) -> None: ...

    def metered(self, peer: Peer, text: str | bytes) -> bool: ...


def process_id() -> str:
    """This process in the store: its machine, its pid and some randomness."""
    host = "".join(c for c in socket.gethostname() if c.isalnum() or c == "-")[:24] or "host"
    return f"{host}-{os.getpid()}-{secrets.token_hex(3)}"


class RemotePeer:
    """A member of a table owned here whose connection is held by another process."""

    def __init__(self, shared: Shared, process: str, conn: int, address: str,
                 limits: Limits) -> None:
        self.shared = shared
        self.process = process
        self.conn = conn
        self.address = address
        self.limits = limits
        self.table: Table | None = None
        self.seats: list[int] = []
        self.host = False
        self.watching = False
        self.name = ""
        self.chat = Bucket(limits.chat_rate, limits.chat_burst, shared.server.clock())
        self.refused = 0
        self.closing = False
        self.leaving = False

    def send(self, message: dict[str, Any] | str) -> None:
        if not self.closing:
            text = message if isinstance(message, str) else json.dumps(message)
            self.shared.post(self.process, {"k": "out", "c": self.conn, "t": text})

    def drop(self, code: int, reason: str, at_once: bool = False) -> None:
        """Let the connection go (its process closes it) and leave the table, as a local
        connection does once closed."""
        if not self.closing:
            self.closing = True
            self.shared.post(self.process, {"k": "drop", "c": self.conn, "code": code,
                                            "r": reason})
            asyncio.get_running_loop().call_soon(
                self.shared.remote_gone, (self.process, self.conn), self.leaving)


@dataclass
class Ledger:
    """What this process knows of a table it owns in the store: its lease, the moves the
    store holds, and the outcomes waiting for their write."""

    lease: str
    stored: list[str]
    round: int
    waiting: list[tuple[Outcome, list[Letter]]] = field(default_factory=list)
    # The game's own moves whose words ``stored`` holds (as far as this process wrote them):
    # the next write turns only the moves after them into words, not the whole game again.
    written: Sequence[object] = field(default_factory=list)
    writing: asyncio.Task[None] | None = None


@dataclass
class Relay:
    """A connection held here for a table another process owns."""

    peer: Peer
    owner: str
    code: str
    opened: float


class Shared:
    """A table server's part in a cluster: its store, leases, relays and sweeps."""

    def __init__(self, server: Served, where: Where, lease: float = LEASE,
                 process: str | None = None) -> None:
        self.server = server
        self.process = process or process_id()
        self.store = RedisStore(where, self.process)
        self.lease = lease
        self.ledgers: dict[str, Ledger] = {}
        self.broken: dict[str, str] = {}  # tables whose record cannot be resumed: lease
        self.relays: dict[int, Relay] = {}
        self.remotes: dict[tuple[str, int], RemotePeer] = {}
        self._conns = itertools.count(1)
        self._adopting: dict[str, asyncio.Future[bool]] = {}
        self._outbox: dict[str, list[dict[str, Any]]] = {}
        self._outbox_ready = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self.processes = 1  # alive, as the last heartbeat counted
        self.taken_over = 0  # tables this process took over from another
        self.relayed_in = 0  # messages of connections held by other processes, taken here

    # ------------------------------------------------------------------ running
    async def start(self) -> None:
        """Say this process is alive, listen on its channel, and keep its leases."""
        self.processes = await self.store.heartbeat(self.lease)
        self._pubsub = self.store.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.store.channel(self.process))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._keep()),
                       loop.create_task(self._sweep()), loop.create_task(self._send())]

    async def close(self) -> None:
        """Stop: the writes under way end, the leases are let go for others to take."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        writing = [ledger.writing for ledger in self.ledgers.values() if ledger.writing]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*writing, return_exceptions=True), 3.0)
        await self._flush()
        with contextlib.suppress(RedisError, OSError):
            for code, ledger in list(self.ledgers.items()):
                await self.store.release(code, ledger.lease)
            await self.store.gone()
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.aclose()
        await self.store.close()

    def let_go_of_everyone(self) -> None:
        """Every connection this process holds or serves joins again elsewhere."""
        for remote in list(self.remotes.values()):
            remote.drop(MOVED, "the server restarts")

    # ------------------------------------------------------------------ tables
    async def mint(self, config: TableConfig, wanted: int) -> list[Table]:
        """New tables until the store has ``wanted`` games not yet finished (one process
        at a time counts and makes them).  Each is written, then left to nobody: the
        process its first player joins through takes it (with a front door that sends a
        table's players to one process, the one they meet at)."""
        lock = self.store.prefix + "minting"
        while not await self.store.redis.set(lock, self.process, nx=True, px=10000):
            await asyncio.sleep(0.05)
        made: list[Table] = []
        try:
            for _ in range(max(0, wanted - await self.store.unfinished())):
                table = Table(config, self.server.registry)
                self.server.serve_table(table)
                while await self.store.exists(table.code):
                    table.code = new_code()
                lease = await self.store.claim(table.code, self.lease)
                if lease is None:
                    continue
                await self.store.commit(table, lease, 0, [], self.store.record(table), None,
                                        self._listed(table))
                await self.store.release(table.code, lease)
                made.append(table)
        finally:
            await self.store.redis.delete(lock)
        return made

    async def create(self, table: Table) -> bool:
        """A table a player made through this process: owned here, kept in the store
        (False: the store could not be reached)."""
        try:
            while await self.store.exists(table.code):
                table.code = new_code()
            lease = await self.store.claim(table.code, self.lease)
            if lease is None:
                return False
            self.ledgers[table.code] = Ledger(lease, [], table.round)
            self.server.tables[table.code] = table
            await self.store.commit(table, lease, 0, [], self.store.record(table), None,
                                    self._listed(table))
        except (RedisError, OSError, Stale) as exc:
            log.error("a new table cannot be kept in the store (%s)", exc)
            self.ledgers.pop(table.code, None)
            self.server.tables.pop(table.code, None)
            return False
        return True

    def discard(self, table: Table) -> None:
        """A table closed on purpose: removed from the store (under its lease)."""
        ledger = self.ledgers.pop(table.code, None)
        if ledger is None:
            return

        async def remove() -> None:
            if ledger.writing is not None:
                with contextlib.suppress(Exception):
                    await ledger.writing
            try:
                await self.store.remove(table.code, ledger.lease, table.creator)
            except (RedisError, OSError) as exc:
                log.error("table %s cannot be removed from the store (%s)", table.code, exc)

        task = asyncio.get_running_loop().create_task(remove())
        self._tasks.append(task)

    async def public(self) -> list[dict[str, Any]]:
        """The public tables the store lists (as their owners last wrote them)."""
        try:
            return await self.store.public()
        except (RedisError, OSError) as exc:
            log.error("the store cannot be reached (%s)", exc)
            return []

    async def standing(self, code: str, token: str) -> dict[str, Any]:
        """How a table stands, from its record in the store."""
        try:
            found = await self.store.look(code)
        except (RedisError, OSError) as exc:
            log.error("the store cannot be reached (%s)", exc)
            found = None
        if found is None:
            return gone(code)
        record, moves = found
        try:
            return standing_of(record, moves, token, self.server.wall())
        except (KeyError, TypeError, IndexError, ValueError):
            return gone(code)

    async def made_by(self, creator: str) -> int:
        """Unfinished tables made from one address (a hash of it), in the whole store."""
        return await self.store.made_by(creator)

    def _listed(self, table: Table) -> str:
        entry = listed(table, self.server.clock())
        return "" if entry is None else json.dumps(entry, separators=(",", ":"))

    def commit(self, table: Table, out: Outcome, letters: list[Letter]) -> None:
        """The outcome's writes, then its messages, in the order of the table's steps."""
        ledger = self.ledgers.get(table.code)
        if ledger is None:
            return  # let go meanwhile: its members were told to join again
        ledger.waiting.append((out, letters))
        if ledger.writing is None:
            ledger.writing = asyncio.get_running_loop().create_task(self._write(table, ledger))

    async def _write(self, table: Table, ledger: Ledger) -> None:
        try:
            while ledger.waiting and self.ledgers.get(table.code) is ledger:
                batch, ledger.waiting = ledger.waiting, []
                if table.round != ledger.round:
                    ledger.stored, ledger.written, ledger.round = [], [], table.round
                played = list(table.game.moves) if table.game is not None else []
                known = _same_objects(ledger.written, played)
                newer = [str(m) for m in played[known:]]
                base = known + _common(ledger.stored[known:], newer)
                finished = next((o.finished for o, _ in batch if o.finished), None)
                record = self.store.record(table) if any(
                    o.save or o.finished for o, _ in batch) else None
                try:
                    await self.store.commit(table, ledger.lease, base, newer[base - known:],
                                            record, finished, self._listed(table))
                except Stale:
                    self.let_go(table, "its lease ran out")
                    return
                except (RedisError, OSError) as exc:
                    log.error("table %s: the store cannot be written (%s); trying again",
                              table.code, exc)
                    ledger.waiting[:0] = batch
                    await asyncio.sleep(0.5)
                    continue
                ledger.stored, ledger.written = ledger.stored[:known] + newer, played
                for _, letters in batch:
                    post(letters)
        finally:
            ledger.writing = None

    def finished(self, table: Table) -> tuple[int, str]:
        """The finished game as its table holds it before the next one begins."""
        return table.round, table_json(table)

    def let_go(self, table: Table, why: str) -> None:
        """This process no longer owns the table: its members join again elsewhere."""
        if self.ledgers.pop(table.code, None) is None:
            return
        log.warning("table %s: let go (%s)", table.code, why)
        self.server.let_go(table)

    async def route(self, code: str) -> str | None:
        """Who serves table ``code``: this process (its id), another one, or None (no
        such table, or one that cannot be resumed; ``StoreUnreachable``: the store does
        not answer).  A table nobody owns is taken."""
        try:
            return await self._route(code)
        except (RedisError, OSError) as exc:
            log.error("the store cannot be reached (%s)", exc)
            raise StoreUnreachable(str(exc)) from None

    async def _route(self, code: str) -> str | None:
        deadline = asyncio.get_running_loop().time() + 2 * self.lease
        while asyncio.get_running_loop().time() < deadline:
            if code in self.server.tables:
                return self.process
            if code in self.broken:
                return None
            adopting = self._adopting.get(code)
            if adopting is not None:
                await asyncio.shield(adopting)
                continue
            owner = await self.store.owner(code)
            if owner is None:
                if not await self.store.exists(code):
                    return None
                await self._adopt(code)
                continue
            process = owner.rsplit(":", 1)[0]
            if process != self.process and await self.store.heard_from(process,
                                                                        self.lease / 2):
                return process
            # Taken by this process a moment ago (being read), or its owner has missed its
            # last renewals (killed, most likely): wait for its lease to run out rather than
            # relay to a process that may never answer.
            await asyncio.sleep(0.05)
        raise StoreUnreachable(f"table {code}: its owner neither answers nor lets it go")

    async def _adopt(self, code: str) -> bool:
        """Take over a table nobody owns: its lease, then its record and moves."""
        if code in self._adopting or code in self.server.tables:
            return False
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._adopting[code] = done
        try:
            lease = await self.store.claim(code, self.lease)
            if lease is None:
                done.set_result(False)
                return False
            try:
                table = await self.store.load(code, self.server.registry, self.server.clock(),
                                              self.server.wall() - self.server.clock())
            except SaveError as exc:
                log.error("table %s cannot be resumed from the store: %s", code, exc.problem)
                self.broken[code] = lease
                done.set_result(False)
                return False
            if table is None:
                await self.store.release(code, lease)
                done.set_result(False)
                return False
            moves = [str(m) for m in table.game.moves] if table.game is not None else []
            self.ledgers[code] = Ledger(lease, moves, table.round)
            self.server.serve_table(table)
            self.server.adopt(table)
            self.taken_over += 1
            log.info("table %s: taken over (%d moves)", code, len(moves))
            done.set_result(True)
            return True
        except BaseException:
            if not done.done():
                done.set_result(False)
            raise
        finally:
            del self._adopting[code]

    # ------------------------------------------------------------------ keeping leases
    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 4)
            try:
                self.processes = max(1, await self.store.heartbeat(self.lease))
                leases = {c: ledger.lease for c, ledger in self.ledgers.items()}
                lost = await self.store.renew({**leases, **self.broken}, self.lease)
                for code in lost:
                    table = self.server.tables.get(code)
                    self.broken.pop(code, None)
                    if table is not None:
                        self.let_go(table, "its lease could not be renewed in time")
                await self._check_others()
            except (RedisError, OSError) as exc:
                log.error("the store cannot be reached (%s)", exc)

    async def _check_others(self) -> None:
        """Connections relayed to a process that is gone join again; seats held through
        a process that is gone are away."""
        others = {r.owner for r in self.relays.values()} | {p for p, _ in self.remotes}
        alive = await self.store.alive(sorted(others))
        for conn, relay in list(self.relays.items()):
            if not alive.get(relay.owner, True):
                relay.peer.drop(MOVED, "the table moves to another server")
                self.relays.pop(conn, None)
        for key, remote in list(self.remotes.items()):
            if not alive.get(remote.process, True):
                self.remote_gone(key, leaving=False)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP * random.uniform(0.8, 1.2))
            try:
                orphans = await self.store.orphans()
                random.shuffle(orphans)
                share = math.ceil(len(orphans) / max(1, self.processes))
                for code in orphans[:share]:
                    await self._adopt(code)
            except (RedisError, OSError) as exc:
                log.error("the store cannot be reached (%s)", exc)

    # ------------------------------------------------------------------ between processes
    def post(self, process: str, item: dict[str, Any]) -> None:
        """Queue a message for another process (sent in order, many in one publish)."""
        self._outbox.setdefault(process, []).append(item)
        self._outbox_ready.set()

    async def _send(self) -> None:
        while True:
            await self._outbox_ready.wait()
            await self._flush()

    async def _flush(self) -> None:
        self._outbox_ready.clear()
        batches, self._outbox = self._outbox, {}
        for process, items in batches.items():
            try:
                await self.store.publish(process, items)
            except (RedisError, OSError) as exc:
                log.error("cannot reach process %s through the store (%s)", process, exc)

    async def _listen(self) -> None:
        """This process's channel, read until the process stops (listened to again after
        the store was out of reach)."""
        while True:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") == "message":
                        self._read(message["data"])
            except (RedisError, OSError) as exc:
                log.error("this process's channel in the store was cut (%s); listening "
                          "again", exc)
                await asyncio.sleep(0.5)
                with contextlib.suppress(RedisError, OSError):
                    await self._pubsub.aclose()
                    self._pubsub = self.store.redis.pubsub(ignore_subscribe_messages=True)
                    await self._pubsub.subscribe(self.store.channel(self.process))

    def _read(self, data: str) -> None:
        try:
            for item in json.loads(data):
                self._received(item)
        except Exception:  # one bad word from a peer process stops nothing else
            log.exception("a message from another process could not be read")

    def _received(self, item: dict[str, Any]) -> None:
        kind = item["k"]
        if kind == "out":
            relay = self.relays.get(item["c"])
            if relay is not None:
                if item["t"].startswith('{"type":"welcome"'):
                    self.server.admission.joined(relay.peer.ws)
                relay.peer.send(item["t"])
        elif kind == "drop":
            relay = self.relays.pop(item["c"], None)
            if relay is not None:
                relay.peer.drop(item["code"], item["r"])
        elif kind == "open":
            self._remote_open(item)
        elif kind == "msg":
            remote = self.remotes.get((item["p"], item["c"]))
            if remote is None:
                self.post(item["p"], {"k": "drop", "c": item["c"], "code": MOVED,
                                      "r": "the table moved"})
            else:
                self.relayed_in += 1
                self.server.receive(remote, item["t"])
        elif kind == "gone":
            self.remote_gone((item["p"], item["c"]), leaving=bool(item.get("bye")))

    def _remote_open(self, item: dict[str, Any]) -> None:
        remote = RemotePeer(self, item["p"], item["c"], item["a"], self.server.limits)
        try:
            code = normal_code(read(item["t"], CLIENT)["code"])
        except (MessageError, KeyError):
            code = ""
        if code not in self.server.tables:  # not (or no longer) here: join again
            remote.drop(MOVED, "the table moved")
            return
        self.remotes[(remote.process, remote.conn)] = remote
        if not self.server.join(remote, item["t"]):
            self.remotes.pop((remote.process, remote.conn), None)

    def remote_gone(self, key: tuple[str, int], leaving: bool) -> None:
        remote = self.remotes.pop(key, None)
        if remote is not None:
            remote.leaving = remote.leaving or leaving
            remote.closing = True
            self.server.leave(remote)

    async def relay(self, peer: Peer, owner: str, first: str | bytes) -> None:
        """Serve a connection here for a table ``owner`` serves: its messages metered and
        checked here, then relayed; the owner's answers sent back."""
        conn = next(self._conns)
        text = first if isinstance(first, str) else ""
        self.relays[conn] = Relay(peer, owner, normal_code(read(text, CLIENT)["code"]),
                                  self.server.clock())
        self.post(owner, {"k": "open", "p": self.process, "c": conn, "a": peer.address,
                          "t": text})
        try:
            async for message in peer.ws:
                if peer.closing:
                    return
                if self.server.metered(peer, message):
                    self.post(owner, {"k": "msg", "p": self.process, "c": conn,
                                      "t": message})
                else:
                    await asyncio.sleep(0)
        finally:
            if self.relays.pop(conn, None) is not None:  # (not let go by its owner)
                self.post(owner, {"k": "gone", "p": self.process, "c": conn,
                                  "bye": peer.leaving})


def _same_objects(written: Sequence[object], played: Sequence[object]) -> int:
    """How many of the moves written are, from the start, the very moves the game holds."""
    n = 0
    for a, b in zip(written, played, strict=False):
        if a is not b:
            break
        n += 1
    return n


def _common(stored: list[str], moves: list[str]) -> int:
    """How many moves the store's list and the table's have in common from the start."""
    n = 0
    for a, b in zip(stored, moves, strict=False):
        if a != b:
            break
        n += 1
    return n


__all__ = ["Shared", "Where"]
