"""A small JSON file of the player's in the user data folder (puzzle progress, results
against the computer levels): read with every way it can fail told in words, written
atomically.

One that cannot be read is reported and kept, never written over: it is moved aside
(``NAME-kept-DATE.json``, as the settings are), and what it held starts again; when it
cannot be moved, nothing is written this run.  A second window of the game (which holds
the folder) writes nothing."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from game.words.i18n import _

from .storage import Storage, atomic_write, read_small

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass
class UserFile:
    """The file ``name`` of the data folder; ``problem`` says why it could not be read,
    ``kept`` where it went (None: it stays where it was, and nothing is written)."""

    storage: Storage
    name: str
    problem: str | None = None
    kept: Path | None = None

    @property
    def path(self) -> Path:
        return self.storage.data_dir / self.name

    def read(self, parse: Callable[[object], T], not_one: str) -> T | None:
        """What ``parse`` makes of the file's JSON; None when there is no file yet, or when
        it cannot be read or ``parse`` refuses it (ValueError, TypeError, KeyError,
        AttributeError): then ``problem`` says why (``not_one``: "not a ... file"), and the
        file is moved aside."""
        try:
            return parse(json.loads(read_small(self.path)))
        except FileNotFoundError:
            return None
        except UnicodeDecodeError:
            self.problem = _("not a text file")
        except json.JSONDecodeError as exc:
            self.problem = _("not valid JSON, line {line}: {problem}").format(
                line=exc.lineno, problem=exc.msg.removesuffix(" at"))
        except OSError as exc:
            self.problem = _("cannot read ({problem})").format(problem=exc.strerror)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            self.problem = not_one
        log.warning("%s cannot be read: %s", self.path, self.problem)
        if not self.storage.busy:  # else the other window has reported it, and keeps it
            try:
                self.kept = self.storage.keep_aside(self.path)
            except OSError as exc:
                log.warning("%s cannot be moved aside (%s): it is not written this run",
                            self.path, exc)
        return None

    def write(self, data: object) -> OSError | None:
        """Write ``data`` as JSON, unless another window holds the folder or the file could
        not be read and stays where it was; the error when it could not be written (never
        raised)."""
        if self.storage.busy or (self.problem is not None and self.kept is None):
            return None
        try:
            atomic_write(self.path, json.dumps(data, indent=1))
        except OSError as exc:
            log.warning("%s could not be written: %s", self.path, exc)
            return exc
        return None
