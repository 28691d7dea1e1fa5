"""The messages of the network protocol: their schema, and reading one safely.

Every message is one JSON object in one WebSocket text frame, with a ``type``.  ``SCHEMA``
is the whole protocol as a JSON Schema document (docs/network.schema.json is this, written
out; docs/network.md tells what each message means).  ``read(text, side)`` turns a frame
into a checked message or raises ``MessageError`` with a code and a sentence: text that is
not JSON, JSON that is not a message of that side, a field of the wrong type or size, a
join in another protocol version.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import PROTOCOL
from .schema import problem
from .terms import SeatKind, TableState

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
# Why a computer plays a player's seat: its clock ran out (for the rest of the turn), its
# player is away (too long, the host handed it over, or not back yet for a game begun
# without them), or its player resigned.
STAND_IN_REASON = {"enum": ["clock", "away", "resigned"]}


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
                           "running", "takeover", "takeover_in", "paused"],
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
                             "colours": _array(WORD, 8), "aids": {"type": "boolean"}}},
    "pause": {"type": "object", "additionalProperties": False,
              "required": ["reason", "message"],
              "properties": {"reason": {"enum": ["host", "server", "unsaved"]},
                             "message": TEXT, "detail": TEXT}},
    "option": {"type": "array", "minItems": 2, "maxItems": 2,
               "items": {"anyOf": [ID, {"type": "integer", "minimum": -10**9,
                                        "maximum": 10**9}]}},
    "step": _message("move", {"n": COUNT, "seat": SEAT,
                              "action": {"type": "string",
                                         "pattern": "^[A-Za-z0-9_.+:@,-]{1,100}$"},
                              "outcomes": _array(_array({"anyOf": [WORD, TILE]}, 2, 2), 50),
                              "deals": _array({"$ref": "#/$defs/deal"}, 8),
                              "digest": {"$ref": "#/$defs/digest"}, "chain": CHAIN},
                     {"stand_in_reason": STAND_IN_REASON},
                     description="An action the table played, as this connection may see "
                                 "it (stand_in_reason: a computer played it for the seat's "
                                 "player, and why)."),
}

CLIENT_MESSAGES: dict[str, Any] = {
    "join": _message("join", {"protocol": {"type": "integer", "minimum": 0, "maximum": 10**6},
                              "code": {"type": "string", "pattern": "^[A-Za-z0-9-]{4,20}$"},
                              "name": NAME},
                     {"seats": {**_array(SEAT, 8, 1), "uniqueItems": True}, "token": TOKEN,
                      "have": COUNT, "chain": CHAIN, "host": TOKEN},
                     "Take a seat (or take one's seat back with its token)."),
    "act": _message("act", {"seat": SEAT, "n": COUNT,
                            "action": {"type": "string",
                                       "pattern": "^[A-Za-z0-9_.+:@,-]{1,100}$"}},
                    description="Play an action for one's seat; n: the moves played so far."),
    "undo": _message("undo", {"seat": SEAT, "n": COUNT},
                     description="Take back one's last action of the turn."),
    "resign": _message("resign", {"seat": SEAT}, description="Give up the game."),
    "host": _message("host", {"op": {"enum": ["start", "seat", "takeover"]}},
                     {"seat": SEAT, "kind": WORD},
                     "What only the host may do: start (after the end: begin the rematch "
                     "now), change an open seat, hand a seat to a computer."),
    "rematch": _message("rematch", {},
                        description="Play again: after the end, accept the table's next game "
                                    "in the same seats; in a game begun without one, take "
                                    "one's seats back from the computer."),
    "bye": _message("bye", {}, description="Leave the table (the seat is kept)."),
}

SERVER_MESSAGES: dict[str, Any] = {
    "welcome": _message("welcome", {"protocol": {"const": PROTOCOL}, "server": TEXT,
                                    "table": {"$ref": "#/$defs/table"},
                                    "you": _array(SEAT, 8), "token": TOKEN,
                                    "host": {"type": "boolean"}},
                        description="The seat(s) taken and the token that takes them back."),
    "table": _message("table", {"table": {"$ref": "#/$defs/table"}},
                      description="The table changed: seats, connections, clocks, state, "
                                  "a pause."),
    "start": _message("start", {"game": {"type": "object", "additionalProperties": False,
                                         "required": ["id", "expansions", "options", "players",
                                                      "fingerprints"],
                                         "properties": {
                                             "id": ID, "expansions": _array(ID, 20),
                                             "options": _array({"$ref": "#/$defs/option"}, 100),
                                             "players": _array(NAME, 8, 1),
                                             "fingerprints": _array(_array(ID, 2, 2), 20)}},
                                "opening": {"$ref": "#/$defs/deal"},
                                "digest": {"$ref": "#/$defs/digest"}, "chain": CHAIN,
                                "round": {"type": "integer", "minimum": 1,
                                          "maximum": 10**6}},
                        description="The game as it began; the moves follow.  round: the "
                                    "games begun at this table (2 and more: a rematch)."),
    "sync": _message("sync", {"from": COUNT, "moves": _array({"$ref": "#/$defs/step"}, 100000)},
                     description="The moves from 'from' on; the client drops any it holds "
                                 "from there."),
    "move": DEFS["step"],
    "undo": _message("undo", {"n": COUNT, "chain": CHAIN},
                     description="The last action was taken back: n moves remain."),
    "over": _message("over", {"reason": {"enum": ["end", "resigned"]},
                              "seed": {"type": "integer", "minimum": -2**63,
                                       "maximum": 2**63},
                              "scores": _array({"type": "integer", "minimum": -10**6,
                                                "maximum": 10**6}, 8, 1),
                              "resigned": _array(SEAT, 8)},
                     description="The game ended; its seed, now that it is safe to tell."),
    "error": _message("error", {"code": WORD, "message": TEXT}, {"fatal": {"type": "boolean"}},
                      "A request refused (nothing changed), or why the connection ends."),
}


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
    if kind == "join" and "protocol" in data and data["protocol"] != PROTOCOL:
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
