"""Messages built from their one declaration read back as the protocol says, and what a step
of a table calls for is addressed to its members as the step leaves them."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from game.net import PROTOCOL
from game.net.limits import Bucket
from game.net.messages import (
    CLIENT,
    CLIENT_DECLARED,
    CLIENT_MESSAGES,
    SERVER,
    SERVER_DECLARED,
    SERVER_MESSAGES,
    Error,
    Join,
    Sync,
    read,
)
from game.net.outcome import Outcome, addressed, post
from game.net.seats import TableConfig
from game.net.table import Table

from .loopback import registry


def test_every_message_of_the_schema_is_declared_once() -> None:
    assert sorted(m.wire_type for m in CLIENT_DECLARED) == sorted(CLIENT_MESSAGES)
    assert sorted(m.wire_type for m in SERVER_DECLARED) == sorted(SERVER_MESSAGES)


def test_a_declared_message_leaves_out_what_it_does_not_say_and_reads_back() -> None:
    join = Join(protocol=PROTOCOL, code="ABCD-EFGH", name="Ann", have=3,
                chain="0" * 32).to_json()
    assert join == {"type": "join", "protocol": PROTOCOL, "code": "ABCD-EFGH", "name": "Ann",
                    "have": 3, "chain": "0" * 32}
    assert read(json.dumps(join), CLIENT) == join
    sync = Sync(from_=2, moves=[]).to_json()
    assert sync == {"type": "sync", "from": 2, "moves": []}  # a keyword's field on the wire
    assert read(Error(code="rate", message="slow down", fatal=False).encoded(), SERVER) == {
        "type": "error", "code": "rate", "message": "slow down", "fatal": False}


class Member:
    def __init__(self, seats: list[int]) -> None:
        self.seats = seats
        self.address = "test"
        self.table: Table | None = None
        self.host = self.closing = self.leaving = self.watching = False
        self.name = ""
        self.chat = Bucket(1.0, 1.0, 0.0)
        self.refused = 0
        self.got: list[dict[str, Any]] = []
        self.dropped: tuple[int, str] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        self.got.append(json.loads(message) if isinstance(message, str) else message)

    def drop(self, code: int, reason: str, at_once: bool = False) -> None:
        self.dropped = (code, reason)


def test_an_outcome_is_addressed_as_the_step_left_the_table() -> None:
    """Each member gets a view made from its seats when the step was taken: a step taken
    after it (sent later) changes nothing in what the first one said."""
    table = Table(TableConfig("carcassonne", options=(("hand", 3),)), registry(), seed=5)
    table.join("Ann", None, None, None)
    table.join("Bo", None, None, None)
    table.start(0.0)
    ann, bo, both = Member([0]), Member([1]), Member([0, 1])
    made: list[frozenset[int]] = []

    def start(seats: Collection[int]) -> dict[str, Any]:
        made.append(frozenset(seats))
        return table.start_message(seats)

    out = Outcome()
    out.each(start)
    out.news(table, 0.0)
    out.drop(bo, 1000, "bye")
    letters = addressed(out, [ann, bo, both, Member([0])])
    assert sorted(map(sorted, made)) == [[0], [0, 1], [1]]  # one view for each set of seats
    table.play(table._game().legal_actions()[0], 1.0)
    post(letters)
    hands = [m.got[0]["opening"]["hands"] for m in (ann, bo, both)]
    assert isinstance(hands[0][0], list) and isinstance(hands[0][1], int)  # its own alone
    assert isinstance(hands[1][1], list) and isinstance(hands[1][0], int)
    assert all(isinstance(h, list) for h in hands[2])
    assert [m.got[1]["type"] for m in (ann, bo, both)] == ["table"] * 3
    assert bo.dropped == (1000, "bye") and ann.dropped is None
    assert out.settle(table, 1.0).computer is None
