"""YAML reading that remembers where every value came from, so errors can name the line, and
that refuses what no tile set or scenario needs before it can cost time or memory.

LibYAML's parser (when PyYAML was built with it, as its wheels are) turns the text into events;
the values are built here from those events without recursion, counting as they go:

* nesting deeper than ``MAX_DEPTH`` collections;
* more than ``MAX_NODES`` values, counting every value an alias repeats (nine nested
  anchors of nine items, "a billion laughs", is over a hundred million values in 1 KB);
* an alias to a collection that holds it (a value that contains itself);
* a scalar longer than ``MAX_SCALAR`` characters, an integer of more than ``MAX_INT_DIGITS``
  digits;
* tags other than YAML's plain ones (``!!str``, ``!!int``... no Python objects, sets or
  binaries), a key that is not a plain value, a second document.

Each is a ``YamlLimitError`` with the line where it happens.  The values are plain: strings,
integers, floats, booleans, None, and the ``Located`` / ``LocatedList`` containers.  An alias
gives the very object its anchor named (never a copy), as PyYAML does.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

MAX_DEPTH = 40  # the tile sets nest 8 deep
MAX_NODES = 50_000  # the largest tile set has 8,100 values; 50,000 parse in 0.3 s
MAX_SCALAR = 4_000  # characters; the longest text of a tile set has 240
MAX_INT_DIGITS = 20


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


class YamlLimitError(yaml.MarkedYAMLError):
    """The text is YAML but not what a tile set or scenario may be (see the module's text)."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem=problem, problem_mark=mark)


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

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
# Plain scalars YAML 1.1 would read as something else that a tile set has no use for
# (dates, "<<", "="): kept as the text they are.
_AS_TEXT = {_TAG + t for t in ("timestamp", "merge", "value")}
_SEQ, _MAP = _TAG + "seq", _TAG + "map"
_BOOLS = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}


def _scalar(loader: _Loader, event: yaml.ScalarEvent) -> Any:
    value: str = event.value
    if len(value) > MAX_SCALAR:
        raise YamlLimitError(f"a value of {len(value):,} characters (at most {MAX_SCALAR:,})",
                             event.start_mark)
    tag = event.tag
    explicit = tag not in (None, "!")
    if not explicit:
        tag = loader.resolve(yaml.ScalarNode, value, event.implicit)
    if tag == _STR or (tag in _AS_TEXT and not explicit):
        return value
    if tag == _NULL:
        return None
    if tag == _BOOL and value.lower() in _BOOLS:
        return _BOOLS[value.lower()]
    if tag == _INT:
        digits = sum(c.isalnum() for c in value)  # 0x1f counts 4: the bound is loose
        if digits > MAX_INT_DIGITS:
            raise YamlLimitError(f"an integer of {digits:,} digits (at most {MAX_INT_DIGITS})",
                                 event.start_mark)
        try:
            return loader.construct_yaml_int(yaml.ScalarNode(tag, value))
        except ValueError:
            pass
    elif tag == _FLOAT:
        try:
            return loader.construct_yaml_float(yaml.ScalarNode(tag, value))
        except ValueError:
            pass
    elif explicit:
        raise YamlLimitError(f"the tag {_short_tag(tag)} is not allowed (plain values only)",
                             event.start_mark)
    raise YamlLimitError(f"{shown(value)} is not a valid {str(tag).removeprefix(_TAG)}",
                         event.start_mark)


def _short_tag(tag: str | None) -> str:
    tag = str(tag)
    return shown("!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag, quote=False)


class _Open:
    """A collection being read: its container, its anchor, the values counted before it and,
    for a mapping, the key waiting for its value."""

    __slots__ = ("anchor", "counted", "key", "mark", "value")

    def __init__(self, value: Located | LocatedList, anchor: str | None, counted: int,
                 mark: Any) -> None:
        self.value = value
        self.anchor = anchor
        self.counted = counted
        self.key: str | None = None
        self.mark = mark


class _Builder:
    """Builds the values of one document from the parser's events, within the limits."""

    def __init__(self, loader: _Loader) -> None:
        self.loader = loader
        self.stack: list[_Open] = []
        self.anchors: dict[str, tuple[Any, int]] = {}  # name -> (value, values it holds)
        self.open_anchors: set[str] = set()
        self.count = 0
        self.root: Any = None

    def run(self) -> Any:
        loader = self.loader
        documents = 0
        while True:
            event = loader.get_event()
            kind = type(event)
            if kind is yaml.ScalarEvent:
                value = _scalar(loader, event)
                if event.anchor is not None:
                    self.anchors[event.anchor] = (value, 1)
                self.add(value, event.start_mark, 1)
            elif kind is yaml.AliasEvent:
                self.alias(event)
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                self.start(event, kind is yaml.MappingStartEvent)
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                frame = self.stack.pop()
                if frame.anchor is not None:
                    self.open_anchors.discard(frame.anchor)
                    self.anchors[frame.anchor] = (frame.value, self.count - frame.counted)
                self.add(frame.value, frame.mark, 0)
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise YamlLimitError("a second YAML document (a file holds one)",
                                         event.start_mark)
            elif kind is yaml.StreamEndEvent:
                return self.root

    def start(self, event: Any, mapping: bool) -> None:
        if len(self.stack) >= MAX_DEPTH:
            raise YamlLimitError(f"nested more than {MAX_DEPTH} deep", event.start_mark)
        tag = event.tag
        if tag not in (None, "!", _MAP if mapping else _SEQ):
            raise YamlLimitError(f"the tag {_short_tag(tag)} is not allowed (plain values "
                                 f"only)", event.start_mark)
        value: Located | LocatedList
        if mapping:
            value = Located()
            value.key_lines = {}
        else:
            value = LocatedList()
            value.item_lines = []
        value.line = event.start_mark.line + 1
        self.stack.append(_Open(value, event.anchor, self.count, event.start_mark))
        self.count += 1
        self._check_count(event.start_mark)
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)

    def alias(self, event: Any) -> None:
        name = event.anchor
        if name in self.open_anchors:
            raise YamlLimitError(f"the alias *{shown(name, quote=False)} is inside the "
                                 f"collection it names", event.start_mark)
        if name not in self.anchors:
            raise YamlLimitError(f"the alias *{shown(name, quote=False)} names no anchor "
                                 f"before it", event.start_mark)
        value, size = self.anchors[name]
        self.add(value, event.start_mark, size)

    def add(self, value: Any, mark: Any, size: int) -> None:
        """Put a finished value into the collection being read (``size`` values more)."""
        if size:
            self.count += size
            self._check_count(mark)
        if not self.stack:
            self.root = value
            return
        frame = self.stack[-1]
        line = mark.line + 1
        into = frame.value
        if isinstance(into, LocatedList):
            into.append(value)
            into.item_lines.append(line)
        elif frame.key is None:
            if isinstance(value, (Located, LocatedList)):
                raise YamlLimitError("a key must be a plain value, not a collection", mark)
            key = value if isinstance(value, str) else str(value)
            if key in into:
                raise YamlLimitError(f"duplicate key {shown(key)}", mark)
            frame.key = key
            into.key_lines[key] = line
        else:
            into[frame.key] = value
            frame.key = None

    def _check_count(self, mark: Any) -> None:
        if self.count > MAX_NODES:
            raise YamlLimitError(f"more than {MAX_NODES:,} values (aliases count every value "
                                 f"they repeat)", mark)


def load_located(text: str) -> Any:
    """Parse YAML text into Located / LocatedList containers (plain scalars elsewhere).
    Raises ``yaml.YAMLError`` (a ``YamlLimitError`` for what lies beyond the limits)."""
    loader = _Loader(text)
    try:
        return _Builder(loader).run()
    finally:
        loader.dispose()


def line_of(value: Any, default: int = 0) -> int:
    return int(getattr(value, "line", default))


def shown(value: Any, limit: int = 40, quote: bool = True) -> str:
    """A value as an error message may show it: short whatever it is (a text is cut, a
    collection is named, never written out)."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit - 1] + "…"
        text = "".join(c if c.isprintable() else "?" for c in text)
        return f"'{text}'" if quote else text
    if value is None or isinstance(value, (bool, int, float)):
        text = str(value)
        return text if len(text) <= limit else text[:limit - 1] + "…"
    return f"a {type(value).__name__}"
