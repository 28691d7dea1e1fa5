"""The table server: many tables in one process, served over WebSockets.

Each connection joins one table with its join code (``join``), then sends requests for its
seats (``act``, ``undo``, ``resign``, and the host's ``host``); the table decides and the
server sends what happened to everyone at that table, each as their seats may see it.  The
server also plays the computers' turns (their searches run in processes of their own,
``thinking``), runs the clocks, hands the turn of a player who stays away to a computer, and
saves each table after every confirmed turn (``tablefile``), the writes off the event loop
and never two at once for one table.

A table stands still (``Table.pause``: no move, no clock, no computer) while its last save
failed: every player is told why in a ``table`` message, the save is tried again, and play
resumes when it succeeds.  A server that stops (``close``) tells every player first: a game
under way is paused (by its host, for a window's table, or because the server stops) and
comes back when its table is served again; a hosted table still in its lobby is closed.

What one peer may cost is bounded (``Limits``): frames are small (``max_size``), each
connection's messages are metered by a token bucket, a connection that keeps sending what
is refused is closed, connections are counted from their accept per address, per address
block and in all, those not seated giving way to newer ones (``admission``), and no more
are held than the open-file limit allows with a reserve for saves (``descriptors``); a
handshake and then a join must come in time, failed joins from an address and the joins of
one seat's token are metered, and a reader too slow for its messages is dropped (it
reconnects and gets what it missed).  Permessage compression is off.
Each step of a table (a request, a join, a clock, a computer's move) gathers all that follows
from it in an ``Outcome`` (its messages to each member, its record to write, its next wake-up
and computer turn), which ``_carry`` carries out in one pass.
Everything runs on one event loop; only the computers think elsewhere, in other processes,
so that no search holds the loop up.  One table's trouble stays that table's: a table file
that cannot be resumed is set aside as the server starts, and a table whose clock, computer,
request or message fails is closed, said once in the log, while every other table plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import ssl
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.rules import RulesError
from game.rules.registry import Registry
from game.store.savefile import SaveError
from game.system.version import version

from . import PROTOCOL
from .admission import Admission, counted_connections
from .descriptors import AcceptWatch, fitting_connections
from .limits import Limits, Meters
from .lookups import gone, listed, standing
from .messages import CLIENT, Chat, Error, Listing, MessageError, Standing, Undone, Welcome, read
from .outcome import Letter, Member, Outcome, addressed, post
from .peer import Peer
from .redis_where import StoreUnreachable
from .sealed import Seal
from .seats import Refused, TableConfig, clean_name, new_code, new_token, normal_code, token_hash
from .steps import Step
from .table import Table
from .tablefile import Saver, load_table, save_table
from .terms import PauseReason, SeatKind, TableState, Watchers
from .thinking import Thinkers

if TYPE_CHECKING:
    from .cluster import Shared
    from .redis_where import Where

log = logging.getLogger("game.net.table_server")
MOVED = 1012  # the close code of a connection whose table is served elsewhere: join again
TRY_AGAIN = 1013  # ... of one whose table's store does not answer now


class TableServer:
    def __init__(self, registry: Registry, folder: Path | None = None,
                 limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
                 processes: int | None = None, seal: Seal | None = None,
                 store: Where | None = None, lease: float | None = None,
                 wall: Callable[[], float] = time.time, spectators: bool = False,
                 lobby: bool = False, made: TableConfig | None = None) -> None:
        self.registry = registry
        self.folder = folder  # where tables are saved; None: nowhere (tests)
        self.limits = limits or Limits()
        self.clock = clock
        self.wall = wall  # the wall clock: a correspondence clock is kept in its time
        self.spectators = spectators  # every table of this server may be watched
        self.lobby = lobby  # the public tables are listed (``list``)
        # what a table made by a player here takes from the server: its waits, its
        # computers' level and pace
        self.made = made or TableConfig("carcassonne")
        self.chat_meters = Meters(self.limits.chat_per_minute)  # chat lines, by seat
        self.looks = Meters(self.limits.looks_per_minute)  # lists, peeks, tables made
        self.tables: dict[str, Table] = {}
        self.peers: dict[str, set[Member]] = {}  # by table code
        self.all_peers: set[Peer] = set()
        self.failed = Meters(self.limits.joins_per_minute)  # failed joins, by address
        self.rejoins = Meters(self.limits.rejoins_per_minute)  # joins, by seat token
        self.admission = Admission(self.limits)
        self._accepts = AcceptWatch()
        self._server: Server | None = None
        self._thinking: dict[str, asyncio.Task[None]] = {}
        self._thinkers = Thinkers(processes)  # processes the computers think in (default:
        # one per processor)
        self._timers: dict[str, asyncio.TimerHandle] = {}
        # seal: the tables' seeds sealed in their files; a save that fails pauses its table
        self._saver = Saver(folder, seal, self._save_told)
        self._rng = random.Random()
        self._closing = False
        self.moves_served = 0
        self.slowest_move = 0.0  # seconds from a request to its step being queued for all
        # store: the tables are kept in a store shared by other processes (``cluster``)
        self.shared: Shared | None = None
        if store is not None:
            from .cluster import LEASE, Shared
            self.shared = Shared(self, store, lease or LEASE)

    # ------------------------------------------------------------------ tables
    def add_table(self, config: TableConfig, host_key: str | None = None,
                  seed: int | None = None) -> Table:
        table = Table(config, self.registry, seed=seed,
                      host_key=None if host_key is None else token_hash(host_key))
        while table.code in self.tables or self._saver.discarded(table.code):
            table.code = new_code()
        self.serve_table(table)
        self.tables[table.code] = table
        self._saver.want(table)
        return table

    def serve_table(self, table: Table) -> None:
        """What this server gives every table it serves: its wall clock's offset, and on a
        server whose tables may all be watched, spectators."""
        table.epoch = self.wall() - self.clock()
        if self.spectators and table.config.watchers == Watchers.NONE:
            table.config = replace(table.config, watchers=Watchers.WATCH)

    @property
    def epoch(self) -> float:
        return self.wall() - self.clock()

    def load_tables(self) -> list[SaveError]:
        """Every table saved in the folder, its game replayed; the files that cannot be
        read are renamed aside (``*.json.broken``) and returned."""
        problems: list[SaveError] = []
        if self.folder is None or not self.folder.is_dir():
            return problems
        for stray in self.folder.glob(".*.tmp"):  # writes a kill cut short
            with contextlib.suppress(OSError):
                stray.unlink()
        now = self.clock()
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = load_table(path, self.registry, now, self._saver.seal, self.epoch)
                if table.code in self.tables:
                    raise SaveError(path, f"table {table.code} is served from another file")
            except Exception as exc:  # whatever one file holds, it stops that file only
                problem = exc if isinstance(exc, SaveError) else SaveError(
                    path, f"cannot be resumed ({type(exc).__name__}: {exc})")
                problems.append(problem)
                log.error("table file %s set aside as %s: %s", path.name,
                          path.with_suffix(".json.broken").name, problem.problem)
                with contextlib.suppress(OSError):
                    path.rename(path.with_suffix(".json.broken"))
                continue
            self.serve_table(table)
            self.tables[table.code] = table
        return problems

    @property
    def thinking_restarts(self) -> int:
        """How many times the computers' thinking processes had to be started again."""
        return self._thinkers.restarts + (1 if self._thinkers.in_threads else 0)

    # ------------------------------------------------------------------ serving
    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen (``tls``: over TLS, for ``wss://`` links); the port (useful with 0: any
        free port)."""
        lim = self.limits
        if self.shared is not None:
            await self.shared.start()
        counted = counted_connections(self.admission, self._accepts.accepted)
        self._server = await serve(self._handle, host, port, compression=None, ssl=tls,
                                   max_size=lim.message_bytes, max_queue=4,
                                   ping_interval=lim.ping_interval,
                                   ping_timeout=lim.ping_interval,
                                   close_timeout=2, open_timeout=lim.handshake_within,
                                   create_connection=counted, server_header=None,
                                   process_request=_health)
        self._accepts.install(asyncio.get_running_loop())
        self.admission.room = fitting_connections(lim, len(self._server.sockets))
        for table in list(self.tables.values()):
            if table.code in self._saver.failing:
                self._saver.want(table)  # its first save failed before serving: again
            self._follow_up(table)
        return int(self._server.sockets[0].getsockname()[1])

    async def close(self, reason: PauseReason = PauseReason.SERVER_STOPPED,
                    within: float = 3.0) -> None:
        """Stop serving.  Every player is told first (``reason``: its server stops, or its
        host left, for a table served from its host's window), given ``within`` seconds to
        read it, and every table under way is saved as it stands, its clocks stopped."""
        self._closing = True
        for handle in self._timers.values():
            handle.cancel()
        for task in self._thinking.values():
            task.cancel()
        now = self.clock()
        if self.shared is not None:  # its tables go on at the other processes
            await self._leave_the_cluster()
        for table in list(self.tables.values()):
            with self._contained(table, "its pause"):
                self._carry(table, self._closing_table(table, reason, now))
        deadline = time.monotonic() + within
        while self.all_peers and time.monotonic() < deadline:  # each reads its last word
            for peer in self.all_peers:  # (one that came back meanwhile too: it read it)
                peer.drop(1001, "the table stops")
            await asyncio.sleep(0.01)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._saver.stop_retrying()
        self._accepts.remove()
        await self._thinkers.close()
        await self._saver.drain()  # the saves under way finish

    async def _leave_the_cluster(self) -> None:
        """This process stops, the others go on: its tables' writes under way end, their
        leases are let go, and every player joins again through the front door."""
        assert self.shared is not None
        tables, self.tables = list(self.tables.values()), {}
        for table in tables:
            for peer in self.peers.pop(table.code, set()):
                peer.table = None
                peer.drop(MOVED, "the server restarts")
        for peer in self.all_peers:
            peer.drop(MOVED, "the server restarts")
        self.shared.let_go_of_everyone()
        await self.shared.close()

    def _closing_table(self, table: Table, reason: PauseReason, now: float) -> Outcome:
        """Tell a table's players it stops, then close their connections once told."""
        out = Outcome(follow=False)
        # A window's lobby is not kept:
        if table.state == TableState.LOBBY and reason == PauseReason.HOST_LEFT:
            out.everyone(Error(code="host-closed", message="the host closed the table",
                               fatal=True))
        elif table.state != TableState.OVER:
            if reason == PauseReason.HOST_LEFT:
                hosts = [i for i, s in enumerate(table.seats) if s.kind == SeatKind.HOST]
                table.connected(hosts, False, now, left=True)
            table.pause(reason, _PAUSED[reason], now)
            log.info("table %s: paused (%s)", table.code, _PAUSED[reason])
            out.news(table, now)
            out.save = True  # its clocks as they stand
        out.drop(None, 1001, "the table stops")
        return out

    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if address in self.limits.front_doors:  # the player's, as the front door saw it
            forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request else None
            address = forwarded.split(",")[-1].strip()[:64] if forwarded else address
        peer = Peer(ws, address, self.limits, self.clock())
        self.all_peers.add(peer)
        writer = asyncio.create_task(peer.write())
        try:
            await self._serve(peer)
        except ConnectionClosed:
            pass
        finally:
            self._leave(peer)
            self.all_peers.discard(peer)
            peer.closing = True
            peer.out.put_nowait(None)
            await writer

    async def _serve(self, peer: Peer) -> None:
        try:
            first = await asyncio.wait_for(peer.ws.recv(), self.limits.join_within)
        except TimeoutError:
            self._refuse(peer, "join-timeout", "join a table first", fatal=True)
            return
        kind = _kind(first)
        if kind in ("list", "peek"):
            await self._look(peer, first, kind)
            return
        if kind == "create":
            if not await self._create(peer, first):
                return
        else:
            if self.shared is not None:
                try:
                    owner = await self._owner(peer, first)
                except StoreUnreachable:  # not the player's fault: it joins again later
                    peer.drop(TRY_AGAIN, "the tables cannot be reached: try again")
                    return
                if owner is not None and owner != self.shared.process:
                    await self.shared.relay(peer, owner, first)
                    return
            if not self._join(peer, first):
                return
        async for text in peer.ws:
            if peer.closing:
                return  # what it sent after being dropped is never read
            if self.metered(peer, text):
                self.receive(peer, text)
            else:
                # A refused message lets every other connection have its turn first: frames
                # already received come without waiting, and one peer must not hold the loop.
                await asyncio.sleep(0)

    def metered(self, peer: Peer, text: str | bytes) -> bool:
        """Whether a seated connection's message may be taken: within its rate, and a
        client's message (else it is refused here)."""
        if not peer.bucket.take(self.clock()):
            self._refuse(peer, "rate", "too many messages: slow down")
            return False
        try:
            read(text, CLIENT)
        except MessageError as exc:
            self._refuse(peer, exc.code, exc.message)
            return False
        return True

    def receive(self, peer: Member, text: str | bytes) -> None:
        """A message of a seated connection, metered already (here, or by the process that
        holds the connection)."""
        try:
            self._dispatch(peer, read(text, CLIENT), self.clock())
        except MessageError as exc:
            self._refuse(peer, exc.code, exc.message)

    async def _owner(self, peer: Peer, first: str | bytes) -> str | None:
        """The process that serves the table a join names (None: this one will refuse
        it, or take it)."""
        assert self.shared is not None
        try:
            code = normal_code(read(first, CLIENT)["code"])
        except (MessageError, KeyError):
            return None
        if code in self.tables:
            return self.shared.process
        return await self.shared.route(code)

    # ------------------------------------------------------------------ looks and new tables
    def _looked(self, peer: Peer, text: str | bytes) -> dict[str, Any] | None:
        """A list, peek or create message, if it may be taken from its address now (else
        the connection is told why and closed)."""
        now = self.clock()
        try:
            message = read(text, CLIENT)
        except MessageError as exc:
            self._refuse(peer, exc.code, exc.message, fatal=True)
            return None
        if not self.looks.allows(peer.address, now):
            self._refuse(peer, "slow-down", "too many requests from your address: wait a "
                         "minute", fatal=True)
            return None
        self.looks.take(peer.address, now)
        return message

    async def _look(self, peer: Peer, text: str | bytes, kind: str) -> None:
        """Answer a list (the public tables) or a peek (how the tables of some tokens
        stand), then close."""
        message = self._looked(peer, text)
        if message is None:
            return
        if kind == "list":
            if not self.lobby:
                self._refuse(peer, "no-lobby", "this server lists no tables: join one with "
                                               "its code", fatal=True)
                return
            peer.send(Listing(tables=await self._public()).encoded())
        else:
            peer.send(Standing(tables=[await self._standing(normal_code(t["code"]),
                                                            t["token"])
                                       for t in message["tables"]]).encoded())
        peer.drop(1000, "answered")

    async def _public(self) -> list[dict[str, Any]]:
        now = self.clock()
        found = {t.code: entry for t in self.tables.values()
                 if (entry := listed(t, now)) is not None}
        if self.shared is not None:
            for entry in await self.shared.public():
                found.setdefault(entry["code"], entry)
        return [found[code] for code in sorted(found)][:500]

    async def _standing(self, code: str, token: str) -> dict[str, Any]:
        table = self.tables.get(code)
        if table is not None:
            return standing(table, token, self.clock())
        if self.shared is not None:
            return await self.shared.standing(code, token)
        return gone(code)

    async def _create(self, peer: Peer, text: str | bytes) -> bool:
        """A player makes a table here and takes its host's seats."""
        message = self._looked(peer, text)
        if message is None:
            return False
        creator = hashlib.sha256(peer.address.encode()).hexdigest()[:16]
        key = new_token()
        try:
            table = Table(self._new_config(message["table"], message["name"]), self.registry,
                          host_key=token_hash(key))
            await self._may_create(creator)
        except Refused as exc:
            self._refuse(peer, exc.code, exc.message, fatal=True)
            return False
        except (KeyError, ValueError, TypeError, RulesError) as exc:
            said = str(exc.args[0] if exc.args else exc).strip("'\"")[:200]
            self._refuse(peer, "table", f"no table can be made so: {said}", fatal=True)
            return False
        table.creator = creator
        self.serve_table(table)
        if self.shared is not None:
            if not await self.shared.create(table):
                self._refuse(peer, "store", "the table cannot be kept now: try again",
                             fatal=True)
                return False
        else:
            while table.code in self.tables or self._saver.discarded(table.code):
                table.code = new_code()
            self.tables[table.code] = table
        log.info("table %s: made by a player from %s", table.code, peer.address)
        seats, token = table.join(message["name"], None, None, key)
        self._seat(peer, table, seats, token, True, {}, self.clock())
        return True

    async def _may_create(self, creator: str) -> None:
        most = self.limits.tables_per_address
        if most <= 0:
            raise Refused("no-tables", "this server makes no tables for its players: join "
                                       "one with its code")
        if self.shared is not None:
            made = await self.shared.made_by(creator)
        else:
            made = sum(1 for t in self.tables.values()
                       if t.creator == creator and t.state != TableState.OVER)
        if made >= most:
            raise Refused("too-many-tables", f"this server keeps at most {most} unfinished "
                          f"tables made from one address: finish or close one first")

    def _new_config(self, spec: dict[str, Any], name: str) -> TableConfig:
        """The set-up a player asked for, with this server's waits, computers and pace."""
        seats = tuple(spec["seats"])
        if SeatKind.HOST not in seats:
            raise Refused("table", "a table made here has the host's seat")
        names = spec.get("names") or [
            name if kind == SeatKind.HOST else f"Seat {i + 1}" if kind == SeatKind.OPEN
            else kind.capitalize()
            for i, kind in enumerate(seats)]
        per_move = spec.get("per_move")
        made = self.made
        return TableConfig(
            spec["game"], tuple(spec.get("expansions", ())),
            tuple((k, v) for k, v in spec.get("options", ())), seats, tuple(names),
            tuple(spec["clock"]) if spec.get("clock") else None,
            0 if per_move is not None else made.takeover, made.stand_in, False, made.pace,
            tuple(spec.get("colours", ())), spec.get("aids", True), per_move,
            spec.get("watchers", Watchers.NONE), spec.get("public", False))

    def _refuse(self, peer: Member, code: str, message: str, fatal: bool = False) -> None:
        peer.refused += 1
        fatal = fatal or peer.refused > self.limits.refused
        peer.send(Error(code=code, message=message, fatal=fatal).encoded())
        if fatal:
            peer.drop(1008, message[:100])

    # ------------------------------------------------------------------ joining
    def join(self, peer: Member, text: str | bytes) -> bool:
        """A connection's first message (here, or relayed by another process): True if it
        joined its table."""
        return self._join(peer, text)

    def leave(self, peer: Member) -> None:
        self._leave(peer)

    def adopt(self, table: Table) -> None:
        """Serve a table taken over from the store."""
        self.tables[table.code] = table
        self._follow_up(table)

    def let_go(self, table: Table) -> None:
        """Stop serving a table another process now owns: its members join again there."""
        if self.tables.get(table.code) is not table:
            return
        del self.tables[table.code]
        self._stop_table(table)
        for peer in self.peers.pop(table.code, set()):
            peer.table = None
            peer.drop(MOVED, "the table moves to another server")

    def _join(self, peer: Member, text: str | bytes) -> bool:
        now = self.clock()
        try:
            message = read(text, CLIENT)
            if message["type"] != "join":
                raise MessageError("join-first", "the first message joins a table")
        except MessageError as exc:
            self._refuse(peer, exc.code, exc.message, fatal=True)
            return False
        if not self.failed.allows(peer.address, now):
            self._refuse(peer, "slow-down", "too many failed joins: wait a minute", fatal=True)
            return False
        table = self.tables.get(normal_code(message["code"]))
        if message.get("watch"):
            return self._watch(peer, table, message, now)
        seat = _returning(table, message)
        if seat is not None and not self.rejoins.allows(seat, now):
            # before anything is sent, saved or told to the others at the table
            self._refuse(peer, "slow-down", "this seat joined again too often: wait a few "
                         "seconds", fatal=True)
            return False
        try:
            if table is None:
                raise Refused("code", "no table has that join code")
            seats, token = table.join(message["name"], message.get("seats"),
                                      message.get("token"), message.get("host"))
        except Refused as exc:
            self.failed.take(peer.address, now)
            self._refuse(peer, exc.code, exc.message, fatal=True)
            return False
        if seat is not None:
            self.rejoins.take(seat, now)
        # the host: by the host's key, or by the token of the host's seats (a table made
        # by a player on this server, whose window joins again with its token)
        host = message.get("host") is not None or (
            bool(seats) and all(table.seats[i].kind == SeatKind.HOST for i in seats))
        self._seat(peer, table, seats, token, host, message, now)
        return True

    def _seat(self, peer: Member, table: Table, seats: list[int], token: str, host: bool,
              message: dict[str, Any], now: float) -> None:
        """A connection takes its seats at the table: it is welcomed, told what it missed,
        and everyone told."""
        if isinstance(peer, Peer):
            self.admission.joined(peer.ws)
        out = Outcome(save=True)
        for other in list(self.peers.get(table.code, ())):
            if set(other.seats) & set(seats):  # the same player again: the newer one wins
                other.send(Error(code="replaced", fatal=True, message="this seat was taken "
                                 "back by a newer connection").encoded())
                other.drop(1000, "replaced")
                self._leave(other)
        log.info("table %s: %s joined seat(s) %s from %s", table.code,
                 table.seats[seats[0]].name if seats else "?",
                 ",".join(str(i + 1) for i in seats), peer.address)
        peer.table, peer.seats, peer.host = table, seats, host
        self.peers.setdefault(table.code, set()).add(peer)
        table.connected(seats, True, now)
        out.to(peer, Welcome(protocol=PROTOCOL, server=f"carcassonne {version()}",
                             code=table.code, table=table.info(now), you=seats, token=token,
                             host=peer.host))
        self._welcomed(out, peer, table, message, now)
        if table.ready and table.config.auto_start and table.paused is None:
            self._start(out, table)
        self._carry(table, out)

    def _welcomed(self, out: Outcome, peer: Member, table: Table, message: dict[str, Any],
                  now: float) -> None:
        """After its welcome, what a member who joins is told: the game as far as it
        missed it, the chat the table keeps, and everyone the table as it now is."""
        if table.state != TableState.LOBBY:
            self._catch_up(out, peer, table, message.get("have", 0), message.get("chain"))
        said = table.chat_message()
        if said is not None:
            out.to(peer, said)
        out.news(table, now)

    def _watch(self, peer: Member, table: Table | None, message: dict[str, Any],
               now: float) -> bool:
        """A spectator joins: no seat, no token; it sees what a player without a hand sees
        and never acts."""
        try:
            if table is None:
                raise Refused("code", "no table has that join code")
            if table.config.watchers == Watchers.NONE:
                raise Refused("no-watchers", "this table is not open to spectators")
            if sum(1 for p in self.peers.get(table.code, ()) if p.watching) \
                    >= self.limits.spectators:
                raise Refused("watchers-full", f"this table has {self.limits.spectators} "
                                               f"spectators already")
            try:
                name = clean_name(message["name"])
            except ValueError as exc:
                raise Refused("name", str(exc)) from None
        except Refused as exc:
            self.failed.take(peer.address, now)
            self._refuse(peer, exc.code, exc.message, fatal=True)
            return False
        if isinstance(peer, Peer):
            self.admission.joined(peer.ws)
        log.info("table %s: a spectator joined from %s", table.code, peer.address)
        peer.table, peer.seats, peer.host = table, [], False
        peer.watching, peer.name = True, name
        self.peers.setdefault(table.code, set()).add(peer)
        table.watching += 1
        out = Outcome()
        out.to(peer, Welcome(protocol=PROTOCOL, server=f"carcassonne {version()}",
                             code=table.code, table=table.info(now), you=[], host=False,
                             watching=True))
        self._welcomed(out, peer, table, message, now)
        if table.ready and table.config.auto_start and table.paused is None:
            self._start(out, table)  # (a table of computers only begins when watched)
        self._carry(table, out)
        return True

    def _catch_up(self, out: Outcome, peer: Member, table: Table, have: int,
                  chain: str | None) -> None:
        """What a joining client missed: from its moves on (a client holding the game
        before this table's rematch first gets that game's last moves and its end)."""
        past = table.previous
        missed = None if past is None else past.resume_from(have, chain)
        if past is not None and missed is not None:
            out.to(peer, past.sync_message(peer.seats, missed))
            out.to(peer, past.over_message())
        first = 0 if missed is not None else table.resume_from(have, chain)
        if first == 0:
            out.to(peer, table.start_message(peer.seats))
        out.to(peer, table.sync_message(peer.seats, first))
        if table.state == TableState.OVER:
            out.to(peer, table.over_message())

    def _leave(self, peer: Member) -> None:
        table = peer.table
        if table is None:
            return
        peer.table = None
        held = self.peers.get(table.code, set())
        held.discard(peer)
        if peer.watching:
            table.watching = max(0, table.watching - 1)
            out = Outcome()
            with self._contained(table, "its news"):
                out.news(table, self.clock())
            self._carry(table, out)
            return
        if not any(set(p.seats) & set(peer.seats) for p in held):
            log.info("table %s: seat(s) %s left", table.code,
                     ",".join(str(i + 1) for i in peer.seats))
            table.connected(peer.seats, False, self.clock(), left=peer.leaving)
            out = Outcome()
            # the last answer to the offer may be this player's leaving
            if table.rematch_due and not self._closing:
                self._rematch(out, table)
            else:
                with self._contained(table, "its news"):
                    out.news(table, self.clock())
            self._carry(table, out)

    def _save_told(self, table: Table, problem: OSError | None) -> None:
        """A save of the table failed (it stands still and its players are told why), or
        succeeded again (play resumes)."""
        if self.tables.get(table.code) is not table:
            return  # closed after a failure: it is not served any more
        with self._contained(table, "its save"):
            self._save_result(table, problem)

    def _save_result(self, table: Table, problem: OSError | None) -> None:
        now = self.clock()
        paused = table.paused
        out = Outcome()
        if problem is None:
            if paused is not None and paused.reason == PauseReason.UNSAVED and not self._closing:
                table.resume(now)
                log.info("table %s: saved again, play resumes", table.code)
                if table.rematch_due:  # every answer came while it stood still
                    self._rematch(out, table)
                else:
                    out.news(table, now)
                    if table.ready and table.config.auto_start:
                        self._start(out, table)
                self._carry(table, out)
            return
        if (table.state == TableState.OVER
                or (paused is not None and paused.reason != PauseReason.UNSAVED)):
            return  # nothing left to play, or it stands still already
        detail = str(problem.strerror or problem)[:200]
        if paused is None or paused.detail != detail:
            table.pause(PauseReason.UNSAVED, f"its last turn cannot be saved ({detail}): play "
                        f"waits until it can", now, detail)
            out.news(table, now)
            self._carry(table, out)

    def _start(self, out: Outcome, table: Table) -> None:
        """The game begins: everyone gets it as their seats see it, then the table."""
        now = self.clock()
        table.start(now)
        log.info("table %s: the game begins", table.code)
        out.each(table.start_message)
        out.news(table, now)
        out.save = True

    def _rematch(self, out: Outcome, table: Table) -> None:
        """The next game at this table: the finished one kept aside first, then everyone
        told (the table as it now is before its ``start``)."""
        self._keep_finished(out, table)
        table.rematch(self.clock())
        log.info("table %s: game %d begins", table.code, table.round)
        out.news(table, self.clock())
        out.each(table.start_message)
        out.save = True

    def _keep_finished(self, out: Outcome, table: Table) -> None:
        """The finished game's record, before its table goes on with the next one."""
        if self.shared is not None:
            out.finished = self.shared.finished(table)
        else:
            self._saver.archive(table)

    # ------------------------------------------------------------------ requests
    def _dispatch(self, peer: Member, message: dict[str, Any], now: float) -> None:
        table, kind = peer.table, message["type"]
        if table is None:
            return
        try:
            out = self._request(peer, table, kind, message, now)
        except Refused as exc:
            self._refuse(peer, exc.code, exc.message)
            return
        except Exception:  # the table's own failure: that table closes, the server serves on
            self._close_table(table, f"a {kind} request")
            return
        if out is not None:
            self._carry(table, out, asked=now)

    def _request(self, peer: Member, table: Table, kind: str, message: dict[str, Any],
                 now: float) -> Outcome | None:
        """What a request of a seated connection changes (Refused: nothing)."""
        out = Outcome()
        if peer.watching and kind not in ("say", "bye", "join"):
            raise Refused("watching", "a spectator watches: only the players play")
        if kind == "act":
            step = table.act(peer.seats, message["seat"], message["n"], message["action"], now)
            self._played(out, table, step, now)
        elif kind == "undo":
            n = table.undo(peer.seats, message["seat"], message["n"])
            out.everyone(Undone(n=n, chain=table.chain[n]))
        elif kind == "resign":
            table.resign(peer.seats, message["seat"])
            self._ended_or_changed(out, table, now)
        elif kind == "host":
            self._host(out, peer, table, message)
        elif kind == "join":
            raise Refused("joined", "this connection has joined already")
        elif kind == "rematch":
            table.want_rematch(peer.seats)
            if table.rematch_due:
                self._rematch(out, table)
            else:
                out.news(table, now)
                out.save = True
        elif kind == "say":
            self._say(out, peer, table, message["text"], now)
        elif kind == "bye":
            peer.leaving = True
            peer.drop(1000, "bye")
            return None
        return out

    def _say(self, out: Outcome, peer: Member, table: Table, text: str, now: float) -> None:
        """A line of chat, metered per connection and per seat, kept with the table and
        sent to everyone at it."""
        key = (table.code, min(peer.seats)) if peer.seats else None
        if not peer.chat.take(now) or (key is not None and
                                       not self.chat_meters.allows(key, now)):
            raise Refused("chat-rate", "too many chat lines: wait a little")
        line = table.say(peer.seats, peer.name, text, now)
        if key is not None:
            self.chat_meters.take(key, now)
        out.everyone(Chat(lines=[line.to_json()]))
        out.save = True

    def _host(self, out: Outcome, peer: Member, table: Table, message: dict[str, Any]) -> None:
        if not peer.host:
            raise Refused("not-host", "only the host may do that")
        op, seat = message["op"], message.get("seat")
        if op in ("mute", "unmute"):
            table.mute(seat, op == "mute")
            out.news(table, self.clock())
            out.save = True
            return
        if op == "close":
            self._close_on_purpose(out, table)
            return
        # The rematch now, whoever has not accepted:
        if op == "start" and table.state == TableState.OVER:
            table.want_rematch(peer.seats)
            self._rematch(out, table)
            return
        if op == "start":
            self._start(out, table)
            return
        if seat is None or not 0 <= seat < len(table.seats):
            raise Refused("seat", "name a seat of this table")
        if op == "seat":
            table.set_seat(seat, message.get("kind") or SeatKind.OPEN)
        elif not table.take_over(seat):
            raise Refused("not-now", "no game is under way")
        out.news(table, self.clock())
        out.save = True

    def _close_on_purpose(self, out: Outcome, table: Table) -> None:
        """The host closes a table whose game is not under way: everyone at it is told, and
        the table is no longer kept (its code joins nothing any more)."""
        if table.state == TableState.PLAYING:
            raise Refused("not-now", "a game under way is not closed: resign, or leave the "
                                     "table")
        log.info("table %s: closed by its host", table.code)
        out.everyone(Error(code="host-closed", message="the host closed the table",
                           fatal=True))
        out.drop(None, 1000, "the table is closed")
        out.gone = True

    def _forget(self, table: Table) -> None:
        """A table closed on purpose: no longer served, nor kept in the folder or store."""
        if self.tables.get(table.code) is not table:
            return
        del self.tables[table.code]
        self._stop_table(table)
        for peer in self.peers.pop(table.code, set()):
            peer.table = None
        if self.shared is not None:
            self.shared.discard(table)
        else:
            self._saver.discard(table)

    def _played(self, out: Outcome, table: Table, step: Step, now: float) -> None:
        """A move: everyone gets it as their seats see it; a turn's end is saved."""
        out.step(table, step)
        if table.state == TableState.OVER or step.ends_turn:
            self._ended_or_changed(out, table, now)

    def _ended_or_changed(self, out: Outcome, table: Table, now: float) -> None:
        if table.state == TableState.OVER:
            log.info("table %s: the game is over (%s)", table.code, table.reason)
            out.everyone(table.over_message())
        out.news(table, now)
        out.save = True

    # ------------------------------------------------------------------ carrying out
    def _carry(self, table: Table, out: Outcome, asked: float | None = None) -> None:
        """Carry out what a step of ``table`` calls for, in one pass: its messages to the
        members it has now, its record written, then its next wake-up and computer turn."""
        if self.tables.get(table.code) is not table:
            return  # closed after a failure: it is not served any more
        letters: list[Letter] = []
        with self._contained(table, "its news"):
            letters = addressed(out, self.peers.get(table.code, ()))
        if out.gone:
            post(letters)
            self._forget(table)
            return
        self._store(table, out, letters)
        if out.moves:
            self.moves_served += out.moves
            if asked is not None:
                self.slowest_move = max(self.slowest_move, self.clock() - asked)
        if out.follow:
            self._follow_up(table, out)

    def _store(self, table: Table, out: Outcome, letters: list[Letter]) -> None:
        """A shared store: its write first, then the messages; the folder store: the
        messages now, the file written off the loop."""
        if self.shared is not None:
            self.shared.commit(table, out, letters)
            return
        post(letters)
        if out.save:
            self._saver.want(table)

    # ------------------------------------------------------------------ computers and clocks
    def _follow_up(self, table: Table, out: Outcome | None = None) -> None:
        if self._closing or self.tables.get(table.code) is not table:
            return  # closing, or a table closed after a failure
        with self._contained(table, "its clock"):
            settled = (out or Outcome()).settle(table, self.clock())
            self._arm_timer(table, settled.wake_at)
            if settled.computer is not None and table.code not in self._thinking:
                self._thinking[table.code] = asyncio.get_running_loop().create_task(
                    self._computer(table))

    async def _computer(self, table: Table) -> None:
        with self._contained(table, "its computer's turn"):
            try:
                await self._computers_play(table)
            finally:
                if self._thinking.get(table.code) is asyncio.current_task():
                    del self._thinking[table.code]

    async def _computers_play(self, table: Table) -> None:
        while (seat := table.computer_turn()) is not None and table.game is not None:
            moves = len(table.game.moves)
            if table.config.pace:
                await asyncio.sleep(table.config.pace)
            action = await self._thinkers.choose(
                table.config.game, table.config.expansions, table.game,
                table.computer_level(seat), self._rng.getrandbits(64), f"table {table.code}")
            if table.computer_turn() != seat or len(table.game.moves) != moves:
                continue  # the position changed while it thought
            decided = self.clock()
            out = Outcome()  # (its follow-up finds this loop thinking: no second one)
            self._played(out, table, table.play(action, decided), decided)
            self._carry(table, out, asked=decided)

    @contextlib.contextmanager
    def _contained(self, table: Table, what: str) -> Iterator[None]:
        """Whatever fails in ``what`` of ``table`` closes that table, never the server or
        its other tables."""
        try:
            yield
        except Exception:
            self._close_table(table, what)

    def _close_table(self, table: Table, what: str) -> None:
        """Close a table that failed (in an ``except`` block: its traceback is logged, once;
        a table closed already is left as it is).  Its players are told and let go; its
        file is kept, and a restarted server tries it again (or sets it aside)."""
        if self.tables.get(table.code) is not table:
            return
        log.exception("table %s: %s failed; the table is closed", table.code, what)
        del self.tables[table.code]
        self._saver.forget(table)  # no more tries to save it (its file stays as it was)
        if self.shared is not None:  # its lease runs out: another process tries it
            self.shared.ledgers.pop(table.code, None)
        self._stop_table(table)
        closed = Error(code="table-closed", fatal=True,
                       message="this table met a problem and was closed").encoded()
        for peer in self.peers.pop(table.code, set()):
            peer.table = None
            peer.send(closed)
            peer.drop(1011, "table closed")

    def _stop_table(self, table: Table) -> None:
        """No more clock or computer for a table no longer served."""
        timer = self._timers.pop(table.code, None)
        if timer is not None:
            timer.cancel()
        task = self._thinking.pop(table.code, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _arm_timer(self, table: Table, at: float | None) -> None:
        old = self._timers.pop(table.code, None)
        if old is not None:
            old.cancel()
        if at is not None:
            self._timers[table.code] = asyncio.get_running_loop().call_later(
                max(0.0, at - self.clock()), self._tick, table)

    def _tick(self, table: Table) -> None:
        self._timers.pop(table.code, None)
        with self._contained(table, "its clock"):
            now = self.clock()
            changed = table.flag(now)
            due = table.takeover_at()
            if due is not None and due <= now and table.game is not None:
                changed = table.take_over(table.game.current) or changed
            out = Outcome()
            if changed:
                out.news(table, now)
            self._carry(table, out)


def _health(connection: ServerConnection, request: Request) -> Response | None:
    """``GET /health`` answers 200 without a WebSocket: a front door's check that this
    process serves (anything else goes on to the handshake)."""
    if request.path == "/health":
        return connection.respond(HTTPStatus.OK, "serving\n")
    return None


# What players read when a table stops with its server (the window words it by the reason).
_PAUSED = {
    PauseReason.HOST_LEFT: "its host left it: it comes back when the host opens it again",
    PauseReason.SERVER_STOPPED: "its server stopped: it comes back when the server starts again"}


def _kind(first: str | bytes) -> str | None:
    """The type a connection's first message says it is (checked when it is read)."""
    try:
        kind = read(first, CLIENT).get("type")
    except MessageError:
        return None
    return kind if isinstance(kind, str) else None


def _returning(table: Table | None, message: dict[str, Any]) -> tuple[str, str] | None:
    """Whose seats a join takes back (a seat's token, the host's key), to meter them."""
    if table is None:
        return None
    if message.get("token") is not None:
        return table.code, token_hash(message["token"])
    if message.get("host") is not None:
        return table.code, "host"
    return None


__all__ = ["Limits", "TableServer", "save_table"]
