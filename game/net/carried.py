"""What the protocol can carry of a table, read from the message schema (``messages``): the
largest turn clock and wait it can tell, and whether a message a table would send is one its
clients accept.

A table the messages cannot carry is a table whose own clients refuse what it sends and wait
for ever: the server's command line, the window's hosting and a table file read again are
all checked against these bounds (``seats.TableConfig.check``, ``tablefile.load_table``),
never against a second copy of the numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import DEFS, SCHEMA, SERVER_MESSAGES
from .schema import problem


def most(schema: Mapping[str, Any]) -> int:
    """The largest number ``schema`` allows, through its ``anyOf`` and array ``items``."""
    found = [most(s) for s in schema.get("anyOf", ()) if _numeric(s)]
    if "items" in schema:
        found.append(most(schema["items"]))
    if "maximum" in schema:
        found.append(int(schema["maximum"]))
    if not found:
        raise ValueError("that part of the schema bounds no number")
    return max(found)


def most_items(schema: Mapping[str, Any]) -> int:
    """The most items an array of ``schema`` may have."""
    return int(schema["maxItems"])


def _numeric(schema: Mapping[str, Any]) -> bool:
    return "maximum" in schema or "items" in schema or "anyOf" in schema


_TABLE = DEFS["table"]["properties"]
CLOCK_MS_MOST = most(_TABLE["clocks"])  # a clock as the table tells it, milliseconds
# A turn clock's thinking time and the time added each turn, seconds: what ``clock`` carries,
# and a whole clock must fit in ``clocks`` too.
CLOCK_MOST = min(most(_TABLE["clock"]), CLOCK_MS_MOST // 1000)
TAKEOVER_MOST = most(_TABLE["takeover"])  # seconds a turn waits for a player who is away
SEATS_MOST = most_items(_TABLE["seats"])
# A correspondence clock, seconds a move: what ``per_move`` carries.
PER_MOVE_MOST = most(_TABLE["per_move"])
PER_MOVE_LEAST = int(DEFS["new-table"]["properties"]["per_move"]["anyOf"][1]["minimum"])


def uncarried(message: Mapping[str, Any]) -> str | None:
    """What the table's clients would refuse in ``message`` (one the server sends), or None."""
    kind = message.get("type")
    if kind not in SERVER_MESSAGES:
        return f"no message of type {kind!r}"
    return problem(message, SERVER_MESSAGES[kind], SCHEMA)


def uncarried_table(info: Mapping[str, Any]) -> str | None:
    """What the clients would refuse in a table's ``info()``, or None."""
    return problem(info, DEFS["table"], SCHEMA)
