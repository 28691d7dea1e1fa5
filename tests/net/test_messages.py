"""The protocol's schema: a valid JSON Schema, written out in docs/network.schema.json, and
this game's own checker agrees with a standard one on real and broken messages."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from game.net import PROTOCOL
from game.net.client import NetSession
from game.net.messages import (
    CLIENT,
    CLIENT_MESSAGES,
    SCHEMA,
    SERVER,
    SERVER_MESSAGES,
    MessageError,
    read,
)
from game.net.schema import problem
from game.net.seats import TableConfig

from .loopback import registry, run, seat_players, serving

DOC = Path(__file__).resolve().parents[2] / "docs" / "network.schema.json"
# a server's message, as a standard checker reads it
SERVER_SIDE = jsonschema.Draft202012Validator(
    {**SCHEMA, "anyOf": [{"$ref": "#/$defs/server-message"}]})


def test_the_schema_is_valid_and_written_out_in_the_docs() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert json.loads(DOC.read_text(encoding="utf-8")) == SCHEMA, \
        "docs/network.schema.json is stale: python -m game.net.messages > docs/network.schema.json"


def real_messages() -> list[dict[str, Any]]:
    """Every frame one client received in a game with hills, sheep and hands of three."""
    config = TableConfig("carcassonne", ("hills-and-sheep",), (("hand", 3),),
                         seats=("open", "open"))
    frames: list[str] = []

    async def main() -> None:
        async with serving([config]) as (_, (link,)):
            me = NetSession(registry(), link, "Me")
            received = me.received

            def tap(text: str | bytes) -> bool:
                frames.append(str(text))
                return received(text)

            me.received = tap  # type: ignore[method-assign]
            await seat_players(link, 2, "random", [me, NetSession(registry(), link, "You")])

    run(main)
    return [json.loads(f) for f in frames]


def broken(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The message with one thing changed somewhere inside it."""
    out = copy.deepcopy(message)
    node: Any = out
    for _ in range(rng.randrange(4)):
        children = list(node.values()) if isinstance(node, dict) else node
        inner = [c for c in children if isinstance(c, dict | list) and c]
        if not inner:
            break
        node = rng.choice(inner)
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if not keys:
        return out
    key = rng.choice(keys)
    change = rng.choice(["drop", "extra", "type", "big", "long"])
    if change == "drop" and isinstance(node, dict):
        del node[key]
    elif change == "extra" and isinstance(node, dict):
        node["unexpected"] = 1
    elif change == "type":
        node[key] = rng.choice([None, True, 1.5, "x", [], {}])
    elif change == "big":
        node[key] = rng.choice([10**12, -(10**12), 10**30])
    else:
        node[key] = "é" * 500
    return out


def test_the_checker_agrees_with_a_standard_one() -> None:
    messages = real_messages()
    assert {m["type"] for m in messages} >= {"welcome", "table", "start", "move", "over"}
    rng = random.Random(4)
    cases = [*messages, *(broken(rng.choice(messages), rng) for _ in range(400))]
    disagreements = []
    for m in cases:
        ours = problem(m, {"$ref": "#/$defs/server-message"}, SCHEMA) is None
        if ours != SERVER_SIDE.is_valid(m):
            disagreements.append(m)
    assert not disagreements, disagreements[:3]
    for m in messages:
        read(json.dumps(m), SERVER)  # every real message reads


@pytest.mark.parametrize("kind", sorted(CLIENT_MESSAGES))
def test_each_client_message_has_a_documented_shape(kind: str) -> None:
    assert CLIENT_MESSAGES[kind]["properties"]["type"] == {"const": kind}
    assert CLIENT_MESSAGES[kind]["description"]


def test_every_server_message_is_described() -> None:
    for kind, schema in SERVER_MESSAGES.items():
        assert schema["description"], kind


@pytest.mark.parametrize(("text", "code"), [
    ("", "bad-json"), ("null", "bad-message"), ('{"type": 3}', "bad-message"),
    ('{"type": "act", "seat": 0, "n": 0, "action": "pass", "seat": 1}', "bad-json"),
    ('{"type": "act", "seat": 0, "n": 1e3, "action": "pass"}', "bad-message"),
    ('{"type": "act", "seat": true, "n": 0, "action": "pass"}', "bad-message"),
    ('{"type": "act", "seat": 0, "n": 0, "action": "pass\\u0000"}', "bad-message"),
    ('{"type": "act", "seat": 0, "n": 0, "action": "' + "A" * 101 + '"}', "bad-message"),
    ('{"type": "act", "seat": 0, "n": ' + "9" * 5000 + ', "action": "pass"}', "bad-json"),
    ('{"type": "join", "protocol": 99, "code": "ABCD-EFGH", "name": "x"}', "protocol"),
    ('{"type": "welcome"}', "bad-message"),  # a server's message from a client
])
def test_malformed_client_messages_are_refused_with_a_code(text: str, code: str) -> None:
    with pytest.raises(MessageError) as caught:
        read(text, CLIENT)
    assert caught.value.code == code


def test_a_join_in_this_version_reads() -> None:
    m = read(json.dumps({"type": "join", "protocol": PROTOCOL, "code": "abcd-efgh",
                         "name": "Anne-Sophie", "seats": [2]}), CLIENT)
    assert m["seats"] == [2]
