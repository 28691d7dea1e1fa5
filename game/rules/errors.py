"""The typed exceptions of the rules core."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error the rules core raises on purpose."""


class TileSetError(RulesError):
    """A tile set file is malformed: names the file, the line and what is wrong."""

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        self.path = path
        self.line = line
        self.problem = problem
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {problem}")


class IllegalAction(RulesError, ValueError):
    """An action that the rules do not allow in the current state."""


class UnknownOption(RulesError, KeyError):
    """An option name or value that the tile set does not declare."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else ""
