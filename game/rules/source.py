"""Reading a tile set file's text, refusing what is not one before any parsing.

A tile set is UTF-8 text of at most ``MAX_FILE_BYTES``.  A larger file, a folder, a device, a
link that leads out of the folder being read, a binary or UTF-16 file is a ``TileSetError``
naming the file (and the line, where there is one); nothing of such a file is parsed, and a
link out of the folder is not even opened, so its error shows nothing of what it points at.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import zlib
from pathlib import Path

from .errors import TileSetError

# The largest built-in tile set is 53 KB; 1 MB leaves room for far larger games and still
# parses and builds in about a second.
MAX_FILE_BYTES = 1_000_000

_UTF16_32 = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
             (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))
# What YAML allows in a file: tab, line breaks and printable characters.
_NOT_YAML = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def digest(data: bytes) -> str:
    """A 64-bit checksum of ``data`` as 16 hex digits (CRC-32 and Adler-32: hashlib would
    bring OpenSSL into the executable, and telling versions of a file apart needs no more)."""
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def read_bytes(path: Path, folder: Path | None = None) -> bytes:
    """The bytes of a tile set file.  ``folder``: the file must lie inside it once every link
    is followed (a player's tile set folder may hold links to its own files, not beyond)."""
    name = str(path)
    if folder is not None:
        try:
            inside = path.resolve().is_relative_to(folder.resolve())
        except (OSError, RuntimeError):  # a link loop
            inside = False
        if not inside:
            raise TileSetError(name, None, "a link to a file outside its folder: not read")
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise TileSetError(name, None, "not a regular file: not read")
        if info.st_size > MAX_FILE_BYTES:
            raise TileSetError(name, 1, _too_large(info.st_size))
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise TileSetError(name, None, f"cannot read: {exc.strerror}") from None
    if len(data) > MAX_FILE_BYTES:  # grew since stat
        raise TileSetError(name, 1, _too_large(len(data)))
    return data


def _too_large(size: int) -> str:
    return (f"the file is {size / 1e6:.1f} MB; a tile set may have at most "
            f"{MAX_FILE_BYTES / 1e6:g} MB")


def decode(data: bytes, name: str) -> str:
    """A tile set's bytes as text, or a TileSetError with the line of the first problem."""
    if len(data) > MAX_FILE_BYTES:
        raise TileSetError(name, 1, _too_large(len(data)))
    for bom, encoding in _UTF16_32:
        if data.startswith(bom):
            raise TileSetError(name, 1, f"{encoding} text: save the file as UTF-8")
    nul = data.find(b"\0")
    if nul >= 0:
        raise TileSetError(name, data.count(b"\n", 0, nul) + 1,
                           "a NUL byte: a binary file, not YAML text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TileSetError(name, data.count(b"\n", 0, exc.start) + 1,
                           f"byte 0x{data[exc.start]:02X} is not UTF-8: save the file as "
                           f"UTF-8") from None
    text = text.removeprefix("\ufeff")
    bad = _NOT_YAML.search(text)
    if bad is not None:
        raise TileSetError(name, text.count("\n", 0, bad.start()) + 1,
                           f"the control character U+{ord(bad.group()):04X} (YAML text allows "
                           f"only tabs and line breaks)")
    return text


def read_text(path: Path, folder: Path | None = None) -> str:
    """``read_bytes`` then ``decode``."""
    return decode(read_bytes(path, folder), str(path))
