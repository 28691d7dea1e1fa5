"""A command line's help that names the games it plays: the tile sets it would load, read
only when the help is shown (a command that runs never loads them for its help)."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable
from typing import Any

from game.rules.registry import Registry


class GamesHelp(str):
    """A help text whose ``%(games)s`` is the registry's games and expansions
    (``Registry.said``), found when argparse fills the text in."""

    registry: Callable[[], Registry]

    def __new__(cls, text: str, registry: Callable[[], Registry]) -> GamesHelp:
        made = super().__new__(cls, text)
        made.registry = registry
        return made

    def __mod__(self, params: Any) -> str:
        return str(self) % {**params, "games": self.registry().said()}


class KeepsIdsWhole(argparse.HelpFormatter):
    """Help lines broken at spaces only: a game id such as ``hunters-and-gatherers`` stays
    whole, to be read and copied as it is typed."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class RawKeepsIdsWhole(KeepsIdsWhole, argparse.RawDescriptionHelpFormatter):
    """The same, the description kept as it is written."""
