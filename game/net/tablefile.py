"""A table on disk: its seats and settings, and its game in the save format of one screen.

The game part is exactly what ``game.savefile`` writes for a game on one screen (set-up,
seed, moves: a game is its seed plus its moves), so a finished table's game loads like any
save; the table part adds the join code, the seats (with the hash of each seat's token,
never the token), the clocks and the settings.  Files are written atomically
(``storage.atomic_write``); reading checks every field first (this module's schema for the
table, ``savefile.check_shape`` for the game) and replays the moves through the table, so a
restarted server has every step it had, ready to send again.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.registry import Registry
from game.savefile import SAVE_FORMAT, SavedGame, SaveError, check_shape
from game.storage import atomic_write, read_small

from .schema import problem
from .seats import COMPUTER, HOST, OPEN, PLAYER, Seat, TableConfig
from .table import LOBBY, OVER, PLAYING, Table, rebuild

log = logging.getLogger("game.net.server")
TABLE_FORMAT = 1
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
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**63},
        "state": {"enum": [LOBBY, PLAYING, OVER]},
        "reason": {"enum": ["", "end", "resigned"]},
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
                       "aids": {"type": "boolean"}}},
        "seats": {"type": "array", "minItems": 1, "maxItems": 8, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["kind", "name", "level", "token", "resigned"],
            "properties": {"kind": {"enum": [OPEN, PLAYER, COMPUTER, HOST]}, "name": _NAME,
                           "level": {"anyOf": [{"type": "null"}, _WORD]}, "token": _HASH,
                           "resigned": {"type": "boolean"}}}},
        "clocks": {"anyOf": [{"type": "null"},
                             {"type": "array", "items": _MS, "maxItems": 8}]},
        "game": {"anyOf": [{"type": "null"}, {"type": "object"}]},
    }}


def table_json(table: Table) -> str:
    c = table.config
    game = None
    if table.game is not None:
        seats = [s.level or "human" for s in table.seats]
        saved = SavedGame.of(table.game, c.game, c.expansions, COLOURS[:len(table.seats)],
                             seats)
        game = {"format": SAVE_FORMAT, **vars(saved)}  # as saved.to_json() writes it
    data = {
        "format": TABLE_FORMAT, "uid": table.uid, "code": table.code, "host": table.host_key,
        "seed": table.seed, "state": table.state, "reason": table.reason,
        "config": {"game": c.game, "expansions": list(c.expansions),
                   "options": [[k, v] for k, v in c.options], "seats": list(c.seats),
                   "names": list(c.names), "clock": list(c.clock) if c.clock else None,
                   "takeover": c.takeover, "stand_in": c.stand_in, "auto_start": c.auto_start,
                   "pace_ms": int(c.pace * 1000), "colours": list(c.colours), "aids": c.aids},
        "seats": [{"kind": s.kind, "name": s.name, "level": s.level, "token": s.token,
                   "resigned": s.resigned} for s in table.seats],
        "clocks": None if table.clocks is None else [int(c * 1000) for c in table.clocks],
        "game": game}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def save_table(table: Table, folder: Path) -> Path:
    path = folder / f"{table.code}.json"
    atomic_write(path, table_json(table))
    return path


def load_table(path: Path, registry: Registry, now: float) -> Table:
    """The table a file holds, its game replayed; ``SaveError`` naming the problem."""
    try:
        data = json.loads(read_small(path))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError(path, f"cannot be read ({type(exc).__name__})") from None
    found = problem(data, FILE_SCHEMA)
    if found:
        raise SaveError(path, found)
    c = data["config"]
    try:
        config = TableConfig(c["game"], tuple(c["expansions"]),
                             tuple((k, v) for k, v in c["options"]), tuple(c["seats"]),
                             tuple(c["names"]), tuple(c["clock"]) if c["clock"] else None,
                             c["takeover"], c["stand_in"], c["auto_start"], c["pace_ms"] / 1000,
                             tuple(c.get("colours", ())), c.get("aids", True))
        table = Table(config, registry, data["code"], data["uid"], data["seed"], data["host"])
        if len(data["seats"]) != len(table.seats):
            raise ValueError("the seats do not match the settings")
        table.seats = [Seat(s["kind"], s["name"], s["level"], s["token"], s["resigned"])
                       for s in data["seats"]]
        if data["state"] != LOBBY:
            _replay(table, data, path, now)
    except (KeyError, ValueError) as exc:
        raise SaveError(path, str(exc).strip("'\"")) from None
    if data["clocks"] is not None and table.clocks is not None:
        table.clocks = [ms / 1000 for ms in data["clocks"]][:len(table.seats)]
    table.turn_began = now
    for seat in table.seats:  # everyone is away until they come back
        seat.away_since = now
    return table


def _replay(table: Table, data: dict[str, Any], path: Path, now: float) -> None:
    if data["game"] is None:
        raise ValueError("a game under way without its moves")
    saved = SavedGame(**check_shape(data["game"], path))
    if saved.seed != table.seed or saved.players != [s.name for s in table.seats]:
        raise ValueError("the game does not belong to this table")
    if saved.forced:
        raise ValueError("a table's game has no forced outcomes")
    table.start(now, earlier_dealing=saved.earlier_dealing)
    rebuild(table, saved.moves, now)
    if data["state"] == OVER and table.state != OVER:
        table.state, table.reason = OVER, data["reason"] or "resigned"
    if table.state == OVER and data["state"] != OVER:
        raise ValueError("the game ended in the replay but not in the file")
    if table.state == PLAYING and data["state"] != PLAYING:
        raise ValueError("the game is under way in the replay")


class Saver:
    """Saves tables off the event loop: the file is written in a worker thread; a table is
    never written twice at once, and a save asked for during a write comes right after it
    (with the table as it then stands).  No folder: nothing is saved.

    A write that fails (a full disk, a folder made read-only) is told (``told(table,
    problem)``) and tried again every ``retry`` seconds, with the table as it then stands;
    the first write that succeeds again is told too (``told(table, None)``)."""

    def __init__(self, folder: Path | None,
                 told: Callable[[Table, OSError | None], None] | None = None,
                 retry: float = 5.0) -> None:
        self.folder = folder
        self.told = told
        self.retry = retry
        self.failing: dict[str, OSError] = {}  # tables whose last write failed, by code
        self._again: dict[str, bool] = {}  # tables being written: whether to write again
        self._tasks: set[asyncio.Task[None]] = set()
        self._retries: dict[str, asyncio.TimerHandle] = {}
        self._stopped = False

    def want(self, table: Table) -> None:
        if self.folder is None:
            return
        if table.code in self._again:
            self._again[table.code] = True
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop yet (a table made before serving)
            try:
                save_table(table, self.folder)
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
                await asyncio.to_thread(atomic_write, path, table_json(table))
                if not self._again.get(table.code):
                    break
        except OSError as exc:
            problem = exc
        finally:
            self._again.pop(table.code, None)
        self._result(table, problem)
        if problem is not None and not self._stopped:
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

    def stop_retrying(self) -> None:
        """No more tries later (the server stops): what is asked for now is still written."""
        self._stopped = True
        for handle in self._retries.values():
            handle.cancel()
        self._retries.clear()

    async def drain(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
