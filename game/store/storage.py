"""Saved games and settings on disk, under the platform's user folders.

Files are written atomically (temporary file, then rename, then the folder is synced so the
new name survives a power cut); temporary files left by a crash are removed at start.  A save
that cannot be read, or an autosave that cannot be restored, is reported and kept: it is moved
aside under a new name, never overwritten.  The autosave holds one game as it is played on;
before another game takes its place, the game it held is kept as a save of its own.  One
window uses the folder at a time (``game.system.folderlock``): a second one writes nothing.  What a
save holds is in ``game.store.savefile``.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from platformdirs import PlatformDirs

from game.rules.registry import Registry
from game.store.savefile import SAVE_FORMAT, SavedGame, SaveError
from game.system.filenames import readable, shown_path
from game.system.folderlock import FolderLock
from game.words.i18n import _

log = logging.getLogger(__name__)

__all__ = ["APP_NAME", "AUTOSAVE", "SAVE_FORMAT", "ReservedName", "SaveEntry", "SaveError",
           "SavedGame", "Storage", "atomic_write", "not_written"]

APP_NAME = "carcassonne-family"
AUTOSAVE = "autosave.json"
SETTINGS = "settings.json"  # in the config folder
# The saves the game names itself (PREFIX-DATE.json, see ``Storage.keep_dated``; the Load
# list shows each by what it is, in the player's language):
FINISHED = "finished"  # a finished game the autosave held: finished-20250101-120000.json
UNFINISHED = "unfinished"  # an unfinished one another game took the place of
UNVERIFIED = "unverified"  # a network game whose table's account could not be verified
KEPT_PREFIXES = (FINISHED, UNFINISHED, UNVERIFIED)
MAX_FILE_BYTES = 1_000_000  # a save of a whole game is under 10 KB; settings under 1 KB
MAX_NAME = 60  # characters in a save's name


class ReservedName(ValueError):
    """A save's name that is the autosave's file: a save written there would replace the
    game the autosave holds without keeping it, and be written over at the next turn."""


def save_file_name(name: str) -> str:
    """The file a save named ``name`` is written to: the name without characters a file
    system refuses, ``.json`` added.  ValueError for a name that is empty once cleaned,
    ReservedName for the autosave's (in any case: Windows and macOS ignore it)."""
    cleaned = "".join("-" if c in '/\\:*?"<>|' or not c.isprintable() else c for c in name)
    cleaned = cleaned.strip().strip(".")[:MAX_NAME]
    if not cleaned:
        raise ValueError("a save needs a name")
    file_name = f"{cleaned}.json"
    if file_name.casefold() == AUTOSAVE.casefold():
        raise ReservedName(f"{cleaned} is the autosave's name")
    return file_name


def not_written(exc: OSError, folder: Path) -> str:
    """What to tell the player when an autosave could not be written (a full disk, a
    folder made read-only): the system's own words for the problem, without Python's
    ``[Errno 28]``, the folder, and that the autosave still holds what it held."""
    problem = exc.strerror or str(exc)
    return _("The last turn could not be saved in {folder}: {problem}.\nThe autosave keeps "
             "what it held before; the game goes on and tries again after the next turn."
             ).format(folder=shown_path(folder), problem=problem)


def atomic_write(path: Path, text: str) -> None:
    """Write text so that a crash leaves either the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open a folder this way and
    makes renames durable itself)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_small(path: Path) -> str:
    """A save or settings file's text; OSError or UnicodeDecodeError if it cannot be read,
    ValueError if it is not a file of at most MAX_FILE_BYTES (a folder, a device, a pipe
    that would block, a huge file are never read)."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise ValueError(f"{info.st_size:,} bytes, more than a save has")
    with open(path, "rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"more than {MAX_FILE_BYTES:,} bytes")
    return data.decode("utf-8")


@dataclass
class SaveEntry:
    path: Path
    saved: SavedGame | None  # None when the file could not be read
    error: str | None

    @property
    def name(self) -> str:
        """The save's name as players read it (its file name without .json, drawable even
        when the file name is not UTF-8)."""
        return readable(self.path.stem)


class Storage:
    """Saves and settings.  ``root`` overrides the platform folders (tests, portable use)."""

    def __init__(self, root: Path | None = None) -> None:
        env = os.environ.get("CARCASSONNE_HOME")
        if root is None and env:
            root = Path(env)
        if root is not None:
            self.data_dir = root / "data"
            self.config_dir = root / "config"
        else:
            dirs = PlatformDirs(APP_NAME, APP_NAME)
            self.data_dir = Path(dirs.user_data_dir)
            self.config_dir = Path(dirs.user_config_dir)
        self.saves_dir = self.data_dir / "saves"
        self.user_tilesets_dir = self.data_dir / "tilesets"
        self.lock = FolderLock(self.data_dir)
        self._autosave_written: tuple[int, int, int] | None = None  # see autosave
        self._autosave_last: SavedGame | None = None  # what it holds, as this window wrote it
        self.settings_problem: str | None = None  # see load_settings
        self.settings_kept: Path | None = None

    @property
    def busy(self) -> bool:
        """Another window of the game holds the folder: this storage writes nothing."""
        return self.lock.busy

    def _writable(self) -> None:
        if self.lock.busy:
            raise OSError(errno.EBUSY, "another window of the game has these saves open")

    # -- saves
    def save(self, saved: SavedGame, name: str | None = None) -> Path:
        """Write a save; ``name`` None makes a new dated file name."""
        self._writable()
        if name is None:
            name = time.strftime("game-%Y%m%d-%H%M%S") + f"-{len(saved.moves)}.json"
        if name.casefold() == AUTOSAVE.casefold():  # that is autosave()'s, which keeps the game
            raise ReservedName(f"{name} is the autosave's file")
        path = self.saves_dir / name
        if path.exists() and self._unreadable(path):
            self.keep_aside(path)
        atomic_write(path, saved.to_json())
        return path

    def autosave(self, saved: SavedGame, registry: Registry) -> Path:
        """Write the autosave: the game played last, which Continue opens.  It only ever
        holds one game played on: before another game takes its place, the game it holds is
        kept as a save of its own (``finished-DATE.json`` or ``unfinished-DATE.json``), unless
        a save of the folder holds it as it is.  An autosave this window did not write itself
        is first checked: if it cannot be restored (its tile set broke, its moves no longer
        replay) it is moved aside, never written over."""
        self._writable()
        path = self.autosave_path()
        previous = self._previous_autosave(path, registry)
        if previous is not None and not previous.continued_by(saved):
            self._keep_game(previous)
        atomic_write(path, saved.to_json())
        self._autosave_written = _signature(path)
        self._autosave_last = saved
        return path

    def _previous_autosave(self, path: Path, registry: Registry) -> SavedGame | None:
        """The game the autosave holds; None when there is none or it cannot be restored (it
        is then moved aside)."""
        found = _signature(path)
        if found is None:
            return None
        if found == self._autosave_written and self._autosave_last is not None:
            return self._autosave_last
        try:
            previous = self.load(path)
            previous.restore(registry, path)
        except SaveError:
            self.keep_aside(path)
            return None
        return previous

    def _keep_game(self, saved: SavedGame) -> Path | None:
        """A game the autosave held, kept under a name no file has (``finished-…`` or
        ``unfinished-…`` and the time it was last saved); None when a save holds it as it
        is already."""
        if self._held_elsewhere(saved):
            return None
        return self.keep_dated(saved, FINISHED if saved.over else UNFINISHED,
                               saved.saved_at)

    def keep_dated(self, saved: SavedGame, prefix: str, when: float | None = None) -> Path:
        """Write a game under a name the game gives it (``PREFIX-DATE.json``, one of
        ``KEPT_PREFIXES``; the date ``when``, else now) that no file has: never over another
        save.  OSError when it cannot be written (or no such name is free)."""
        self._writable()
        try:
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
        except (OverflowError, OSError, ValueError, TypeError):
            stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1, 1000):
            kept = self.saves_dir / f"{prefix}-{stamp}{f'-{n}' if n > 1 else ''}.json"
            if not os.path.lexists(kept):
                atomic_write(kept, saved.to_json())
                return kept
        raise OSError(f"no free name to keep the game of {stamp}")

    def _held_elsewhere(self, saved: SavedGame) -> bool:
        """Whether a save of the folder (not the autosave) holds this game with these moves."""
        try:
            paths = [p for p in self.saves_dir.glob("*.json") if p.name != AUTOSAVE]
        except OSError:
            return False
        for path in paths:
            try:
                other = self.load(path)
            except SaveError:
                continue
            if saved.continued_by(other) and other.continued_by(saved):
                return True
        return False

    def load(self, path: Path) -> SavedGame:
        try:
            text = read_small(path)
        except OSError as exc:
            raise SaveError(path, _("cannot read ({problem})").format(
                problem=exc.strerror)) from None
        except UnicodeDecodeError:
            raise SaveError(path, _("not a text file")) from None
        except ValueError as exc:
            raise SaveError(path, _("not a save file ({problem})").format(problem=exc)) from None
        return SavedGame.from_json(text, path)

    def autosave_path(self) -> Path:
        return self.saves_dir / AUTOSAVE

    def list_saves(self) -> list[SaveEntry]:
        """Every save, newest first; unreadable ones are listed with their error."""
        entries: list[tuple[float, SaveEntry]] = []
        try:
            paths = list(self.saves_dir.glob("*.json"))
        except OSError:
            return []
        for path in paths:
            shown_path(path)  # a name that is not UTF-8 is logged once
            try:
                entry = SaveEntry(path, self.load(path), None)
            except SaveError as exc:
                entry = SaveEntry(path, None, exc.problem)
            try:
                when = path.lstat().st_mtime
            except OSError:
                when = 0.0
            entries.append((when, entry))
        entries.sort(key=lambda e: e[0], reverse=True)
        return [e for _, e in entries]

    def _unreadable(self, path: Path) -> bool:
        try:
            self.load(path)
        except SaveError:
            return True
        return False

    def keep_aside(self, path: Path) -> Path:
        """Move a save that cannot be used out of the way, under a new name that no file has
        (``autosave-kept-20250101-120000.json``): the Load list shows it."""
        self._writable()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1, 1000):
            kept = path.with_name(f"{path.stem}-kept-{stamp}{f'-{n}' if n > 1 else ''}"
                                  f"{path.suffix}")
            if not os.path.lexists(kept):
                os.rename(path, kept)
                _sync_folder(path.parent)
                return kept
        raise OSError(f"no free name to keep {path.name} aside")

    def clean_temporary(self) -> int:
        """Remove the temporary files that writes cut short (a crash, a kill) left behind;
        returns how many.  The window's first write: it claims the folder first, and leaves
        everything as it is when another window holds it (those files may be its writes in
        progress)."""
        if not self.lock.claim():
            return 0
        removed = 0
        for folder in (self.saves_dir, self.config_dir):
            try:
                strays = list(folder.glob(".*.tmp"))
            except OSError:
                continue
            for stray in strays:
                try:
                    stray.unlink()
                    removed += 1
                except OSError:
                    pass
        return removed

    # -- settings
    def load_settings(self) -> dict[str, Any]:
        """The settings and remembered choices; the defaults ({}) when there is no file.  A
        file that cannot be read is moved aside (``settings-kept-DATE.json``): the window
        writes its settings at every change and when it closes, and would otherwise write
        over the player's choices without a word.  ``settings_problem`` then says what was
        wrong, ``settings_kept`` where the file went (None when it could not be moved: the
        settings are then not written at all this run)."""
        path = self.config_dir / SETTINGS
        self.settings_problem = None
        self.settings_kept = None
        try:
            data = json.loads(read_small(path))
        except FileNotFoundError:
            return {}
        except UnicodeDecodeError:
            data = _("not a text file")
        except json.JSONDecodeError as exc:
            data = _("not valid JSON, line {line}: {problem}").format(
                line=exc.lineno, problem=exc.msg.removesuffix(" at"))
        except OSError as exc:
            data = _("cannot read ({problem})").format(problem=exc.strerror)
        except (ValueError, RecursionError) as exc:
            data = _("not a settings file ({problem})").format(problem=exc)
        if isinstance(data, dict):
            return data
        self.settings_problem = data if isinstance(data, str) else _("not a settings file")
        log.warning("the settings cannot be read: %s: %s", path, self.settings_problem)
        if not self.lock.busy:  # the other window has reported it, and keeps it
            try:
                self.settings_kept = self.keep_aside(path)
            except OSError as exc:
                log.warning("the settings file cannot be moved aside (%s): it is not "
                            "written this run", exc)
        return {}

    def save_settings(self, settings: Mapping[str, Any]) -> None:
        if self.lock.busy:
            return  # the other window's settings stay as they are
        if self.settings_problem is not None and self.settings_kept is None:
            return  # a broken settings file that could not be moved aside stays as it is
        atomic_write(self.config_dir / SETTINGS,
                     json.dumps(dict(settings), indent=1, ensure_ascii=False))

    # -- naming and removing saves
    def rename(self, path: Path, name: str) -> Path:
        """Give a save a new name; refuses a name another save has (FileExistsError)."""
        self._writable()
        target = self.saves_dir / save_file_name(name)
        if target == path:
            return path
        if os.path.lexists(target):
            raise FileExistsError(f"a save named {target.stem} exists")
        os.rename(path, target)
        _sync_folder(path.parent)
        return target

    def delete(self, path: Path) -> None:
        """Remove a save for good (the window asks first)."""
        self._writable()
        path.unlink(missing_ok=True)
        _sync_folder(path.parent)


def _signature(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another: None when there is no file."""
    try:
        info = path.lstat()
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)
