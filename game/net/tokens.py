"""The tokens that take a player's seats back, kept on this computer between runs.

One small file per table and seat (``<host>-<port>-<code>-<seat>.token`` in the user data
folder's ``tables`` folder), written atomically: a window or a headless player that is
closed, killed or restarted joins its table again with the token and gets its seat back,
also by a link whose address or port changed since.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from game.store.storage import Storage, atomic_write, read_small

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
        """The seat's token at the table of ``link``; else one kept for the same table code
        at another address or port (the host's address changed, or its table was served
        again on another port): codes are random enough to name one table, and the table
        checks the token anyway."""
        path = self._path(link, seat)
        if not path.exists():
            tail = _UNSAFE.sub("-", f"_{link.code}_{seat}") + ".token"
            with contextlib.suppress(OSError):
                kept = sorted((p for p in self.folder.iterdir() if p.name.endswith(tail)),
                              key=lambda p: p.stat().st_mtime)
                path = kept[-1] if kept else path
        try:
            token = read_small(path).strip()
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
