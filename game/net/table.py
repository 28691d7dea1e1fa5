"""A table: one game, its seats, and the rules core that decides every request.

The table holds the real game (a ``TableGame``: its seed, the draw pile, every hand) and
never lets a request change it unless the rules allow it, for that seat, now: ``act``,
``undo`` and ``resign`` raise ``Refused`` and change nothing otherwise.  Once a game is over,
the table offers its players the next one (``want_rematch``, ``rematch_due``, ``rematch``):
the same seats, tokens and settings, a new seed and a chain that starts afresh; the finished
game stays at hand (``previous``) for a player who comes back after the end.  It keeps the
``Step`` of every action and the chain of their texts, and builds each message as the holder
of some seats may see it (``start_message``, ``move_message``, ``sync_messages``).  It does no
input or output and reads no clock: the server passes the time in (``now``, monotonic
seconds), so everything here is tested without a network.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import LEVELS
from game.rules import Action, Game, IllegalAction, RulesError, parse_action
from game.rules.registry import Registry

from .carried import CLOCK_MS_MOST, uncarried_table
from .chat import CHAT_KEPT, ChatLine, clean_chat
from .messages import Chat, Over, Start, Sync, TableNews
from .recorded import TableGame
from .seats import (
    Refused,
    Seat,
    TableConfig,
    clean_name,
    new_code,
    new_token,
    token_hash,
    unique_name,
)
from .steps import Deal, Digest, Step, chain_next, chain_start, public_hands
from .terms import EndReason, PauseReason, SeatKind, TableState, Watchers


@dataclass(frozen=True)
class Pause:
    """Why the table stands still: nothing is played and no clock runs until it resumes."""

    reason: PauseReason
    message: str  # a sentence for the players (in English: the protocol's words)
    detail: str = ""  # what went wrong, in the system's words (a save that failed)

    def info(self) -> dict[str, str]:
        out = {"reason": self.reason, "message": self.message}
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True)
class PastGame:
    """The game a table played before its rematch began, as it ended: what a player who
    missed its end is told (its last moves, then its ``over``)."""

    round: int
    seed: int
    reason: str
    game: TableGame
    steps: tuple[Step, ...]
    chain: tuple[str, ...]
    resigned: tuple[int, ...]

    def resume_from(self, have: int, chain: str | None) -> int | None:
        """Where a returning client's moves of this game end (None: it holds another)."""
        if chain is not None and 0 <= have < len(self.chain) and self.chain[have] == chain:
            return have
        return None

    def sync_message(self, seats: Collection[int], first: int) -> dict[str, Any]:
        public = public_hands(self.game)
        return Sync(from_=first,
                    moves=[s.view(seats, public).to_json() for s in self.steps[first:]]
                    ).to_json()

    def over_message(self) -> dict[str, Any]:
        return over_message(self.reason, self.seed, self.game, self.resigned)


def over_message(reason: str, seed: int, game: TableGame, resigned: Sequence[int]
                 ) -> dict[str, Any]:
    return Over(reason=reason or EndReason.END, seed=seed, scores=list(game.scores),
                resigned=list(resigned)).to_json()


class Table:
    def __init__(self, config: TableConfig, registry: Registry, code: str | None = None,
                 uid: str | None = None, seed: int | None = None,
                 host_key: str | None = None) -> None:
        config.check()
        self.config = config
        self.tileset = registry.ruleset(config.game, list(config.expansions))  # or KeyError
        lo, hi = self.tileset.players
        if not lo <= len(config.seats) <= hi:
            raise ValueError(f"{self.tileset.name} takes {lo} to {hi} players, "
                             f"not {len(config.seats)}")
        Game(self.tileset, [str(i) for i in config.seats], 0, dict(config.options))  # options
        self.code = code or new_code()
        self.uid = uid or secrets.token_hex(8)
        self.seed = secrets.randbits(62) if seed is None else seed
        self.host_key = host_key  # its hash; None: a table nobody hosts (the server's own)
        self.seats = self._new_seats(config)
        self.state: TableState = TableState.LOBBY
        self.reason = ""  # how it ended (an EndReason), "" before
        self.game: TableGame | None = None
        self.opening: Deal | None = None
        self.opening_digest: Digest | None = None
        self.steps: list[Step] = []
        self.chain = [chain_start(self.uid)]
        self.clocks = self._full_clocks()
        self.turn_began = 0.0
        self.paused: Pause | None = None
        self.round = 1  # the games begun at this table: 2 and more are rematches
        self.previous: PastGame | None = None  # the game before this one, as it ended
        self.chat: list[ChatLine] = []  # the last lines said at the table, oldest first
        self.muted: set[int] = set()  # seats whose chat the host muted
        self.spectators_muted = False  # the host muted the spectators' chat
        self.watching = 0  # spectators connected now (the server counts them)
        self.creator: str | None = None  # who made it on a server (a hash of the address)
        # The wall clock's time when ``now`` was 0 (set by the server): a correspondence
        # clock is kept in wall time, so that a restart keeps it where it stood.
        self.epoch = 0.0
        found = uncarried_table(self.info(0.0))
        if found:  # a table whose clients would refuse what it tells them
            raise ValueError(f"the network messages cannot carry this table ({found})")

    @staticmethod
    def _new_seats(config: TableConfig) -> list[Seat]:
        seats: list[Seat] = []
        for i, kind in enumerate(config.seats):
            person = kind in (SeatKind.OPEN, SeatKind.HOST)
            name = config.names[i] if i < len(config.names) else (
                f"Seat {i + 1}" if person else kind.capitalize())
            name = unique_name(name, [s.name for s in seats])
            if person:
                seats.append(Seat(SeatKind(kind), name))
            else:
                seats.append(Seat(SeatKind.COMPUTER, name, level=kind))
        return seats

    # ------------------------------------------------------------------ who sits where
    def join(self, name: str, wanted: Sequence[int] | None, token: str | None,
             host_key: str | None) -> tuple[list[int], str]:
        """Take seats: a token takes its seat back; the host key takes the host's seats;
        otherwise the wanted open seat (or the first open one).  The seats and the token
        that takes them back later."""
        if token is not None:
            hashed = token_hash(token)
            mine = [i for i, s in enumerate(self.seats) if s.token == hashed]
            if not mine or (wanted and set(wanted) != set(mine)):
                raise Refused("token", "that token takes no seat at this table")
            return mine, token
        try:
            name = clean_name(name)
        except ValueError as exc:
            raise Refused("name", str(exc)) from None
        if host_key is not None:
            if self.host_key is None or token_hash(host_key) != self.host_key:
                raise Refused("host", "that is not this table's host key")
            mine = [i for i, s in enumerate(self.seats) if s.kind == SeatKind.HOST]
            return mine, self._give(mine, name, SeatKind.HOST)
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == SeatKind.OPEN]
        if wanted:
            if len(wanted) != 1 or not 0 <= wanted[0] < len(self.seats):
                raise Refused("seat", "ask for one seat of this table")
            if wanted[0] not in open_seats:
                raise Refused("seat-taken", f"seat {wanted[0] + 1} is not open")
            mine = [wanted[0]]
        elif open_seats:
            mine = [open_seats[0]]
        else:
            raise Refused("table-full", "every seat of this table is taken")
        return mine, self._give(mine, name, SeatKind.PLAYER)

    def _give(self, seats: list[int], name: str, kind: SeatKind) -> str:
        token = new_token()
        others = [s.name for i, s in enumerate(self.seats) if i not in seats]
        for i in seats:
            seat = self.seats[i]
            seat.kind, seat.token = kind, token_hash(token)
            if self.state == TableState.LOBBY and kind == SeatKind.PLAYER:
                seat.name = unique_name(name, others)
                others.append(seat.name)
        return token

    def connected(self, seats: Collection[int], on: bool, now: float,
                  left: bool = False) -> None:
        """The seats' player came or went; ``left``: went of their own will (a "bye")."""
        for i in seats:
            seat = self.seats[i]
            seat.connected = on
            seat.left = left and not on
            seat.away_since = None if on else now
            if on:
                seat.taken_over = False  # back: the player plays again

    @property
    def ready(self) -> bool:
        return (self.state == TableState.LOBBY
                and all(s.kind != SeatKind.OPEN for s in self.seats))

    def set_seat(self, seat: int, kind: str) -> None:
        """The host turns an open seat into a computer (or back) before the game, or opens
        again the seat of a player who joined and left."""
        if self.state != TableState.LOBBY or not 0 <= seat < len(self.seats):
            raise Refused("not-now", "seats change only before the game")
        current = self.seats[seat]
        gone = current.kind == SeatKind.PLAYER and not current.connected
        if current.kind not in (SeatKind.OPEN, SeatKind.COMPUTER) and not gone:
            raise Refused("seat-taken", f"seat {seat + 1} is taken")
        if kind == SeatKind.OPEN:
            self.seats[seat] = Seat(SeatKind.OPEN, current.name)
        elif kind in LEVELS:
            self.seats[seat] = Seat(SeatKind.COMPUTER, current.name, level=kind)
        else:
            raise Refused("kind", f"a seat is open or a computer level ({', '.join(LEVELS)})")

    # ------------------------------------------------------------------ the game
    def start(self, now: float, earlier_dealing: bool = False) -> None:
        """Begin the game (``earlier_dealing``: a table saved by a version before save
        format 3, resumed as it was dealt)."""
        if not self.ready:
            raise Refused("not-ready", "a seat is still open")
        self._not_paused()
        players = [s.name for s in self.seats]
        game = TableGame(self.tileset, players, self.seed, dict(self.config.options),
                         earlier_dealing=earlier_dealing)
        self.game = game
        self.opening = game.take_opening()
        self.opening_digest = Digest.of(game)
        self.state = TableState.PLAYING
        self.turn_began = now

    def act(self, seats: Collection[int], seat: int, n: int, text: str, now: float) -> Step:
        """A player's action for their seat; Refused unless the rules allow it now."""
        self._turn_of(seats, seat, n)
        try:
            action = parse_action(text)
        except IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
        return self.play(action, now, checked=False)

    def play(self, action: Action, now: float, checked: bool = True) -> Step:
        """Apply an action of the current seat (``IllegalAction`` changes nothing)."""
        game = self._game()
        seat = game.current
        played_for = self.seats[seat].stand_in_reason
        try:
            _, outcomes, deals = game.play(action)
        except IllegalAction as exc:
            if checked:
                raise
            raise Refused("illegal", str(exc)) from None
        self.chain.append(chain_next(self.chain[-1], str(action)))
        step = Step(len(game.moves) - 1, seat, str(action), outcomes, deals, Digest.of(game),
                    self.chain[-1], played_for)
        self.steps.append(step)
        if step.ends_turn:
            self._turn_passed(seat, now)
        if game.over:
            self.state, self.reason = TableState.OVER, EndReason.END
        return step

    def undo(self, seats: Collection[int], seat: int, n: int) -> int:
        game = self._turn_of(seats, seat, n)
        if not game.can_undo:
            raise Refused("cannot-undo", "nothing of this turn can be taken back")
        game.undo()
        self.steps.pop()
        self.chain.pop()
        return len(game.moves)

    def resign(self, seats: Collection[int], seat: int) -> None:
        if seat not in seats:
            raise Refused("not-your-seat", "that seat is not yours")
        if self.state != TableState.PLAYING:
            raise Refused("not-playing", "the game is not under way")
        self._not_paused()
        self.seats[seat].resigned = True
        if sum(1 for s in self.seats if not s.resigned) < 2:
            self.state, self.reason = TableState.OVER, EndReason.RESIGNED

    def _turn_of(self, seats: Collection[int], seat: int, n: int) -> TableGame:
        if seat not in seats:
            raise Refused("not-your-seat", "that seat is not yours")
        if self.state != TableState.PLAYING:
            raise Refused("not-playing", "the game is not under way")
        self._not_paused()
        game = self._game()
        if game.current != seat:
            raise Refused("not-your-turn", "it is not that seat's turn")
        if self.seats[seat].stand_in:
            raise Refused("stand-in", "a computer plays this turn")
        if n != len(game.moves):
            raise Refused("stale", f"the game has {len(game.moves)} moves, not {n}")
        return game

    def _not_paused(self) -> None:
        if self.paused is not None:
            raise Refused("paused", f"the table is paused: {self.paused.message}")

    def _game(self) -> TableGame:
        if self.game is None:
            raise Refused("not-playing", "the game has not begun")
        return self.game

    def computer_turn(self) -> int | None:
        """The seat a computer must play now, if any."""
        if (self.state != TableState.PLAYING or self.game is None
                or self.paused is not None):
            return None
        seat = self.game.current
        return seat if self.seats[seat].stand_in else None

    def computer_level(self, seat: int) -> str:
        return self.seats[seat].level or self.config.stand_in

    # ------------------------------------------------------------------ clocks
    def _full_clocks(self) -> list[float] | None:
        """Every seat's clock as a game begins: its thinking time, or a move's time."""
        c = self.config
        start = c.clock[0] if c.clock is not None else c.per_move
        return None if start is None else [float(start)] * len(c.seats)

    def _turn_passed(self, mover: int, now: float) -> None:
        seat = self.seats[mover]
        if self.clocks is not None and self.config.per_move is not None:
            self.clocks[mover] = float(self.config.per_move)  # the next move's time, whole
        elif (self.clocks is not None and self.config.clock is not None
                and seat.kind != SeatKind.COMPUTER):
            left = self.clocks[mover] - (now - self.turn_began)
            # no more than a table message can tell, however much time was added
            self.clocks[mover] = min(max(0.0, left) + self.config.clock[1],
                                     CLOCK_MS_MOST / 1000)
        seat.flagged = False
        self.turn_began = now

    def running(self) -> int | None:
        """The seat whose clock runs now (none while the table is paused)."""
        if (self.clocks is None or self.state != TableState.PLAYING or self.game is None
                or self.paused is not None):
            return None
        seat = self.game.current
        return None if self.seats[seat].kind == SeatKind.COMPUTER else seat

    def time_left(self, now: float) -> float | None:
        seat = self.running()
        if seat is None or self.clocks is None:
            return None
        return self.clocks[seat] - (now - self.turn_began)

    def flag(self, now: float) -> bool:
        """The running clock reached zero: a computer plays the rest of this turn."""
        left = self.time_left(now)
        seat = self.running()
        if left is None or seat is None or left > 0 or self.clocks is None:
            return False
        self.clocks[seat] = 0.0
        self.turn_began = now
        self.seats[seat].flagged = True
        return True

    def takeover_at(self) -> float | None:
        """When a computer takes the turn of a player who is away, if one is away."""
        if (not self.config.takeover or self.state != TableState.PLAYING or self.game is None
                or self.paused is not None):
            return None
        seat = self.seats[self.game.current]
        if seat.connected or seat.stand_in or seat.away_since is None:
            return None
        return max(seat.away_since, self.turn_began) + self.config.takeover

    def take_over(self, seat: int) -> bool:
        """A computer plays this seat's turns until its player comes back (they were away
        too long, or the host says so)."""
        if (self.state != TableState.PLAYING or self.seats[seat].kind == SeatKind.COMPUTER
                or self.paused is not None):
            return False
        self.seats[seat].taken_over = True
        return True

    # ------------------------------------------------------------------ pauses
    def pause(self, reason: PauseReason, message: str, now: float, detail: str = "") -> None:
        """Play stops: the running clock is charged up to ``now`` and stands still, no
        computer plays and nobody is taken over until ``resume``."""
        seat, left = self.running(), self.time_left(now)
        if seat is not None and left is not None and self.clocks is not None:
            self.clocks[seat] = max(0.0, left)
        self.turn_began = now
        self.paused = Pause(reason, message, detail)

    def resume(self, now: float) -> None:
        """Play goes on: the running clock runs again from where it stood."""
        if self.paused is not None:
            self.paused = None
            self.turn_began = now

    # ------------------------------------------------------------------ messages
    def info(self, now: float) -> dict[str, Any]:
        clocks = None
        if self.clocks is not None:
            clocks = [int(max(0.0, c) * 1000) for c in self.clocks]
            running, left = self.running(), self.time_left(now)
            if running is not None and left is not None:
                clocks[running] = int(max(0.0, left) * 1000)
        return {"state": self.state, "game": self.config.game,
                "expansions": list(self.config.expansions),
                "seats": [s.info() for s in self.seats],
                "clock": list(self.config.clock) if self.config.clock else None,
                "clocks": clocks, "running": self.running(), "takeover": self.config.takeover,
                "takeover_in": self._takeover_in(now),
                "paused": None if self.paused is None else self.paused.info(),
                "options": [[k, v] for k, v in self.config.options],
                "colours": list(self.config.colours), "aids": self.config.aids,
                "per_move": self.config.per_move, "watchers": self.config.watchers,
                "watching": min(self.watching, 1000), "muted": sorted(self.muted),
                "spectators_muted": self.spectators_muted, "public": self.config.public}

    def _takeover_in(self, now: float) -> int | None:
        """Milliseconds until a computer takes the turn of the player away, if one is."""
        due = self.takeover_at()
        return None if due is None else int(max(0.0, due - now) * 1000)

    def start_message(self, seats: Collection[int]) -> dict[str, Any]:
        """The game as it began, as the holder of ``seats`` may see it."""
        game = self._game()
        if self.opening is None:
            raise Refused("not-playing", "the game has not begun")
        return Start(game={"id": self.config.game, "expansions": list(self.config.expansions),
                           "options": [[k, v] for k, v in self.config.options],
                           "players": list(game.players),
                           "fingerprints": [[k, v] for k, v in
                                            sorted(self.tileset.fingerprints.items())]},
                     opening=self.opening.view(seats, public_hands(game)).to_json(),
                     digest=(self.opening_digest or Digest.of(game)).to_json(),
                     chain=self.chain[0], round=self.round).to_json()

    def move_message(self, step: Step, seats: Collection[int]) -> dict[str, Any]:
        return step.view(seats, public_hands(self._game())).to_json()

    def resume_from(self, have: int, chain: str | None) -> int:
        """Where a returning client's moves and the table's part: ``have`` if its chain
        there is the table's, else 0 (it starts again from the opening)."""
        if chain is not None and 0 <= have < len(self.chain) and self.chain[have] == chain:
            return have
        return 0

    def sync_message(self, seats: Collection[int], first: int) -> dict[str, Any]:
        public = public_hands(self._game())
        return Sync(from_=first,
                    moves=[s.view(seats, public).to_json() for s in self.steps[first:]]
                    ).to_json()

    def news(self, now: float) -> dict[str, Any]:
        """The ``table`` message: the table as it stands now."""
        return TableNews(table=self.info(now)).to_json()

    def over_message(self) -> dict[str, Any]:
        return over_message(self.reason, self.seed, self._game(),
                            [i for i, s in enumerate(self.seats) if s.resigned])

    # ------------------------------------------------------------------ chat
    def say(self, seats: Collection[int], name: str, text: str, now: float) -> ChatLine:
        """A line said at the table by the holder of ``seats`` (none: a spectator, under
        ``name``); Refused unless it may speak and the text is a chat line.  The table keeps
        its last ``CHAT_KEPT`` lines."""
        try:
            text = clean_chat(text)
        except ValueError as exc:
            raise Refused("chat", str(exc)) from None
        if seats:
            seat: int | None = min(seats)
            if any(i in self.muted for i in seats):
                raise Refused("muted", "the host muted your chat at this table")
            name = self.seats[min(seats)].name
        else:
            seat = None
            if self.config.watchers != Watchers.CHAT:
                raise Refused("no-chat", "spectators do not chat at this table")
            if self.spectators_muted:
                raise Refused("muted", "the host muted the spectators' chat")
            try:
                name = clean_name(name)
            except ValueError as exc:
                raise Refused("name", str(exc)) from None
        line = ChatLine(self.chat[-1].n + 1 if self.chat else 1, seat, name, text,
                        max(0, int(now + self.epoch)))
        self.chat.append(line)
        del self.chat[:-CHAT_KEPT]
        return line

    def mute(self, seat: int | None, on: bool) -> None:
        """The host mutes (or lets speak again) a seat's chat, or the spectators' (None)."""
        if seat is None:
            self.spectators_muted = on
        elif not 0 <= seat < len(self.seats):
            raise Refused("seat", "name a seat of this table")
        elif on:
            self.muted.add(seat)
        else:
            self.muted.discard(seat)

    def chat_message(self) -> dict[str, Any] | None:
        """The lines the table keeps, for a member who joins (None: nothing said yet)."""
        if not self.chat:
            return None
        return Chat(lines=[line.to_json() for line in self.chat]).to_json()

    # ------------------------------------------------------------------ the next game
    def want_rematch(self, seats: Collection[int]) -> None:
        """The holder of ``seats`` plays again: after the end, they accept the next game;
        in a game begun without them, they take their seats back from the computer (and
        nothing happens when they have them already)."""
        if self.state == TableState.OVER:
            for i in seats:
                self.seats[i].rematch = True
        elif self.state == TableState.PLAYING:
            for i in seats:
                self.seats[i].out = False
        else:
            raise Refused("not-now", "the game has not begun")

    @property
    def rematch_due(self) -> bool:
        """The game is over and every player answered the offer of the next one: accepted,
        or left the table; at least one accepted (and the table does not stand still)."""
        if self.state != TableState.OVER or self.paused is not None:
            return False
        people = [s for s in self.seats if s.kind in (SeatKind.PLAYER, SeatKind.HOST)]
        return any(s.rematch for s in people) and all(s.rematch or s.left for s in people)

    def rematch(self, now: float, seed: int | None = None) -> None:
        """Begin the next game at this table: the same seats, tokens, names, colours,
        options and clock; a new seed, and a new uid, so that its chain starts afresh and
        the finished game's moves are never taken for its own.  A seat whose player did not
        accept is ``out``: a computer plays it until its player takes it up."""
        if self.state != TableState.OVER:
            raise Refused("not-now", "the game is not over")
        self._not_paused()  # before anything changes: the next game waits for the table
        game = self._game()
        self.previous = PastGame(self.round, self.seed, self.reason, game, tuple(self.steps),
                                 tuple(self.chain),
                                 tuple(i for i, s in enumerate(self.seats) if s.resigned))
        self.round += 1
        self.uid = _another(self.uid)
        self.seed = secrets.randbits(62) if seed is None else seed
        for seat in self.seats:
            seat.out = not (seat.rematch or seat.kind == SeatKind.COMPUTER)
            seat.rematch = seat.resigned = seat.flagged = seat.taken_over = False
        self.reason = ""
        self.steps = []
        self.chain = [chain_start(self.uid)]
        self.clocks = self._full_clocks()
        self.state = TableState.LOBBY
        self.start(now)


def _another(uid: str) -> str:
    """A new uid, never the one before."""
    while (fresh := secrets.token_hex(8)) == uid:
        pass
    return fresh


def rebuild(table: Table, moves: Sequence[str], now: float) -> None:
    """Play a saved move list again at a table that was just started (a restart)."""
    for text in moves:
        try:
            table.play(parse_action(text), now)
        except (IllegalAction, RulesError) as exc:
            raise ValueError(f"the saved moves do not replay: {exc}") from None
