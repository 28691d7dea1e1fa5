"""How a tile set is drawn: its ``look:`` section, read and checked.

The window draws every kind, icon and figure as the tile set's data says, never by its name::

    look:
      kinds:                       # every kind: its surface, its edge, what stands on it
        city: {texture: city, colour: [216, 190, 146], edge: [92, 74, 60], edge_width: 0.056,
               wall: true, wall_top: [204, 190, 166], roof: [182, 84, 56]}
        road: {texture: road, colour: [236, 220, 178], edge: [146, 120, 84]}
        cloister: {texture: plain, colour: [220, 208, 176], edge: [92, 74, 60],
                   building: true, roof: [178, 72, 48], walls: [240, 230, 206]}
      icons:                       # an icon with a drawing of sprites/icons of its own name
        shield: {size: 0.22}       # needs none; another drawing, letters, a size, a relief
        nugget: {sprite: gold}
        hill: {relief: hill}
      figures:                     # likewise with sprites/figures
        meeple: {sprite: follower}

A colour is ``[red, green, blue]`` (0 to 255) or ``"#rrggbb"`` (quoted: ``#`` begins a YAML
comment).  A texture is one the window paints (``TEXTURES``); a kind may have a wall (an
area), be a building (an inner kind) or say what stands where it ends (a line: ``LINE_ENDS``).
An icon is drawn with ``sprite`` (a drawing of ``sprites/icons``; by default the one of its own
name) or as a token with ``letters``; ``size`` is in tiles, and a ``relief`` is painted as the
land itself.  A figure's ``sprite`` is a drawing of ``sprites/figures`` (by default the one of
its own name).  What the section leaves out is drawn by a fallback that
``python -m game.tileset check`` names.  An expansion's looks add to its game's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, cast

from .errors import TileSetError
from .limits import NAME
from .model import (
    LINE_ENDS,
    RELIEFS,
    TEXTURES,
    Colour,
    FigureDef,
    FigureLook,
    IconLook,
    KindDef,
    KindLook,
    LineEnd,
    Looks,
    Relief,
    Texture,
)
from .yamlsrc import Located, LocatedList, line_of, shown

SECTIONS = ("kinds", "icons", "figures")
KIND_LOOK_KEYS = {"texture", "colour", "edge", "edge_width", "wall", "wall_top", "building",
                  "roof", "walls", "end"}
ICON_LOOK_KEYS = {"sprite", "letters", "size", "relief"}
FIGURE_LOOK_KEYS = {"sprite"}
EDGE_WIDTHS = (0.002, 0.1)  # a kind's edge, in tiles: a hairline to a thick wall
ICON_SIZES = (0.05, 0.4)  # an icon, in tiles
MAX_LETTERS = 3
_HEX = re.compile(r"#[0-9a-fA-F]{6}", re.ASCII)


class _Looks:
    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, line: int, problem: str) -> TileSetError:
        return TileSetError(self.path, line, problem)

    def mapping(self, value: Any, line: int, what: str) -> Located:
        if not isinstance(value, Located):
            raise self.fail(line_of(value, line), f"{what} must be a mapping")
        return value

    def keys(self, m: Located, allowed: set[str], what: str) -> None:
        for key in m:
            if key not in allowed:
                raise self.fail(m.key_line(key), f"unknown key {shown(key)} in {what} "
                                                 f"(allowed: {', '.join(sorted(allowed))})")

    def colour(self, value: Any, line: int, what: str) -> Colour:
        if isinstance(value, str) and _HEX.fullmatch(value):
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        if (isinstance(value, LocatedList) and len(value) == 3
                and all(type(c) is int and 0 <= c <= 255 for c in value)):
            return (value[0], value[1], value[2])
        raise self.fail(line, f"{what} must be a colour, [red, green, blue] from 0 to 255 or "
                              f"\"#rrggbb\": not {shown(value)}")

    def number(self, value: Any, line: int, what: str, bounds: tuple[float, float]) -> float:
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not bounds[0] <= value <= bounds[1]):
            raise self.fail(line, f"{what} must be a number from {bounds[0]} to {bounds[1]} "
                                  f"(in tiles): not {shown(value)}")
        return float(value)

    def flag(self, value: Any, line: int, what: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(line, f"{what} must be true or false")
        return value

    def choice(self, value: Any, line: int, what: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            raise self.fail(line, f"{what} must be one of {', '.join(choices)}: not "
                                  f"{shown(value)}")
        return cast(str, value)

    def sprite(self, value: Any, line: int, what: str) -> str:
        if not isinstance(value, str) or not NAME.fullmatch(value):
            raise self.fail(line, f"{what} must be the name of a drawing (a plain word): "
                                  f"not {shown(value)}")
        return value

    def kind(self, raw: Any, line: int, kind: KindDef) -> KindLook:
        what = f"the look of kind '{kind.name}'"
        m = self.mapping(raw, line, what)
        self.keys(m, KIND_LOOK_KEYS, what)
        for key in ("texture", "colour", "edge"):
            if key not in m:
                raise self.fail(m.line, f"{what} lacks '{key}'")
        look = KindLook(
            texture=cast(Texture, self.choice(m["texture"], m.key_line("texture"),
                                              f"'texture' of {what}", TEXTURES)),
            colour=self.colour(m["colour"], m.key_line("colour"), f"'colour' of {what}"),
            edge=self.colour(m["edge"], m.key_line("edge"), f"'edge' of {what}"))
        changes: dict[str, Any] = {}
        for key, value in m.items():
            at, said = m.key_line(key), f"'{key}' of {what}"
            if key == "edge_width":
                changes[key] = self.number(value, at, said, EDGE_WIDTHS)
            elif key in ("wall_top", "roof", "walls"):
                changes[key] = self.colour(value, at, said)
            elif key in ("wall", "building"):
                changes[key] = self.flag(value, at, said)
            elif key == "end":
                changes[key] = cast(LineEnd, self.choice(value, at, said, LINE_ENDS))
        for key, role, says in (("wall", "area", "only an area has a wall"),
                                ("building", "inner", "only an inner kind is a building"),
                                ("end", "line", "only a line has ends")):
            if key in m and kind.role != role:
                raise self.fail(m.key_line(key), f"{what}: {says} ('{kind.name}' is "
                                                 f"{'an' if kind.role[0] in 'aei' else 'a'} "
                                                 f"{kind.role})")
        return replace(look, **changes)

    def icon(self, raw: Any, line: int, name: str) -> IconLook:
        what = f"the look of icon '{name}'"
        m = self.mapping(raw, line, what)
        self.keys(m, ICON_LOOK_KEYS, what)
        if "sprite" in m and "letters" in m:
            raise self.fail(m.key_line("letters"), f"{what}: a drawing ('sprite') or "
                                                   f"'letters', not both")
        sprite = (self.sprite(m["sprite"], m.key_line("sprite"), f"'sprite' of {what}")
                  if "sprite" in m else "")
        letters = ""
        if "letters" in m:
            letters = m["letters"]
            if (not isinstance(letters, str) or not letters.strip()
                    or len(letters) > MAX_LETTERS):
                raise self.fail(m.key_line("letters"), f"'letters' of {what} must be 1 to "
                                                       f"{MAX_LETTERS} characters")
        size = (self.number(m["size"], m.key_line("size"), f"'size' of {what}", ICON_SIZES)
                if "size" in m else IconLook.size)
        relief = (cast(Relief, self.choice(m["relief"], m.key_line("relief"),
                                           f"'relief' of {what}", RELIEFS))
                  if "relief" in m else None)
        return IconLook(sprite=sprite if sprite or letters else name, letters=letters,
                        size=size, relief=relief)

    def figure(self, raw: Any, line: int, name: str) -> FigureLook:
        what = f"the look of figure '{name}'"
        m = self.mapping(raw, line, what)
        self.keys(m, FIGURE_LOOK_KEYS, what)
        if "sprite" not in m:
            raise self.fail(m.line, f"{what} lacks 'sprite'")
        return FigureLook(self.sprite(m["sprite"], m.key_line("sprite"), f"'sprite' of {what}"))


def parse_looks(raw: Any, line: int, path: str, kinds: Mapping[str, KindDef],
                figures: Mapping[str, FigureDef], base: Looks | None) -> Looks:
    """The ``look`` section of a tile set, added to its game's (``base``)."""
    reader = _Looks(path)
    kind_looks = dict(base.kinds) if base else {}
    icon_looks = dict(base.icons) if base else {}
    figure_looks = dict(base.figures) if base else {}
    if raw is not None:
        section = reader.mapping(raw, line, "'look'")
        reader.keys(section, set(SECTIONS), "'look'")
        for part in (p for p in SECTIONS if p in section):
            entries = reader.mapping(section[part], section.key_line(part), f"look {part}")
            for name, spec in entries.items():
                at = entries.key_line(name)
                if part == "kinds":
                    if name not in kinds:
                        raise reader.fail(at, f"look kinds: {shown(name)} is not a kind of "
                                              f"the set ({', '.join(kinds)})")
                    kind_looks[name] = reader.kind(spec, at, kinds[name])
                elif part == "figures":
                    if name not in figures:
                        raise reader.fail(at, f"look figures: {shown(name)} is not a figure "
                                              f"of the set ({', '.join(figures)})")
                    figure_looks[name] = reader.figure(spec, at, name)
                else:
                    if not isinstance(name, str) or not NAME.fullmatch(name):
                        raise reader.fail(at, f"look icons: {shown(name)} is not an icon's "
                                              f"name (a plain word)")
                    icon_looks[name] = reader.icon(spec, at, name)
    return Looks(kind_looks, icon_looks, figure_looks)


def icon_look(looks: Looks, name: str) -> IconLook:
    """How the icon ``name`` is drawn: as its look says, else with the drawing of its name."""
    return looks.icons.get(name) or IconLook(sprite=name)


def figure_sprite(looks: Looks, name: str) -> str:
    """The drawing of the figure ``name``: as its look says, else the one of its name."""
    look = looks.figures.get(name)
    return look.sprite if look is not None else name


def token_letters(name: str) -> str:
    """The letters on the token of an icon without a drawing or letters of its own: its
    name's first two."""
    return (name[:2] if len(name) > 1 else name).capitalize() or "?"
