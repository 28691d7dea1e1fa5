"""A table's seed, sealed in its file while the game is played.

The seed is the whole secret of a game under way: it orders the draw pile and so tells every
hand and every tile to come.  A table file needs it to resume the game after a restart, so
a window hosting a table writes it sealed: XORed with a mask drawn from a key kept in another
file (``Seal.kept_in``: the user's config folder, not the table's folder) and the table's own
id, with a tag that tells a wrong or lost key from a damaged file.  The table file alone, copied
or read, tells nothing of the hands.  This is no protection from the host's own computer,
which holds both files and the running table: a table nobody at it can peek at is one served
by a server none of its players runs.  Once the game is over its seed is written in clear (the
table tells it to every player then).

Only the standard library: a keyed hash (HMAC-SHA-256) makes the mask and the tag.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.store.storage import atomic_write, read_small

KEY_FILE = "table-key"  # in the config folder of a window that hosts tables
_HEX16 = "^[0-9a-f]{16}$"
SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["sealed", "tag"],
    "properties": {"sealed": {"type": "string", "pattern": _HEX16},
                   "tag": {"type": "string", "pattern": _HEX16}}}


class SealError(ValueError):
    """A sealed seed this key does not open (another computer's key, or a key lost)."""


class Seal:
    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("a table key has at least 16 bytes")
        self._key = key

    @classmethod
    def kept_in(cls, folder: Path) -> Seal:
        """The key of ``folder/table-key``, made there (readable by this user alone) the
        first time.  OSError when it can be neither read nor made; ValueError when the file
        is not a key."""
        path = folder / KEY_FILE
        try:
            text = read_small(path).strip()
        except FileNotFoundError:
            text = secrets.token_hex(32)
            folder.mkdir(parents=True, exist_ok=True)
            atomic_write(path, text + "\n")
            os.chmod(path, 0o600)
        try:
            return cls(bytes.fromhex(text))
        except ValueError:
            raise ValueError(f"{path} is not a table key") from None

    def _mac(self, *parts: str) -> bytes:
        return hmac.new(self._key, "\n".join(parts).encode(), hashlib.sha256).digest()

    def seal(self, uid: str, seed: int) -> dict[str, str]:
        """The seed of table ``uid`` (0 to 2**64 - 1) as its file keeps it."""
        mask = int.from_bytes(self._mac("mask", uid)[:8], "big")
        return {"sealed": f"{seed ^ mask:016x}", "tag": self._mac("tag", uid, str(seed))[:8].hex()}

    def unseal(self, uid: str, sealed: Mapping[str, str]) -> int:
        """The seed back; SealError when this key did not seal it."""
        mask = int.from_bytes(self._mac("mask", uid)[:8], "big")
        seed = int(sealed["sealed"], 16) ^ mask
        if not hmac.compare_digest(self._mac("tag", uid, str(seed))[:8].hex(), sealed["tag"]):
            raise SealError("its seed is sealed with a key this computer does not have")
        return seed
