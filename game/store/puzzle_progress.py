"""A player's progress through the best-move puzzles: for each puzzle (by its id) whether it
was solved and how many answers were tried, kept in the user data folder as
``puzzles.json``.

The file is written atomically after every answer.  One that cannot be read is reported
and kept, never written over: it is moved aside (``puzzles-kept-DATE.json``, as the
settings are), and the progress starts again; when it cannot be moved, nothing is written
this run.  A second window of the game (which holds the folder) writes nothing."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from game.words.i18n import _

from .storage import Storage, atomic_write, read_small

log = logging.getLogger(__name__)

PROGRESS = "puzzles.json"  # in the data folder
FORMAT = 1


@dataclass
class Tried:
    solved: bool = False
    tries: int = 0


@dataclass
class PuzzleProgress:
    """Solved and tried, per puzzle id; ``problem`` says why a file could not be read,
    ``kept`` where it went (None: it stays where it was, and nothing is written)."""

    storage: Storage
    puzzles: dict[str, Tried] = field(default_factory=dict)
    problem: str | None = None
    kept: Path | None = None

    @property
    def path(self) -> Path:
        return self.storage.data_dir / PROGRESS

    @classmethod
    def load(cls, storage: Storage) -> PuzzleProgress:
        out = cls(storage)
        try:
            data = json.loads(read_small(out.path))
            out.puzzles = _read(data)
            return out
        except FileNotFoundError:
            return out
        except UnicodeDecodeError:
            out.problem = _("not a text file")
        except json.JSONDecodeError as exc:
            out.problem = _("not valid JSON, line {line}: {problem}").format(
                line=exc.lineno, problem=exc.msg.removesuffix(" at"))
        except OSError as exc:
            out.problem = _("cannot read ({problem})").format(problem=exc.strerror)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            out.problem = _("not a puzzle progress file")
        log.warning("the puzzle progress cannot be read: %s: %s", out.path, out.problem)
        if not storage.busy:  # else the other window has reported it, and keeps it
            try:
                out.kept = storage.keep_aside(out.path)
            except OSError as exc:
                log.warning("the puzzle progress cannot be moved aside (%s): it is not "
                            "written this run", exc)
        return out

    def of(self, puzzle_id: str) -> Tried:
        return self.puzzles.get(puzzle_id, Tried())

    def answered(self, puzzle_id: str, solved: bool) -> str | None:
        """An answer given: counted and written.  What to tell the player when it could not
        be written (never raised)."""
        tried = self.puzzles.setdefault(puzzle_id, Tried())
        tried.tries += 1
        tried.solved = tried.solved or solved
        return self.write()

    def write(self) -> str | None:
        if self.storage.busy or (self.problem is not None and self.kept is None):
            return None  # the other window's file, or a broken one that stays as it is
        text = json.dumps({"format": FORMAT, "puzzles": {
            pid: {"solved": t.solved, "tries": t.tries}
            for pid, t in sorted(self.puzzles.items())}}, indent=1)
        try:
            atomic_write(self.path, text)
        except OSError as exc:
            log.warning("the puzzle progress could not be written: %s", exc)
            return _("Your puzzle progress could not be saved: {problem}").format(
                problem=exc.strerror or str(exc))
        return None

    def counts(self, ids: list[str]) -> tuple[int, int]:
        """Of these puzzles: how many solved, how many tried."""
        found = [self.of(pid) for pid in ids]
        return sum(t.solved for t in found), sum(t.tries > 0 for t in found)


def _read(data: object) -> dict[str, Tried]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a puzzle progress file")
    puzzles = data["puzzles"]
    if not isinstance(puzzles, dict):
        raise TypeError("puzzles")
    out = {}
    for pid, entry in puzzles.items():
        solved, tries = entry["solved"], entry["tries"]
        if not isinstance(solved, bool) or not isinstance(tries, int) or tries < 0:
            raise ValueError(pid)
        out[str(pid)] = Tried(solved, tries)
    return out
