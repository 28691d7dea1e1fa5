"""What a client session tells the window: its status, the table as last described, and
the things that happened since the window last looked (``NetSession.poll``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.rules import Action, Notice, ScoreEvent

from .chat import ChatLine
from .steps import Step
from .terms import EndReason, PauseReason, TableState
from .verify import Account


class Status(enum.StrEnum):
    CONNECTING = "connecting"  # the first connection is under way
    LOBBY = "lobby"  # seated; the game has not begun
    PLAYING = "playing"
    RECONNECTING = "reconnecting"  # the connection dropped: trying again by itself
    PAUSED = "paused"  # the table stopped for now (its host left, its server stopped): its
    # last word says why (``TableView.paused``); trying again by itself until it is back
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
class Lost:
    """The table came back with fewer turns than this session had seen (it restarted from
    its last save): the game goes on from there."""

    moves: int  # moves of confirmed turns no longer at the table


@dataclass(frozen=True)
class Ended:
    reason: EndReason
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


@dataclass(frozen=True)
class Said:
    """Lines of chat said at the table (``NetSession.chat`` holds them all)."""

    lines: tuple[ChatLine, ...]


class Trouble(enum.StrEnum):
    """What went wrong on this side of a table (``Fault.kind``): a window words it by this
    code, the headless player prints the session's English ``problem``."""

    SEATS = "seats"  # the table gave this player seats it does not have
    NO_TILESET = "no-tileset"  # this game does not have a tile set the table plays
    OTHER_VERSION = "other-version"  # the table plays another version of a tile set
    MISFIT = "misfit"  # the table's messages do not fit its own game, again and again
    UNREADABLE = "unreadable"  # the table's frames cannot be read, again and again
    NO_REPLAY = "no-replay"  # the finished game does not replay from the table's seed


@dataclass(frozen=True)
class Fault:
    """Why a session left its table by itself (or could not rebuild its finished game)."""

    kind: Trouble
    tilesets: tuple[str, ...] = ()  # the tile sets it is about (their ids)
    detail: str = ""  # what the check found, in the code's words (English)


# Fatal errors that end one connection, not the session: it connects again.
TRANSIENT = ("slow-down", "join-timeout", "rate")

Happening = (Moved | TookBack | Rebuilt | TableChanged | Refusal | Ended | Lost | Rematched
             | Said)


@dataclass(frozen=True)
class Paused:
    """Why a table stands still (see ``Table.pause``): nothing is played, no clock runs."""

    reason: PauseReason
    message: str  # the table's sentence (English)
    detail: str = ""  # what went wrong, in the system's words (a save that failed)


@dataclass
class TableView:
    """The table as its last ``table`` message showed it (see docs/network.md)."""

    info: dict[str, Any] = field(default_factory=dict)

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self.info.get("seats", []))

    @property
    def state(self) -> TableState:
        return TableState(self.info.get("state", TableState.LOBBY))

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

    @property
    def paused(self) -> Paused | None:
        found = self.info.get("paused")
        if not isinstance(found, dict):
            return None
        return Paused(PauseReason(found["reason"]), str(found["message"]),
                      str(found.get("detail", "")))

    @property
    def watchers(self) -> str:
        """Who may watch the table: none, watch, or chat (spectators may chat too)."""
        return str(self.info.get("watchers", "none"))

    @property
    def watching(self) -> int:
        """Spectators at the table now."""
        found = self.info.get("watching")
        return found if isinstance(found, int) else 0

    def muted(self, seat: int | None) -> bool:
        """The host muted this seat's chat (None: the spectators')."""
        if seat is None:
            return self.info.get("spectators_muted") is True
        return seat in self.info.get("muted", [])

    @property
    def per_move(self) -> int | None:
        """Seconds a move may take at a correspondence table (None: not one)."""
        found = self.info.get("per_move")
        return found if isinstance(found, int) else None

    @property
    def takeover_in(self) -> float | None:
        """Seconds, as of this description, until a computer takes the turn of the player
        away (None: nobody is away on their turn, or the table never takes over)."""
        found = self.info.get("takeover_in")
        return found / 1000 if isinstance(found, int) else None
