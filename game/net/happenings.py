"""What a client session tells the window: its status, the table as last described, and
the things that happened since the window last looked (``NetSession.poll``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.rules import Action, Notice, ScoreEvent

from .steps import Step
from .verify import Account


class Status(enum.StrEnum):
    CONNECTING = "connecting"  # the first connection is under way
    LOBBY = "lobby"  # seated; the game has not begun
    PLAYING = "playing"
    RECONNECTING = "reconnecting"  # the connection dropped: trying again by itself
    OVER = "over"
    FAILED = "failed"  # refused for good (wrong code, seat taken, other version): see problem
    CLOSED = "closed"  # left by this side


@dataclass(frozen=True)
class Moved:
    """An action was played at the table (by anyone, this seat included)."""

    step: Step
    action: Action
    events: list[ScoreEvent]  # the scorings it caused
    notices: list[Notice]  # the rules' announcements it caused


@dataclass(frozen=True)
class TookBack:
    moves: int  # moves left after the last action was taken back


@dataclass(frozen=True)
class Rebuilt:
    """The game was rebuilt from the table (joined, or a copy that no longer agreed): show
    it as it stands, without animating."""


@dataclass(frozen=True)
class TableChanged:
    """Seats, connections, clocks or the table's state changed (read ``table``)."""


@dataclass(frozen=True)
class Refusal:
    code: str
    message: str


@dataclass(frozen=True)
class Ended:
    reason: str  # "end" or "resigned"
    seed: int
    # the table's account of the game, checked against what this client was told (None: it
    # could not be checked); kept here because a rematch may replace the session's game in
    # the same poll
    account: Account | None = field(default=None, compare=False, repr=False)
    resigned: tuple[int, ...] = ()  # the seats that gave the game up


@dataclass(frozen=True)
class Rematched:
    """The table began its next game (its ``round``): the session now follows that one;
    the one before ended (its ``Ended`` came first)."""

    round: int


# Fatal errors that end one connection, not the session: it connects again.
TRANSIENT = ("slow-down", "join-timeout", "rate")

Happening = Moved | TookBack | Rebuilt | TableChanged | Refusal | Ended | Rematched


@dataclass
class TableView:
    """The table as its last ``table`` message showed it (see docs/network.md)."""

    info: dict[str, Any] = field(default_factory=dict)

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self.info.get("seats", []))

    @property
    def state(self) -> str:
        return str(self.info.get("state", "lobby"))

    def accepted(self, seat: int) -> bool:
        """The seat plays the next game: its player accepted the rematch (a computer
        always does)."""
        seats = self.seats
        return 0 <= seat < len(seats) and bool(seats[seat].get("rematch"))

    def out(self, seat: int) -> bool:
        """This game began without the seat's player: a computer plays it until they take
        it up."""
        seats = self.seats
        return 0 <= seat < len(seats) and bool(seats[seat].get("out"))

    def stand_in(self, seat: int) -> bool:
        seats = self.seats
        return 0 <= seat < len(seats) and bool(seats[seat]["stand_in"])
