"""The schema checker takes a value as ``json.loads`` would make it of what ``json.dumps``
writes: a table's enums (its states, its seats' kinds) pass as the strings they are written
as, and nothing else changes type (a bool is still no integer)."""

from __future__ import annotations

import json

from game.net.schema import problem
from game.net.terms import SeatKind, TableState

SEAT = {"type": "object", "required": ["kind", "state", "name"],
        "properties": {"kind": {"enum": [k.value for k in SeatKind]},
                       "state": {"const": "lobby"}, "name": {"type": "string"},
                       "count": {"type": "integer"}}}


def test_an_enum_member_is_checked_as_the_string_it_is_written_as() -> None:
    value = {"kind": SeatKind.HOST, "state": TableState.LOBBY, "name": SeatKind.OPEN}
    assert problem(value, SEAT) is None
    assert problem(json.loads(json.dumps(value)), SEAT) is None
    assert json.dumps(value) == '{"kind": "host", "state": "lobby", "name": "open"}'


def test_other_types_are_still_told_apart() -> None:
    assert problem({"kind": "chair", "state": "lobby", "name": "x"}, SEAT) is not None
    assert problem({"kind": "host", "state": TableState.OVER, "name": "x"}, SEAT) is not None
    assert problem({"kind": "host", "state": "lobby", "name": 3}, SEAT) is not None
    assert problem({"kind": "host", "state": "lobby", "name": "x", "count": True},
                   SEAT) is not None
