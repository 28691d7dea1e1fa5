"""A typed tile order: tiles named in the order they are to be drawn first (for practice, or
to play a friend's game again with the same draws).

Players name tiles by their ids in the tile set (the rulebook's letters, ``A`` to ``X`` in
Carcassonne), separated by spaces, commas or semicolons, in any case.  The tiles named are
drawn first, in that order; the rest of the draw pile follows, shuffled from the game's seed.
What the order may hold is what the draw pile holds: the main pile's tiles, less the copy
that starts the game.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Sequence

from .errors import RulesError
from .model import StartDef, TileSet

SEPARATORS = re.compile(r"[\s,;]+")


class Fault(enum.Enum):
    """What is wrong with a word of a typed order."""

    UNKNOWN = "unknown"  # no tile of the game has that name
    NOT_IN_PILE = "not-in-pile"  # a tile of another pile (a bonus tile), never drawn
    TOO_MANY = "too-many"  # named more often than the draw pile holds it


class OrderError(RulesError, ValueError):
    """A typed order the draw pile cannot follow: the word at fault and why (the window
    words it in the player's language; ``str`` is a line for the command line)."""

    def __init__(self, word: str, fault: Fault, typed: int = 0, held: int = 0) -> None:
        self.word = word
        self.fault = fault
        self.typed = typed  # how many times it was named (TOO_MANY)
        self.held = held  # how many the draw pile holds (TOO_MANY)
        if fault is Fault.UNKNOWN:
            text = f"no tile of this game is named {word!r}"
        elif fault is Fault.NOT_IN_PILE:
            text = f"tile {word!r} is not in the draw pile"
        else:
            text = f"tile {word!r} is named {typed} times, but the draw pile holds {held}"
        super().__init__(text)


def pile_counts(tileset: TileSet, start: StartDef | None = None) -> Counter[str]:
    """How many of each tile the draw pile holds before any is drawn: the main pile's
    tiles, less the one that starts the game."""
    first = start or tileset.start
    counts: Counter[str] = Counter()
    for t in tileset.tiles:
        if t.pile == "main":
            counts[t.id] += t.count
    if first is not None and counts[first.tile] > 0:
        counts[first.tile] -= 1
    return +counts


def read_order(tileset: TileSet, text: str, start: StartDef | None = None) -> tuple[str, ...]:
    """The tile ids a typed order names, in order; OrderError names the first word at fault.
    An empty text is no order."""
    words = [w for w in SEPARATORS.split(text.strip()) if w]
    # The exact name first: a tile set may tell two tiles apart by case alone.
    exact = {t.id for t in tileset.tiles}
    by_folded = {t.id.casefold(): t.id for t in tileset.tiles}
    ids = []
    for word in words:
        tid = word if word in exact else by_folded.get(word.casefold())
        if tid is None:
            raise OrderError(word, Fault.UNKNOWN)
        ids.append(tid)
    order = tuple(ids)
    check_order(tileset, order, start, words)
    return order


def check_order(tileset: TileSet, order: Sequence[str], start: StartDef | None = None,
                words: Sequence[str] | None = None) -> None:
    """That the draw pile can deal ``order`` first (``words``: as typed, to name the one at
    fault as the player wrote it); else OrderError."""
    held = pile_counts(tileset, start)
    piles = {t.id: t.pile for t in tileset.tiles}
    named: Counter[str] = Counter()
    for i, tid in enumerate(order):
        word = words[i] if words is not None else tid
        if tid not in piles:
            raise OrderError(word, Fault.UNKNOWN)
        if piles[tid] != "main":
            raise OrderError(word, Fault.NOT_IN_PILE)
        named[tid] += 1
        if named[tid] > held[tid]:
            raise OrderError(word, Fault.TOO_MANY, order.count(tid), held[tid])


def order_text(order: Sequence[str]) -> str:
    """An order as players type it (and as saves and the command line keep it)."""
    return ", ".join(order)
