"""Who may hold one of the server's connections, from the moment its socket is accepted.

Every accepted socket is counted at once, before it has said anything: a connection that
only half-sends its handshake holds a place like any other.  Counts are kept per address,
per address block (an IPv4 /24, an IPv6 /64 by default: one attacker usually holds many
addresses of one block) and in all.

When the server's count is full, a new connection from a block with fewer connections
waiting (not yet seated at a table) than the busiest block takes the place of the busiest
block's oldest waiting connection; likewise between the addresses of a full block.  So a
flood makes room at its own expense, and a player who comes to join finds a place however
many sockets the flood holds.  A new connection from the busiest place itself, or from an
address at its own limit, is turned away: making room among its own would only churn.
Connections seated at a table never give way.  A connection turned away or giving way is
closed at once (``abort``): its descriptor is free now, without a handshake or a word.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import itertools
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import cast

from websockets.asyncio.server import ServerConnection

from .limits import Limits


def address_block(address: str, ipv4_prefix: int = 24, ipv6_prefix: int = 64) -> str:
    """The block an address belongs to, as a network (``"203.0.113.0/24"``); an IPv4
    address seen through IPv6 (``::ffff:203.0.113.7``) is its IPv4 self; anything that is
    not an address is its own block."""
    ip = plain_address(address)
    if isinstance(ip, str):
        return ip
    prefix = ipv4_prefix if ip.version == 4 else ipv6_prefix
    return str(ipaddress.ip_network((ip, prefix), strict=False))


def plain_address(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | str:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # without an interface scope
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


@dataclass(eq=False)
class _Held:
    address: str
    block: str
    abort: Callable[[], None]
    order: int  # of arrival
    joined: bool = False


class Admission:
    """The connections a server holds, counted from their accept to their close."""

    def __init__(self, limits: Limits, room: int | None = None) -> None:
        self.limits = limits
        self.room = limits.max_connections if room is None else room  # in all
        self.held: dict[Hashable, _Held] = {}
        self.by_address: Counter[str] = Counter()
        self.by_block: Counter[str] = Counter()
        # Connections that have not joined a table, oldest first, by address; and the
        # addresses of each block that have some.
        self.waiting: dict[str, OrderedDict[Hashable, None]] = {}
        self.waiting_in: dict[str, set[str]] = {}
        self.waiting_per_block: Counter[str] = Counter()
        self.given_way = 0  # connections closed to make room for newer ones
        self.turned_away = 0  # new connections closed at once: no room
        self._order = itertools.count()

    def arrive(self, key: Hashable, address: str, abort: Callable[[], None]) -> bool:
        """A socket was accepted: True if it may stay (room was made for it, if need be);
        False if it must be closed now.  ``abort`` closes it, should it give way later."""
        address, block = self._place(address, self.limits.ipv4_block,
                                     self.limits.ipv6_block)
        if address in self.limits.front_doors:  # each its own: the front door meters them
            address = block = f"front door {address} #{next(self._order)}"
        if not self._make_room(address, block):
            self.turned_away += 1
            return False
        self.held[key] = _Held(address, block, abort, next(self._order))
        self.by_address[address] += 1
        self.by_block[block] += 1
        self.waiting.setdefault(address, OrderedDict())[key] = None
        self.waiting_in.setdefault(block, set()).add(address)
        self.waiting_per_block[block] += 1
        return True

    def joined(self, key: Hashable) -> None:
        """The connection took a seat: it no longer gives way."""
        held = self.held.get(key)
        if held is not None and not held.joined:
            held.joined = True
            self._stop_waiting(key, held)

    def gone(self, key: Hashable) -> None:
        """The connection is closed (its descriptor is free)."""
        held = self.held.pop(key, None)
        if held is None:
            return
        self.by_address[held.address] -= 1
        if not self.by_address[held.address]:
            del self.by_address[held.address]
        self.by_block[held.block] -= 1
        if not self.by_block[held.block]:
            del self.by_block[held.block]
        if not held.joined:
            self._stop_waiting(key, held)

    @staticmethod
    @functools.lru_cache(maxsize=4096)
    def _place(address: str, ipv4_prefix: int, ipv6_prefix: int) -> tuple[str, str]:
        """An address as counted, and its block (parsed once: a flood repeats them)."""
        return str(plain_address(address)), address_block(address, ipv4_prefix, ipv6_prefix)

    def count(self, address: str) -> int:
        """The connections held from an address."""
        return self.by_address.get(str(plain_address(address)), 0)

    # ------------------------------------------------------------------ making room
    def _make_room(self, address: str, block: str) -> bool:
        """Whether there is room, or was made, for a connection from ``address``."""
        lim = self.limits
        if self.by_address[address] >= lim.per_address:
            return False
        if self.by_block[block] >= lim.per_block and not self._give_way(
                self._from_block(block, address)):
            return False
        return len(self.held) < self.room or self._give_way(self._from_server(block))

    def _oldest(self, address: str) -> Hashable | None:
        waiting = self.waiting.get(address)
        return next(iter(waiting)) if waiting else None

    def _since(self, address: str) -> int:
        """When the address's oldest waiting connection came (to break ties: it goes)."""
        return self.held[next(iter(self.waiting[address]))].order

    def _busiest(self, block: str) -> str:
        """The block's address with most connections waiting."""
        return max(self.waiting_in[block],
                   key=lambda a: (len(self.waiting[a]), -self._since(a)))

    def _from_block(self, block: str, address: str) -> Hashable | None:
        """The oldest waiting connection of the block's busiest address, if ``address``
        has fewer waiting."""
        if block not in self.waiting_in:
            return None
        busiest = self._busiest(block)
        if len(self.waiting.get(address, ())) >= len(self.waiting[busiest]):
            return None
        return self._oldest(busiest)

    def _from_server(self, block: str) -> Hashable | None:
        """The oldest waiting connection of the busiest block's busiest address, if
        ``block`` has fewer waiting."""
        if not self.waiting_in:
            return None
        most = max(self.waiting_in, key=lambda b: (self.waiting_per_block[b],
                                                   -self._since(self._busiest(b))))
        if self.waiting_per_block[block] >= self.waiting_per_block[most]:
            return None
        return self._oldest(self._busiest(most))

    def _give_way(self, key: Hashable | None) -> bool:
        if key is None:
            return False
        abort = self.held[key].abort
        self.gone(key)  # counted out now: its socket closes on the loop's next turn
        self.given_way += 1
        abort()
        return True

    def _stop_waiting(self, key: Hashable, held: _Held) -> None:
        waiting = self.waiting.get(held.address)
        if waiting is None:
            return
        if waiting.pop(key, 0) is None:
            self.waiting_per_block[held.block] -= 1
            if not self.waiting_per_block[held.block]:
                del self.waiting_per_block[held.block]
        if not waiting:
            del self.waiting[held.address]
            addresses = self.waiting_in[held.block]
            addresses.discard(held.address)
            if not addresses:
                del self.waiting_in[held.block]


def counted_connections(admission: Admission, accepted: Callable[[], None]
                        ) -> type[ServerConnection]:
    """The connection class for ``serve(create_connection=...)``: each is counted in
    ``admission`` from its accept (``accepted`` is told) until its close, and closed at
    once if there is no room for it."""

    class Counted(ServerConnection):
        turned_away = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            accepted()
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            abort = cast(asyncio.Transport, transport).abort
            if not admission.arrive(self, address, abort):
                # Never started: no handler, no handshake; a flood's surplus costs little.
                self.turned_away = True
                abort()
                return
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.turned_away:
                return
            admission.gone(self)
            super().connection_lost(exc)

    return Counted
