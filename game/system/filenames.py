"""File names as players read them.

A folder may hold names that are not UTF-8 (an archive unpacked with Latin-1 names: the bytes
``jeu-\\xe9t\\xe9.yaml``).  Python keeps such a name as text with lone surrogates, which
opens the file fine but cannot be drawn, encoded or written to the log.  ``readable`` gives
the text with a replacement character for each byte that is not UTF-8 (``jeu-�t�.yaml``);
``shown_path`` does the same for a file found in a folder and logs it, once a run, its bytes
escaped.  The file itself is still opened by its real name.
"""

from __future__ import annotations

import logging
from pathlib import Path

log = logging.getLogger(__name__)
_logged: set[str] = set()


def readable(text: str) -> str:
    """``text`` as any font draws it and any file takes it: itself when it is valid
    Unicode, else with U+FFFD for each byte that is not UTF-8."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        pass
    else:
        return text
    try:
        raw = text.encode("utf-8", "surrogateescape")  # a POSIX name: the bytes it was
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogatepass")  # a lone surrogate (a Windows name)
    return raw.decode("utf-8", "replace")


def shown_path(path: Path | str) -> str:
    """A file's path as messages show it (``readable``); one that is not UTF-8 is logged the
    first time it is seen."""
    text = str(path)
    shown = readable(text)
    if shown != text and text not in _logged:
        _logged.add(text)
        log.warning("a file name is not UTF-8: %s (shown as %s)", ascii(text), ascii(shown))
    return shown
