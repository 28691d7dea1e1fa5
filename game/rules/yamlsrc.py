"""YAML reading that remembers where every value came from, so errors can name the line."""

from __future__ import annotations

import re
from typing import Any

import yaml


class Located(dict[str, Any]):
    """A mapping read from YAML: ``line`` is where it starts, ``key_line(k)`` where k is."""

    line: int = 0
    key_lines: dict[str, int]

    def key_line(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list[Any]):
    """A sequence read from YAML: ``line`` is where it starts, ``item_lines[i]`` each item's."""

    line: int = 0
    item_lines: list[int]

    def item_line(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


# LibYAML's parser when PyYAML was built with it (its wheels are): several times faster, with
# the same line marks.  The pure-Python parser otherwise.
_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[valid-type,misc]
    pass


# YAML 1.1 reads on/off/yes/no as booleans ("on: [city]" would become True); tile sets use
# those words as plain names, so only true/false are booleans here, as in YAML 1.2.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
for _first in "tTfF":
    _Loader.yaml_implicit_resolvers.setdefault(_first, []).insert(
        0, ("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")))


def _mapping(loader: _Loader, node: yaml.MappingNode) -> Located:
    out = Located()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str):
            key = str(key)
        if key in out:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key '{key}'", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    out = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_located(text: str) -> Any:
    """Parse YAML text into Located / LocatedList containers (plain scalars elsewhere)."""
    return yaml.load(text, Loader=_Loader)


def line_of(value: Any, default: int = 0) -> int:
    return int(getattr(value, "line", default))
