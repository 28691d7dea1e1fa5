"""What one peer may cost a server: sizes, rates and counts, and the bucket that meters them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_connections: int = 512  # connections to the whole server
    per_address: int = 32  # connections from one address
    message_bytes: int = 16 * 1024  # a larger frame closes the connection (1009)
    rate: float = 20.0  # messages a second one connection may send, on average...
    burst: int = 60  # ...and at once
    refused: int = 30  # messages refused (malformed, over the rate) before it is closed
    join_within: float = 10.0  # seconds a new connection has to join a table
    joins_per_minute: float = 30.0  # failed joins from one address (wrong codes, tokens)
    send_queue: int = 1024  # messages waiting for a slow reader before it is dropped
    ping_interval: float = 10.0  # seconds between pings; a peer silent for two is gone


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
