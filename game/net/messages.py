"""The messages of the network protocol: their schema, and reading one safely.

Every message is one JSON object in one WebSocket text frame, with a ``type``.  ``SCHEMA``
is the whole protocol as a JSON Schema document (docs/network.schema.json is this, written
out; docs/network.md tells what each message means).  ``read(text, side)`` turns a frame
into a checked message or raises ``MessageError`` with a code and a sentence: text that is
not JSON, JSON that is not a message of that side, a field of the wrong type or size, a
join in another protocol version.  Each message is declared once, as a class (``Welcome``,
``Act``...): its typed constructor, its wire form (``to_json``) and its schema.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Annotated, Any, ClassVar, TypeVar, dataclass_transform, get_type_hints

from . import PROTOCOL
from .schema import problem
from .terms import EndReason, PauseReason, SeatKind, StandIn, TableState, Watchers

CLIENT, SERVER = "client", "server"

TILE = {"type": "string", "pattern": "^[A-Za-z0-9_.+-]{1,40}$"}
SEAT = {"type": "integer", "minimum": 0, "maximum": 7}
COUNT = {"type": "integer", "minimum": 0, "maximum": 100000}
CHAIN = {"type": "string", "pattern": "^[0-9a-f]{32}$"}
TOKEN = {"type": "string", "pattern": "^[A-Za-z0-9_-]{20,64}$"}
NAME = {"type": "string", "minLength": 1, "maxLength": 24,
        "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]+$"}
WORD = {"type": "string", "pattern": "^[a-z][a-z0-9_-]{0,39}$"}
TEXT = {"type": "string", "maxLength": 400}
ID = {"type": "string", "pattern": "^[A-Za-z0-9_.+-]{1,100}$"}
CODE = {"type": "string", "pattern": "^[0-9A-Z]{4,16}$"}  # a table's code as the table says it
# Why a computer plays a player's seat: its clock ran out (for the rest of the turn), its
# player is away (too long, the host handed it over, or not back yet for a game begun
# without them), or its player resigned.
STAND_IN_REASON = {"enum": list(StandIn)}
CHAT_MOST = 200  # characters a chat line may have
# A chat line: plain text, no control characters, nothing that reorders or hides text
# (direction marks and overrides, zero-width characters, line and paragraph separators).
CHAT_TEXT = {"type": "string", "minLength": 1, "maxLength": CHAT_MOST,
             "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e"
                        "\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\ufeff]+$"}
# Who may watch a table: nobody, spectators, or spectators who may also chat.
WATCHERS = {"enum": [w.value for w in Watchers]}
# A correspondence clock: seconds a player has for each move (an hour to ten days).
PER_MOVE = {"type": "integer", "minimum": 3600, "maximum": 864000}


def _message(kind: str, required: dict[str, Any], optional: dict[str, Any] | None = None,
             description: str = "") -> dict[str, Any]:
    props = {"type": {"const": kind}, **required, **(optional or {})}
    return {"description": description, "type": "object", "properties": props,
            "required": ["type", *required], "additionalProperties": False}


def _array(items: Any, most: int, least: int = 0) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": least, "maxItems": most}


DEFS: dict[str, Any] = {
    "deal": {"type": "object", "additionalProperties": False,
             "required": ["current", "hands", "aside", "deck", "over"],
             "properties": {"current": SEAT,
                            "hands": _array({"anyOf": [_array(TILE, 100),
                                                       {"type": "integer", "minimum": 0,
                                                        "maximum": 100}]}, 8, 1),
                            "aside": _array(TILE, 10000), "deck": COUNT,
                            "over": {"type": "boolean"}}},
    "digest": {"type": "object", "additionalProperties": False,
               "required": ["scores", "current", "phase", "deck", "hands", "aside", "figures"],
               "properties": {"scores": _array({"type": "integer", "minimum": -10**6,
                                                "maximum": 10**6}, 8, 1),
                              "current": SEAT,
                              "phase": {"enum": ["place", "choose", "figure", "over"]},
                              "deck": COUNT, "hands": _array(COUNT, 8, 1), "aside": COUNT,
                              "figures": COUNT}},
    "seat": {"type": "object", "additionalProperties": False,
             "required": ["name", "kind", "level", "connected", "left", "resigned",
                          "stand_in", "stand_in_reason", "rematch", "out"],
             "properties": {"name": NAME,
                            "kind": {"enum": [k.value for k in SeatKind]},
                            "level": {"anyOf": [WORD, {"type": "null"}]},
                            "connected": {"type": "boolean"},
                            "left": {"type": "boolean"},
                            "resigned": {"type": "boolean"},
                            "stand_in": {"type": "boolean"},
                            "stand_in_reason": {"anyOf": [STAND_IN_REASON,
                                                          {"type": "null"}]},
                            "rematch": {"type": "boolean"},
                            "out": {"type": "boolean"}}},
    "table": {"type": "object", "additionalProperties": False,
              "required": ["state", "game", "expansions", "seats", "clock", "clocks",
                           "running", "takeover", "takeover_in", "paused", "per_move",
                           "watchers", "watching", "muted", "spectators_muted", "public"],
              "properties": {"state": {"enum": [s.value for s in TableState]},
                             "game": ID, "expansions": _array(ID, 20),
                             "seats": _array({"$ref": "#/$defs/seat"}, 8, 1),
                             "clock": {"anyOf": [{"type": "null"}, _array(COUNT, 2, 2)]},
                             "clocks": {"anyOf": [{"type": "null"},
                                                  _array({"type": "integer", "minimum": 0,
                                                          "maximum": 10**9}, 8, 1)]},
                             "running": {"anyOf": [{"type": "null"}, SEAT]},
                             "takeover": COUNT,
                             "takeover_in": {"anyOf": [{"type": "null"},
                                                       {"type": "integer", "minimum": 0,
                                                        "maximum": 10**9}]},
                             "paused": {"anyOf": [{"type": "null"},
                                                  {"$ref": "#/$defs/pause"}]},
                             "options": _array({"$ref": "#/$defs/option"}, 100),
                             "colours": _array(WORD, 8), "aids": {"type": "boolean"},
                             "per_move": {"anyOf": [{"type": "null"}, PER_MOVE]},
                             "watchers": WATCHERS,
                             "watching": {"type": "integer", "minimum": 0, "maximum": 1000},
                             "muted": _array(SEAT, 8),
                             "spectators_muted": {"type": "boolean"},
                             "public": {"type": "boolean"}}},
    "pause": {"type": "object", "additionalProperties": False,
              "required": ["reason", "message"],
              "properties": {"reason": {"enum": list(PauseReason)},
                             "message": TEXT, "detail": TEXT}},
    "option": {"type": "array", "minItems": 2, "maxItems": 2,
               "items": {"anyOf": [ID, {"type": "integer", "minimum": -10**9,
                                        "maximum": 10**9}]}},
    "chat-line": {"type": "object", "additionalProperties": False,
                  "required": ["n", "seat", "name", "text", "at"],
                  "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 10**9},
                                 "seat": {"anyOf": [SEAT, {"type": "null"}]},
                                 "name": NAME, "text": CHAT_TEXT,
                                 "at": {"type": "integer", "minimum": 0, "maximum": 10**11}}},
    "new-table": {"type": "object", "additionalProperties": False,
                  "required": ["game", "seats"],
                  "properties": {"game": ID, "expansions": _array(ID, 20),
                                 "options": _array({"$ref": "#/$defs/option"}, 100),
                                 "seats": _array(WORD, 8, 1), "names": _array(NAME, 8),
                                 "clock": {"anyOf": [{"type": "null"}, _array(COUNT, 2, 2)]},
                                 "per_move": {"anyOf": [{"type": "null"}, PER_MOVE]},
                                 "aids": {"type": "boolean"}, "colours": _array(WORD, 8),
                                 "watchers": WATCHERS, "public": {"type": "boolean"}}},
    "standing": {"type": "object", "additionalProperties": False,
                 "required": ["code", "state"],
                 "properties": {"code": CODE,
                                "state": {"enum": [*(s.value for s in TableState), "gone"]},
                                "game": ID, "expansions": _array(ID, 20),
                                "players": _array(NAME, 8), "you": _array(SEAT, 8),
                                "turn": {"anyOf": [SEAT, {"type": "null"}]},
                                "moves": COUNT, "per_move": {"anyOf": [{"type": "null"},
                                                                       PER_MOVE]},
                                "left": {"anyOf": [{"type": "null"},
                                                   {"type": "integer", "minimum": 0,
                                                    "maximum": 10**9}]}}},
}

# ---------------------------------------------------------------------- the messages
# Each message is declared once, as a class: its fields, their Python types and their JSON
# Schema (``Annotated[type, schema]``), its ``type`` word and its description.  The class is
# the typed constructor (``Welcome(protocol=..., ...)``, checked by mypy) and ``to_json``
# its wire form; ``schema()`` is its part of ``SCHEMA``.  A field whose default is None is
# optional: left out of the message when None.  A field named after a Python keyword ends
# with ``_`` (``from_`` is ``from`` on the wire).

Json = dict[str, Any]  # a JSON object inside a message (a table, a deal, a digest)
T = TypeVar("T")


class Message:
    """A message of the protocol, of either side."""

    wire_type: ClassVar[str]  # its "type"
    description: ClassVar[str]

    def to_json(self) -> Json:
        out: Json = {"type": self.wire_type}
        for field in fields(self):  # type: ignore[arg-type]  # every subclass is a dataclass
            value = getattr(self, field.name)
            if value is not None or field.default is MISSING:
                out[field.name.rstrip("_")] = value
        return out

    def encoded(self) -> str:
        return encode(self.to_json())

    @classmethod
    def schema(cls) -> Json:
        required: Json = {}
        optional: Json = {}
        hints = get_type_hints(cls, include_extras=True)
        for field in fields(cls):  # type: ignore[arg-type]
            part = required if field.default is MISSING else optional
            part[field.name.rstrip("_")] = hints[field.name].__metadata__[0]
        return _message(cls.wire_type, required, optional, cls.description)


@dataclass_transform(kw_only_default=True, frozen_default=True)
def message(kind: str, description: str) -> Callable[[type[T]], type[T]]:
    """Declare a message: its ``type`` word and what it means."""
    def declare(cls: type[T]) -> type[T]:
        setattr(cls, "wire_type", kind)  # noqa: B010  # ClassVars of Message, set per class
        setattr(cls, "description", description)  # noqa: B010
        return dataclass(frozen=True, kw_only=True)(cls)
    return declare


ACTION = {"type": "string", "pattern": "^[A-Za-z0-9_.+:@,-]{1,100}$"}
SCORES = _array({"type": "integer", "minimum": -10**6, "maximum": 10**6}, 8, 1)


@message("move", "An action the table played, as this connection may see it (stand_in_reason: "
                 "a computer played it for the seat's player, and why).")
class Move(Message):
    n: Annotated[int, COUNT]
    seat: Annotated[int, SEAT]
    action: Annotated[str, ACTION]
    outcomes: Annotated[list[list[str]], _array(_array({"anyOf": [WORD, TILE]}, 2, 2), 50)]
    deals: Annotated[list[Json], _array({"$ref": "#/$defs/deal"}, 8)]
    digest: Annotated[Json, {"$ref": "#/$defs/digest"}]
    chain: Annotated[str, CHAIN]
    stand_in_reason: Annotated[str | None, STAND_IN_REASON] = None


DEFS["step"] = Move.schema()


# ---------------------------------------------------------------------- a client's
@message("join", "Take a seat (or take one's seat back with its token).")
class Join(Message):
    protocol: Annotated[int, {"type": "integer", "minimum": 0, "maximum": 10**6}]
    code: Annotated[str, {"type": "string", "pattern": "^[A-Za-z0-9-]{4,20}$"}]
    name: Annotated[str, NAME]
    seats: Annotated[list[int] | None, {**_array(SEAT, 8, 1), "uniqueItems": True}] = None
    token: Annotated[str | None, TOKEN] = None
    have: Annotated[int | None, COUNT] = None
    chain: Annotated[str | None, CHAIN] = None
    host: Annotated[str | None, TOKEN] = None
    watch: Annotated[bool | None, {"type": "boolean"}] = None


@message("create", "Make a table on this server with this set-up and take its host's seats "
                   "(the first message of a connection, instead of join).")
class Create(Message):
    protocol: Annotated[int, {"type": "integer", "minimum": 0, "maximum": 10**6}]
    name: Annotated[str, NAME]
    table: Annotated[Json, {"$ref": "#/$defs/new-table"}]


@message("list", "The server's public tables (the first message of a connection; the answer "
                 "is a listing, then the connection closes).")
class ListTables(Message):
    protocol: Annotated[int, {"type": "integer", "minimum": 0, "maximum": 10**6}]


@message("peek", "How the tables of these seats' tokens stand, without joining them (the "
                 "first message of a connection; the answer is a standing, then it closes).")
class Peek(Message):
    protocol: Annotated[int, {"type": "integer", "minimum": 0, "maximum": 10**6}]
    tables: Annotated[list[Json], _array({"type": "object", "additionalProperties": False,
                                          "required": ["code", "token"],
                                          "properties": {"code": CODE, "token": TOKEN}},
                                         50, 1)]


@message("say", "A line of chat at the table (plain text: nothing in it is ever read as "
                "anything else).")
class Say(Message):
    text: Annotated[str, CHAT_TEXT]


@message("act", "Play an action for one's seat; n: the moves played so far.")
class Act(Message):
    seat: Annotated[int, SEAT]
    n: Annotated[int, COUNT]
    action: Annotated[str, ACTION]


@message("undo", "Take back one's last action of the turn.")
class Undo(Message):
    seat: Annotated[int, SEAT]
    n: Annotated[int, COUNT]


@message("resign", "Give up the game.")
class Resign(Message):
    seat: Annotated[int, SEAT]


@message("host", "What only the host may do: start (after the end: begin the rematch now), "
                 "change an open seat, hand a seat to a computer, mute or unmute a seat's "
                 "chat (without seat: the spectators'), close a table not under way.")
class Host(Message):
    op: Annotated[str, {"enum": ["start", "seat", "takeover", "mute", "unmute", "close"]}]
    seat: Annotated[int | None, SEAT] = None
    kind: Annotated[str | None, WORD] = None


@message("rematch", "Play again: after the end, accept the table's next game in the same "
                    "seats; in a game begun without one, take one's seats back from the "
                    "computer.")
class Rematch(Message):
    pass


@message("bye", "Leave the table (the seat is kept).")
class Bye(Message):
    pass


# ---------------------------------------------------------------------- the server's
@message("welcome", "The seat(s) taken and the token that takes them back (a spectator: no "
                    "seat and no token).")
class Welcome(Message):
    protocol: Annotated[int, {"const": PROTOCOL}]
    server: Annotated[str, TEXT]
    code: Annotated[str, CODE]
    table: Annotated[Json, {"$ref": "#/$defs/table"}]
    you: Annotated[list[int], _array(SEAT, 8)]
    host: Annotated[bool, {"type": "boolean"}]
    token: Annotated[str | None, TOKEN] = None
    watching: Annotated[bool | None, {"type": "boolean"}] = None


@message("table", "The table changed: seats, connections, clocks, state, a pause.")
class TableNews(Message):
    table: Annotated[Json, {"$ref": "#/$defs/table"}]


@message("start", "The game as it began; the moves follow.  round: the games begun at this "
                  "table (2 and more: a rematch).")
class Start(Message):
    game: Annotated[Json, {"type": "object", "additionalProperties": False,
                           "required": ["id", "expansions", "options", "players",
                                        "fingerprints"],
                           "properties": {
                               "id": ID, "expansions": _array(ID, 20),
                               "options": _array({"$ref": "#/$defs/option"}, 100),
                               "players": _array(NAME, 8, 1),
                               "fingerprints": _array(_array(ID, 2, 2), 20)}}]
    opening: Annotated[Json, {"$ref": "#/$defs/deal"}]
    digest: Annotated[Json, {"$ref": "#/$defs/digest"}]
    chain: Annotated[str, CHAIN]
    round: Annotated[int, {"type": "integer", "minimum": 1, "maximum": 10**6}]


@message("sync", "The moves from 'from' on; the client drops any it holds from there.")
class Sync(Message):
    from_: Annotated[int, COUNT]
    moves: Annotated[list[Json], _array({"$ref": "#/$defs/step"}, 100000)]


@message("undo", "The last action was taken back: n moves remain.")
class Undone(Message):
    n: Annotated[int, COUNT]
    chain: Annotated[str, CHAIN]


@message("over", "The game ended; its seed, now that it is safe to tell.")
class Over(Message):
    reason: Annotated[str, {"enum": list(EndReason)}]
    seed: Annotated[int, {"type": "integer", "minimum": -2**63, "maximum": 2**63}]
    scores: Annotated[list[int], SCORES]
    resigned: Annotated[list[int], _array(SEAT, 8)]


@message("chat", "Lines of chat: one as it is said, or those the table keeps, to a member who "
                 "joins.")
class Chat(Message):
    lines: Annotated[list[Json], _array({"$ref": "#/$defs/chat-line"}, 200, 1)]


@message("listing", "The server's public tables, as their table messages describe them.")
class Listing(Message):
    tables: Annotated[list[Json], _array({"type": "object", "additionalProperties": False,
                                          "required": ["code", "table"],
                                          "properties": {"code": CODE,
                                                         "table": {"$ref": "#/$defs/table"}}},
                                         500)]


@message("standing", "How the tables a peek named stand (gone: no such table holds that "
                     "token).")
class Standing(Message):
    tables: Annotated[list[Json], _array({"$ref": "#/$defs/standing"}, 50)]


@message("error", "A request refused (nothing changed), or why the connection ends.")
class Error(Message):
    code: Annotated[str, WORD]
    message: Annotated[str, TEXT]
    fatal: Annotated[bool | None, {"type": "boolean"}] = None


CLIENT_DECLARED: tuple[type[Message], ...] = (Join, Create, ListTables, Peek, Act, Undo,
                                              Resign, Host, Rematch, Say, Bye)
SERVER_DECLARED: tuple[type[Message], ...] = (Welcome, TableNews, Start, Sync, Move, Undone,
                                              Over, Chat, Listing, Standing, Error)
FIRST = ("join", "create", "list", "peek")  # what a connection's first message may be
CLIENT_MESSAGES: dict[str, Any] = {m.wire_type: m.schema() for m in CLIENT_DECLARED}
SERVER_MESSAGES: dict[str, Any] = {m.wire_type: DEFS["step"] if m is Move else m.schema()
                                   for m in SERVER_DECLARED}


def _schema() -> dict[str, Any]:
    defs: dict[str, Any] = dict(DEFS)
    for side, messages in ((CLIENT, CLIENT_MESSAGES), (SERVER, SERVER_MESSAGES)):
        for kind, schema in messages.items():
            if schema is not DEFS["step"]:
                defs[f"{side}-{kind}"] = schema
        defs[f"{side}-message"] = {"anyOf": [
            {"$ref": "#/$defs/step" if s is DEFS["step"] else f"#/$defs/{side}-{k}"}
            for k, s in messages.items()]}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"carcassonne-family-network-{PROTOCOL}",
            "title": f"Carcassonne family network protocol, version {PROTOCOL}",
            "description": "Every message is one of these, one JSON object per WebSocket text "
                           "frame (see docs/network.md).",
            "anyOf": [{"$ref": "#/$defs/client-message"}, {"$ref": "#/$defs/server-message"}],
            "$defs": defs}


SCHEMA = _schema()


class MessageError(Exception):
    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a field is given twice")
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def decode(text: str | bytes) -> Any:
    """JSON text to values; ``MessageError("bad-json")`` for anything else."""
    if isinstance(text, bytes):
        raise MessageError("bad-json", "messages are text frames")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        raise MessageError("bad-json", "nested too deep") from None
    except ValueError as exc:  # JSONDecodeError is one
        raise MessageError("bad-json", f"not JSON ({str(exc)[:80]})") from None


def read(text: str | bytes, side: str) -> dict[str, Any]:
    """A message sent by ``side`` (CLIENT or SERVER), checked against its schema."""
    data = decode(text)
    messages = CLIENT_MESSAGES if side == CLIENT else SERVER_MESSAGES
    if not isinstance(data, dict):
        raise MessageError("bad-message", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in messages:
        raise MessageError("bad-message", f"unknown message type {str(kind)[:40]!r}")
    if kind in FIRST and "protocol" in data and data["protocol"] != PROTOCOL:
        theirs = data.get("protocol")
        raise MessageError("protocol", f"this table speaks protocol {PROTOCOL}, your game "
                                       f"speaks {str(theirs)[:20]}: play with the same "
                                       f"version of the game as the host")
    found = problem(data, messages[kind], SCHEMA)
    if found:
        raise MessageError("bad-message", f"{kind}: {found}")
    return data


def encode(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":  # docs/network.schema.json is this output
    print(json.dumps(SCHEMA, indent=1, ensure_ascii=False))
