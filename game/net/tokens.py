"""The tokens that take a player's seats back, kept on this computer between runs.

One small file per table and seat (``<host>_<port>_<code>_<seat>.token`` in the user data
folder's ``tables`` folder), written atomically: a window or a headless player that is
closed, killed or restarted joins its table again with the token and gets its seat back.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from game.storage import Storage, atomic_write, read_small

from .links import Link

_UNSAFE = re.compile(r"[^A-Za-z0-9.-]")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")


class Tokens:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or Storage().data_dir / "tables"

    def _path(self, link: Link, seat: int) -> Path:
        name = _UNSAFE.sub("-", f"{link.host}_{link.port}_{link.code}_{seat}")
        return self.folder / f"{name}.token"

    def get(self, link: Link, seat: int) -> str | None:
        try:
            token = read_small(self._path(link, seat)).strip()
        except (OSError, ValueError):
            return None
        return token if _TOKEN.match(token) else None

    def find(self, link: Link) -> tuple[int, str] | None:
        """A seat this computer holds at the table of ``link``, with its token (the first
        seat when it holds several)."""
        for seat in range(8):
            token = self.get(link, seat)
            if token is not None:
                return seat, token
        return None

    def forget(self, link: Link, seat: int) -> None:
        """The seat is no longer this computer's to take back (the game is over)."""
        with contextlib.suppress(OSError):
            self._path(link, seat).unlink()

    def put(self, link: Link, seat: int, token: str) -> None:
        atomic_write(self._path(link, seat), token + "\n")
