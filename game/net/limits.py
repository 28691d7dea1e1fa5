"""What one peer may cost a server: sizes, rates and counts, and the buckets that meter them."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_connections: int = 512  # connections to the whole server (fewer if files run short)
    per_address: int = 32  # connections from one address...
    per_block: int = 64  # ...and from one address block:
    ipv4_block: int = 24  # an IPv4 /24 (the prefix length)
    ipv6_block: int = 64  # an IPv6 /64: what one household or server is given
    handshake_within: float = 5.0  # seconds an accepted socket has to ask for the upgrade
    message_bytes: int = 16 * 1024  # a larger frame closes the connection (1009)
    rate: float = 20.0  # messages a second one connection may send, on average...
    burst: int = 60  # ...and at once
    refused: int = 30  # messages refused (malformed, over the rate) before it is closed
    join_within: float = 10.0  # seconds a new connection has to join a table
    joins_per_minute: float = 30.0  # failed joins from one address (wrong codes, tokens)
    rejoins_per_minute: float = 20.0  # joins with one seat's token (or a table's host key)
    send_queue: int = 1024  # messages waiting for a slow reader before it is dropped
    ping_interval: float = 10.0  # seconds between pings; a peer silent for two is gone
    spare_files: int = 64  # descriptors never given to connections: saves, threads, logs
    chat_rate: float = 0.5  # chat lines a second one connection may say, on average...
    chat_burst: int = 5  # ...and at once
    chat_per_minute: float = 20.0  # chat lines of one seat a minute (however it connects)
    spectators: int = 20  # spectators at one table
    tables_per_address: int = 3  # unfinished tables one address may make here (0: none)
    looks_per_minute: float = 30.0  # lists, peeks and tables made, from one address
    # Addresses of front doors (a proxy spreading players over server processes): each of
    # their connections counts as its own address, the front door limiting each player's
    # address itself, and a player's address is the one it forwards (X-Forwarded-For).
    front_doors: tuple[str, ...] = ()


class Bucket:
    """A token bucket: ``take`` is True while the average rate and the burst allow."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.stamp = now

    def refill(self, now: float) -> float:
        """The tokens there are now."""
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.level

    def take(self, now: float) -> bool:
        if self.refill(now) >= 1.0:
            self.level -= 1.0
            return True
        return False


class Meters:
    """A bucket of ``per_minute`` tokens (as many at once) for each key: an address, a seat.
    A key's bucket is made on its first ``take``; once ``keep`` are kept, those full again
    are forgotten (a full bucket and no bucket allow the same)."""

    def __init__(self, per_minute: float, keep: int = 4096) -> None:
        self.per_minute = per_minute
        self.keep = keep
        self._buckets: dict[Hashable, Bucket] = {}

    def allows(self, key: Hashable, now: float) -> bool:
        """Whether one more is allowed now (nothing is taken)."""
        bucket = self._buckets.get(key)
        return bucket is None or bucket.refill(now) >= 1.0

    def take(self, key: Hashable, now: float) -> None:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.keep:
                for known, old in list(self._buckets.items()):
                    if old.refill(now) >= old.burst:
                        del self._buckets[known]
            bucket = self._buckets[key] = Bucket(self.per_minute / 60, self.per_minute, now)
        bucket.take(now)
