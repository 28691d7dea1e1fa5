"""What follows from one step of a table, said at once, for the server and its store to carry
out in one pass.

A step of a table (a move, a join, a clock running out, a rematch...) changes the table and
then calls for many things: messages to everyone at the table, to each as their seats may see
it (a move, the game's start) or to one connection (its welcome), connections to let go, the
table's record and its move log written, a finished game kept aside, and then the table's
next wake-up (a clock, a player away too long) and a computer's turn.  ``Outcome`` gathers
them as the step is taken; the server then carries it out whole (``TableServer._carry``): the
messages are addressed at once to the members the table has then (``addressed``) and sent
(``post``): with a folder store at once, the file written off the loop; with a shared store
once the store holds the table's record and its log (a move is confirmed when the store has
it).  ``settle`` reads the table's next wake-up and computer turn from the table as the step
left it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

from .limits import Bucket
from .messages import Error, Message, encode
from .steps import Step
from .table import Table

Json = dict[str, Any]


class Member(Protocol):
    """A connection at a table, held by this process or through another one."""

    address: str
    table: Table | None
    seats: list[int]
    host: bool
    watching: bool  # a spectator: no seat, never acts
    name: str  # a spectator's name
    chat: Bucket  # the meter of its chat lines
    refused: int  # its messages refused so far
    closing: bool
    leaving: bool  # said "bye": its player left the table

    def send(self, message: dict[str, Any] | str) -> None: ...

    def drop(self, code: int, reason: str, at_once: bool = False) -> None: ...


@dataclass(frozen=True)
class Send:
    """One message: to ``to`` alone, or to everyone at the table (None); ``text`` is the same
    for every recipient, else ``view`` makes each one's from their seats (a move, a start)."""

    to: Member | None
    text: str | None = None
    view: Callable[[Collection[int]], Json] | None = None


@dataclass(frozen=True)
class Drop:
    """Let a connection go once what was sent before is sent (None: every connection)."""

    who: Member | None
    code: int
    reason: str


@dataclass
class Outcome:
    sends: list[Send | Drop] = field(default_factory=list)
    save: bool = False  # the table's record changed: the store writes it
    finished: tuple[int, str] | None = None  # a finished game to keep aside (its round, its
    # record) before the table's next is written
    follow: bool = True  # arm the table's next wake-up and ask for a computer's turn after
    wake_at: float | None = None  # when the table must be looked at again (``settle``)
    computer: int | None = None  # the seat a computer must play now (``settle``)
    moves: int = 0  # moves served by this step (for the server's figures)
    gone: bool = False  # the table is closed for good: told, then no longer kept

    def everyone(self, message: Message | Json) -> None:
        self.sends.append(Send(None, _text(message)))

    def to(self, member: Member, message: Message | Json) -> None:
        self.sends.append(Send(member, _text(message)))

    def each(self, view: Callable[[Collection[int]], Json], member: Member | None = None
             ) -> None:
        """A message each recipient gets as their seats may see it."""
        self.sends.append(Send(member, view=view))

    def news(self, table: Table, now: float) -> None:
        """The table as it now stands, to everyone at it."""
        self.everyone(table.news(now))

    def refuse(self, member: Member, code: str, message: str, fatal: bool = True) -> None:
        self.to(member, Error(code=code, message=message, fatal=fatal))

    def drop(self, member: Member | None, code: int, reason: str) -> None:
        self.sends.append(Drop(member, code, reason))

    def step(self, table: Table, step: Step) -> None:
        """A move played: each recipient gets it as their seats may see it."""
        self.each(lambda seats: table.move_message(step, seats))
        self.moves += 1

    def settle(self, table: Table, now: float) -> Outcome:
        """The table's next wake-up and computer turn, as the step left it."""
        left = table.time_left(now)
        times = [t for t in (None if left is None else now + max(0.0, left),
                             table.takeover_at()) if t is not None]
        self.wake_at = min(times) if times else None
        self.computer = table.computer_turn()
        return self


def _text(message: Message | Json) -> str:
    return message.encoded() if isinstance(message, Message) else encode(message)


@dataclass(frozen=True)
class Letter:
    """One message for one member (or, with ``drop``, the word to let it go)."""

    to: Member
    text: str = ""
    drop: Drop | None = None


def addressed(outcome: Outcome, members: Collection[Member]) -> list[Letter]:
    """The outcome's messages for the table's members as they are now, in order: a message
    every recipient reads alike is encoded once, a view once for each set of seats.  (Made
    when the step is taken, sent when the store has it: a later step changes nothing.)"""
    letters: list[Letter] = []
    for item in outcome.sends:
        if isinstance(item, Drop):
            letters += [Letter(m, drop=item) for m in
                        ([item.who] if item.who is not None else list(members))]
            continue
        targets = [item.to] if item.to is not None else list(members)
        if item.text is not None:
            letters += [Letter(m, item.text) for m in targets]
            continue
        views: dict[frozenset[int], str] = {}
        for member in targets:
            key = frozenset(member.seats)
            if key not in views and item.view is not None:
                views[key] = encode(item.view(key))
            letters.append(Letter(member, views[key]))
    return letters


def post(letters: Collection[Letter]) -> None:
    for letter in letters:
        if letter.drop is not None:
            letter.to.drop(letter.drop.code, letter.drop.reason)
        else:
            letter.to.send(letter.text)
