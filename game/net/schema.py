"""A small checker for the part of JSON Schema the network messages use.

The message schemas (``messages``) are plain JSON Schema documents (draft 2020-12), written
out to docs/network.schema.json for anyone writing another client; this checker knows the
keywords they use and nothing more: ``type``, ``properties``, ``required``,
``additionalProperties`` (false), ``items``, ``minItems``, ``maxItems``, ``uniqueItems``,
``enum``, ``const``, ``minLength``, ``maxLength``, ``pattern``, ``minimum``, ``maximum``,
``anyOf`` and ``$ref`` into ``$defs``.  A keyword it does not know is an error in the schema
(``SchemaError``, raised when the schema is first used), never silently ignored.

``problem(value, schema, root)`` names the first thing wrong (``"deals[0].hands: ..."``) or
returns None.  Each schema is turned once into a tree of small checking functions (a client
checks every message the table sends), and checking costs time in proportion to the value,
which is what ``json.loads`` made of a message of bounded size.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

Schema = Mapping[str, Any]
Check = Callable[[Any, str], "str | None"]  # (value, where) -> problem
KNOWN = frozenset({"type", "properties", "required", "additionalProperties", "items",
                   "minItems", "maxItems", "uniqueItems", "enum", "const", "minLength",
                   "maxLength", "pattern", "minimum", "maximum", "anyOf", "$ref", "$defs",
                   "description", "title", "$schema", "$id"})
# The Python type of each JSON type as json.loads makes it (exactly these: a bool is no int)
_TYPES: dict[str, type] = {"object": dict, "array": list, "string": str, "integer": int,
                           "boolean": bool, "null": type(None)}
_compiled: dict[tuple[int, int], Check] = {}


class SchemaError(Exception):
    """The schema itself uses something this checker does not know."""


def problem(value: Any, schema: Schema, root: Schema | None = None, where: str = "") -> str | None:
    """What is wrong with ``value`` against ``schema`` (``root`` holds the ``$defs``)."""
    return compiled(schema, schema if root is None else root)(value, where)


def compiled(schema: Schema, root: Schema) -> Check:
    key = (id(schema), id(root))
    check = _compiled.get(key)
    if check is None:
        # the schemas are module constants: kept alive, so their ids stay theirs
        check = _compiled[key] = _compile(schema, root)
    return check


def _at(where: str) -> str:
    return where or "the message"


def _compile(schema: Schema, root: Schema) -> Check:
    unknown = set(schema) - KNOWN
    if unknown:
        raise SchemaError(f"unknown keywords {sorted(unknown)}")
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise SchemaError(f"unsupported reference {ref!r}")
        target = root["$defs"][ref[len("#/$defs/"):]]
        return lambda value, where: compiled(target, root)(value, where)
    checks: list[Check] = []
    if "anyOf" in schema:
        checks.append(_any_of([compiled(s, root) for s in schema["anyOf"]]))
    if "type" in schema:
        checks.append(_type(schema["type"]))
    if "const" in schema:
        checks.append(_const(schema["const"]))
    if "enum" in schema:
        checks.append(_enum(schema["enum"]))
    if any(k in schema for k in ("minLength", "maxLength", "pattern")):
        checks.append(_string(schema))
    if "minimum" in schema or "maximum" in schema:
        checks.append(_integer(schema))
    if any(k in schema for k in ("items", "minItems", "maxItems", "uniqueItems")):
        checks.append(_array(schema, root))
    if any(k in schema for k in ("properties", "required", "additionalProperties")):
        checks.append(_object(schema, root))
    if len(checks) == 1:
        return checks[0]

    def all_of(value: Any, where: str) -> str | None:
        for check in checks:
            found = check(value, where)
            if found:
                return found
        return None
    return all_of


def _any_of(options: list[Check]) -> Check:
    def check(value: Any, where: str) -> str | None:
        found = [c(value, where) for c in options]
        return None if None in found else found[0]
    return check


def _type(kind: str | list[str]) -> Check:
    kinds = [kind] if isinstance(kind, str) else list(kind)
    unknown = [k for k in kinds if k not in _TYPES]
    if unknown:
        raise SchemaError(f"unknown type {unknown[0]!r}")
    allowed = frozenset(_TYPES[k] for k in kinds)
    said = " or ".join(kinds)
    if str in allowed:  # a StrEnum member too: json.dumps writes it as its string
        return lambda v, where: (None if type(v) in allowed or isinstance(v, str)
                                 else f"{_at(where)}: must be {said}")
    return lambda v, where: None if type(v) in allowed else f"{_at(where)}: must be {said}"


def _same_type(value: Any, expected: Any) -> bool:
    """Whether ``value`` has the JSON type of ``expected``: exactly its Python type (a bool
    is no int), but any string for a string (a ``StrEnum`` member, as the table builds its
    messages, is checked before ``json.dumps`` writes it as a plain string)."""
    return type(value) is type(expected) or (isinstance(value, str)
                                             and isinstance(expected, str))


def _const(expected: Any) -> Check:
    def check(value: Any, where: str) -> str | None:
        if value == expected and _same_type(value, expected):
            return None
        return f"{_at(where)}: must be {expected!r}"
    return check


def _enum(values: list[Any]) -> Check:
    said = ", ".join(map(str, values))

    def check(value: Any, where: str) -> str | None:
        if any(value == e and _same_type(value, e) for e in values):
            return None
        return f"{_at(where)}: must be one of {said}"
    return check


def _string(schema: Schema) -> Check:
    least, most = schema.get("minLength", 0), schema.get("maxLength")
    pattern = re.compile(schema["pattern"]) if "pattern" in schema else None

    def check(value: Any, where: str) -> str | None:
        if not isinstance(value, str):
            return None
        if len(value) < least:
            return f"{_at(where)}: must have at least {least} characters"
        if most is not None and len(value) > most:
            return f"{_at(where)}: must have at most {most} characters"
        if pattern is not None and pattern.search(value) is None:
            return f"{_at(where)}: not in the expected form"
        return None
    return check


def _integer(schema: Schema) -> Check:
    low, high = schema.get("minimum"), schema.get("maximum")

    def check(value: Any, where: str) -> str | None:
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        if low is not None and value < low:
            return f"{_at(where)}: must be at least {low}"
        if high is not None and value > high:
            return f"{_at(where)}: must be at most {high}"
        return None
    return check


def _array(schema: Schema, root: Schema) -> Check:
    least, most = schema.get("minItems", 0), schema.get("maxItems")
    unique = bool(schema.get("uniqueItems"))
    items = compiled(schema["items"], root) if "items" in schema else None

    def check(value: Any, where: str) -> str | None:
        if not isinstance(value, list):
            return None
        if len(value) < least:
            return f"{_at(where)}: must have at least {least} items"
        if most is not None and len(value) > most:
            return f"{_at(where)}: must have at most {most} items"
        if unique and len({repr(v) for v in value}) != len(value):
            return f"{_at(where)}: items must differ"
        if items is not None:
            for i, item in enumerate(value):
                found = items(item, f"{where}[{i}]")
                if found:
                    return found
        return None
    return check


def _object(schema: Schema, root: Schema) -> Check:
    properties = {name: compiled(sub, root)
                  for name, sub in schema.get("properties", {}).items()}
    required = tuple(schema.get("required", ()))
    extra = schema.get("additionalProperties", True)
    if extra not in (True, False):
        raise SchemaError("additionalProperties must be true or false")

    def check(value: Any, where: str) -> str | None:
        if not isinstance(value, dict):
            return None
        for name in required:
            if name not in value:
                return f"{_at(where)}: '{name}' is missing"
        if extra is False:
            for name in value:
                if name not in properties:
                    return f"{_at(where)}: unexpected field {_shown(name)}"
        for name, sub in properties.items():
            if name in value:
                found = sub(value[name], f"{where}.{name}" if where else name)
                if found:
                    return found
        return None
    return check


def _shown(name: str) -> str:
    text = repr(name)
    return text if len(text) <= 40 else text[:39] + "…"
