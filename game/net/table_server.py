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
Everything runs on one event loop; only the computers think elsewhere, in other processes,
so that no search holds the loop up.  One table's trouble stays that table's: a table file
that cannot be resumed is set aside as the server starts, and a table whose clock, computer,
request or message fails is closed, said once in the log, while every other table plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import ssl
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.rules.registry import Registry
from game.store.savefile import SaveError
from game.system.version import version

from . import PROTOCOL
from .admission import Admission, counted_connections
from .descriptors import AcceptWatch, fitting_connections
from .limits import Limits, Meters
from .messages import CLIENT, MessageError, encode, read
from .peer import Peer
from .sealed import Seal
from .seats import Refused, TableConfig, new_code, normal_code, token_hash
from .steps import Step
from .table import HOST_LEFT, SERVER_STOPPED, UNSAVED, Table
from .tablefile import Saver, load_table, save_table
from .terms import SeatKind, TableState
from .thinking import Thinkers

log = logging.getLogger("game.net.table_server")


class TableServer:
    def __init__(self, registry: Registry, folder: Path | None = None,
                 limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
                 processes: int | None = None, seal: Seal | None = None) -> None:
        self.registry = registry
        self.folder = folder  # where tables are saved; None: nowhere (tests)
        self.limits = limits or Limits()
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.peers: dict[str, set[Peer]] = {}  # by table code
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

    # ------------------------------------------------------------------ tables
    def add_table(self, config: TableConfig, host_key: str | None = None,
                  seed: int | None = None) -> Table:
        table = Table(config, self.registry, seed=seed,
                      host_key=None if host_key is None else token_hash(host_key))
        while table.code in self.tables:
            table.code = new_code()
        self.tables[table.code] = table
        self._saver.want(table)
        return table

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
                table = load_table(path, self.registry, now, self._saver.seal)
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
        counted = counted_connections(self.admission, self._accepts.accepted)
        self._server = await serve(self._handle, host, port, compression=None, ssl=tls,
                                   max_size=lim.message_bytes, max_queue=4,
                                   ping_interval=lim.ping_interval,
                                   ping_timeout=lim.ping_interval,
                                   close_timeout=2, open_timeout=lim.handshake_within,
                                   create_connection=counted, server_header=None)
        self._accepts.install(asyncio.get_running_loop())
        self.admission.room = fitting_connections(lim, len(self._server.sockets))
        for table in list(self.tables.values()):
            if table.code in self._saver.failing:
                self._saver.want(table)  # its first save failed before serving: again
            self._follow_up(table)
        return int(self._server.sockets[0].getsockname()[1])

    async def close(self, reason: str = SERVER_STOPPED, within: float = 3.0) -> None:
        """Stop serving.  Every player is told first (``reason``: SERVER_STOPPED, or
        HOST_LEFT for a table served from its host's window), given ``within`` seconds to
        read it, and every table under way is saved as it stands, its clocks stopped."""
        self._closing = True
        for handle in self._timers.values():
            handle.cancel()
        for task in self._thinking.values():
            task.cancel()
        now = self.clock()
        for table in list(self.tables.values()):
            with self._contained(table, "its pause"):
                self._closing_table(table, reason, now)
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

    def _closing_table(self, table: Table, reason: str, now: float) -> None:
        """Tell a table's players it stops, then close their connections once told."""
        peers = list(self.peers.get(table.code, ()))
        # A window's lobby is not kept:
        if table.state == TableState.LOBBY and reason == HOST_LEFT:
            for peer in peers:
                peer.send({"type": "error", "code": "host-closed", "fatal": True,
                           "message": "the host closed the table"})
        elif table.state != TableState.OVER:
            if reason == HOST_LEFT:
                hosts = [i for i, s in enumerate(table.seats) if s.kind == SeatKind.HOST]
                table.connected(hosts, False, now, left=True)
            table.pause(reason, _PAUSED[reason], now)
            log.info("table %s: paused (%s)", table.code, _PAUSED[reason])
            self._broadcast(table, {"type": "table", "table": table.info(now)})
            self._saver.want(table)  # its clocks as they stand
        for peer in peers:
            peer.drop(1001, "the table stops")

    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
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
        if not self._join(peer, first):
            return
        async for text in peer.ws:
            if peer.closing:
                return  # what it sent after being dropped is never read
            now = self.clock()
            if not peer.bucket.take(now):
                self._refuse(peer, "rate", "too many messages: slow down")
            else:
                try:
                    self._dispatch(peer, read(text, CLIENT), now)
                    continue
                except MessageError as exc:
                    self._refuse(peer, exc.code, exc.message)
            # A refused message lets every other connection have its turn first: frames
            # already received come without waiting, and one peer must not hold the loop.
            await asyncio.sleep(0)

    def _refuse(self, peer: Peer, code: str, message: str, fatal: bool = False) -> None:
        peer.refused += 1
        fatal = fatal or peer.refused > self.limits.refused
        peer.send({"type": "error", "code": code, "message": message, "fatal": fatal})
        if fatal:
            peer.drop(1008, message[:100])

    # ------------------------------------------------------------------ joining
    def _join(self, peer: Peer, text: str | bytes) -> bool:
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
        self.admission.joined(peer.ws)
        for other in list(self.peers.get(table.code, ())):
            if set(other.seats) & set(seats):  # the same player again: the newer one wins
                other.send({"type": "error", "code": "replaced", "fatal": True,
                            "message": "this seat was taken back by a newer connection"})
                other.drop(1000, "replaced")
                self._leave(other)
        log.info("table %s: %s joined seat(s) %s from %s", table.code,
                 table.seats[seats[0]].name if seats else "?",
                 ",".join(str(i + 1) for i in seats), peer.address)
        peer.table, peer.seats, peer.host = table, seats, message.get("host") is not None
        self.peers.setdefault(table.code, set()).add(peer)
        table.connected(seats, True, now)
        peer.send({"type": "welcome", "protocol": PROTOCOL, "server": f"carcassonne {version()}",
                   "table": table.info(now), "you": seats, "token": token, "host": peer.host})
        if table.state != TableState.LOBBY:
            self._catch_up(peer, table, message.get("have", 0), message.get("chain"))
        self._changed(table)
        if table.ready and table.config.auto_start and table.paused is None:
            self._start(table)
        self._saver.want(table)
        return True

    def _catch_up(self, peer: Peer, table: Table, have: int, chain: str | None) -> None:
        """What a joining client missed: from its moves on (a client holding the game
        before this table's rematch first gets that game's last moves and its end)."""
        past = table.previous
        missed = None if past is None else past.resume_from(have, chain)
        if past is not None and missed is not None:
            peer.send(past.sync_message(peer.seats, missed))
            peer.send(past.over_message())
        first = 0 if missed is not None else table.resume_from(have, chain)
        if first == 0:
            peer.send(table.start_message(peer.seats))
        peer.send(table.sync_message(peer.seats, first))
        if table.state == TableState.OVER:
            peer.send(table.over_message())

    def _leave(self, peer: Peer) -> None:
        table = peer.table
        if table is None:
            return
        peer.table = None
        held = self.peers.get(table.code, set())
        held.discard(peer)
        if not any(set(p.seats) & set(peer.seats) for p in held):
            log.info("table %s: seat(s) %s left", table.code,
                     ",".join(str(i + 1) for i in peer.seats))
            table.connected(peer.seats, False, self.clock(), left=peer.leaving)
            # the last answer to the offer may be this player's leaving
            if table.rematch_due and not self._closing:
                self._rematch(table)
            else:
                self._changed(table)

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
        if problem is None:
            if paused is not None and paused.reason == UNSAVED and not self._closing:
                table.resume(now)
                log.info("table %s: saved again, play resumes", table.code)
                if table.rematch_due:  # every answer came while it stood still
                    self._rematch(table)
                elif table.ready and table.config.auto_start:
                    self._start(table)
                else:
                    self._changed(table)
            return
        if (table.state == TableState.OVER
                or (paused is not None and paused.reason != UNSAVED)):
            return  # nothing left to play, or it stands still already
        detail = str(problem.strerror or problem)[:200]
        if paused is None or paused.detail != detail:
            table.pause(UNSAVED, f"its last turn cannot be saved ({detail}): play waits until "
                                 f"it can", now, detail)
            self._changed(table)

    def _start(self, table: Table) -> None:
        table.start(self.clock())
        log.info("table %s: the game begins", table.code)
        for peer in self.peers.get(table.code, ()):
            peer.send(table.start_message(peer.seats))
        self._changed(table)
        self._saver.want(table)

    def _rematch(self, table: Table) -> None:
        """The next game at this table: the finished one's file kept aside first, then
        everyone told (the table as it now is before its ``start``)."""
        self._saver.archive(table)
        table.rematch(self.clock())
        log.info("table %s: game %d begins", table.code, table.round)
        self._broadcast(table, {"type": "table", "table": table.info(self.clock())})
        for peer in self.peers.get(table.code, ()):
            peer.send(table.start_message(peer.seats))
        self._follow_up(table)
        self._saver.want(table)

    # ------------------------------------------------------------------ requests
    def _dispatch(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        table, kind = peer.table, message["type"]
        if table is None:
            return
        try:
            if kind == "act":
                self._step(table, table.act(peer.seats, message["seat"], message["n"],
                                            message["action"], now), now)
            elif kind == "undo":
                n = table.undo(peer.seats, message["seat"], message["n"])
                self._broadcast(table, {"type": "undo", "n": n, "chain": table.chain[n]})
            elif kind == "resign":
                table.resign(peer.seats, message["seat"])
                self._ended_or_changed(table)
            elif kind == "host":
                self._host(peer, table, message)
            elif kind == "join":
                raise Refused("joined", "this connection has joined already")
            elif kind == "rematch":
                table.want_rematch(peer.seats)
                if table.rematch_due:
                    self._rematch(table)
                else:
                    self._changed(table)
                    self._saver.want(table)
            elif kind == "bye":
                peer.leaving = True
                peer.drop(1000, "bye")
        except Refused as exc:
            self._refuse(peer, exc.code, exc.message)
        except Exception:  # the table's own failure: that table closes, the server serves on
            self._close_table(table, f"a {kind} request")

    def _host(self, peer: Peer, table: Table, message: dict[str, Any]) -> None:
        if not peer.host:
            raise Refused("not-host", "only the host may do that")
        op, seat = message["op"], message.get("seat")
        # The rematch now, whoever has not accepted:
        if op == "start" and table.state == TableState.OVER:
            table.want_rematch(peer.seats)
            self._rematch(table)
            return
        if op == "start":
            self._start(table)
            return
        if seat is None or not 0 <= seat < len(table.seats):
            raise Refused("seat", "name a seat of this table")
        if op == "seat":
            table.set_seat(seat, message.get("kind") or SeatKind.OPEN)
        elif not table.take_over(seat):
            raise Refused("not-now", "no game is under way")
        self._changed(table)
        self._saver.want(table)

    def _step(self, table: Table, step: Step, asked: float) -> None:
        views: dict[frozenset[int], str] = {}
        with self._contained(table, "its move's news"):
            for peer in self.peers.get(table.code, ()):
                key = frozenset(peer.seats)
                if key not in views:
                    views[key] = encode(table.move_message(step, key))
                peer.send(views[key])
        self.moves_served += 1
        self.slowest_move = max(self.slowest_move, self.clock() - asked)
        if table.state == TableState.OVER or step.ends_turn:
            self._ended_or_changed(table)
        else:
            self._follow_up(table)

    def _ended_or_changed(self, table: Table) -> None:
        if table.state == TableState.OVER:
            log.info("table %s: the game is over (%s)", table.code, table.reason)
            with self._contained(table, "its game's end"):
                self._broadcast(table, table.over_message())
        self._changed(table)
        self._saver.want(table)

    def _broadcast(self, table: Table, message: dict[str, Any]) -> None:
        text = encode(message)
        for peer in self.peers.get(table.code, ()):
            peer.send(text)

    def _changed(self, table: Table) -> None:
        """Tell the table's players what it looks like now, then see what comes next."""
        with self._contained(table, "its news"):
            self._broadcast(table, {"type": "table", "table": table.info(self.clock())})
        self._follow_up(table)

    # ------------------------------------------------------------------ computers and clocks
    def _follow_up(self, table: Table) -> None:
        if self._closing or self.tables.get(table.code) is not table:
            return  # closing, or a table closed after a failure
        with self._contained(table, "its clock"):
            self._arm_timer(table)
        seat = table.computer_turn()
        if seat is not None and table.code not in self._thinking:
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
            self._step(table, table.play(action, decided), decided)

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
        timer = self._timers.pop(table.code, None)
        if timer is not None:
            timer.cancel()
        task = self._thinking.pop(table.code, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        for peer in self.peers.pop(table.code, set()):
            peer.table = None
            peer.send({"type": "error", "code": "table-closed", "fatal": True,
                       "message": "this table met a problem and was closed"})
            peer.drop(1011, "table closed")

    def _arm_timer(self, table: Table) -> None:
        old = self._timers.pop(table.code, None)
        if old is not None:
            old.cancel()
        now = self.clock()
        left = table.time_left(now)
        times = [t for t in (None if left is None else now + max(0.0, left),
                             table.takeover_at()) if t is not None]
        if times:
            self._timers[table.code] = asyncio.get_running_loop().call_later(
                max(0.0, min(times) - now), self._tick, table)

    def _tick(self, table: Table) -> None:
        self._timers.pop(table.code, None)
        with self._contained(table, "its clock"):
            now = self.clock()
            changed = table.flag(now)
            due = table.takeover_at()
            if due is not None and due <= now and table.game is not None:
                changed = table.take_over(table.game.current) or changed
            if changed:
                self._changed(table)
            else:
                self._arm_timer(table)


# What players read when a table stops with its server (the window words it by the reason).
_PAUSED = {HOST_LEFT: "its host left it: it comes back when the host opens it again",
           SERVER_STOPPED: "its server stopped: it comes back when the server starts again"}


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
