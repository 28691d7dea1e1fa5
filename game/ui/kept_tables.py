"""The network tables this computer sits at, kept between runs until their game ends or the
player removes them, so that none is lost when another game is played meanwhile: a table
this window hosts is served again from its file in the data folder's ``hosted-tables``, a
table it joined is joined again and its seat taken back with the token kept beside
(``game.net.tokens``).  The title's Continue offers the one played last, the Load list shows
them all.

One small record per table in the data folder's ``tables`` folder (``CODE.table.json``,
written atomically when the game is first seen, after each turn and when the table stands
still or goes on): where the table is, the seat and the name it is played under, what the
Load list shows of it, and whether its host (or its server) had stopped it when this window
last heard from it, which a window started again says while the table does not answer.  A
table is listed while it is unfinished: a hosted one while its file says its game is under
way (its file tells the players, scores and turn), a joined one while its seat's token is
kept (forgotten when the game ends here).  Hosted tables whose record is missing (kept by an
older version) are listed from their files alone.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.net.links import Link
from game.net.terms import PauseReason, SeatKind, TableState
from game.net.tokens import Tokens
from game.store.storage import atomic_write, read_small

log = logging.getLogger(__name__)
RECORD = ".table.json"  # a record's file: CODE.table.json
LOOPBACK = "127.0.0.1"  # where a window joins the table it hosts
# The pauses a table does not answer during (``Paused.reason``).
STOPPED = (PauseReason.HOST_LEFT, PauseReason.SERVER_STOPPED)


@dataclass(frozen=True)
class KeptTable:
    link: Link  # where it is joined (a hosted one: this computer, on the port it had)
    hosting: bool  # this window serves it (Continue serves it again)
    seat: int | None  # the seat a joined table's token takes back (a host's: None)
    name: str  # the player's name at the table
    game: str  # its tile set
    expansions: tuple[str, ...]
    players: tuple[str, ...]
    scores: tuple[int, ...] | None = None  # as last seen here
    turn: int | None = None
    path: Path = Path()  # the file whose time says when it was last played here
    # Why the table stood still when this window last heard from it: its host left it
    # ("host", ``paused_by`` naming them) or its server stopped ("server"); None: it played on.
    paused: str | None = None
    paused_by: str = ""

    @property
    def code(self) -> str:
        return self.link.code

    def played_at(self) -> float:
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0

    def to_json(self) -> str:
        return json.dumps({"format": 1, "code": self.code, "host": self.link.host,
                           "port": self.link.port, "secure": self.link.secure,
                           "hosting": self.hosting, "seat": self.seat,
                           "name": self.name, "game": self.game,
                           "expansions": list(self.expansions), "players": list(self.players),
                           "scores": None if self.scores is None else list(self.scores),
                           "turn": self.turn, "paused": self.paused,
                           "paused_by": self.paused_by},
                          ensure_ascii=False)


class KeptTables:
    def __init__(self, folder: Path, hosted: Path) -> None:
        self.folder = folder  # the records, beside the seats' tokens
        self.hosted = hosted  # the files of the tables this window hosts
        self.tokens = Tokens(folder)

    def _path(self, code: str) -> Path:
        return self.folder / f"{code}{RECORD}"

    def put(self, table: KeptTable) -> None:
        """Keep (or bring up to date) a table's record; OSError if it cannot be written."""
        atomic_write(self._path(table.code), table.to_json())

    def get(self, code: str) -> KeptTable | None:
        """The table's record, if this computer keeps one (and it can be read)."""
        path = self._path(code)
        return _record(path) if path.is_file() else None

    def forget(self, code: str) -> None:
        """The table's game is over here: nothing to take back."""
        with contextlib.suppress(OSError):
            self._path(code).unlink()

    def remove(self, table: KeptTable) -> None:
        """The player removes an unfinished table: a joined one's seat is no longer taken
        back, a hosted one's game is deleted (nobody can play it on).  OSError if its files
        cannot be removed."""
        if table.hosting:
            (self.hosted / f"{table.code}.json").unlink(missing_ok=True)
        elif table.seat is not None:
            self.tokens.forget(table.link, table.seat)
        self._path(table.code).unlink(missing_ok=True)

    def listed(self, ports: Mapping[str, int] | None = None, port: int = 0) -> list[KeptTable]:
        """Every unfinished table, the one played last first.  A hosted table without a
        record is joined on the port ``ports`` names for its code, else on ``port``."""
        records = self._records()
        out: list[KeptTable] = []
        with contextlib.suppress(OSError):
            for path in sorted(self.hosted.glob("*.json")):
                record = records.pop(path.stem, None)
                found = _hosted(path, record, (ports or {}).get(path.stem, port))
                if found is not None:
                    out.append(found)
        for record in records.values():
            if not record.hosting and record.seat is not None \
                    and self.tokens.get(record.link, record.seat) is not None:
                out.append(record)
        return sorted(out, key=lambda t: t.played_at(), reverse=True)

    def _records(self) -> dict[str, KeptTable]:
        found: dict[str, KeptTable] = {}
        with contextlib.suppress(OSError):
            for path in self.folder.glob(f"*{RECORD}"):
                table = _record(path)
                if table is not None:
                    found[table.code] = table
        return found


def _record(path: Path) -> KeptTable | None:
    """A table's record; None (and a line in the log) when it cannot be read."""
    try:
        data = json.loads(read_small(path))
        code, port = _text(data["code"]), _int(data["port"])
        if not (code.isalnum() and code.isupper() and path.name == f"{code}{RECORD}"
                and 0 < port < 65536):
            raise ValueError("not a table's code and port")
        link = Link(_text(data["host"]), port, code, data.get("secure") is True)
        seat = data["seat"]
        scores = data["scores"]
        paused = data.get("paused")  # not in the records of older versions
        return KeptTable(link, data["hosting"] is True,
                         _int(seat) if seat is not None else None, _text(data["name"]),
                         _text(data["game"]), _texts(data["expansions"]),
                         _texts(data["players"]),
                         None if scores is None else tuple(_int(s) for s in scores),
                         None if data["turn"] is None else _int(data["turn"]), path,
                         paused if paused in STOPPED else None,
                         _text(data.get("paused_by") or ""))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("a kept table's record cannot be read: %s: %s", path.name, exc)
        return None


def _hosted(path: Path, record: KeptTable | None, port: int) -> KeptTable | None:
    """A hosted table from its file, if its game is under way (the players, scores and turn
    as its last saved turn left them)."""
    try:
        data: Any = json.loads(read_small(path))
        if data.get("state") != TableState.PLAYING:
            return None
        game = data["game"]
        summary = game.get("summary") or {}
        scores = summary.get("scores")
        turn = summary.get("turn")
        host = next((s["name"] for s in data["seats"] if s.get("kind") == SeatKind.HOST), "")
        return KeptTable(Link(LOOPBACK, record.link.port if record else port, path.stem),
                         True, None, _text(host) if host else (record.name if record else ""),
                         _text(game["game"]), _texts(game.get("expansions", [])),
                         _texts(game["players"]),
                         tuple(_int(s) for s in scores) if isinstance(scores, list) else None,
                         turn if isinstance(turn, int) else None, path)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("a hosted table cannot be listed: %s: %s", path.name, exc)
        return None


def _text(value: object) -> str:
    if not isinstance(value, str) or not value.isprintable() or len(value) > 200:
        raise ValueError("not a short text")
    return value


def _texts(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 20:
        raise ValueError("not a short list of texts")
    return tuple(_text(v) for v in value)


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("not a whole number")
    return value

