"""A table's own options, as the set-up screen offers them and the lobby tells them: the turn
clock (each player's thinking time, as in chess; at zero a computer plays that turn) and
play without aids (no hints, no tiles still to come, no worth on the feature cards, for
everyone at the table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules import RulesError
from game.rules.registry import Registry
from game.words.i18n import _
from game.words.vocabulary import option_name, set_name, value_label

Clock = tuple[int, int]  # seconds of thinking time, seconds added each turn
# The clocks a table may have, in the order a click cycles through them (None: no clock).
CLOCKS: tuple[Clock | None, ...] = (None, (300, 5), (600, 10), (1200, 15), (1800, 30))


def clock_from(value: Any) -> Clock | None:
    """A remembered clock, if it is one of ``CLOCKS``."""
    if isinstance(value, list) and len(value) == 2:
        clock = (value[0], value[1])
        if clock in CLOCKS:
            return clock
    return None


def clock_label(clock: Sequence[int]) -> str:
    """The turn clock in a few words: "10 min + 10 s a turn"."""
    minutes, added = clock[0] // 60, clock[1]
    if added:
        return _("{minutes} min + {seconds} s a turn").format(minutes=minutes, seconds=added)
    return _("{minutes} min").format(minutes=minutes)


def clock_button(clock: Sequence[int] | None) -> str:
    """The set-up's clock button: "Clock: 10 + 10 s" (minutes, then the seconds added a turn,
    as chess players write it), or "Clock: none"."""
    if not clock:
        return _("Clock: none")
    minutes, added = clock[0] // 60, clock[1]
    short = (_("{minutes} + {seconds} s").format(minutes=minutes, seconds=added) if added
             else _("{minutes} min").format(minutes=minutes))
    return _("Clock: {clock}").format(clock=short)


def table_lines(registry: Registry, info: dict[str, Any]) -> list[str]:
    """What a table plays, for its lobby: the game and expansions, the rule options chosen,
    the clock, and whether aids are off."""
    game, expansions = str(info.get("game", "")), [str(e) for e in info.get("expansions", [])]
    try:
        tileset = registry.ruleset(game, expansions)
    except (KeyError, RulesError):
        return [game]
    sets = [registry.sets[i] for i in (game, *expansions) if i in registry.sets]
    lines = [" + ".join(set_name(s) for s in sets)]
    for name, value in info.get("options", []):
        if name in tileset.options:
            lines.append(_("{option}: {value}").format(option=option_name(tileset, name),
                                                        value=value_label(tileset, name, value)))
    clock = info.get("clock")
    lines.append(_("Turn clock: {clock}").format(clock=clock_label(clock)) if clock
                 else _("Turn clock: none"))
    if info.get("aids") is False:
        lines.append(_("No aids: no hints, no tiles to come, no worth on cards"))
    return lines
