"""A client's view of one table: the session a window (or a headless player) drives.

``NetSession`` has two sides.  The network side (``connection``, in its own thread or event
loop) hands it every frame with ``received`` and reports the link going up and down; those
calls only check the message and queue it, then call ``wake``.  The reading side (the
window's thread) calls ``poll``, which applies what was queued to the session's state and
returns what happened, in order, for the window to show; everything the window reads
(``game``, ``table``, ``status``, ``my_turn``) changes only inside ``poll``, on its thread.

``game`` is a ``Replica``: a rules-core ``Game`` the window reads as it reads a game on one
screen (board, scores, legal moves, the modules' state), with this seat's hand and never
another's.  The player's requests (``act``, ``undo``, ``resign``) go to the table; their
effect comes back as a ``Moved`` (or a ``Refusal``) from a later ``poll``.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.rules import Action, Game, RulesError, TileSet, parse_action
from game.rules.registry import Registry

from . import PROTOCOL
from .chat import CHAT_KEPT, ChatLine, clean_chat
from .happenings import (
    TRANSIENT,
    Ended,
    Fault,
    Happening,
    Lost,
    Moved,
    Paused,
    Rebuilt,
    Refusal,
    Rematched,
    Said,
    Status,
    TableChanged,
    TableView,
    TookBack,
    Trouble,
)
from .links import Link
from .messages import (
    SERVER,
    Act,
    Bye,
    Create,
    Host,
    Join,
    Message,
    MessageError,
    Rematch,
    Resign,
    Say,
    Undo,
    encode,
    read,
)
from .replica import Replica, ReplicaError
from .steps import Deal, Digest, Step, chain_next
from .terms import EndReason, TableState
from .verify import Account, Mismatch, Told, Why, verify

__all__ = ["Account", "Ended", "Fault", "Happening", "Lost", "Mismatch", "Moved", "NetSession",
           "Paused", "Rebuilt", "Refusal", "Rematched", "Said", "Status", "TableChanged",
           "TableView", "TookBack", "Trouble", "Why"]
MAX_SPOILS = 3  # copies spoiled in a row before the session gives up on the table
# Frames of the table's that cannot be read (not JSON, not a message of the protocol) before
# the session leaves: one may be a fault on the way, a table that keeps sending them is not
# one to follow.
MAX_UNREADABLE = 3


class NetSession:
    def __init__(self, registry: Registry, link: Link, name: str,
                 seats: list[int] | None = None, token: str | None = None,
                 host_key: str | None = None, wake: Callable[[], None] | None = None,
                 watch: bool = False, create: dict[str, Any] | None = None) -> None:
        self.registry = registry
        self.link = link  # a table made here (``create``): its code once the table gives it
        self.name = name
        self.wanted = seats
        self.host_key = host_key
        self.wake = wake
        self.watching = watch  # a spectator: no seat, never acts
        self.create = create  # the set-up of a table to make on the server, then host
        self.is_host = False  # the table said this connection is its host
        self.chat: list[ChatLine] = []  # the lines said at the table, oldest first
        # Read by the window (changed by poll only):
        self.status = Status.CONNECTING
        self.problem: str | None = None
        self.refused: str | None = None  # the code of the table's refusal, with ``problem``
        self.down_reason: str | None = None  # why the connection last failed or dropped
        self.fault: Fault | None = None  # why this side left the table, with ``problem``
        self.seats: tuple[int, ...] = ()
        self.table = TableView()
        self.game: Replica | None = None
        self.history: list[Step] = []
        self.seed: int | None = None  # told once the game is over
        self.round = 0  # the table's game this session follows (1: its first; 0: none yet)
        self.end: tuple[str, tuple[int, ...]] | None = None  # how it ended, the table's scores
        # The table closed the last connection as it stopped being served (its host left it,
        # its server stopped), rather than the connection being lost:
        self.stopped = False
        self._account: tuple[object, Account] | None = None  # the last check, and of what
        self.started: dict[str, Any] | None = None
        self.tileset: TileSet | None = None
        self.pending: int | None = None  # moves at the last request not yet answered
        self._spoils = 0  # copies spoiled in a row (rebuilt from the table each time)
        self._unreadable = 0  # frames of the table's that could not be read
        self._confirmed = 0  # moves of the turns confirmed before the game came again
        self._awaiting_game = False  # the copy was dropped: the moves wait for the game anew
        # Shared with the network side (under the lock):
        self._lock = threading.Lock()
        self._inbox: deque[dict[str, Any] | tuple[str, str]] = deque()
        self._token = token
        self._resume: tuple[int, str | None] = (0, None)
        self._fatal = False
        self._over = False
        self._send: Callable[[str], bool] | None = None
        self._reconnect: Callable[[], None] | None = None

    # ------------------------------------------------------------------ the network side
    def join_message(self) -> dict[str, Any]:
        with self._lock:
            token, (have, chain) = self._token, self._resume
            link = self.link
        if self.create is not None and token is None:
            return Create(protocol=PROTOCOL, name=self.name, table=self.create).to_json()
        if self.watching:
            return Join(protocol=PROTOCOL, code=link.code, name=self.name, watch=True,
                        have=None if chain is None else have, chain=chain).to_json()
        host = seats = None
        if token is None and self.host_key is not None:
            host = self.host_key
        elif token is None and self.wanted:
            seats = list(self.wanted)
        return Join(protocol=PROTOCOL, code=link.code, name=self.name, token=token,
                    host=host, seats=seats, have=None if chain is None else have,
                    chain=chain).to_json()

    def received(self, text: str | bytes) -> bool:
        """A frame from the table (network side): checked, queued, the reader woken.  True
        when it is the table's ``welcome``: this connection joined (a refusal, a ``slow-down``
        included, is no join)."""
        try:
            message = read(text, SERVER)
        except MessageError as exc:
            self._queue(("bad", exc.message))
            return False
        kind = message["type"]
        with self._lock:
            if kind == "welcome":
                self._token = message.get("token")
                if message["code"] != self.link.code:  # a table made here: its code
                    self.link = replace(self.link, code=message["code"])
            elif kind == "over":
                self._over = True
            elif kind == "start":
                self._over = False  # the table's next game (or this one, sent again)
            elif kind == "error" and message.get("fatal") and message["code"] not in TRANSIENT:
                self._fatal = True
        self._queue(message)
        return bool(kind == "welcome")

    def link_up(self, send: Callable[[str], bool], reconnect: Callable[[], None]) -> None:
        """The connection is open: ``send`` queues a frame, ``reconnect`` drops the
        connection so that it joins again (both callable from any thread)."""
        with self._lock:
            self._send = send
            self._reconnect = reconnect

    def link_down(self, reason: str, stopped: bool = False) -> None:
        """The connection closed (``stopped``: the table closed it as it stopped)."""
        with self._lock:
            self._send = None
            self._reconnect = None
        self._queue(("stopped" if stopped else "down", reason))

    @property
    def token(self) -> str | None:
        """What takes this session's seats back (once the table has given them)."""
        with self._lock:
            return self._token

    @property
    def linked(self) -> bool:
        """The connection to the table is up (requests can be sent)."""
        with self._lock:
            return self._send is not None

    @property
    def finished(self) -> bool:
        """Nothing more to connect for: refused for good, left, or the game is over."""
        with self._lock:
            return self._fatal or self._over

    def close(self) -> None:
        """Leave the table (the seat stays this player's: the token takes it back)."""
        self.request(Bye())
        with self._lock:
            self._fatal = True
        self._queue(("closed", ""))

    def _queue(self, item: dict[str, Any] | tuple[str, str]) -> None:
        self._inbox.append(item)
        if self.wake is not None:
            self.wake()

    # ------------------------------------------------------------------ the player's side
    def my_turn(self) -> int | None:
        """The seat of this session whose action the table waits for now, if any."""
        game = self.game
        if (game is None or game.over or self.status != Status.PLAYING
                or self.pending is not None or game.current not in self.seats
                or self.table.stand_in(game.current) or self.table.paused is not None):
            return None
        return game.current

    def act(self, action: Action) -> bool:
        seat = self.my_turn()
        if seat is None or self.game is None:
            return False
        return self._ask(Act(seat=seat, n=len(self.game.moves), action=str(action)))

    def undo(self) -> bool:
        seat = self.my_turn()
        if seat is None or self.game is None or not self.game.can_undo:
            return False
        return self._ask(Undo(seat=seat, n=len(self.game.moves)))

    def resign(self, seat: int | None = None) -> bool:
        """Give up the game for one of this session's seats (the first by default)."""
        seat = self.seats[0] if seat is None and self.seats else seat
        return seat in self.seats and self.request(Resign(seat=seat))

    def rematch(self) -> bool:
        """Play again: after the end, accept the table's next game; in a game begun without
        this player, take the seats back from the computer."""
        return self.request(Rematch())

    def accepted(self) -> bool:
        """This session's seats play the table's next game (the table's last word)."""
        return bool(self.seats) and all(self.table.accepted(i) for i in self.seats)

    def sitting_out(self) -> bool:
        """The table's game under way began without this session's player."""
        return self.table.state == TableState.PLAYING and any(self.table.out(i) for i in self.seats)

    def host(self, op: str, seat: int | None = None, kind: str | None = None) -> bool:
        return self.request(Host(op=op, seat=seat, kind=kind))

    def say(self, text: str) -> bool:
        """A line of chat (the table refuses one too long, too fast, or muted)."""
        try:
            line = clean_chat(text)
        except ValueError:
            return False
        return self.request(Say(text=line))

    def _ask(self, message: Act | Undo) -> bool:
        if not self.request(message):
            return False
        self.pending = message.n
        return True

    def request(self, message: Message | dict[str, Any]) -> bool:
        with self._lock:
            send = self._send
        text = message.encoded() if isinstance(message, Message) else encode(message)
        return send is not None and send(text)

    def finished_game(self) -> Game | None:
        """Once the game is over: the table's real game, replayed from its seed and moves
        (for a save and the history), when it is the game this session followed; else
        None (``account`` says why)."""
        account = self.account()
        return account.game if account is not None and account.verified else None

    def account(self) -> Account | None:
        """Once the game is over: the table's account of it (its seed and moves) checked
        against what this session was told; None before the end."""
        if self.seed is None or self.end is None:
            return None
        key = (self.seed, self.end, len(self.history),
               self.history[-1].chain if self.history else None)
        if self._account is not None and self._account[0] == key:
            return self._account[1]
        if self.game is None or self.tileset is None or self.started is None:
            account = Account(None, Mismatch(Why.NO_GAME, None))
        else:
            reason, scores = self.end
            account = verify(Told(self.tileset, self.game.players, self.game.chosen_options,
                                  self.game.seats, self.game.opening, self.history, self.seed,
                                  reason, scores))
        self._account = (key, account)
        return account

    def _checked(self) -> Account | None:
        """The account of the game just ended, for its ``Ended`` (a rematch may begin the
        table's next game in the same poll)."""
        try:
            return self.account()
        except (RulesError, ValueError) as exc:  # the seed does not give the table's game
            self.problem = f"the finished game does not replay ({exc})"
            self.fault = Fault(Trouble.NO_REPLAY, detail=str(exc))
            return None

    # ------------------------------------------------------------------ reading
    def poll(self) -> list[Happening]:
        """Apply what the table sent since the last poll; what happened, in order."""
        out: list[Happening] = []
        while self._inbox:
            item = self._inbox.popleft()
            if isinstance(item, tuple):
                self._link_event(item, out)
                continue
            if self.status == Status.FAILED or (self._awaiting_game and item["type"] in (
                    "move", "sync", "undo", "over")):
                continue  # given up on, or waiting for the game anew: the rest is not read
            try:
                self._apply(item, out)
            except (ReplicaError, RulesError, KeyError, ValueError, TypeError,
                    IndexError) as exc:  # the table's messages do not fit: never a crash
                self._spoiled(str(exc) or type(exc).__name__)
        game = self.game
        with self._lock:
            self._resume = (len(self.history), self.history[-1].chain if self.history else
                            (self.started["chain"] if self.started else None))
            if game is None:
                self._resume = (0, None)
        return out

    def _link_event(self, item: tuple[str, str], out: list[Happening]) -> None:
        kind, text = item
        if kind in ("down", "stopped"):
            self.stopped = kind == "stopped"
        if kind in ("down", "stopped") and self.status not in (Status.FAILED, Status.CLOSED):
            self.down_reason = text
            self.pending = None
            with self._lock:
                fatal = self._fatal
            if self.status == Status.OVER:
                pass  # a finished game stays finished, however the table left
            elif fatal:
                self.status = Status.FAILED
                self.problem = self.problem or text
            else:  # the table's last word says whether it paused
                self.status = Status.PAUSED if self.table.paused else Status.RECONNECTING
            out.append(TableChanged())
        elif kind == "closed":
            self.status = Status.CLOSED
        elif kind == "bad" and self.status != Status.FAILED:
            out.append(Refusal("bad-message", text))
            self._unreadable += 1
            if self._unreadable >= MAX_UNREADABLE:
                self._fail(f"the table sent {self._unreadable} messages this game cannot "
                           f"read (the last: {text})", Fault(Trouble.UNREADABLE, detail=text))

    def _apply(self, m: dict[str, Any], out: list[Happening]) -> None:
        kind = m["type"]
        if kind == "welcome":
            seats = tuple(m["you"])
            if len(set(seats)) != len(seats) or any(i >= len(m["table"]["seats"])
                                                    for i in seats):
                self._fail("the table gave this player seats it does not have",
                           Fault(Trouble.SEATS))
                return
            self.seats = seats
            self.is_host = bool(m["host"])
            self.pending = None
            self.stopped = False
            self._table(m["table"], out)
        elif kind == "table":
            self._table(m["table"], out)
        elif kind == "start":
            next_game = bool(self.round) and m["round"] > self.round
            if next_game:  # the table's next game begins
                self.seed = None
                if self.status == Status.OVER:
                    self.status = Status.PLAYING
                out.append(Rematched(m["round"]))
            self.round = m["round"]
            self._start(m, next_game)
            out.append(Rebuilt())
        elif kind == "sync":
            self._sync(m, out)
        elif kind == "move":
            self._move(Step.from_json(m), out)
        elif kind == "undo":
            self._take_back(m["n"], m["chain"])
            out.append(TookBack(m["n"]))
        elif kind == "over":
            self.seed = m["seed"]
            self.end = (m["reason"], tuple(m["scores"]))
            self.status = Status.OVER
            out.append(Ended(EndReason(m["reason"]), m["seed"], self._checked(),
                             tuple(m["resigned"])))
        elif kind == "chat":
            self._said(m["lines"], out)
        elif kind == "error":
            self.pending = None
            if m.get("fatal") and m["code"] not in TRANSIENT:
                self.problem, self.refused = m["message"], m["code"]
                if self.status != Status.OVER:  # a finished game stays finished
                    self.status = Status.FAILED
            out.append(Refusal(m["code"], m["message"]))

    def _said(self, lines: list[dict[str, Any]], out: list[Happening]) -> None:
        """Chat lines: those not seen yet are kept (a member who joins again gets the
        table's kept lines again), the last ``CHAT_KEPT``."""
        seen = self.chat[-1].n if self.chat else 0
        new = [ChatLine.from_json(line) for line in lines if line["n"] > seen]
        if new:
            self.chat = (self.chat + new)[-CHAT_KEPT:]
            out.append(Said(tuple(new)))

    def _table(self, info: dict[str, Any], out: list[Happening]) -> None:
        if self.game is not None and len(info["seats"]) != len(self.game.players):
            raise ReplicaError(f"the table describes {len(info['seats'])} seats for a game "
                               f"of {len(self.game.players)} players")
        self.table = TableView(info)
        if self.status not in (Status.FAILED, Status.CLOSED, Status.OVER):
            self.status = {TableState.LOBBY: Status.LOBBY, TableState.OVER: Status.OVER}.get(
                info["state"], Status.PLAYING)
        out.append(TableChanged())

    def _start(self, m: dict[str, Any], next_game: bool = False) -> None:
        g = m["game"]
        if self.table.info and len(self.table.seats) != len(g["players"]):
            raise ReplicaError(f"a game of {len(g['players'])} players at a table of "
                               f"{len(self.table.seats)} seats")
        try:
            tileset = self.registry.ruleset(g["id"], g["expansions"])
        except KeyError as exc:
            missing = tuple(s for s in (g["id"], *g["expansions"])
                            if s not in self.registry.sets) or (g["id"], *g["expansions"])
            self._fail(f"this game cannot play that table: {str(exc).strip(chr(39))}",
                       Fault(Trouble.NO_TILESET, missing))
            return
        theirs = {k: v for k, v in g["fingerprints"]}
        changed = [k for k, v in tileset.fingerprints.items() if theirs.get(k) != v]
        if changed or set(theirs) != set(tileset.fingerprints):
            named = tuple(changed or theirs)
            self._fail(f"the table plays another version of {', '.join(named)}: "
                       f"play with the same version of the game as the host",
                       Fault(Trouble.OTHER_VERSION, named))
            return
        self.tileset, self.started = tileset, m
        # the same game sent again: the turns this copy saw confirmed, to tell any the
        # table no longer has (its next game owes nothing to the last one's turns)
        confirmed = [] if next_game else [s.n + 1 for s in self.history if s.ends_turn]
        self._confirmed = confirmed[-1] if confirmed else 0
        self._awaiting_game = False
        self.history = []
        self.pending = None
        self.game = self._fresh()
        if Digest.of(self.game) != Digest.from_json(m["digest"]):
            raise ReplicaError("the game begins otherwise here than at the table")

    def _fresh(self) -> Replica:
        assert self.started is not None and self.tileset is not None
        g = self.started["game"]
        return Replica(self.tileset, g["players"], {k: v for k, v in g["options"]},
                       self.seats, Deal.from_json(self.started["opening"]))

    def _sync(self, m: dict[str, Any], out: list[Happening]) -> None:
        first = m["from"]
        if self.game is None or first > len(self.history):
            raise ReplicaError("the table's moves start after this copy's")
        steps = [Step.from_json(s) for s in m["moves"]]
        if first < len(self.history):
            # keep what agrees with the table; drop the rest (taken back while away)
            same = first
            while (same < len(self.history) and same - first < len(steps)
                   and self.history[same].chain == steps[same - first].chain):
                same += 1
            if same < len(self.history):
                self._truncate(same)
                out.append(Rebuilt())
            steps = steps[same - first:]
        for step in steps:
            self._move(step, out)
        if len(self.history) < self._confirmed:  # the table restarted from an older save
            out.append(Lost(self._confirmed - len(self.history)))
        self._confirmed = 0

    def _move(self, step: Step, out: list[Happening]) -> None:
        game = self.game
        if game is None:
            raise ReplicaError("a move before the game began")
        if step.n < len(self.history) and self.history[step.n].chain == step.chain:
            return  # seen already (it came again over a new connection)
        expected = chain_next(self.history[-1].chain if self.history else
                              str(self.started["chain"] if self.started else ""), step.action)
        if step.chain != expected:
            raise ReplicaError("the table's moves and this copy's differ")
        before = len(game.notices)
        events = game.follow(step)
        self.history.append(step)
        self.pending = None
        self._spoils = 0
        out.append(Moved(step, parse_action(step.action), events, game.notices[before:]))

    def _take_back(self, n: int, chain: str) -> None:
        if n > len(self.history) or (n and self.history[n - 1].chain != chain):
            raise ReplicaError("the table took back a move this copy does not have")
        self._truncate(n)

    def _truncate(self, n: int) -> None:
        """Rebuild the game from the opening and the first ``n`` steps."""
        self.history = self.history[:n]
        self.pending = None
        self.game = self.game_at(n)

    def game_at(self, moves: int) -> Replica:
        """The game as it stood after ``moves`` moves (a history's slider), rebuilt."""
        game = self._fresh()
        for step in self.history[:moves]:
            game.follow(step)
        return game

    def _spoiled(self, why: str) -> None:
        """This copy no longer agrees with the table: rebuild it from the table's moves."""
        self.game, self.history, self.started = None, [], None
        self.problem = why
        self._awaiting_game = True
        self._spoils += 1
        if self._spoils >= MAX_SPOILS:  # again and again: the table itself is at fault
            self._fail(f"the table's messages do not fit its own game ({why})",
                       Fault(Trouble.MISFIT, detail=why))
            return
        with self._lock:
            self._resume = (0, None)
            reconnect = self._reconnect
        if reconnect is not None:
            reconnect()

    def _fail(self, why: str, fault: Fault) -> None:
        """Leave the table for good: ``why`` in English (the headless player's words),
        ``fault`` for a window to word."""
        self.status, self.problem, self.fault = Status.FAILED, why, fault
        with self._lock:
            self._fatal = True
            reconnect = self._reconnect
        if reconnect is not None:
            reconnect()  # the connection then sees it is finished
