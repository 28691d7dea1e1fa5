"""A built tile set held to the limits and checks of the loader, for tile sets that come from
elsewhere than a YAML file: the parsed tile sets kept between starts (``game.store.tileset_cache``).

A cache file is plain data, but it could be crafted or damaged to hold what no tile set file
may: a tile of 10^12 copies (dealing the deck would run out of memory on every start), a
polygon of a million points, a figure named like a path, a rotation that names a feature the
tile does not have.  ``check_built`` refuses all of that with ``OutOfBounds`` naming the first
thing wrong.  Every size and word is held to ``limits``, every reference between the parts is
checked, and each tile's rotations are worked out again from its features and must be exactly
those stored, so that the engine only ever sees what the loader could have built.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from . import ports as P
from .geometry import Point
from .limits import (
    ACTION_WORDS,
    FIGURE_NAME,
    MAX_FEATURES,
    MAX_FIGURE_COUNT,
    MAX_NAME,
    MAX_POLYGON,
    MAX_START_AT,
    MAX_TILE_COUNT,
    MAX_TILE_TYPES,
    MAX_TILES,
    NAME,
    TILE_ID,
)
from .looks import EDGE_WIDTHS, ICON_SIZES, MAX_LETTERS
from .model import FeatureDef, Icon, KindDef, LanguageText, RotatedTile, TileSet, TileType
from .tile_parser import turned
from .yamlsrc import MAX_INT_DIGITS, MAX_SCALAR

MAX_LINEAGE = 21  # a game and 20 expansions (as many as a save may name)
MAX_PARTS = 1_000  # kinds, options, rules, languages of a set: a file of 50,000 values holds fewer
MAX_PATH = 4_096  # characters of a tile set's file name
BIGGEST = 10**MAX_INT_DIGITS  # an integer of a tile set has at most 20 digits


class OutOfBounds(ValueError):
    """What a built tile set holds that the loader would have refused."""


def _fail(problem: str) -> None:
    raise OutOfBounds(problem)


def _word(value: object, pattern: re.Pattern[str], what: str) -> None:
    if type(value) is not str or not pattern.fullmatch(value):
        _fail(f"{what} is not a plain word")


def _text(value: object, what: str, most: int = MAX_SCALAR) -> None:
    if type(value) is not str or len(value) > most:
        _fail(f"{what} is not a text of at most {most:,} characters")


def _count(value: object, most: int, what: str, least: int = 1) -> None:
    if type(value) is not int or not least <= value <= most:
        _fail(f"{what} is not a whole number from {least} to {most:,}")


def _sized(items: Iterable[Any] | Mapping[Any, Any], most: int, what: str) -> None:
    if len(list(items)) > most:
        _fail(f"more than {most:,} {what}")


def _on_tile(points: Iterable[Point], what: str) -> None:
    """Points with both coordinates from 0 to 1 (not a NaN: it fails every comparison)."""
    for point in points:
        if len(point) != 2:
            _fail(f"{what} is not a point")
        x, y = point
        if not (0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
            _fail(f"{what} lies outside the tile")


def check_built(ts: TileSet) -> None:
    """Raise OutOfBounds unless the tile set keeps every limit and check of the loader."""
    _word(ts.id, NAME, "the id")
    _text(ts.name, "the name", MAX_NAME)
    _text(ts.path, "the file name", MAX_PATH)
    lineage = ts.lineage
    _count(len(lineage), MAX_LINEAGE, "the number of sets merged")
    for sid in lineage:
        _word(sid, NAME, "a merged set's id")
    if lineage[-1] != ts.id or (ts.extends is not None and ts.extends not in lineage[:-1]):
        _fail("the merged sets do not end with this one")
    for sid, digest in ts.fingerprints.items():
        if sid not in lineage:
            _fail("a fingerprint of a set not merged")
        _text(digest, "a fingerprint", 64)
    players = ts.players
    if not (type(players[0]) is int and type(players[1]) is int
            and 1 <= players[0] <= players[1] <= 8):
        _fail("'players' is not [min, max] within 1 to 8")
    _check_kinds(ts.kinds)
    _check_figures(ts)
    _check_options(ts)
    _check_tiles(ts)
    _check_texts(ts.text)
    _check_looks(ts)


def _check_kinds(kinds: Mapping[str, KindDef]) -> None:
    _sized(kinds, MAX_PARTS, "kinds")
    for name, kind in kinds.items():
        if kind.name != name:
            _fail(f"kind {name!r} is filed under another name")
        _text(name, "a kind's name")
        for each in (kind.points, kind.final):
            _sized(each, MAX_PARTS, "points of a kind")
            for key, points in each.items():
                _text(key, "a points key")
                _count(points, BIGGEST - 1, "points", least=0)
    if sum(kind.role == "background" for kind in kinds.values()) != 1:
        _fail("not exactly one background kind")


def _check_figures(ts: TileSet) -> None:
    if not ts.figures:
        _fail("no figures")
    _sized(ts.figures, MAX_PARTS, "figures")
    for name, figure in ts.figures.items():
        _word(name, FIGURE_NAME, "a figure's name")
        if figure.name != name or name in ACTION_WORDS:
            _fail(f"figure {name!r} has another name or a word of the action text")
        _count(figure.count, MAX_FIGURE_COUNT, f"the count of figure {name!r}")
        if not figure.on <= ts.kinds.keys():
            _fail(f"figure {name!r} goes on a kind the set does not have")
        _word(figure.group, NAME, f"the group of figure {name!r}")


def _check_options(ts: TileSet) -> None:
    from .modules import MODULES
    _sized(ts.options, MAX_PARTS, "options")
    for name, option in ts.options.items():
        if option.name != name or len(option.values) < 2 or option.default not in option.values:
            _fail(f"option {name!r} has another name, too few values or a default of none")
        _text(name, "an option's name")
        _text(option.source, "an option's source")
        for value in option.values:
            if type(value) is str:
                _text(value, "an option's value")
            else:
                _count(value, BIGGEST - 1, "an option's value", least=1 - BIGGEST)
    _sized(ts.rules, MAX_PARTS, "rule modules")
    for rule in ts.rules:
        module = MODULES.get(rule)
        if module is None or not set(module.options) <= ts.options.keys():
            _fail(f"rule module {rule!r} is unknown or lacks its options")


def _check_tiles(ts: TileSet) -> None:
    per_source: dict[str, list[TileType]] = {}
    for tile in ts.tiles:
        if tile.source not in ts.lineage:
            _fail(f"tile {tile.id!r} comes from a set not merged")
        per_source.setdefault(tile.source, []).append(tile)
    for tiles in per_source.values():
        _count(len(tiles), MAX_TILE_TYPES, "the number of tile types")
        _count(sum(t.count for t in tiles if type(t.count) is int), MAX_TILES,
               "the number of tiles")
    ids = [tile.id for tile in ts.tiles]
    if len(set(ids)) != len(ids):
        _fail("a tile id is used twice")
    backgrounds = [k.name for k in ts.kinds.values() if k.role == "background"]
    for tile in ts.tiles:
        _check_tile(tile, ts.kinds, backgrounds[0])
    start = ts.start
    if start is not None:
        if start.tile not in ids or start.rotation not in (0, 90, 180, 270):
            _fail("the start tile is not a tile of the set, or its turn is not a quarter turn")
        if not all(type(c) is int and abs(c) <= MAX_START_AT for c in start.at):
            _fail(f"the start lies more than {MAX_START_AT} cells out")


def _check_tile(tile: TileType, kinds: Mapping[str, KindDef], background: str) -> None:
    what = f"tile {tile.id!r}" if type(tile.id) is str and len(tile.id) <= 40 else "a tile"
    _word(tile.id, TILE_ID, "a tile id")
    _count(tile.count, MAX_TILE_COUNT, f"the count of {what}")
    _word(tile.pile, NAME, f"the pile of {what}")
    _count(tile.line, BIGGEST - 1, f"the line of {what}", least=0)
    _count(len(tile.features), MAX_FEATURES, f"the features of {what}", least=0)
    _check_icons(tile.icons, what)
    for i, feature in enumerate(tile.features):
        _check_feature(feature, i, len(tile.features), kinds, what)
    named = {f.name: f.index for f in tile.features if f.name is not None}
    if dict(tile.names) != named:
        _fail(f"the feature names of {what} do not match its features")
    rules, distinct = turned(tile.id, tile.features, tile.icons, kinds, background,
                             geometry=False)
    if tile.distinct_rotations != distinct or len(tile.rotations) != 4:
        _fail(f"the rotations of {what} are not those of its features")
    for stored, made in zip(tile.rotations, rules, strict=True):
        if _rules_of(stored) != _rules_of(made):
            _fail(f"the rotations of {what} are not those of its features")
        _check_turned_geometry(stored, tile, what)


def _rules_of(rt: RotatedTile) -> tuple[object, ...]:
    return (rt.type_id, rt.rotation, rt.edges, rt.connect, rt.target, rt.feature_ports)


def _check_turned_geometry(rt: RotatedTile, tile: TileType, what: str) -> None:
    """A turned tile's shapes and points: as many as its features have, all on the tile."""
    features = tile.features
    if (len(rt.shapes) != len(features) or len(rt.anchors) != len(features)
            or len(rt.icon_points) != len(features)
            or len(rt.tile_icon_points) != len(tile.icons)
            or any(len(shape) != len(f.shape)
                   for shape, f in zip(rt.shapes, features, strict=True))
            or any(len(at) != len(f.icons)
                   for at, f in zip(rt.icon_points, features, strict=True))):
        _fail(f"a rotation of {what} does not draw its features")
    for shape in rt.shapes:
        _on_tile(shape, f"a turned shape of {what}")
    _on_tile((*rt.anchors, *(p for at in rt.icon_points for p in at if p is not None),
              *(p for p in rt.tile_icon_points if p is not None)), f"a turned point of {what}")


def _check_feature(f: FeatureDef, i: int, count: int, kinds: Mapping[str, KindDef],
                   what: str) -> None:
    where = f"feature {i + 1} of {what}"
    if f.index != i or f.kind not in kinds:
        _fail(f"{where} has another index or an unknown kind")
    if f.name is not None:
        _word(f.name, NAME, f"the name of {where}")
        if f.name in P.PORT_INDEX:
            _fail(f"{where} is named like a port")
    if not f.ports <= set(P.ALL_PORTS) or not f.shared <= f.ports:
        _fail(f"{where} covers a port a tile does not have")
    if not all(type(t) is int and 0 <= t < count and t != i for t in f.touches):
        _fail(f"{where} touches a feature the tile does not have")
    _check_icons(f.icons, where)
    if not 3 <= len(f.shape) <= MAX_POLYGON:
        _fail(f"the shape of {where} does not have 3 to {MAX_POLYGON} points")
    _on_tile((*f.shape, f.anchor), f"a point of {where}")


def _check_icons(icons: tuple[Icon, ...], what: str) -> None:
    _sized(icons, MAX_PARTS, f"icons of {what}")
    for icon in icons:
        _word(icon.name, NAME, f"an icon of {what}")
    _on_tile((icon.at for icon in icons if icon.at is not None), f"an icon of {what}")


def _check_texts(texts: Mapping[str, LanguageText]) -> None:
    """Words shown to players: each a text of a tile set's length, as many as a file holds."""
    _sized(texts, MAX_PARTS, "languages")
    for language, text in texts.items():
        _text(language, "a language")
        words: list[object] = [text.name, text.note, text.moves, text.extra]
        for names in (text.kinds, text.figures, text.icons):
            _sized(names, MAX_PARTS, "names")
            words += [*names.keys(),
                      *(w for named in names.values() for w in (named.one, named.many,
                                                                named.phrase))]
        for option_name, option in text.options.items():
            words += [option_name, option.name]
            for value, value_text in option.values.items():
                words += [value, value_text.label, value_text.explain]
        for key, question in text.questions.items():
            words += [key, question.prompt]
            for answer, answer_text in question.answers.items():
                words += [answer, answer_text.label, answer_text.explain]
        _sized(words, 50 * MAX_PARTS, "words")
        for word in words:
            _text(word, f"a word of language {language!r}")


def _colour(value: object, what: str) -> None:
    if not (isinstance(value, tuple) and len(value) == 3
            and all(type(c) is int and 0 <= c <= 255 for c in value)):
        _fail(f"{what} is not a colour")


def _between(value: object, bounds: tuple[float, float], what: str) -> None:
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not bounds[0] <= value <= bounds[1]):
        _fail(f"{what} is not a number from {bounds[0]} to {bounds[1]}")


def _check_looks(ts: TileSet) -> None:
    """How the set is drawn: looks of its own kinds and figures, drawings named by plain
    words, colours and sizes the loader allows."""
    looks = ts.looks
    for name, kind in looks.kinds.items():
        if name not in ts.kinds:
            _fail("the look of a kind the set does not have")
        for colour in (kind.colour, kind.edge, kind.wall_top, kind.roof, kind.walls):
            _colour(colour, "a kind's colour")
        _between(kind.edge_width, EDGE_WIDTHS, "a kind's edge width")
    _sized(looks.icons, MAX_PARTS, "icon looks")
    for name, icon in looks.icons.items():
        _word(name, NAME, "an icon with a look")
        if icon.sprite:
            _word(icon.sprite, NAME, "an icon's drawing")
        _text(icon.letters, "an icon's letters", MAX_LETTERS)
        _between(icon.size, ICON_SIZES, "an icon's size")
    for name, figure in looks.figures.items():
        if name not in ts.figures:
            _fail("the look of a figure the set does not have")
        _word(figure.sprite, NAME, "a figure's drawing")
