"""A player's progress through the best-move puzzles: for each puzzle (by its id) whether it
was solved and how many answers were tried, kept in the user data folder as
``puzzles.json`` (a ``UserFile``: written atomically after every answer; one that cannot
be read is reported, kept aside, and the progress starts again)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.words.i18n import _

from .storage import Storage
from .user_file import UserFile

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
    file: UserFile = field(init=False)

    def __post_init__(self) -> None:
        self.file = UserFile(self.storage, PROGRESS)

    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def problem(self) -> str | None:
        return self.file.problem

    @property
    def kept(self) -> Path | None:
        return self.file.kept

    @classmethod
    def load(cls, storage: Storage) -> PuzzleProgress:
        out = cls(storage)
        out.puzzles = out.file.read(_read, _("not a puzzle progress file")) or {}
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
        failed = self.file.write({"format": FORMAT, "puzzles": {
            pid: {"solved": t.solved, "tries": t.tries}
            for pid, t in sorted(self.puzzles.items())}})
        if failed is None:
            return None
        return _("Your puzzle progress could not be saved: {problem}").format(
            problem=failed.strerror or str(failed))

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
