"""One window of the game per user folder.

Two windows on one folder (a double-click too many) would each write the autosave and the
settings, and the last one to write would win without a word.  The first window takes a lock
on a file of the folder and holds it while it runs; a second one finds it taken, writes
nothing at all and says so.  The lock is the system's own (``flock`` on Linux and macOS,
``msvcrt.locking`` on Windows): the system drops it when the process ends, however it ends,
so a window that crashed never keeps another out.  A folder where no lock can be taken (a
read-only folder, a file system without locks) is used as before.

A process holds a folder's lock once, however many ``FolderLock`` objects ask for it: the
game opens one window a process (tests open several windows, one after the other).  The lock
goes when the last of them goes.
"""

from __future__ import annotations

import errno
import logging
import os
import sys
import weakref
from pathlib import Path
from typing import BinaryIO

log = logging.getLogger(__name__)

LOCK_FILE = "window.lock"


class _Held:
    """The open lock file of a folder this process holds: closed (and the lock dropped) when
    no FolderLock refers to it any more."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle

    def __del__(self) -> None:
        self.handle.close()


_held: weakref.WeakValueDictionary[str, _Held] = weakref.WeakValueDictionary()


class FolderLock:
    """The lock of one folder: ``claim`` it, and ``busy`` tells whether another process
    holds it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.busy = False
        self._held: _Held | None = None

    def claim(self) -> bool:
        """Take the folder for this process; False (and ``busy``) when another one holds it."""
        key = os.path.normcase(os.path.abspath(self.folder))
        held = _held.get(key)
        if held is not None:
            self._held = held
            self.busy = False
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = open(self.folder / LOCK_FILE, "a+b")  # noqa: SIM115 (held while running)
        except OSError as exc:
            log.warning("no window lock in %s (%s): the folder is used unlocked",
                        self.folder, exc.strerror)
            self.busy = False
            return True
        try:
            _lock(handle)
        except OSError as exc:
            handle.close()
            if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK):
                log.warning("another window of the game holds %s: this one writes nothing",
                            self.folder)
                self.busy = True
                return False
            log.warning("no window lock in %s (%s): the folder is used unlocked",
                        self.folder, exc.strerror)
            self.busy = False
            return True
        self._held = _held[key] = _Held(handle)
        self.busy = False
        return True


def _lock(handle: BinaryIO) -> None:
    """Lock the file for this process without waiting; OSError when another holds it."""
    if sys.platform == "win32":
        import msvcrt
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
