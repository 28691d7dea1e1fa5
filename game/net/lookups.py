"""Looks at a server's tables without joining them: how the tables of a player's kept tokens
stand (``peek``), and the public tables of a server with a lobby (``list``).

A peek names each table by its code and the token of a seat there; the table says how it
stands (its state, players, whose turn, the moves played, the time left of a correspondence
move) only to a token that takes a seat at it, and ``gone`` otherwise: a wrong token learns
nothing, not even that the code is a table's.  The same answer is read from a table this
process serves (``standing``) or from a table's record in a shared store (``standing_of``),
which keeps whose turn it is and when a correspondence move began for this purpose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .seats import token_hash
from .table import Table
from .terms import TableState

GONE = "gone"


def gone(code: str) -> dict[str, Any]:
    return {"code": code, "state": GONE}


def standing(table: Table, token: str, now: float) -> dict[str, Any]:
    """How ``table`` stands for the holder of ``token``."""
    hashed = token_hash(token)
    you = [i for i, s in enumerate(table.seats) if s.token == hashed]
    if not you:
        return gone(table.code)
    out: dict[str, Any] = {"code": table.code, "state": table.state,
                           "game": table.config.game,
                           "expansions": list(table.config.expansions),
                           "players": [s.name for s in table.seats], "you": you,
                           "per_move": table.config.per_move}
    if table.state == TableState.PLAYING and table.game is not None:
        left = table.time_left(now)
        out.update(turn=table.game.current, moves=len(table.game.moves),
                   left=None if left is None else int(max(0.0, left) * 1000))
    return out


def standing_of(record: Mapping[str, Any], moves: int, token: str, wall: float
                ) -> dict[str, Any]:
    """How a table stands as its record in a store says (``moves``: its move log's length;
    ``wall``: the wall clock now, seconds)."""
    code = str(record["code"])
    hashed = token_hash(token)
    seats = record["seats"]
    you = [i for i, s in enumerate(seats) if s.get("token") == hashed]
    if not you:
        return gone(code)
    config = record["config"]
    per_move = config.get("per_move")
    out: dict[str, Any] = {"code": code, "state": record["state"], "game": config["game"],
                           "expansions": list(config["expansions"]),
                           "players": [s["name"] for s in seats], "you": you,
                           "per_move": per_move}
    if record["state"] == TableState.PLAYING:
        current = record.get("current")
        left = None
        clocks, began = record.get("clocks"), record.get("began")
        if per_move is not None and isinstance(current, int) and clocks and began is not None:
            left = max(0, int(clocks[current] - (wall * 1000 - began)))
        out.update(turn=current, moves=moves, left=left)
    return out


def listed(table: Table, now: float) -> dict[str, Any] | None:
    """A public table as a lobby lists it (None: it is not listed)."""
    if not table.config.public or table.state == TableState.OVER:
        return None
    return {"code": table.code, "table": table.info(now)}
