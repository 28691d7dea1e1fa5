"""Reading and validating tile set files.  Every problem raises one TileSetError naming the
file, the line and what is wrong; nothing is half-loaded."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from .limits import (
    ACTION_WORDS,
    FIGURE_NAME,
    MAX_FIGURE_COUNT,
    MAX_NAME,
    MAX_START_AT,
    MAX_TILE_TYPES,
    MAX_TILES,
)
from .looks import parse_looks
from .model import (
    COMPLETIONS,
    ROLES,
    FigureDef,
    KindDef,
    OptionDef,
    StartDef,
    TileSet,
    TileType,
)
from .reader import Reader
from .source import digest, read_text
from .texts import parse_texts
from .tile_parser import parse_tile
from .yamlsrc import Located, LocatedList, YamlLimitError, load_located, shown

TOP_KEYS = {"$schema", "id", "name", "extends", "players", "figures", "kinds", "options",
            "rules", "start", "tiles", "notes", "text", "look"}
KIND_KEYS = {"role", "completion", "points", "final"}
FIGURE_KEYS = {"count", "on", "group", "majority", "stays", "blocks", "building"}
OPTION_KEYS = {"values", "default", "source"}


def _parse_kinds(r: Reader, raw: Any, line: int) -> dict[str, KindDef]:
    kinds: dict[str, KindDef] = {}
    m = r.mapping(raw, line, "'kinds'")
    for name, spec in m.items():
        what = f"kind {shown(name)}"
        s = r.mapping(spec, m.key_line(name), what)
        r.keys(s, KIND_KEYS, what)
        role = r.require(s, "role", what)
        if role not in ROLES:
            r.fail(s.key_line("role"), f"{what}: role must be one of {', '.join(ROLES)}")
        completion = s.get("completion", "never")
        if completion not in COMPLETIONS:
            r.fail(s.key_line("completion"),
                   f"{what}: completion must be one of {', '.join(COMPLETIONS)}")
        kinds[name] = KindDef(
            name=name, role=role, completion=completion,
            points=r.points_each(s.get("points", Located()), s.key_line("points"),
                                  f"{what} points"),
            final=r.points_each(s.get("final", Located()), s.key_line("final"),
                                 f"{what} final"),
        )
    return kinds


def _parse_figures(r: Reader, raw: Any, line: int, kinds: Mapping[str, KindDef]
                   ) -> dict[str, FigureDef]:
    figures: dict[str, FigureDef] = {}
    m = r.mapping(raw, line, "'figures'")
    for name, spec in m.items():
        r.name(name, m.key_line(name), "a figure's name", FIGURE_NAME)
        if name in ACTION_WORDS:
            r.fail(m.key_line(name), f"a figure may not be named '{name}' (a word of the "
                                     f"action text)")
        what = f"figure '{name}'"
        s = r.mapping(spec, m.key_line(name), what)
        r.keys(s, FIGURE_KEYS, what)
        count = r.positive_int(s, "count", what, MAX_FIGURE_COUNT)
        on = r.names(r.require(s, "on", what), s.key_line("on"), f"'on' of {what}")
        for i, kind in enumerate(on):
            if kind not in kinds:
                r.fail(s["on"].item_line(i), f"{what}: unknown kind {shown(kind)}")
        for flag in ("majority", "stays", "blocks", "building"):
            if flag in s and not isinstance(s[flag], bool):
                r.fail(s.key_line(flag), f"{what}: '{flag}' must be true or false")
        group = r.name(s.get("group", name), s.key_line("group"), f"the group of {what}")
        figures[name] = FigureDef(
            name=name, count=count, on=frozenset(on), group=group,
            majority=bool(s.get("majority", True)), stays=bool(s.get("stays", False)),
            blocks=bool(s.get("blocks", True)), building=bool(s.get("building", False)))
    return figures


def _parse_options(r: Reader, raw: Any, line: int) -> dict[str, OptionDef]:
    options: dict[str, OptionDef] = {}
    m = r.mapping(raw, line, "'options'")
    for name, spec in m.items():
        what = f"option {shown(name)}"
        s = r.mapping(spec, m.key_line(name), what)
        r.keys(s, OPTION_KEYS, what)
        values = r.seq(r.require(s, "values", what), s.key_line("values"), f"values of {what}")
        if len(values) < 2:
            r.fail(values.line, f"{what} needs at least two values")
        for i, v in enumerate(values):
            if isinstance(v, bool) or not isinstance(v, (str, int)):
                r.fail(values.item_line(i), f"{what}: values must be strings or integers")
        default = r.require(s, "default", what)
        if default not in values:
            r.fail(s.key_line("default"), f"{what}: default {shown(default)} is not one of "
                                          f"its values")
        options[name] = OptionDef(name=name, values=tuple(values), default=default,
                                  source=r.text(s, "source", what))
    return options


def parse_tileset(text: str, path: str, base: TileSet | None = None) -> TileSet:
    """Parse and validate tile set text.  ``base`` is the set an expansion extends."""
    return build_tileset(read_yaml(text, path), path, base)


def read_yaml(text: str, path: str) -> Any:
    """The YAML document of a tile set file; a syntax error is a TileSetError."""
    r = Reader(path)
    try:
        return load_located(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        prefix = "" if isinstance(exc, YamlLimitError) else "not valid YAML: "
        r.fail(mark.line + 1 if mark else None, f"{prefix}{exc.problem}")
    except yaml.YAMLError as exc:
        r.fail(None, f"not valid YAML: {exc}")


def set_id_of(doc: Any, path: str) -> str:
    """The id of a parsed tile set file, or the TileSetError that says why it has none."""
    r = Reader(path)
    top = r.mapping(doc, 1, "a tile set file")
    return r.name(r.require(top, "id", "the tile set"), top.key_line("id"), "the tile set's id")


# What a tile set file says to players only (its name, its words, how it is drawn): a save
# played with the set replays the same after a change there, so the fingerprint leaves it out.
WORDS_ONLY = ("name", "text", "look")


def fingerprint(doc: Any) -> str:
    """What a tile set file says that a game's play depends on, as a short digest: the same
    for the same values however the file is laid out (comments, spacing, order of keys), and
    whatever its words say."""
    if isinstance(doc, dict):
        doc = {key: value for key, value in doc.items() if key not in WORDS_ONLY}
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, default=repr)
    return digest(text.encode("utf-8"))


def build_tileset(doc: Any, path: str, base: TileSet | None = None) -> TileSet:
    """Validate a parsed tile set document and build the tile set."""
    r = Reader(path)
    set_id = set_id_of(doc, path)
    top: Located = doc
    r.keys(top, TOP_KEYS, "the tile set")
    name = r.text(top, "name", "the tile set")
    if len(name) > MAX_NAME:
        r.fail(top.key_line("name"), f"the tile set's name has {len(name)} characters: at "
                                     f"most {MAX_NAME}")
    extends = top.get("extends")
    if extends is not None and (base is None or extends not in base.lineage):
        r.fail(top.key_line("extends"), f"extends {shown(extends)}, which is not loaded")
    kinds = dict(base.kinds) if base else {}
    kinds.update(_parse_kinds(r, top.get("kinds", Located()), top.key_line("kinds")))
    backgrounds = [k.name for k in kinds.values() if k.role == "background"]
    if len(backgrounds) != 1:
        r.fail(top.key_line("kinds"), "a tile set needs exactly one background kind "
                                      f"(found {len(backgrounds)})")
    figures = dict(base.figures) if base else {}
    figures.update(_parse_figures(r, top.get("figures", Located()), top.key_line("figures"),
                                  kinds))
    if not figures:
        r.fail(top.line, "the tile set declares no figures")
    options = dict(base.options) if base else {}
    options.update(_parse_options(r, top.get("options", Located()), top.key_line("options")))
    rules_raw = r.seq(top.get("rules", LocatedList()), top.key_line("rules"), "'rules'")
    from .modules import MODULES
    for i, rule in enumerate(rules_raw):
        if not isinstance(rule, str) or rule not in MODULES:
            r.fail(rules_raw.item_line(i), f"unknown rule module {shown(rule)} "
                                           f"(known: {', '.join(sorted(MODULES))})")
        for opt in MODULES[rule].options:
            if opt not in options:
                r.fail(rules_raw.item_line(i), f"rule module '{rule}' needs option '{opt}'")
    rules = tuple(dict.fromkeys([*(base.rules if base else ()), *rules_raw]))
    if base is None:
        players_raw = r.seq(r.require(top, "players", "the tile set"), top.key_line("players"),
                            "'players'")
        if (len(players_raw) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in players_raw)
                or not 1 <= players_raw[0] <= players_raw[1] <= 8):
            r.fail(players_raw.line, "'players' must be [min, max] with 1 <= min <= max <= 8")
        players = (int(players_raw[0]), int(players_raw[1]))
    else:
        players = base.players
    raw_tiles = r.seq(r.require(top, "tiles", "the tile set"), top.key_line("tiles"), "'tiles'")
    if len(raw_tiles) > MAX_TILE_TYPES:
        r.fail(raw_tiles.line, f"{len(raw_tiles)} tile types: a tile set may have at most "
                               f"{MAX_TILE_TYPES}")
    tiles: list[TileType] = []
    seen_ids = {t.id for t in base.tiles} if base else set()
    for i, raw in enumerate(raw_tiles):
        tile = parse_tile(r, raw, raw_tiles.item_line(i), set_id, kinds, backgrounds[0])
        if tile.id in seen_ids:
            r.fail(tile.line, f"tile id '{tile.id}' is used twice")
        seen_ids.add(tile.id)
        tiles.append(tile)
    if sum(t.count for t in tiles) > MAX_TILES:
        r.fail(raw_tiles.line, f"{sum(t.count for t in tiles):,} tiles: a tile set may have "
                               f"at most {MAX_TILES:,}")
    if base is not None:
        tiles = [*base.tiles, *tiles]
    start = base.start if base else None
    if "start" in top:
        s = r.mapping(top["start"], top.key_line("start"), "'start'")
        r.keys(s, {"tile", "at", "rotation"}, "'start'")
        tile_id = r.require(s, "tile", "'start'")
        if isinstance(tile_id, int) and not isinstance(tile_id, bool):
            tile_id = str(tile_id)
        if not isinstance(tile_id, str) or tile_id not in seen_ids:
            r.fail(s.key_line("tile"), f"start tile {shown(tile_id)} is not a tile of the set")
        at = s.get("at", [0, 0])
        rot = s.get("rotation", 0)
        if not (isinstance(at, list) and len(at) == 2
                and all(isinstance(c, int) and not isinstance(c, bool)
                        and abs(c) <= MAX_START_AT for c in at)):
            r.fail(s.key_line("at"), f"'at' of the start must be [x, y] integers from "
                                     f"-{MAX_START_AT} to {MAX_START_AT}")
        if rot not in (0, 90, 180, 270):
            r.fail(s.key_line("rotation"), "start rotation must be 0, 90, 180 or 270")
        start = StartDef(tile=tile_id, at=(at[0], at[1]), rotation=rot)
    text = parse_texts(top.get("text"), top.key_line("text"), path, kinds, figures, options,
                       base.text if base else {})
    looks = parse_looks(top.get("look"), top.key_line("look"), path, kinds, figures,
                        base.looks if base else None)
    return TileSet(id=set_id, name=name, path=path, extends=extends, players=players,
                   figures=figures, kinds=kinds, options=options, rules=rules, start=start,
                   tiles=tuple(tiles),
                   lineage=(*(base.lineage if base else ()), set_id),
                   fingerprints={**(base.fingerprints if base else {}), set_id: fingerprint(top)},
                   text=text, looks=looks)


def load_tileset(path: str | Path, base: TileSet | None = None) -> TileSet:
    return parse_tileset(read_text(Path(path)), str(path), base)
