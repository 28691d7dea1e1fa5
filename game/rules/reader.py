"""Validation helpers for one tile set file: each check raises a TileSetError naming the file,
the line and what is wrong, and never shows an unbounded value."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NoReturn

from .errors import TileSetError
from .limits import FIGURE_NAME, NAME, TILE_ID
from .yamlsrc import Located, LocatedList, line_of, shown


class Reader:
    """Validation helpers bound to one file, so every error carries its path."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, line: int | None, problem: str) -> NoReturn:
        raise TileSetError(self.path, line, problem)

    def mapping(self, value: Any, line: int, what: str) -> Located:
        if not isinstance(value, Located):
            self.fail(line_of(value, line), f"{what} must be a mapping")
        return value

    def seq(self, value: Any, line: int, what: str) -> LocatedList:
        if not isinstance(value, LocatedList):
            self.fail(line_of(value, line), f"{what} must be a list")
        return value

    def keys(self, m: Located, allowed: set[str], what: str) -> None:
        for key in m:
            if key not in allowed:
                self.fail(m.key_line(key), f"unknown key {shown(key)} in {what} "
                                           f"(allowed: {', '.join(sorted(allowed))})")

    def name(self, value: Any, line: int, what: str, pattern: re.Pattern[str] = NAME) -> str:
        """A name that must be a plain word (see NAME, TILE_ID, FIGURE_NAME)."""
        if not isinstance(value, str) or not pattern.fullmatch(value):
            first = "a letter" if pattern is FIGURE_NAME else "a letter or digit"
            extra = ", '.' and '+'" if pattern is TILE_ID else ""
            self.fail(line_of(value, line),
                      f"{what} must be a word of up to 40 letters, digits, '_' and '-'{extra}, "
                      f"beginning with {first}: not {shown(value)}")
        return value

    def names(self, value: Any, line: int, what: str) -> list[str]:
        """A list of strings (kind names, ports...): their meaning is checked by the caller."""
        items = self.seq(value, line, what)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                self.fail(items.item_line(i), f"{what}: {shown(item)} is not a name")
        return list(items)

    def require(self, m: Located, key: str, what: str) -> Any:
        if key not in m:
            self.fail(m.line, f"{what} lacks '{key}'")
        return m[key]

    def text(self, m: Located, key: str, what: str) -> str:
        value = self.require(m, key, what)
        if not isinstance(value, str) or not value.strip():
            self.fail(m.key_line(key), f"'{key}' of {what} must be a non-empty string")
        return value

    def positive_int(self, m: Located, key: str, what: str, most: int) -> int:
        value = self.require(m, key, what)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            self.fail(m.key_line(key), f"'{key}' of {what} must be a positive integer, "
                                       f"not {shown(value)}")
        if value > most:
            self.fail(m.key_line(key), f"'{key}' of {what} is {value}: at most {most}")
        return value

    def points_each(self, value: Any, line: int, what: str) -> dict[str, int]:
        m = self.mapping(value, line, what)
        out: dict[str, int] = {}
        for key, pts in m.items():
            if isinstance(pts, bool) or not isinstance(pts, int) or pts < 0:
                self.fail(m.key_line(key), f"{what}: points for {shown(key)} must be an "
                                           f"integer >= 0")
            out[key] = pts
        return out



def listing(names: Iterable[str], most: int = 12) -> str:
    """Names for a message: the first few of a list that may be long."""
    items = [shown(n, quote=False) for n in names]
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")
