"""A table's own options, as the set-up screen offers them and the lobby tells them: the turn
clock (each player's thinking time, as in chess; at zero a computer plays that turn), or on
a server a correspondence clock (days a move, for games that last for days), play without
aids (no hints, no tiles still to come, no worth on the feature cards, for everyone at the
table), who may watch, and whether the table is listed on its server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.net.terms import Watchers
from game.rules import RulesError
from game.rules.registry import Registry
from game.words.i18n import _, ngettext
from game.words.vocabulary import option_name, set_name, value_label

Clock = tuple[int, int]  # seconds of thinking time, seconds added each turn
# The clocks a table may have, in the order a click cycles through them (None: no clock).
CLOCKS: tuple[Clock | None, ...] = (None, (300, 5), (600, 10), (1200, 15), (1800, 30))
DAY = 86400
# The correspondence clocks a table on a server may have instead: seconds a move.
MOVE_DAYS: tuple[int, ...] = tuple(d * DAY for d in (1, 2, 3, 5, 7))
# Who may watch a table, in the order a click cycles through them.
WATCHERS: tuple[str, ...] = tuple(Watchers)


def days_label(seconds: int) -> str:
    """A correspondence clock in a few words: "3 days a move"."""
    days = max(1, round(seconds / DAY))
    return ngettext("{n} day a move", "{n} days a move", days).format(n=days)


def per_move_from(value: Any) -> int | None:
    """A remembered correspondence clock, if it is one of ``MOVE_DAYS``."""
    return value if isinstance(value, int) and value in MOVE_DAYS else None


def watchers_button(watchers: str) -> str:
    """The set-up's button: who may watch the table."""
    buttons: dict[str, str] = {Watchers.WATCH: _("Spectators: watch"),
                               Watchers.CHAT: _("Spectators: chat")}
    return buttons.get(watchers, _("Spectators: none"))


def left_text(seconds: float) -> str:
    """Time left of a correspondence move: "2 d 5 h", "5 h 20 min", "12 min"."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, 3600)
    if days:
        return _("{days} d {hours} h").format(days=days, hours=hours)
    if hours:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=rest // 60)
    return _("{minutes} min").format(minutes=max(1, rest // 60) if seconds else 0)


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
    clock, per_move = info.get("clock"), info.get("per_move")
    if isinstance(per_move, int):
        lines.append(_("Clock: {days}, kept on the server").format(days=days_label(per_move)))
    else:
        lines.append(_("Turn clock: {clock}").format(clock=clock_label(clock)) if clock
                     else _("Turn clock: none"))
    if info.get("aids") is False:
        lines.append(_("No aids: no hints, no tiles to come, no worth on cards"))
    watchers = info.get("watchers")
    if watchers in (Watchers.WATCH, Watchers.CHAT):
        lines.append(_("Spectators may watch and chat") if watchers == Watchers.CHAT
                     else _("Spectators may watch"))
    if info.get("public") is True:
        lines.append(_("Public: listed on the server"))
    return lines
