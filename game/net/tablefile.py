"""A table on disk: its seats and settings, and its game in the save format of one screen.

The game part is exactly what ``game.store.savefile`` writes for a game on one screen (set-up,
seed, moves: a game is its seed plus its moves), so a finished table's game loads like any
save; the table part adds the join code, the seats (with the hash of each seat's token,
never the token), the clocks and the settings.  Files are written atomically
(``storage.atomic_write``); reading checks every field first (this module's schema for the
table, ``savefile.check_shape`` for the game), then that the fields agree with each other and
with the table they make (its seats, clocks, game and state), replays the moves through the
table, so a restarted server has every step it had, ready to send again, and last that the
messages the table would send are ones its clients accept (``carried``).  Whatever is wrong
with a file, reading it raises ``SaveError`` and nothing else.

When a table begins its rematch, the finished game's file is first kept aside in the folder
``finished`` beside the tables (``finished/CODE-1.json`` for the table's first game, and so
on), then the table's own file goes on with the new game.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.ai import LEVELS
from game.rules.registry import Registry
from game.store.savefile import SAVE_FORMAT, Person, SavedGame, SaveError, check_shape
from game.store.storage import atomic_write, read_small

from .carried import CLOCK_MS_MOST, PER_MOVE_LEAST, PER_MOVE_MOST, uncarried
from .chat import CHAT_KEPT, ChatLine
from .messages import DEFS as MESSAGE_DEFS
from .schema import problem
from .sealed import SCHEMA as SEALED_SEED
from .sealed import Seal, SealError
from .seats import Refused, Seat, TableConfig, clean_name
from .table import Table, rebuild
from .terms import EndReason, SeatKind, TableState, Watchers

log = logging.getLogger("game.net.table_server")
TABLE_FORMAT = 1
FINISHED = "finished"  # the folder, beside the tables, of the games a rematch followed
# The seat colours a table's save names, in seat order (the window's palette names).
COLOURS = ("red", "blue", "yellow", "green", "black", "purple")

_WORD = {"type": "string", "pattern": "^[A-Za-z0-9_.+-]{1,100}$"}
_HASH = {"anyOf": [{"type": "null"}, {"type": "string", "pattern": "^[0-9a-f]{64}$"}]}
_MS = {"type": "integer", "minimum": 0, "maximum": 10**10}
_OPTION = {"type": "array", "minItems": 2, "maxItems": 2,
           "items": {"anyOf": [_WORD, {"type": "integer", "minimum": -10**9,
                                       "maximum": 10**9}]}}
_NAME = {"type": "string", "minLength": 1, "maxLength": 24}
FILE_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["format", "uid", "code", "host", "seed", "state", "reason", "config", "seats",
                 "clocks", "game"],
    "properties": {
        "format": {"const": TABLE_FORMAT},
        "uid": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
        "code": {"type": "string", "pattern": "^[0-9A-Z]{4,16}$"},
        "host": _HASH,
        # in clear, or sealed while the game is played (``sealed``)
        "seed": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 2**63}, SEALED_SEED]},
        "round": {"type": "integer", "minimum": 1, "maximum": 10**6},
        "state": {"enum": [s.value for s in TableState]},
        "reason": {"enum": ["", *EndReason]},
        "config": {"type": "object", "additionalProperties": False,
                   "required": ["game", "expansions", "options", "seats", "names", "clock",
                                "takeover", "stand_in", "auto_start", "pace_ms"],
                   "properties": {
                       "game": _WORD,
                       "expansions": {"type": "array", "items": _WORD, "maxItems": 20},
                       "options": {"type": "array", "items": _OPTION, "maxItems": 100},
                       "seats": {"type": "array", "items": _WORD, "minItems": 1, "maxItems": 8},
                       "names": {"type": "array", "items": _NAME, "maxItems": 8},
                       "clock": {"anyOf": [{"type": "null"},
                                           {"type": "array", "items": _MS, "minItems": 2,
                                            "maxItems": 2}]},
                       "takeover": _MS, "stand_in": _WORD, "auto_start": {"type": "boolean"},
                       "pace_ms": _MS,
                       "colours": {"type": "array", "items": _WORD, "maxItems": 8},
                       "aids": {"type": "boolean"},
                       "per_move": {"type": "integer", "minimum": PER_MOVE_LEAST,
                                    "maximum": PER_MOVE_MOST},
                       "watchers": {"enum": [w.value for w in Watchers]},
                       "public": {"type": "boolean"}}},
        "seats": {"type": "array", "minItems": 1, "maxItems": 8, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["kind", "name", "level", "token", "resigned"],
            "properties": {"kind": {"enum": [k.value for k in SeatKind]}, "name": _NAME,
                           "level": {"anyOf": [{"type": "null"}, _WORD]}, "token": _HASH,
                           "resigned": {"type": "boolean"}, "rematch": {"type": "boolean"},
                           "out": {"type": "boolean"}}}},
        "clocks": {"anyOf": [{"type": "null"},
                             {"type": "array", "maxItems": 8,
                              "items": {"type": "integer", "minimum": 0,
                                        "maximum": CLOCK_MS_MOST}}]},
        "game": {"anyOf": [{"type": "null"}, {"type": "object"}]},
        # Written only when they say something (a table file stays readable by the
        # versions before them until it uses what they add):
        "chat": {"type": "array", "maxItems": CHAT_KEPT, "items": MESSAGE_DEFS["chat-line"]},
        "muted": {"type": "array", "maxItems": 8, "uniqueItems": True,
                  "items": {"type": "integer", "minimum": 0, "maximum": 7}},
        "spectators_muted": {"const": True},
        "creator": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
        # a correspondence clock's running move began then (wall-clock milliseconds), and
        # whose move it is (for a look at the table without replaying its game)
        "began": {"type": "integer", "minimum": 0, "maximum": 10**14},
        "current": {"type": "integer", "minimum": 0, "maximum": 7},
    }}


def table_json(table: Table, seal: Seal | None = None, moves: bool = True) -> str:
    """The file of a table; with ``seal``, its seed sealed until the game is over (the game
    part then names seed 0); without ``moves``, its game's moves left out (a store that
    keeps them in a log of their own)."""
    c = table.config
    sealed = seal is not None and table.state != TableState.OVER
    game = None
    if table.game is not None:
        seats = [s.level or Person.HUMAN for s in table.seats]
        saved = SavedGame.of(table.game, c.game, c.expansions, COLOURS[:len(table.seats)],
                             seats, with_moves=moves)
        if sealed:
            saved.seed = 0
        game = {"format": SAVE_FORMAT, **vars(saved)}  # as saved.to_json() writes it
        if not saved.order:  # a table never has one: its files stay as they were
            del game["order"]
    seed: object = table.seed
    if seal is not None and sealed:
        seed = seal.seal(table.uid, table.seed)
    data = {
        "format": TABLE_FORMAT, "uid": table.uid, "code": table.code, "host": table.host_key,
        "seed": seed, "state": table.state, "reason": table.reason,
        "config": {"game": c.game, "expansions": list(c.expansions),
                   "options": [[k, v] for k, v in c.options], "seats": list(c.seats),
                   "names": list(c.names), "clock": list(c.clock) if c.clock else None,
                   "takeover": c.takeover, "stand_in": c.stand_in, "auto_start": c.auto_start,
                   "pace_ms": int(c.pace * 1000), "colours": list(c.colours), "aids": c.aids},
        "seats": [_seat_json(s) for s in table.seats],
        "clocks": None if table.clocks is None else [int(c * 1000) for c in table.clocks],
        "game": game}
    if table.round > 1:  # a first game's file stays readable by the versions before rematches
        data["round"] = table.round
    more_config, more = _newer_parts(table, whose_turn=not moves)
    config: dict[str, Any] = data["config"]  # type: ignore[assignment]
    config.update(more_config)
    data.update(more)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _newer_parts(table: Table, whose_turn: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a table has that the files of the versions before chat, spectators and
    correspondence clocks never held: written only when it says something (and whose turn
    it is, ``whose_turn``, in a store's record, read without replaying the game)."""
    c = table.config
    config: dict[str, Any] = {}
    if c.per_move is not None:
        config["per_move"] = c.per_move
    if c.watchers != Watchers.NONE:
        config["watchers"] = c.watchers
    if c.public:
        config["public"] = True
    out: dict[str, Any] = {}
    if table.chat:
        out["chat"] = [line.to_json() for line in table.chat]
    if table.muted:
        out["muted"] = sorted(table.muted)
    if table.spectators_muted:
        out["spectators_muted"] = True
    if table.creator is not None:
        out["creator"] = table.creator
    if whose_turn and table.state == TableState.PLAYING and table.game is not None:
        out["current"] = table.game.current
    if c.per_move is not None and table.running() is not None:
        # the move's start in wall time: served again (here after a restart, or by another
        # process), its clock goes on from where it stood
        out["began"] = max(0, int((table.turn_began + table.epoch) * 1000))
    return config, out


def _seat_json(seat: Seat) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": seat.kind, "name": seat.name, "level": seat.level,
                            "token": seat.token, "resigned": seat.resigned}
    if seat.rematch:
        data["rematch"] = True
    if seat.out:
        data["out"] = True
    return data


def archive_path(folder: Path, table: Table) -> Path:
    """Where the file of the table's game now played is kept once a rematch follows it."""
    return folder / FINISHED / f"{table.code}-{table.round}.json"


def save_table(table: Table, folder: Path, seal: Seal | None = None) -> Path:
    path = folder / f"{table.code}.json"
    atomic_write(path, table_json(table, seal))
    return path


def load_table(path: Path, registry: Registry, now: float, seal: Seal | None = None,
               epoch: float = 0.0) -> Table:
    """The table a file holds, its game replayed; ``SaveError`` naming the problem.  A
    sealed seed is opened with ``seal``; a file with its seed in clear (one written before
    seeds were sealed, or a finished game's) loads as it is."""
    try:
        data = json.loads(read_small(path))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError(path, f"cannot be read ({type(exc).__name__})") from None
    return table_of(data, path, registry, now, seal, epoch)


def table_of(data: Any, path: Path, registry: Registry, now: float, seal: Seal | None = None,
             epoch: float = 0.0) -> Table:
    """The table a file's data make (``path``: where they were read, for the errors)."""
    found = problem(data, FILE_SCHEMA)
    if found:  # the checker calls what it checks a message
        raise SaveError(path, found.replace("the message: ", "", 1))
    seed = data["seed"]
    if isinstance(seed, dict):
        if seal is None:
            raise SaveError(path, "its seed is sealed and no key was given to open it")
        try:
            data["seed"] = seal.unseal(data["uid"], seed)
        except SealError as exc:
            raise SaveError(path, str(exc)) from None
        data["game"] = data["game"] and {**data["game"], "seed": data["seed"]}
    try:
        return _table(data, path, registry, now, epoch)
    except SaveError:
        raise
    except (KeyError, ValueError, Refused) as exc:
        raise SaveError(path, _said(exc)) from None
    except Exception as exc:  # anything else a damaged file leads to is still its problem
        raise SaveError(path, f"cannot be resumed ({type(exc).__name__}: {_said(exc)})"
                        ) from None


def _said(exc: Exception) -> str:
    text = exc.message if isinstance(exc, Refused) else str(exc.args[0] if exc.args else exc)
    return text.strip("'\"")[:200]


def _table(data: dict[str, Any], path: Path, registry: Registry, now: float,
           epoch: float) -> Table:
    c = data["config"]
    config = TableConfig(c["game"], tuple(c["expansions"]),
                         tuple((k, v) for k, v in c["options"]), tuple(c["seats"]),
                         tuple(c["names"]), tuple(c["clock"]) if c["clock"] else None,
                         c["takeover"], c["stand_in"], c["auto_start"], c["pace_ms"] / 1000,
                         tuple(c.get("colours", ())), c.get("aids", True),
                         c.get("per_move"), c.get("watchers", Watchers.NONE),
                         c.get("public", False))
    table = Table(config, registry, data["code"], data["uid"], data["seed"], data["host"])
    table.epoch = epoch
    table.seats = _seats(data["seats"], config)
    table.clocks = _clocks(data["clocks"], config)
    table.round = data.get("round", 1)
    _chat(table, data)
    if data["state"] == TableState.LOBBY:
        if data["game"] is not None or data["reason"] or any(s.resigned for s in table.seats):
            raise ValueError("a table waiting for players with a game, an end or a resignation")
    else:
        _replay(table, data, path, now)
    table.turn_began = now
    if "began" in data and table.running() is not None:  # a correspondence move's start
        table.turn_began = min(now, data["began"] / 1000 - epoch)
    for seat in table.seats:  # everyone is away until they come back
        seat.away_since = now
    _check_messages(table, now)
    return table


def _seats(saved: list[dict[str, Any]], config: TableConfig) -> list[Seat]:
    if len(saved) != len(config.seats):
        raise ValueError("the seats do not match the settings")
    seats = [Seat(SeatKind(s["kind"]), clean_name(s["name"]), s["level"], s["token"], s["resigned"],
                  rematch=s.get("rematch", False), out=s.get("out", False)) for s in saved]
    if len({s.name for s in seats}) != len(seats):
        raise ValueError("two seats have the same name")
    for seat, kind in zip(seats, config.seats, strict=True):
        if (seat.kind == SeatKind.COMPUTER) != (seat.level is not None) or (
                seat.level is not None and seat.level not in LEVELS):
            raise ValueError(f"seat {seat.name!r}: a computer, and only a computer, has a "
                             f"level ({', '.join(LEVELS)})")
        if (seat.kind == SeatKind.HOST) != (kind == SeatKind.HOST):
            raise ValueError(f"seat {seat.name!r} is not what the settings make it")
        if (seat.kind == SeatKind.OPEN and seat.token is not None) or (
                seat.kind == SeatKind.PLAYER and seat.token is None):
            raise ValueError(f"seat {seat.name!r}: a player's seat has a token, an open one "
                             f"none")
    return seats


def _chat(table: Table, data: dict[str, Any]) -> None:
    """The chat kept with the table: its lines, in order, and who is muted."""
    lines = [ChatLine.from_json(line) for line in data.get("chat", [])]
    if any(b.n <= a.n for a, b in itertools.pairwise(lines)):
        raise ValueError("the chat's lines are out of order")
    if any(line.seat is not None and line.seat >= len(table.seats) for line in lines):
        raise ValueError("a chat line of a seat the table does not have")
    table.chat = lines
    table.muted = set(data.get("muted", []))
    if any(i >= len(table.seats) for i in table.muted):
        raise ValueError("a muted seat the table does not have")
    table.spectators_muted = data.get("spectators_muted", False)
    table.creator = data.get("creator")


def _clocks(saved: list[int] | None, config: TableConfig) -> list[float] | None:
    if (saved is None) != (config.clock is None and config.per_move is None):
        raise ValueError("the clocks do not match the settings")
    if saved is None:
        return None
    if len(saved) != len(config.seats):
        raise ValueError(f"{len(saved)} clocks for {len(config.seats)} seats")
    return [ms / 1000 for ms in saved]


def _check_messages(table: Table, now: float) -> None:
    """What the table would tell a client who joins: the clients must accept it."""
    everyone = range(len(table.seats))
    messages = [{"type": "table", "table": table.info(now)}]
    if table.state != TableState.LOBBY:
        messages += [table.start_message(everyone), table.sync_message(everyone, 0)]
    if table.state == TableState.OVER:
        messages.append(table.over_message())
    for message in messages:
        found = uncarried(message)
        if found:
            raise ValueError(f"its clients would refuse its {message['type']} message: "
                             f"{found}")


def _replay(table: Table, data: dict[str, Any], path: Path, now: float) -> None:
    if data["game"] is None:
        raise ValueError("a game under way without its moves")
    saved = SavedGame(**check_shape(data["game"], path))
    c = table.config
    if saved.seed != table.seed or saved.players != [s.name for s in table.seats]:
        raise ValueError("the game does not belong to this table")
    if (saved.game, saved.expansions, saved.options) != (c.game, list(c.expansions),
                                                          dict(c.options)):
        raise ValueError("the game is not the one the settings name")
    if saved.seats != [s.level or Person.HUMAN for s in table.seats] or \
            saved.colours != list(COLOURS[:len(table.seats)]):
        raise ValueError("the game's seats are not the table's")
    if saved.forced or saved.start is not None:
        raise ValueError("a table's game has no forced outcomes and its usual start")
    clocks = None if table.clocks is None else list(table.clocks)  # the replay runs them
    table.start(now, earlier_dealing=saved.earlier_dealing)
    rebuild(table, saved.moves, now)
    table.clocks = clocks  # as saved, not as the replay ran them
    if data["state"] == TableState.OVER and table.state != TableState.OVER:
        table.state, table.reason = TableState.OVER, data["reason"] or EndReason.RESIGNED
    if table.state == TableState.OVER and data["state"] != TableState.OVER:
        raise ValueError("the game ended in the replay but not in the file")
    if table.state == TableState.PLAYING and data["state"] != TableState.PLAYING:
        raise ValueError("the game is under way in the replay")
    if table.state == data["state"] == TableState.OVER and data["reason"] == "":
        raise ValueError("a game over without its reason")
    game = table.game
    if "current" in data and (table.state != TableState.PLAYING or game is None
                              or data["current"] != game.current):
        raise ValueError("whose turn the file says is not the game's")


class Saver:
    """Saves tables off the event loop: the file is written in a worker thread; a table is
    never written twice at once, and a save asked for during a write comes right after it
    (with the table as it then stands).  No folder: nothing is saved.

    ``seal``: the tables' seeds are sealed in their files until their games end.  A finished
    game kept aside for a rematch (``archive``) is written before its table's file.

    A write that fails (a full disk, a folder made read-only) is told (``told(table,
    problem)``) and tried again every ``retry`` seconds, with the table as it then stands
    and the finished games still owed; the first write that succeeds again is told too
    (``told(table, None)``)."""

    def __init__(self, folder: Path | None, seal: Seal | None = None,
                 told: Callable[[Table, OSError | None], None] | None = None,
                 retry: float = 5.0) -> None:
        self.folder = folder
        self.seal = seal  # the tables' seeds sealed in their files until their games end
        self.told = told
        self.retry = retry
        self.failing: dict[str, OSError] = {}  # tables whose last write failed, by code
        self._again: dict[str, bool] = {}  # tables being written: whether to write again
        self._tasks: set[asyncio.Task[None]] = set()
        self._retries: dict[str, asyncio.TimerHandle] = {}
        self._forgotten: set[str] = set()  # tables no longer served: never tried again
        self._discarded: set[str] = set()  # tables closed for good: their files removed
        self._stopped = False
        # finished games to keep aside (path, text) before their table's file is written
        self._archives: dict[str, list[tuple[Path, str]]] = {}

    def archive(self, table: Table) -> None:
        """Keep the table's game as it stands (finished) in a file of its own before the
        table's file is written again (for its rematch)."""
        if self.folder is None:
            return
        self._archives.setdefault(table.code, []).append(
            (archive_path(self.folder, table), table_json(table, self.seal)))

    def _write_archives(self, code: str) -> None:
        """The finished games owed for this table, oldest first (OSError: the rest wait,
        and so does the table's own file)."""
        owed = self._archives.get(code, [])
        while owed:
            path, text = owed[0]
            path.parent.mkdir(exist_ok=True)
            atomic_write(path, text)
            owed.pop(0)

    def want(self, table: Table) -> None:
        if self.folder is None or table.code in self._discarded:
            return
        if table.code in self._again:
            self._again[table.code] = True
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop yet (a table made before serving)
            try:
                self._write_archives(table.code)
                save_table(table, self.folder, self.seal)
            except OSError as exc:
                self._result(table, exc)
            else:
                self._result(table, None)
            return
        retry = self._retries.pop(table.code, None)
        if retry is not None:
            retry.cancel()
        self._again[table.code] = False
        task = loop.create_task(self._write(table, self.folder))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _write(self, table: Table, folder: Path) -> None:
        path = folder / f"{table.code}.json"
        problem: OSError | None = None
        try:
            while True:
                self._again[table.code] = False
                text = table_json(table, self.seal)
                await asyncio.to_thread(self._write_archives, table.code)
                await asyncio.to_thread(atomic_write, path, text)
                if not self._again.get(table.code):
                    break
        except OSError as exc:
            problem = exc
        finally:
            self._again.pop(table.code, None)
        if table.code in self._discarded:
            self._unlink(table.code)
            return
        self._result(table, problem)
        if problem is not None and not self._stopped and table.code not in self._forgotten:
            self._retries[table.code] = asyncio.get_running_loop().call_later(
                self.retry, self.want, table)

    def _result(self, table: Table, problem: OSError | None) -> None:
        failed = self.failing.get(table.code)
        if problem is None:
            if failed is None:
                return
            del self.failing[table.code]
            log.warning("table %s is saved again", table.code)
        else:
            self.failing[table.code] = problem
            if failed is None or str(failed) != str(problem):
                log.error("table %s could not be saved: %s", table.code, problem)
        if self.told is not None:
            self.told(table, problem)

    def forget(self, table: Table) -> None:
        """No more tries later for this table (closed after a failure): a write under way
        still ends."""
        self._forgotten.add(table.code)
        retry = self._retries.pop(table.code, None)
        if retry is not None:
            retry.cancel()
        self.failing.pop(table.code, None)

    def discard(self, table: Table) -> None:
        """The table is closed for good: its file is removed (once a write under way ends)
        and never written again."""
        self.forget(table)
        self._archives.pop(table.code, None)
        self._discarded.add(table.code)
        if table.code not in self._again:  # no write under way: now
            self._unlink(table.code)

    def discarded(self, code: str) -> bool:
        return code in self._discarded

    def _unlink(self, code: str) -> None:
        if self.folder is not None:
            with contextlib.suppress(OSError):
                (self.folder / f"{code}.json").unlink()

    def stop_retrying(self) -> None:
        """No more tries later (the server stops): what is asked for now is still written."""
        self._stopped = True
        for handle in self._retries.values():
            handle.cancel()
        self._retries.clear()

    async def drain(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
