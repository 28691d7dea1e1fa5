"""A small checker for the part of JSON Schema the network messages use.

The message schemas (``messages``) are plain JSON Schema documents (draft 2020-12), written
out to docs/network.schema.json for anyone writing another client; this checker knows the
keywords they use and nothing more: ``type``, ``properties``, ``required``,
``additionalProperties`` (false), ``items``, ``minItems``, ``maxItems``, ``uniqueItems``,
``enum``, ``const``, ``minLength``, ``maxLength``, ``pattern``, ``minimum``, ``maximum``,
``anyOf`` and ``$ref`` into ``$defs``.  A keyword it does not know is an error in the schema,
found when the schema is first used, never silently ignored.

``problem(value, schema)`` names the first thing wrong (``"deals[0].hands: ..."``) or returns
None.  Its work is bounded by the value's size, and the value is what ``json.loads`` made of a
message of bounded size.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

Schema = Mapping[str, Any]
KNOWN = frozenset({"type", "properties", "required", "additionalProperties", "items",
                   "minItems", "maxItems", "uniqueItems", "enum", "const", "minLength",
                   "maxLength", "pattern", "minimum", "maximum", "anyOf", "$ref", "$defs",
                   "description", "title", "$schema", "$id"})


class SchemaError(Exception):
    """The schema itself uses something this checker does not know."""


@cache
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


def _is_type(value: Any, name: str) -> bool:
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    raise SchemaError(f"unknown type {name!r}")


def problem(value: Any, schema: Schema, root: Schema | None = None, where: str = "") -> str | None:
    """What is wrong with ``value`` against ``schema`` (``root`` holds the ``$defs``)."""
    root = schema if root is None else root
    unknown = set(schema) - KNOWN
    if unknown:
        raise SchemaError(f"unknown keywords {sorted(unknown)}")
    at = where or "the message"
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise SchemaError(f"unsupported reference {ref!r}")
        return problem(value, root["$defs"][ref[len("#/$defs/"):]], root, where)
    if "anyOf" in schema:
        found = [problem(value, s, root, where) for s in schema["anyOf"]]
        if None not in found:
            return found[0]
    kind = schema.get("type")
    if kind is not None:
        kinds = [kind] if isinstance(kind, str) else list(kind)
        if not any(_is_type(value, k) for k in kinds):
            return f"{at}: must be {' or '.join(kinds)}"
    if "const" in schema and (value != schema["const"] or type(value) is not
                              type(schema["const"])):
        return f"{at}: must be {schema['const']!r}"
    if "enum" in schema and not any(value == e and type(value) is type(e)
                                    for e in schema["enum"]):
        return f"{at}: must be one of {', '.join(map(str, schema['enum']))}"
    if isinstance(value, str):
        return _string(value, schema, at)
    if isinstance(value, int) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return f"{at}: must be at least {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return f"{at}: must be at most {schema['maximum']}"
    if isinstance(value, list):
        return _array(value, schema, root, where)
    if isinstance(value, dict):
        return _object(value, schema, root, where)
    return None


def _string(value: str, schema: Schema, at: str) -> str | None:
    if len(value) < schema.get("minLength", 0):
        return f"{at}: must have at least {schema['minLength']} characters"
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        return f"{at}: must have at most {schema['maxLength']} characters"
    if "pattern" in schema and _pattern(schema["pattern"]).search(value) is None:
        return f"{at}: not in the expected form"
    return None


def _array(value: list[Any], schema: Schema, root: Schema, where: str) -> str | None:
    at = where or "the message"
    if len(value) < schema.get("minItems", 0):
        return f"{at}: must have at least {schema['minItems']} items"
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        return f"{at}: must have at most {schema['maxItems']} items"
    if schema.get("uniqueItems") and len({repr(v) for v in value}) != len(value):
        return f"{at}: items must differ"
    items = schema.get("items")
    if items is not None:
        for i, item in enumerate(value):
            found = problem(item, items, root, f"{where}[{i}]")
            if found:
                return found
    return None


def _object(value: dict[str, Any], schema: Schema, root: Schema, where: str) -> str | None:
    at = where or "the message"
    properties: Mapping[str, Schema] = schema.get("properties", {})
    for name in schema.get("required", ()):
        if name not in value:
            return f"{at}: '{name}' is missing"
    if schema.get("additionalProperties", True) is False:
        extra = [k for k in value if k not in properties]
        if extra:
            return f"{at}: unexpected field {_shown(extra[0])}"
    elif "additionalProperties" in schema and schema["additionalProperties"] is not True:
        raise SchemaError("additionalProperties must be true or false")
    for name, sub in properties.items():
        if name in value:
            found = problem(value[name], sub, root, f"{where}.{name}" if where else name)
            if found:
                return found
    return None


def _shown(name: str) -> str:
    text = repr(name)
    return text if len(text) <= 40 else text[:39] + "…"
