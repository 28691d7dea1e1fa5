"""A game at a network table, as the window plays it: a ``Session`` whose moves come from the
table.

Two copies of the table's game are kept.  The client session's own (``net.game``) follows
the table as its messages come; the one the window shows (``game``, a copy of the same kind
that is never replaced, so that every part of the play scene keeps reading it) plays each
move only once the window has shown it: the table's moves are *expected* by it as they come
and played, one by one, as the scene shows them (a tile gliding in, a figure dropping, the
scoring), as a computer's moves are on one screen.  When the table takes a move back, or the
copy is rebuilt after a reconnection, the shown game is set to the table's at once.

This window's own actions go to the table (``submit``), never straight to the game: the
table decides, and the move comes back like anyone's.

Once the game is over the table offers its next game (``accept_rematch``); when it begins,
this session stays the finished game's (``rematched``) and ``next_game`` is the new one's, at
the same table over the same connection.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.ai import LEVELS
from game.net.client import (
    Ended,
    Happening,
    Moved,
    Paused,
    Rebuilt,
    Refusal,
    Rematched,
    Status,
    TableChanged,
    TookBack,
)
from game.net.replica import Replica
from game.net.terms import SeatKind, TableState
from game.net.verify import Account, Mismatch, Why, as_seen
from game.rules import Action, Game, parse_action
from game.rules.registry import Registry
from game.store.savefile import Person, SavedGame
from game.store.storage import UNVERIFIED, Storage, not_written
from game.words.i18n import _

from . import palette as pal
from .net_link import TableLink
from .session import (
    Actor,
    Connection,
    Seat,
    SeatMarks,
    Session,
)

TAKEOVER_OFFER = 15.0  # seconds a dropped player is waited for before the host may hand over
LINKED = (Status.LOBBY, Status.PLAYING, Status.OVER)  # this window is at the table now


def table_seats(table: TableLink) -> list[Seat]:
    """The players as this window shows them: its own seats (a person here, or its computer),
    the others' (a person elsewhere, or the table's computer), in the host's colours."""
    net = table.net
    info = net.table.info
    names = list(net.game.players) if net.game is not None else [s["name"] for s in
                                                                   net.table.seats]
    palette = [n for n, _ in pal.PLAYER_COLOURS]
    chosen = [c for c in info.get("colours", []) if c in palette]
    if len(set(chosen)) != len(chosen) or len(chosen) < len(names):
        chosen = palette
    seats = []
    for i, name in enumerate(names):
        seat = net.table.seats[i] if i < len(net.table.seats) else {"kind": SeatKind.PLAYER}
        if i in net.seats:
            kind = table.level or Person.HUMAN
        elif seat["kind"] == SeatKind.COMPUTER:
            level = seat.get("level")
            kind = level if isinstance(level, str) and level in LEVELS else "quick"
        else:
            kind = Person.REMOTE
        seats.append(Seat(name, chosen[i % len(chosen)], str(kind)))
    return seats


@dataclass
class NetworkSession(Session):
    table: TableLink | None = None
    sent: Action | None = None  # this window's action on its way to the table
    received_at: float = 0.0  # when the table's description was last read (monotonic)
    away_since: dict[int, float] = field(default_factory=dict)  # seats dropped, since when
    kept: bool = False  # the finished game was saved here
    rematched: bool = False  # the table began its next game: this one is over for good
    handed_on: bool = False  # the table is the next game's session's now (not left)
    real: Game | None = None  # the table's game as it ended, from its seed
    resigned_at_end: tuple[int, ...] | None = None  # the seats resigned, as the end says
    told_at_end: Account | None = None  # the table's account of the game, as its end told it
    _final: Session | None = None
    # The table's account of the finished game could not be verified: the game as this
    # window saw it (None when it cannot be rebuilt as a plain game), and the name of the
    # save that keeps it once written.
    seen: tuple[Game | None] | None = None
    kept_as: str | None = None

    @classmethod
    def joined(cls, table: TableLink) -> NetworkSession:
        """The table's game as it stands (the game has begun: ``table.net.game`` is set)."""
        net = table.net
        if net.game is None or net.started is None:
            raise ValueError("the game has not begun")
        shown = net.game_at(len(net.history))
        game = net.started["game"]
        session = cls(shown, str(game["id"]), list(game["expansions"]), table_seats(table),
                      aids=bool(net.table.info.get("aids", True)), table=table)
        session.table_changed()
        if net.sitting_out():  # a game begun without this player, who sits down again:
            net.rematch()      # the table's computer leaves the seat to them
        return session

    # ------------------------------------------------------------------ reading the table
    @property
    def link(self) -> TableLink:
        if self.table is None:
            raise ValueError("a network session without its table")
        return self.table

    @property
    def shown(self) -> Replica:
        assert isinstance(self.game, Replica)
        return self.game

    @property
    def remote(self) -> bool:
        return True

    @property
    def status(self) -> Status:
        return self.link.net.status

    @property
    def connection(self) -> Connection:
        status = self.status
        if status == Status.PAUSED or (status == Status.PLAYING and self.paused is not None):
            return Connection.PAUSED
        if status in (Status.CONNECTING, Status.RECONNECTING):
            return Connection.DOWN
        return Connection.GONE if status in (Status.FAILED, Status.CLOSED) else Connection.UP

    @property
    def paused(self) -> Paused | None:
        """Why the table stands still, as its last word said (None: it plays on)."""
        return self.link.net.table.paused

    def poll(self) -> list[Happening]:
        """What the table sent since the last look, the shown game kept in step."""
        out = self.link.poll()
        for happening in out:
            if isinstance(happening, Rematched):
                self.rematched = True
            elif self.rematched:
                if isinstance(happening, TableChanged):
                    self.table_changed()
                continue  # the next game's: not this session's
            if isinstance(happening, Moved):
                self._arrived(happening)
            elif isinstance(happening, (TookBack, Rebuilt)):
                self.resync()
            elif isinstance(happening, TableChanged):
                self.table_changed()
            elif isinstance(happening, Refusal):
                self.sent = None
            elif isinstance(happening, Ended):
                self.told_at_end = happening.account
                if happening.account is not None and happening.account.verified:
                    self.real = happening.account.game
                self.resigned_at_end = self.gave_up = happening.resigned
                self.table_changed()
        return out

    def _arrived(self, moved: Moved) -> None:
        shown = self.shown
        if moved.step.n == len(shown.moves) + shown.expected:
            shown.expect(moved.step)
        else:  # a move the shown game cannot take in turn: show the table's game at once
            self.resync()

    def resync(self) -> None:
        """The shown game becomes the table's, as it stands (the same object: every part of
        the play scene keeps reading it)."""
        net = self.link.net
        self.sent = None
        if net.game is None:
            return  # spoiled: the table sends the game again
        fresh = net.game_at(len(net.history))
        self.game.__dict__.update(fresh.__dict__)

    def next_step_action(self) -> tuple[Action, bool] | None:
        """The next move to show, and whether it is this window's own (sent from here: shown
        without a glide, the player put it there); None when none waits."""
        step = self.shown.upcoming()
        if step is None:
            return None
        action = parse_action(step.action)
        own = (step.seat in self.link.net.seats and self.sent is not None
               and str(self.sent) == step.action)
        return action, own

    def shown_one(self) -> None:
        """The next move was shown (the scene plays it on the shown game)."""
        if self.sent is not None:
            self.sent = None

    def table_changed(self) -> None:
        now = time.monotonic()
        self.received_at = now
        # once the end told who resigned, the table's later words are of its next game
        if not self.rematched and self.resigned_at_end is None:
            self.gave_up = tuple(i for i, seat in enumerate(self.link.net.table.seats)
                                 if seat["resigned"])
        for i, seat in enumerate(self.link.net.table.seats):
            if seat["connected"] or seat["kind"] == SeatKind.COMPUTER:
                self.away_since.pop(i, None)
            else:
                self.away_since.setdefault(i, now)

    # ------------------------------------------------------------------ who acts
    def actor(self) -> Actor:
        game = self.shown
        if self.ended():
            return Actor.NOBODY
        net = self.link.net
        if self.rematched:
            return Actor.TABLE  # the finished game's last moves are still being shown
        if game.upcoming() is not None or net.status != Status.PLAYING:
            return Actor.TABLE
        seat = net.my_turn()
        if seat is None or seat != game.current or len(game.moves) != len(net.history):
            return Actor.TABLE
        return Actor.COMPUTER if self.link.level else Actor.PERSON

    def submit(self, action: Action) -> bool:
        """Send this window's action to the table; False when it cannot be sent now."""
        if not self.link.net.act(action):
            return False
        self.sent = action
        return True

    def take_back(self) -> bool:
        return self.link.net.undo()

    def resign(self) -> bool:
        return self.link.net.resign()

    def hand_over(self, seat: int) -> bool:
        """The host hands a dropped player's seat to a computer until they come back."""
        return self.link.host_powers and self.link.net.host("takeover", seat)

    @property
    def resigned(self) -> bool:
        seats = self.link.net.table.seats
        return bool(self.link.net.seats) and all(
            seats[i]["resigned"] for i in self.link.net.seats if i < len(seats))

    # ------------------------------------------------------------------ the players' rows
    def marks(self, player: int) -> SeatMarks | None:
        if self.ended():  # connections and clocks are the table's, whose game is over: a
            return None  # player's row then shows the score, and who resigned (``gave_up``)
        info = self.link.net.table.info
        seats = info.get("seats", [])
        if player >= len(seats) or seats[player]["kind"] == SeatKind.COMPUTER:
            return None
        seat: dict[str, Any] = seats[player]
        clocks, running = info.get("clocks"), info.get("running")
        clock = None
        if clocks and player < len(clocks):
            clock = clocks[player] / 1000
            if running == player and info.get("state") == TableState.PLAYING:
                clock = max(0.0, clock - (time.monotonic() - self.received_at))
        # this window's own seats are away while its connection is: the table's last word
        # on them is stale
        connected = bool(seat["connected"]) and (
            player not in self.link.net.seats or self.status in LINKED)
        reason = seat.get("stand_in_reason")
        return SeatMarks(connected, bool(seat["stand_in"]),
                         bool(seat["resigned"]), clock,
                         running == player and info.get("state") == TableState.PLAYING,
                         bool(seat.get("left")), reason if isinstance(reason, str) else None,
                         self.paused is not None)

    def played_for(self, move: int) -> str | None:
        history = self.link.net.history
        return history[move].stand_in_reason if 0 <= move < len(history) else None

    def takeover_in(self) -> float | None:
        """Seconds until the table's computer takes the turn of the player away, counted
        down from the table's last word (None: nobody is away on their turn, the table
        never takes over, or it is not reachable now)."""
        wait = self.link.net.table.takeover_in
        if wait is None or self.connection is not Connection.UP:
            return None
        return max(0.0, wait - (time.monotonic() - self.received_at))

    def clock_runs(self) -> bool:
        info = self.link.net.table.info
        return bool(info.get("clocks")) and info.get("running") is not None \
            and info.get("state") == TableState.PLAYING

    def away(self) -> list[tuple[int, float]]:
        """Seats whose player dropped, with the seconds since (the table still waits)."""
        now = time.monotonic()
        seats = self.link.net.table.seats
        return [(i, now - since) for i, since in sorted(self.away_since.items())
                if i < len(seats) and not seats[i]["stand_in"]]

    # ------------------------------------------------------------------ the end
    def ended(self) -> bool:
        """The game is over: played to its end, or ended by resignations (once every move
        of it has been shown)."""
        shown = self.shown
        if shown.over:
            return True
        if shown.upcoming() is not None:
            return False
        if self.real is not None:
            return len(shown.moves) == len(self.real.moves)
        return (self.link.net.status == Status.OVER
                and len(shown.moves) == len(self.link.net.history))

    def account(self) -> Account | None:
        """Once the game is over: the table's account of it, checked (from its end: the
        table may already be playing its next game)."""
        if not self.ended():
            return None
        return self.told_at_end or self.link.net.account()

    def told_seed(self) -> str | None:
        """The table's seed deals every hand: told once the game is over and the table has
        told it, never before."""
        final = self.final()
        return None if final is None else final.told_seed()

    def final(self) -> Session | None:
        """Once the game is over and its seed told: the real game, as a game of this window
        (saved, its history browsed, played again here).  When the table's account of it
        (its seed and moves) does not rebuild the game this window followed, the game as
        this window saw it instead."""
        if self._final is not None:
            return self._final
        account = self.account()
        if account is None:
            return None
        real = account.game if account.verified else self._as_seen()
        if real is None:
            return None
        away = (Person.REMOTE, Person.OPEN)
        seats = [Seat(s.name, s.colour, Person.HUMAN if s.kind in away else s.kind)
                 for s in self.seats]
        elsewhere = tuple(i for i, s in enumerate(self.seats) if s.kind in away)
        self._final = Session(real, self.game_id, list(self.expansions), seats,
                              aids=self.aids, elsewhere=elsewhere, gave_up=self.gave_up)
        return self._final

    def _as_seen(self) -> Game | None:
        if self.seen is None:
            self.seen = (as_seen(self.shown, self.link.net.seed or 0),)
        return self.seen[0]

    def mismatch(self) -> Mismatch | None:
        """Once the game is over: why the table's account of it could not be verified, if
        it could not."""
        account = self.account()
        return None if account is None else account.mismatch

    def unverified(self) -> str | None:
        """What the player is told when the table's account of the finished game could not
        be verified, and what became of the game; None when it was (or is not over)."""
        mismatch = self.mismatch()
        if mismatch is None:
            return None
        why = mismatch_words(mismatch)
        if self.kept_as is not None:  # named as the Load list shows it
            return _("The table's account of the game could not be verified: {why}. The game "
                     "is kept as you saw it, marked unverified, in Load game as "
                     "{name}.").format(why=why, name=unverified_name(self.kept_as))
        if self._as_seen() is not None:
            return _("The table's account of the game could not be verified: {why}. The game "
                     "is shown as you saw it.").format(why=why)
        return _("The table's account of the game could not be verified: {why}. The board "
                 "shows the game as you saw it; it cannot be kept as a save.").format(why=why)

    def saved(self) -> SavedGame:
        done = self.final()
        if done is None:
            raise ValueError("a game at a network table is saved once it is over")
        return done.saved()

    def autosave(self, storage: Storage, registry: Registry) -> str | None:
        """The table saves the game as it goes; once it is over, the finished game is kept
        here too (Continue shows it, Load lists it)."""
        done = self.final()
        if done is None or self.kept:
            return None
        self.kept = True
        self.link.forget_seats()
        if self.mismatch() is None:
            return done.autosave(storage, registry)
        # Not the table's game as it says: kept as a save of its own, which the autosave
        # (Continue) never holds
        try:
            self.kept_as = storage.keep_dated(done.saved(), UNVERIFIED).stem
        except OSError as exc:
            return not_written(exc, storage.saves_dir)
        return None

    def leave(self) -> None:
        if not self.handed_on:
            self.link.close()

    # ------------------------------------------------------------------ the next game
    def offered(self) -> bool:
        """The table may still be asked for its next game: this window is at it, and the
        game is over, or the next one began without this player."""
        net = self.link.net
        if not net.linked or not self.ended() or net.watching:  # a spectator: nothing asked
            return False
        return net.status == Status.OVER or (self.rematched and net.sitting_out())

    def accept_rematch(self) -> bool:
        """Play the table's next game (once the others have answered, or the host begins it);
        in one begun without this player, take the seat back."""
        return self.link.net.rematch()

    def begin_rematch(self) -> bool:
        """The host begins the next game now: the seats whose player has not accepted are
        played by a computer until they do."""
        return self.link.host_powers and self.link.net.host("start")

    def next_game(self) -> NetworkSession:
        """The table's next game, at this table over the same connection: its session (this
        one keeps the finished game, and no longer answers for the table)."""
        following = NetworkSession.joined(self.link)
        self.handed_on = True
        return following


def unverified_name(stem: str) -> str:
    """A save of a game kept as this window saw it, named as the Load list shows it: "the
    unverified game of 2025-01-01 12:00" (its file is ``unverified-20250101-120000.json``)."""
    stamp = stem.removeprefix(f"{UNVERIFIED}-")
    try:
        when = time.strftime("%Y-%m-%d %H:%M", time.strptime(stamp[:15], "%Y%m%d-%H%M%S"))
    except ValueError:
        return stem
    return _("“Unverified game” of {date}").format(date=when)


def mismatch_words(mismatch: Mismatch) -> str:
    """Why a table's account of its game could not be verified, for the player."""
    move = mismatch.move or 0
    return {Why.NO_GAME: _("the table ended a game that had not begun"),
            Why.ILLEGAL: _("move {n} is not allowed in the game its seed deals").format(n=move),
            Why.DEALT: _("the tiles it dealt are not the ones its seed deals"),
            Why.SCORES: _("its final scores are not the game's"),
            Why.NOT_OVER: _("it ended a game that goes on")}[mismatch.why]
