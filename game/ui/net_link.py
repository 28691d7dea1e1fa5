"""The window at a network table: its client session, the connection beside the window's
loop, and, when this window hosts the table, the server beside it.

The connection runs in a thread of its own (``ThreadedClient``); when a message comes it
wakes the window by posting a pygame event (``WAKE``), so that a window waiting for the
others' moves rests like any other.  What the window reads of the table changes only in
``poll``, on the window's thread.  Each seat's token is kept on this computer (``Tokens``):
a window closed or killed takes its seat back when it joins the same table again; and so is
a record of the table (``KeptTables``), brought up to date after each turn, so that the
title and the Load list offer it until its game ends.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.net.client import Happening, NetSession, Status
from game.net.connect import ThreadedClient
from game.net.hosting import LocalServer
from game.net.links import DEFAULT_PORT, Link, address_of
from game.net.sealed import Seal
from game.net.seats import TableConfig, shown_code
from game.net.terms import SeatKind
from game.net.tokens import Tokens
from game.rules.registry import Registry
from game.store.savefile import summary_of
from game.store.storage import Storage

from .kept_tables import LOOPBACK as LOOPBACK
from .kept_tables import STOPPED, KeptTable, KeptTables

log = logging.getLogger(__name__)
HOSTED_TABLES = "hosted-tables"  # the data folder's folder of the tables a window hosts
_wake_type: list[int] = []


def wake_type() -> int:
    """The pygame event type the network posts to wake the window."""
    if not _wake_type:
        _wake_type.append(pygame.event.custom_type())
    return _wake_type[0]


def post_wake() -> None:
    """Wake the window from the network's thread (a posted event ends its rest)."""
    with contextlib.suppress(pygame.error):  # the window has closed meanwhile
        pygame.event.post(pygame.event.Event(wake_type()))


def local_address() -> str:
    """The address friends on the same network reach this computer by: the one the system
    would send from (a datagram socket is only pointed, nothing is sent), else its name."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
        address = str(s.getsockname()[0])
        if not address.startswith(("127.", "0.")):
            return address
    return socket.gethostname() or LOOPBACK


def address_shown(link: Link) -> str:
    """A table's address as a player reads it: ``HOST:PORT``, after ``wss://`` when the
    table is served over TLS."""
    return address_of(link)


def home_network_only(address: str) -> bool:
    """Whether ``address`` is a home network's (192.168.1.20, 10.0.0.7, fd00::7): friends in
    another home reach this computer only through the router, by its internet address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # a computer's name: where it is known cannot be told from here
        return False
    return ip.is_private and not ip.is_loopback


@dataclass(frozen=True)
class Listening:
    """Where a hosting window serves its table."""

    interface: str = "0.0.0.0"  # every interface (the tests: the loopback one)
    port: int = DEFAULT_PORT  # another free one when it is taken
    address: str | None = None  # the address links show (None: ``local_address()``)


class TableLink:
    """One table as this window sits at it."""

    def __init__(self, registry: Registry, link: Link, name: str, *,
                 wake: Callable[[], None] = post_wake, tokens: Tokens | None = None,
                 seat: int | None = None, host_key: str | None = None,
                 server: LocalServer | None = None, shown: Link | None = None,
                 level: str | None = None, kept: KeptTables | None = None,
                 watch: bool = False, create: dict[str, Any] | None = None) -> None:
        wake_type()  # made on the window's thread, before the network's posts it
        self.tokens = tokens
        self.server = server
        self._shown = shown  # the link friends paste, when it is not the one joined
        self.level = level  # a computer of this window plays its seats
        # the port a table served again had before, when another program took it: the
        # friends' links name that one
        self.moved_from: int | None = None
        token = None
        if tokens is not None and host_key is None and create is None and not watch:
            # a seat held here before: taken back
            if seat is None:
                found = tokens.find(link)
                if found is not None:
                    seat, token = found
            else:
                token = tokens.get(link, seat)
        self.net = NetSession(registry, link, name, None if seat is None else [seat], token,
                              host_key, wake, watch=watch, create=create)
        self.client = ThreadedClient(self.net)
        self._kept: str | None = None  # the token last written to disk
        self.kept = kept  # where the table's record is kept (None: nowhere)
        self._recorded: int | None = None  # the moves the record last told
        # What this window last heard of the table before it started (its record), and the
        # pause (why, and the host's name) the record last told
        self.remembered = kept.get(link.code) if kept is not None and host_key is None \
            else None
        self._recorded_pause = (None, "") if self.remembered is None else (
            self.remembered.paused, self.remembered.paused_by)

    def start(self) -> None:
        self.client.start()

    @property
    def link(self) -> Link:
        """Where the table is joined (a table made on a server: its code once made)."""
        return self.net.link

    @property
    def shown(self) -> Link:
        """The link friends paste."""
        return self._shown or self.net.link

    @shown.setter
    def shown(self, link: Link) -> None:
        self._shown = link

    @property
    def hosting(self) -> bool:
        """This window serves the table (its computer holds it)."""
        return self.server is not None

    @property
    def host_powers(self) -> bool:
        """This window is the table's host: it starts the game, seats computers, hands a
        seat over, mutes the chat (a table it serves, or one it made on a server)."""
        return self.server is not None or self.net.is_host

    @property
    def made_on_server(self) -> bool:
        """This window made the table on a server (and is its host there)."""
        return self.net.create is not None

    @property
    def watching(self) -> bool:
        return self.net.watching

    @property
    def code(self) -> str:
        return shown_code(self.link.code)

    def poll(self) -> list[Happening]:
        """What the table sent since the last look (see ``NetSession.poll``); the seat's
        token is kept once the table has given it."""
        out = self.net.poll()
        token = self.net.token
        if token is not None and token != self._kept and self.net.seats \
                and self.tokens is not None and self.net.status != Status.OVER:
            with contextlib.suppress(OSError):
                for seat in self.net.seats:
                    self.tokens.put(self.link, seat, token)
                self._kept = token
        self._record()
        return out

    def _record(self) -> None:
        """Keep the table's record up to date: when its game is first seen, then after each
        turn, and when it stops (its host left, its server stopped) or goes on (a write that
        fails is tried again after the next one)."""
        net = self.net
        game, history = net.game, net.history
        if self.kept is None or not net.seats:
            return
        info = net.table.info
        if game is None and net.status == Status.LOBBY and self._recorded is None:
            # seated, the game not begun: kept already, so that Your tables lists it
            table = KeptTable(self.link, self.hosting, None if self.hosting else net.seats[0],
                              net.name, str(info.get("game", "")),
                              tuple(str(e) for e in info.get("expansions", [])),
                              tuple(str(s["name"]) for s in net.table.seats))
            with contextlib.suppress(OSError):
                self.kept.put(table)
                self._recorded = -1
            return
        if game is None or net.status not in (Status.PLAYING, Status.PAUSED):
            return
        pause = self._pause()
        turned = len(history) != self._recorded and not (
            history and not history[-1].ends_turn and self._recorded is not None
            and self._recorded >= 0)
        if not turned and pause == self._recorded_pause:
            return
        summary = summary_of(game)  # as the Load list tells a save's
        table = KeptTable(self.link, self.hosting, None if self.hosting else net.seats[0],
                          net.name, str(info.get("game", "")),
                          tuple(str(e) for e in info.get("expansions", [])),
                          tuple(game.players), tuple(summary["scores"]), summary["turn"],
                          paused=pause[0], paused_by=pause[1])
        try:
            self.kept.put(table)
        except OSError as exc:
            log.warning("the table %s cannot be kept for later: %s", self.link.code, exc)
            return
        self._recorded, self._recorded_pause = len(history), pause

    def _pause(self) -> tuple[str | None, str]:
        """Why the table stands still, if it stopped (its host left, its server stopped),
        and its host's name: what a window started again says while it does not answer (a
        hosting window serves its table itself)."""
        paused = self.net.table.paused
        if self.hosting or paused is None or paused.reason not in STOPPED:
            return None, ""
        host = next((str(s["name"]) for s in self.net.table.seats
                     if s["kind"] == SeatKind.HOST), "")
        return paused.reason, host

    def forget_seats(self) -> None:
        """The game is over: nothing to take back at this table (until its next game
        begins with this player: the token is kept again then)."""
        if self.tokens is not None:
            for seat in self.net.seats:
                self.tokens.forget(self.link, seat)
        self._kept = None
        self._recorded = None  # its next game, if this player plays it, is recorded anew
        if self.kept is not None:
            self.kept.forget(self.link.code)

    def close(self) -> None:
        """Leave the table (the seat stays this player's); a hosted table closes."""
        if self.net.status not in (Status.CLOSED,):
            self.client.close()
        if self.server is not None:
            self.server.close()
            self.server = None


def kept_tables(storage: Storage) -> KeptTables:
    """The records of the tables this computer sits at (beside the seats' tokens)."""
    return KeptTables(storage.data_dir / "tables", storage.data_dir / HOSTED_TABLES)


def host_table(registry: Registry, storage: Storage, config: TableConfig, name: str,
               listening: Listening, wake: Callable[[], None] = post_wake) -> TableLink:
    """Serve a new table from this window (OSError when no port can be opened) and join it
    with the host's key: this window plays the table's ``host`` seats.  The table is saved
    after every turn in the data folder's ``hosted-tables``: should the window close before
    the game ends, ``reopen_table`` serves it again (its seed sealed in its file while the
    game is played, with the key of this user's config folder: ``game.net.sealed``)."""
    server = LocalServer(registry, storage.data_dir / HOSTED_TABLES,
                         seal=Seal.kept_in(storage.config_dir))
    port = _listen(server, listening)
    try:
        code, key = server.open_table(config)
    except Exception:
        server.close()
        raise
    return _host_seats(registry, storage, server, port, code, key, name, listening, wake)


def reopen_table(registry: Registry, storage: Storage, code: str, listening: Listening,
                 wake: Callable[[], None] = post_wake) -> TableLink:
    """Serve again the table of ``code`` this window hosted, its game where its last turn
    ended, and take its host's seats back.  Friends still at the table come back by
    themselves once it listens on the port they knew (``listening.port``).  ``SaveError``
    or ValueError when the table cannot be served again, OSError when no port opens."""
    server = LocalServer(registry, storage.data_dir / HOSTED_TABLES,
                         seal=Seal.kept_in(storage.config_dir))
    code, key, name = server.reopen_table(storage.data_dir / HOSTED_TABLES / f"{code}.json")
    port = _listen(server, listening)
    table = _host_seats(registry, storage, server, port, code, key, name, listening, wake)
    if listening.port and port != listening.port:
        log.warning("table %s served again on port %d: port %d is taken", code, port,
                    listening.port)
        table.moved_from = listening.port
    return table


def _listen(server: LocalServer, listening: Listening) -> int:
    try:
        return server.start(listening.interface, listening.port)
    except OSError:
        if not listening.port:
            raise
        return server.start(listening.interface, 0)  # the usual port is taken: any other


def _host_seats(registry: Registry, storage: Storage, server: LocalServer, port: int,
                code: str, key: str, name: str, listening: Listening,
                wake: Callable[[], None]) -> TableLink:
    local = Link(LOOPBACK, port, code)
    shown = server.link_for(code, listening.address or local_address())
    log.info("hosting table %s on port %d", code, port)
    table = TableLink(registry, local, name, wake=wake, host_key=key, server=server,
                      shown=shown, tokens=Tokens(storage.data_dir / "tables"),
                      kept=kept_tables(storage))
    table.start()
    return table


def create_table(registry: Registry, storage: Storage, server: Link, setup: dict[str, Any],
                 name: str, wake: Callable[[], None] = post_wake) -> TableLink:
    """Make a table on a server (``server``: its address; the code is the table's to give)
    with the set-up ``setup`` (a ``create`` message's ``table``), and take its host's seats:
    nobody forwards a port, the server holds the table."""
    tokens = Tokens(storage.data_dir / "tables")
    table = TableLink(registry, Link(server.host, server.port, "", server.secure), name,
                      wake=wake, tokens=tokens, kept=kept_tables(storage), create=setup)
    table.start()
    return table


def watch_table(registry: Registry, link: Link, name: str,
                wake: Callable[[], None] = post_wake) -> TableLink:
    """Watch the table of ``link`` as a spectator (it must allow spectators)."""
    table = TableLink(registry, link, name, wake=wake, watch=True)
    table.start()
    return table


def join_table(registry: Registry, storage: Storage, link: Link, name: str,
               seat: int | None = None, level: str | None = None,
               wake: Callable[[], None] = post_wake, fresh: bool = False) -> TableLink:
    """Join the table of ``link``, taking back the seat this computer holds there, if any
    (unless ``fresh``)."""
    tokens = Tokens(storage.data_dir / "tables")
    table = TableLink(registry, link, name, wake=wake, tokens=None if fresh else tokens,
                      seat=seat, level=level, kept=kept_tables(storage))
    table.tokens = tokens
    table.start()
    return table
