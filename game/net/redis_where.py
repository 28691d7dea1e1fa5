"""Where a shared store is: ``redis://HOST:PORT/DB`` (``rediss://`` over TLS,
``unix:///PATH?db=N`` through a socket), read without the Redis client itself, so that a
mistyped address is refused at once and the window never needs that client."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit


class StoreUnreachable(Exception):
    """The shared store could not be reached: what waited for it is tried again later."""


@dataclass(frozen=True)
class Where:
    url: str


def parse_where(text: str) -> Where:
    """The store at ``text``; ValueError says what is wrong with it."""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise ValueError(f"a store's port is a number from 1 to 65535, not in {text!r}"
                         ) from None
    if parts.scheme not in ("redis", "rediss", "unix"):
        raise ValueError(f"a store is redis://HOST:PORT/DB, not {text!r}")
    if parts.scheme != "unix" and not parts.hostname:
        raise ValueError(f"a store names its host: redis://HOST:PORT/DB, not {text!r}")
    path = parts.path.strip("/")
    if parts.scheme != "unix" and path and not path.isdecimal():
        raise ValueError(f"a store's database is a number, not {path!r}")
    del port
    return Where(text)
