"""The parsed tile sets, kept between starts in the user cache folder.

Parsing and checking the YAML is most of the start-up time, so the registry is stored once
built and read back while neither a tile set file (its exact bytes) nor the code that parses
it changed.  The file is JSON of plain values: reading it can build nothing but strings,
numbers and lists, which are then turned into the tile set's own types field by field, each
checked against the type it declares.  The key is read and compared before anything else of
the file.  Then every tile set read back is held to the limits and checks of a tile set read
from YAML (``game.rules.bounds``), and the documents kept for expansions to the limits of
``yamlsrc``: a file that carries the right key but a tile of 10^12 copies, a polygon of a
million points or a rotation naming a feature the tile lacks is refused like a damaged one.  A
cache that is missing, stale, damaged or crafted is ignored (and written anew), quietly: it
only costs time.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from platformdirs import PlatformDirs

from game.rules.bounds import MAX_PATH, check_built
from game.rules.errors import TileSetError
from game.rules.limits import NAME
from game.rules.model import TileSet
from game.rules.registry import Registry, Source, SourceFile, builtin_tileset_dir, scan
from game.rules.source import digest
from game.rules.yamlsrc import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_NODES,
    MAX_SCALAR,
    Located,
    LocatedList,
)
from game.store.storage import APP_NAME, atomic_write

CACHE_FILE = "tilesets.json"
MAX_CACHE_BYTES = 50_000_000  # the four built-in games take about 2 MB


class BadCache(Exception):
    """The cache file does not hold what this code wrote: ignored."""


def cache_dir(storage_root: Path | None) -> Path:
    """Where the parsed tile sets are kept: beside the saves' root when one is given
    (``CARCASSONNE_HOME``, tests), else the platform's user cache folder."""
    root = storage_root or (Path(os.environ["CARCASSONNE_HOME"])
                            if os.environ.get("CARCASSONNE_HOME") else None)
    if root is not None:
        return root / "cache"
    return Path(PlatformDirs(APP_NAME, APP_NAME).user_cache_dir)


def _code_stamp() -> list[Any]:
    """Changes whenever the code that parses tile sets may have changed."""
    import yaml
    if getattr(sys, "frozen", False):
        exe = os.stat(sys.executable)
        return ["frozen", sys.executable, exe.st_mtime_ns, exe.st_size]
    rules = Path(sys.modules[Registry.__module__].__file__ or ".").parent
    files: list[Any] = [sys.version, yaml.__version__, __file__]
    for path in sorted(rules.rglob("*.py")):
        st = path.stat()
        files.append([str(path), st.st_mtime_ns, st.st_size])
    return files


def _key(files: Sequence[SourceFile]) -> list[Any]:
    """The code stamp and every tile set file's name, size and checksum (or why it could not
    be read).  The built-in ones are named relative to their folder, which the one-file
    executable unpacks to a new temporary place on every start."""
    builtin = builtin_tileset_dir()
    sources: list[Any] = []
    for f in files:
        name = f"<built-in>/{f.path.name}" if f.path.parent == builtin else str(f.path)
        sources.append([name, len(f.data), digest(f.data)] if f.data is not None
                       else [name, str(f.error)])
    return [_code_stamp(), sources]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def load_registry(extra_dirs: Sequence[Path], cache: Path | None) -> Registry:
    """``Registry`` of the built-in and ``extra_dirs`` tile sets, kept parsed in ``cache``."""
    files = scan([builtin_tileset_dir(), *extra_dirs])
    if cache is None:
        return Registry(files=files)
    key = _key(files)
    path = cache / CACHE_FILE
    try:
        return _read(path, key)
    except Exception:  # whatever is wrong with it (a crafted file too): rebuilt
        pass
    registry = Registry(files=files)
    with contextlib.suppress(OSError, ValueError, BadCache):  # that only costs time
        atomic_write(path, _write(registry, key))
    return registry


# -- the file: {"key": ..., "errors": [...], "sources": [...], "sets": [...]} -------------------

def _write(registry: Registry, key: list[Any]) -> str:
    data = {
        "key": key,
        "errors": [[e.path, e.line, e.problem] for e in registry.errors],
        "sources": [[str(s.path), _plain_doc(s.doc if s.extends else None), s.set_id, s.extends]
                    for s in registry.sources.values()],
        "sets": [_TILESET.encode(ts) for ts in registry.sets.values()],
    }
    return _dumps(data)


def _read(path: Path, key: list[Any]) -> Registry:
    prefix = ('{"key":' + _dumps(key) + ",").encode()
    with open(path, "rb") as f:
        if f.read(len(prefix)) != prefix:  # the key first: nothing else is read for another
            raise BadCache("another key")
        data = json.loads(prefix + f.read(MAX_CACHE_BYTES), parse_int=_integer,
                          parse_constant=_no_constant)
    if not isinstance(data, dict) or set(data) != {"key", "errors", "sources", "sets"}:
        raise BadCache("not a cache")
    registry = Registry(files=[])
    registry.errors = [TileSetError(*_ERROR.decode(e)) for e in _list(data["errors"])]
    for error in registry.errors:
        if len(error.path) > MAX_PATH or len(error.problem) > MAX_SCALAR:
            raise BadCache("an error too long")
    for raw in _list(data["sources"]):
        path_, doc, sid, extends = _SOURCE.decode(raw)
        if (not NAME.fullmatch(sid) or (extends is not None and not NAME.fullmatch(extends))
                or len(path_) > MAX_PATH):
            raise BadCache("a source without a plain id")
        registry.sources[sid] = Source(Path(path_), _located_doc(doc, [0]), sid, extends)
    for raw in _list(data["sets"]):
        ts = _TILESET.decode(raw)
        check_built(ts)  # the limits of a tile set read from YAML
        registry.sets[ts.id] = ts
    return registry


def _integer(digits: str) -> int:
    """An integer of the file: at most as long as one a tile set file may hold."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise BadCache("an integer too long")
    return int(digits)


def _no_constant(word: str) -> float:
    raise BadCache(f"{word} is no value of a tile set")


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise BadCache("a list expected")
    return value


# -- tile set documents: Located containers keep their lines --------------------------------

def _plain_doc(value: Any) -> Any:
    if isinstance(value, Located):
        return {"m": value.line, "k": [[k, value.key_line(k), _plain_doc(v)]
                                       for k, v in value.items()]}
    if isinstance(value, LocatedList):
        return {"s": value.line, "i": [[value.item_line(i), _plain_doc(v)]
                                       for i, v in enumerate(value)]}
    return value


def _located_doc(value: Any, count: list[int], depth: int = 0) -> Any:
    """A document's Located containers, held to the limits of a YAML file (``count`` holds
    the number of values read so far)."""
    count[0] += 1
    if depth > MAX_DEPTH or count[0] > MAX_NODES:
        raise BadCache("nested too deep or too many values")
    if isinstance(value, str) and len(value) > MAX_SCALAR:
        raise BadCache("a text too long")
    if isinstance(value, dict):
        if set(value) == {"m", "k"} and isinstance(value["m"], int):
            m = Located()
            m.line, m.key_lines = value["m"], {}
            for key, line, item in _list(value["k"]):
                if not isinstance(key, str) or not isinstance(line, int) \
                        or len(key) > MAX_SCALAR:
                    raise BadCache("a bad mapping")
                m[key] = _located_doc(item, count, depth + 1)
                m.key_lines[key] = line
            return m
        if set(value) == {"s", "i"} and isinstance(value["s"], int):
            s = LocatedList()
            s.line, s.item_lines = value["s"], []
            for line, item in _list(value["i"]):
                if not isinstance(line, int):
                    raise BadCache("a bad list")
                s.append(_located_doc(item, count, depth + 1))
                s.item_lines.append(line)
            return s
        raise BadCache("a bad collection")
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise BadCache("a bad value")


# -- typed values: encoders and decoders made once per type from its annotations -------------

class _Codec:
    """How one type is written and read back.  ``plain``: the JSON types that stand for
    themselves (a value of those is read as it is, which lets lists of them be read fast)."""

    def __init__(self, encode: Callable[[Any], Any], decode: Callable[[Any], Any],
                 plain: frozenset[type] = frozenset()) -> None:
        self.encode = encode
        self.decode = decode
        self.plain = plain


def _plain(kinds: frozenset[type]) -> _Codec:
    """str, int, bool, None and their unions; a float field also takes an int (a shape
    written as whole numbers keeps them)."""
    def check(v: Any) -> Any:
        if type(v) not in kinds:
            raise BadCache("an unexpected value")
        return v
    return _Codec(check, check, kinds)


def _literal(values: tuple[Any, ...]) -> _Codec:
    def check(v: Any) -> Any:
        if v not in values or type(v) not in {type(x) for x in values}:
            raise BadCache("an unexpected word")
        return v
    return _Codec(check, check)


def _union(codecs: list[_Codec]) -> _Codec:
    if all(c.plain for c in codecs):
        return _plain(frozenset().union(*(c.plain for c in codecs)))

    def pick(v: Any, how: Callable[[_Codec], Callable[[Any], Any]]) -> Any:
        for c in codecs:
            try:
                return how(c)(v)
            except BadCache:
                continue
        raise BadCache("no type fits")
    return _Codec(lambda v: pick(v, lambda c: c.encode), lambda v: pick(v, lambda c: c.decode))


def _sequence(items: list[_Codec], make: Callable[[Any], Any], fixed: bool) -> _Codec:
    """A tuple or frozenset: ``items`` is one codec for every item, or one per place."""
    one = items[0]

    def encode(v: Any) -> Any:
        if not isinstance(v, (tuple, frozenset)):
            raise BadCache("a tuple or set expected")
        if fixed:
            return [c.encode(x) for c, x in zip(items, v, strict=True)]
        return [one.encode(x) for x in v]

    def decode(v: Any) -> Any:
        if type(v) is not list or (fixed and len(v) != len(items)):
            raise BadCache("a list expected")
        if fixed:
            return make([c.decode(x) for c, x in zip(items, v, strict=True)])
        if one.plain:
            kinds = one.plain
            for x in v:
                if type(x) not in kinds:
                    raise BadCache("an unexpected value")
            return make(v)
        dec = one.decode
        return make([dec(x) for x in v])

    if fixed and len(items) == 2 and items[0].plain and items[0].plain == items[1].plain:
        pair = items[0].plain

        def decode_pair(v: Any) -> Any:  # a point: by far the most frequent value
            if type(v) is not list or len(v) != 2:
                raise BadCache("a pair expected")
            a, b = v
            if type(a) not in pair or type(b) not in pair:
                raise BadCache("an unexpected value")
            return make(v)
        return _Codec(encode, decode_pair)
    return _Codec(encode, decode)


def _mapping(key: _Codec, value: _Codec) -> _Codec:
    def encode(v: Any) -> Any:
        if not isinstance(v, Mapping):
            raise BadCache("a mapping expected")
        return [[key.encode(k), value.encode(x)] for k, x in v.items()]

    def decode(v: Any) -> Any:
        out = {}
        for pair in _list(v):
            if type(pair) is not list or len(pair) != 2:
                raise BadCache("a pair expected")
            out[key.decode(pair[0])] = value.decode(pair[1])
        return out
    return _Codec(encode, decode)


def _dataclass(cls: type) -> _Codec:
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    codecs = [_codec(hints[name]) for name in names]
    decoders = [c.decode for c in codecs]

    def encode(v: Any) -> Any:
        if type(v) is not cls:
            raise BadCache(f"{cls.__name__} expected")
        return [c.encode(getattr(v, name)) for name, c in zip(names, codecs, strict=True)]

    def decode(v: Any) -> Any:
        if type(v) is not list or len(v) != len(decoders):
            raise BadCache(f"{cls.__name__} expected")
        return cls(*[d(x) for d, x in zip(decoders, v, strict=True)])
    return _Codec(encode, decode)


_MADE: dict[Any, _Codec] = {}


def _codec(tp: Any) -> _Codec:
    made = _MADE.get(tp)
    if made is not None:
        return made
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp in (str, int, bool):
        made = _plain(frozenset({tp}))
    elif tp is float:
        made = _plain(frozenset({float, int}))
    elif tp is type(None):
        made = _plain(frozenset({type(None)}))
    elif dataclasses.is_dataclass(tp) and isinstance(tp, type):
        made = _dataclass(tp)
    elif origin is typing.Literal:
        made = _literal(args)
    elif origin in (typing.Union, types.UnionType):
        made = _union([_codec(a) for a in args])
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        made = _sequence([_codec(args[0])], tuple, fixed=False)
    elif origin is tuple:
        made = _sequence([_codec(a) for a in args], tuple, fixed=True)
    elif origin is frozenset:
        made = _sequence([_codec(args[0])], frozenset, fixed=False)
    elif origin in (dict, Mapping):
        made = _mapping(_codec(args[0]), _codec(args[1]))
    else:
        raise TypeError(f"the tile set cache cannot store {tp!r}")
    _MADE[tp] = made
    return made


_TILESET = _codec(TileSet)
_ERROR = _codec(tuple[str, int | None, str])
_SOURCE = _sequence([_codec(str), _Codec(lambda v: v, lambda v: v), _codec(str),
                     _codec(str | None)], tuple, fixed=True)
