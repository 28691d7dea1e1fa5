"""A table's configuration and its seats: who plays each one and what it may do."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass, field

from game.ai import LEVELS
from game.rules.model import OptionValue

from .carried import CLOCK_MOST, PER_MOVE_LEAST, PER_MOVE_MOST, SEATS_MOST, TAKEOVER_MOST
from .terms import SeatKind, StandIn, Watchers

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # no 0/O, 1/I/L, U: easy to read aloud
CODE_LENGTH = 8
MAX_NAME = 24
_COLOUR = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
PACE_MOST = 10.0  # seconds a computer may wait before each action (the paces offered: 1.1 s)


class Refused(Exception):
    """A request the table turns down; nothing changed.  ``code`` is a word a client can
    act on, the message a sentence for the player."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


@dataclass(frozen=True)
class TableConfig:
    game: str
    expansions: tuple[str, ...] = ()
    options: tuple[tuple[str, OptionValue], ...] = ()
    # Per seat: SeatKind.OPEN, SeatKind.HOST or a computer level (a seat for a computer).
    seats: tuple[str, ...] = (SeatKind.OPEN, SeatKind.OPEN)
    names: tuple[str, ...] = ()  # names of the seats that have none yet (optional)
    clock: tuple[int, int] | None = None  # seconds of thinking time, seconds added a turn
    takeover: int = 60  # seconds a dropped player's turn waits for them (0: forever)
    stand_in: str = "quick"  # the computer level that plays a turn nobody plays
    auto_start: bool = True  # the game begins once no seat is open
    pace: float = 0.0  # seconds a computer waits before each of its actions
    colours: tuple[str, ...] = ()  # each seat's colour as the host chose it (palette names)
    aids: bool = True  # False: no hints, tiles still to come or worth on cards, for everyone
    # A correspondence clock: seconds each move may take (days), the time counted on the
    # server whoever is connected; at zero a computer plays that turn.  None: no such clock.
    per_move: int | None = None
    watchers: str = Watchers.NONE  # who may watch besides the players (a Watchers word)
    public: bool = False  # listed by a server with a lobby (else reached by its code only)

    def check(self) -> None:
        """ValueError for a configuration no table can have."""
        for kind in self.seats:
            if kind not in (SeatKind.OPEN, SeatKind.HOST) and kind not in LEVELS:
                raise ValueError(f"unknown seat kind '{kind}' (open, host or a level: "
                                 f"{', '.join(LEVELS)})")
        if self.stand_in not in LEVELS:
            raise ValueError(f"unknown computer level '{self.stand_in}'")
        if not 1 <= len(self.seats) <= SEATS_MOST:
            raise ValueError(f"a table has 1 to {SEATS_MOST} seats")
        if self.clock is not None and (self.clock[0] <= 0 or self.clock[1] < 0):
            raise ValueError("a clock needs some thinking time")
        if self.clock is not None and max(self.clock) > CLOCK_MOST:
            raise ValueError(f"a turn clock's thinking time, and the time it adds a turn, are "
                             f"at most {CLOCK_MOST} seconds ({CLOCK_MOST // 60} minutes): the "
                             f"network messages carry no more")
        if self.per_move is not None:
            if self.clock is not None:
                raise ValueError("a table has a turn clock or a clock a move, not both")
            if not PER_MOVE_LEAST <= self.per_move <= PER_MOVE_MOST:
                raise ValueError(f"a move's clock is from {PER_MOVE_LEAST // 3600} hour to "
                                 f"{PER_MOVE_MOST // 86400} days")
            if self.takeover:
                raise ValueError("a correspondence table never hands a player's turn to a "
                                 "computer for their being away (takeover 0)")
        if self.watchers not in tuple(Watchers):
            raise ValueError(f"who may watch: {', '.join(Watchers)}")
        if self.takeover < 0 or self.pace < 0:
            raise ValueError("waits cannot be negative")
        if self.takeover > TAKEOVER_MOST:
            raise ValueError(f"a turn waits at most {TAKEOVER_MOST} seconds for a player who "
                             f"is away: the network messages carry no more")
        if self.pace > PACE_MOST:
            raise ValueError(f"a computer waits at most {PACE_MOST:g} seconds before it plays")
        if len(self.names) > len(self.seats):
            raise ValueError(f"{len(self.names)} names for {len(self.seats)} seats")
        for name in self.names:
            clean_name(name)
        if len(self.colours) > len(self.seats) or not all(
                _COLOUR.match(c) for c in self.colours):
            raise ValueError("a colour is a short lowercase word, one per seat at most")


@dataclass
class Seat:
    kind: SeatKind
    name: str
    level: str | None = None  # a computer's level
    token: str | None = None  # the hash of the token that takes this seat back
    resigned: bool = False
    connected: bool = False  # someone holds this seat over a connection now
    left: bool = False  # away because its player left the table, not a connection lost
    flagged: bool = False  # its clock ran out: a computer plays the rest of this turn
    taken_over: bool = False  # its player was away too long: a computer plays till they return
    rematch: bool = False  # the game is over and its player accepted to play again
    out: bool = False  # this game began without its player (they did not accept the
    # rematch): a computer plays it until they take it up (``rematch``)
    away_since: float | None = field(default=None, compare=False)

    @property
    def stand_in(self) -> bool:
        """A computer plays this seat's turn now (it is a computer, or stands in for its
        player)."""
        return (self.kind == SeatKind.COMPUTER or self.resigned or self.flagged
                or self.taken_over or self.out)

    @property
    def stand_in_reason(self) -> StandIn | None:
        """Why a computer plays this player's seat now (None: its player does, or it is a
        computer's own seat): resigned, away (too long, handed over by the host, or not
        back yet for this game, begun without them), or its clock ran out for the rest of
        this turn."""
        if self.kind == SeatKind.COMPUTER:
            return None
        if self.resigned:
            return StandIn.RESIGNED
        if self.taken_over or self.out:
            return StandIn.AWAY
        return StandIn.CLOCK if self.flagged else None

    def info(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "connected": self.connected or self.kind == SeatKind.COMPUTER,
                "left": self.left and not self.connected,
                "resigned": self.resigned, "stand_in": self.stand_in,
                "stand_in_reason": self.stand_in_reason,
                "rematch": self.rematch or self.kind == SeatKind.COMPUTER, "out": self.out}


def new_code() -> str:
    """A join code: 8 letters and digits (about 39 bits), shown as ABCD-EFGH."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A join code as typed (any case, with or without its dash) as stored."""
    return text.upper().replace("-", "").replace(" ", "")


def shown_code(code: str) -> str:
    return f"{code[:4]}-{code[4:]}" if len(code) == CODE_LENGTH else code


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the table keeps of a seat's token (its file never holds the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: str) -> str:
    """A player's name as the table shows it; ValueError for one it cannot show."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise ValueError(f"a name is 1 to {MAX_NAME} printable characters")
    return name


def unique_name(name: str, taken: list[str]) -> str:
    """``name``, or ``name 2``, ``name 3``...: no two seats of a table share a name."""
    if name not in taken:
        return name
    for n in range(2, 10):
        candidate = f"{name[:MAX_NAME - 2]} {n}"
        if candidate not in taken:
            return candidate
    return f"{name[:MAX_NAME - 3]} {len(taken) + 1}"
