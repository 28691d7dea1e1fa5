"""The game's log: a rotating file in the user log folder, written with ``logging`` (by each
window's process and the server's: each follows the others' rotations).

A desktop player never sees a terminal, so what went wrong (a crash's traceback, an
autosave that failed, a tile set that was skipped) is written here, and the window names
this file when it has to say something went wrong.  Standard library and platformdirs only.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from pathlib import Path
from types import TracebackType

from platformdirs import PlatformDirs

from game.store.storage import APP_NAME

LOG_FILE = "carcassonne.log"
MAX_BYTES = 512 * 1024
BACKUPS = 3  # carcassonne.log.1 ... .3: a few sessions of history, never more than 2 MiB

_handler: logging.Handler | None = None
_path: Path | None = None


class SharedLogHandler(logging.handlers.RotatingFileHandler):
    """A rotating log file that other processes write too (a second window, a server): one
    that finds the file rotated under it by another opens the new file, rather than writing
    on into the old one (``carcassonne.log.1``) and rotating that again later."""

    def emit(self, record: logging.LogRecord) -> None:
        self._follow_rotation()
        super().emit(record)

    def _follow_rotation(self) -> None:
        if self.stream is None:  # not opened yet: it opens the file at the path
            return
        try:
            at_path = os.stat(self.baseFilename)
        except OSError:
            at_path = None
        held = os.fstat(self.stream.fileno())
        if at_path is None or (at_path.st_dev, at_path.st_ino) != (held.st_dev, held.st_ino):
            self.stream.close()
            self.stream = self._open()


def log_dir(root: Path | None = None) -> Path:
    """``root/logs`` when a root is given (``CARCASSONNE_HOME``, tests), else the platform's
    user log folder."""
    env = os.environ.get("CARCASSONNE_HOME")
    if root is None and env:
        root = Path(env)
    if root is not None:
        return root / "logs"
    return Path(PlatformDirs(APP_NAME, APP_NAME).user_log_dir)


def setup(root: Path | None = None) -> Path | None:
    """Send the game's log records to the log file under ``root`` (see ``log_dir``); returns
    the file, or None when it cannot be written (the records then go to the console).
    Called again with another root, it moves the log there."""
    global _handler, _path
    path = log_dir(root) / LOG_FILE
    if _handler is not None and path == _path:
        return _path
    handler: logging.Handler
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = SharedLogHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8",
            errors="backslashreplace")  # a file name that is not UTF-8 is logged, escaped
        _path = path
    except OSError as exc:
        handler = logging.StreamHandler(sys.stderr)
        _path = None
        print(f"the log cannot be written to {path}: {exc.strerror}", file=sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    top = logging.getLogger()
    if _handler is not None:
        top.removeHandler(_handler)
        _handler.close()
    top.addHandler(handler)
    top.setLevel(logging.INFO)
    logging.captureWarnings(True)
    _handler = handler
    return _path


def current_file() -> Path | None:
    """The log file in use, if any."""
    return _path


def log_uncaught() -> None:
    """Uncaught exceptions (outside the window's scenes, in threads) go to the log too, then
    to the console as usual."""
    default = sys.excepthook

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            logging.getLogger("game").critical("uncaught exception", exc_info=(kind, exc, tb))
        default(kind, exc, tb)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            logging.getLogger("game").error("uncaught exception in thread %s",
                                            args.thread.name if args.thread else "?",
                                            exc_info=args.exc_value)
        threading.__excepthook__(args)

    sys.excepthook = hook
    threading.excepthook = thread_hook
