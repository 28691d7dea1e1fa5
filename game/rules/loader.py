"""Reading and validating tile set files.  Every problem raises one TileSetError naming the
file, the line and what is wrong; nothing is half-loaded."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn

import yaml

from . import ports as P
from .errors import TileSetError
from .geometry import (
    Point,
    Polygon,
    ShapeError,
    named_shape,
    point_in_polygon,
    rotate_point,
    rotate_polygon,
)
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
from .model import (
    COMPLETIONS,
    ROLES,
    FeatureDef,
    FigureDef,
    Icon,
    KindDef,
    OptionDef,
    RotatedTile,
    StartDef,
    TileSet,
    TileType,
)
from .source import digest, read_text
from .texts import parse_texts
from .yamlsrc import Located, LocatedList, YamlLimitError, line_of, load_located, shown

TOP_KEYS = {"$schema", "id", "name", "extends", "players", "figures", "kinds", "options",
            "rules", "start", "tiles", "notes", "text"}
KIND_KEYS = {"role", "completion", "points", "final"}
FIGURE_KEYS = {"count", "on", "group", "majority", "stays", "blocks", "building"}
OPTION_KEYS = {"values", "default", "source"}
TILE_KEYS = {"id", "count", "pile", "features", "icons", "notes", "stands_for"}
FEATURE_KEYS = {"kind", "name", "ports", "shared", "icons", "touches", "shape", "anchor"}
PORT_TOLERANCE = 0.02

class _Reader:
    """Validation helpers bound to one file, so every error carries its path."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, line: int | None, problem: str) -> NoReturn:
        raise TileSetError(self.path, line, problem)

    def mapping(self, value: Any, line: int, what: str) -> Located:
        if not isinstance(value, Located):
            self.fail(line_of(value, line), f"{what} must be a mapping")
        return value

    def seq(self, value: Any, line: int, what: str) -> LocatedList:
        if not isinstance(value, LocatedList):
            self.fail(line_of(value, line), f"{what} must be a list")
        return value

    def keys(self, m: Located, allowed: set[str], what: str) -> None:
        for key in m:
            if key not in allowed:
                self.fail(m.key_line(key), f"unknown key {shown(key)} in {what} "
                                           f"(allowed: {', '.join(sorted(allowed))})")

    def name(self, value: Any, line: int, what: str, pattern: re.Pattern[str] = NAME) -> str:
        """A name that must be a plain word (see NAME, TILE_ID, FIGURE_NAME)."""
        if not isinstance(value, str) or not pattern.fullmatch(value):
            first = "a letter" if pattern is FIGURE_NAME else "a letter or digit"
            extra = ", '.' and '+'" if pattern is TILE_ID else ""
            self.fail(line_of(value, line),
                      f"{what} must be a word of up to 40 letters, digits, '_' and '-'{extra}, "
                      f"beginning with {first}: not {shown(value)}")
        return value

    def names(self, value: Any, line: int, what: str) -> list[str]:
        """A list of strings (kind names, ports...): their meaning is checked by the caller."""
        items = self.seq(value, line, what)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                self.fail(items.item_line(i), f"{what}: {shown(item)} is not a name")
        return list(items)

    def require(self, m: Located, key: str, what: str) -> Any:
        if key not in m:
            self.fail(m.line, f"{what} lacks '{key}'")
        return m[key]

    def text(self, m: Located, key: str, what: str) -> str:
        value = self.require(m, key, what)
        if not isinstance(value, str) or not value.strip():
            self.fail(m.key_line(key), f"'{key}' of {what} must be a non-empty string")
        return value

    def positive_int(self, m: Located, key: str, what: str, most: int) -> int:
        value = self.require(m, key, what)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            self.fail(m.key_line(key), f"'{key}' of {what} must be a positive integer, "
                                       f"not {shown(value)}")
        if value > most:
            self.fail(m.key_line(key), f"'{key}' of {what} is {value}: at most {most}")
        return value

    def points_table(self, value: Any, line: int, what: str) -> dict[str, int]:
        m = self.mapping(value, line, what)
        out: dict[str, int] = {}
        for key, pts in m.items():
            if isinstance(pts, bool) or not isinstance(pts, int) or pts < 0:
                self.fail(m.key_line(key), f"{what}: points for {shown(key)} must be an "
                                           f"integer >= 0")
            out[key] = pts
        return out


def _listing(names: Iterable[str], most: int = 12) -> str:
    """Names for a message: the first few of a list that may be long."""
    items = [shown(n, quote=False) for n in names]
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")


def _parse_kinds(r: _Reader, raw: Any, line: int) -> dict[str, KindDef]:
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
            points=r.points_table(s.get("points", Located()), s.key_line("points"),
                                  f"{what} points"),
            final=r.points_table(s.get("final", Located()), s.key_line("final"),
                                 f"{what} final"),
        )
    return kinds


def _parse_figures(r: _Reader, raw: Any, line: int, kinds: Mapping[str, KindDef]
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


def _parse_options(r: _Reader, raw: Any, line: int) -> dict[str, OptionDef]:
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


def _parse_icons(r: _Reader, raw: Any, line: int, what: str) -> tuple[Icon, ...]:
    items = r.seq(raw, line, f"icons of {what}")
    icons: list[Icon] = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            icons.append(Icon(r.name(item, items.item_line(i), f"an icon of {what}"), None))
        elif isinstance(item, Located) and len(item) == 1:
            (name, at), = item.items()
            r.name(name, items.item_line(i), f"an icon of {what}")
            icons.append(Icon(name, _point(r, at, items.item_line(i), f"icon '{name}'")))
        else:
            r.fail(items.item_line(i), f"{what}: an icon is a name or {{name: [x, y]}}")
    return tuple(icons)


def _point(r: _Reader, raw: Any, line: int, what: str) -> Point:
    if (not isinstance(raw, list) or len(raw) != 2
            or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in raw)):
        r.fail(line_of(raw, line), f"{what} must be a point [x, y]")
    x, y = float(raw[0]), float(raw[1])
    if not (0 <= x <= 1 and 0 <= y <= 1):
        r.fail(line_of(raw, line), f"{what} [{x}, {y}] lies outside the tile (0..1)")
    return (x, y)


def _shape(r: _Reader, raw: Any, line: int, what: str) -> tuple[Polygon, Point | None]:
    if isinstance(raw, str):
        try:
            poly, anchor = named_shape(raw)
        except ShapeError as exc:
            r.fail(line, f"{what}: {exc}")
        return poly, anchor
    pts = r.seq(raw, line, f"shape of {what}")
    if not 3 <= len(pts) <= MAX_POLYGON:
        r.fail(pts.line, f"{what}: a polygon has from 3 to {MAX_POLYGON} points, not {len(pts)}")
    return tuple(_point(r, p, pts.item_line(i), f"{what} polygon point")
                 for i, p in enumerate(pts)), None


def _parse_feature(r: _Reader, raw: Any, line: int, index: int, tile_id: str,
                   kinds: Mapping[str, KindDef]) -> tuple[FeatureDef, Located]:
    what = f"feature {index + 1} of tile '{tile_id}'"
    f = r.mapping(raw, line, what)
    r.keys(f, FEATURE_KEYS, what)
    kind_name = r.text(f, "kind", what)
    if kind_name not in kinds:
        r.fail(f.key_line("kind"), f"{what}: unknown kind {shown(kind_name)} "
                                   f"(known: {_listing(kinds)})")
    kind = kinds[kind_name]
    name = f.get("name")
    if name is not None:
        r.name(name, f.key_line("name"), f"the name of {what}")
        if name in P.PORT_INDEX:
            r.fail(f.key_line("name"), f"{what}: a name must not be a port name")
    port_list = r.names(f.get("ports", LocatedList()), f.key_line("ports"), f"ports of {what}")
    ports: set[int] = set()
    for i, name_ in enumerate(port_list):
        if name_ not in P.PORT_INDEX:
            r.fail(f["ports"].item_line(i), f"{what}: unknown port {shown(name_)} "
                                            f"(ports: {' '.join(P.PORT_NAMES)})")
        port = P.PORT_INDEX[name_]
        if port in ports:
            r.fail(f["ports"].item_line(i), f"{what}: port {name_} listed twice")
        ports.add(port)
    centre = {p for p in ports if p < 4}
    half = ports - centre
    if kind.role in ("area", "line") and half:
        r.fail(f.key_line("ports"), f"{what}: a {kind.role} kind ({kind_name}) covers edge "
                                    f"centres N E S W, not half edges")
    if kind.role == "background" and centre:
        r.fail(f.key_line("ports"), f"{what}: a background kind ({kind_name}) covers half "
                                    f"edges (NL NR EL ER SL SR WL WR), not edge centres")
    if kind.role == "inner" and ports:
        r.fail(f.key_line("ports"), f"{what}: an inner kind ({kind_name}) touches no edge")
    if not ports and name is None:
        r.fail(f.line, f"{what}: a feature that touches no edge needs a name")
    shared_list = r.names(f.get("shared", LocatedList()), f.key_line("shared"),
                          f"shared of {what}")
    shared = set()
    for i, name_ in enumerate(shared_list):
        if P.PORT_INDEX.get(name_) not in ports:
            r.fail(f["shared"].item_line(i), f"{what}: shared port {shown(name_)} is not one "
                                             f"of its ports")
        shared.add(P.PORT_INDEX[name_])
    icons = _parse_icons(r, f.get("icons", LocatedList()), f.key_line("icons"), what)
    if "shape" not in f:
        r.fail(f.line, f"{what} lacks 'shape'")
    shape, default_anchor = _shape(r, f["shape"], f.key_line("shape"), what)
    if "anchor" in f:
        anchor = _point(r, f["anchor"], f.key_line("anchor"), f"anchor of {what}")
    elif default_anchor is not None:
        anchor = default_anchor
    else:
        r.fail(f.line, f"{what}: a polygon shape needs an 'anchor' for figures")
    feature = FeatureDef(index=index, kind=kind_name, name=name, ports=frozenset(ports),
                         shared=frozenset(shared), icons=icons, touches=(), shape=shape,
                         anchor=anchor)
    return feature, f


def _covers(feature: FeatureDef, kind: KindDef) -> set[int]:
    """Ports a feature covers: an area covering an edge covers its two halves as well."""
    out = set(feature.ports)
    if kind.role == "area":
        for p in feature.ports:
            out.update(P.halves(p))
    return out


def _check_coverage(r: _Reader, tile_id: str, line: int, features: list[FeatureDef],
                    raw: list[Located], kinds: Mapping[str, KindDef]) -> None:
    def shares(feature: FeatureDef, port: int) -> bool:
        # A shared edge of an area shares its two halves too.
        return port in feature.shared or (port >= 4 and P.edge_of(port) in feature.shared)

    owner: dict[int, int] = {}
    for f, src in zip(features, raw, strict=True):
        for port in _covers(f, kinds[f.kind]):
            if port in owner:
                other = features[owner[port]]
                if shares(f, port) and shares(other, port) and other.kind == f.kind:
                    continue
                r.fail(src.key_line("ports"), f"tile '{tile_id}': port {P.port_name(port)} is "
                                              f"covered twice (features {owner[port] + 1} "
                                              f"and {f.index + 1})")
            owner[port] = f.index
    for edge in P.EDGES:
        if edge in owner and kinds[features[owner[edge]].kind].role == "area":
            continue
        for half in P.halves(edge):
            if half not in owner:
                r.fail(line, f"tile '{tile_id}': half edge {P.port_name(half)} is in no field")


def _check_geometry(r: _Reader, tile_id: str, features: list[FeatureDef],
                    raw: list[Located], kinds: Mapping[str, KindDef]) -> None:
    for f, src in zip(features, raw, strict=False):
        what = f"feature {f.index + 1} of tile '{tile_id}'"
        for port in sorted(f.ports):
            if not _near(P.PORT_POINTS[port], f.shape):
                r.fail(src.key_line("shape"), f"{what}: its shape misses its port "
                                              f"{P.port_name(port)}")
        if not point_in_polygon(f.anchor, f.shape):
            r.fail(src.key_line("anchor") if "anchor" in src else src.key_line("shape"),
                   f"{what}: the figure anchor {list(f.anchor)} lies outside its shape")
        if kinds[f.kind].role == "background":
            for other in features:
                if other is not f and kinds[other.kind].role != "background" \
                        and point_in_polygon(f.anchor, other.shape, tolerance=-1):
                    r.fail(src.key_line("anchor") if "anchor" in src else src.line,
                           f"{what}: the figure anchor {list(f.anchor)} lies on feature "
                           f"{other.index + 1} ({other.kind})")


def _near(p: Point, poly: Polygon) -> bool:
    if point_in_polygon(p, poly):
        return True
    from .geometry import distance_to_boundary
    return distance_to_boundary(p, poly) <= PORT_TOLERANCE


def _resolve_ref(features: list[FeatureDef], kinds: Mapping[str, KindDef], ref: str
                 ) -> int | None:
    if ref in P.PORT_INDEX:
        port = P.PORT_INDEX[ref]
        for f in features:
            if port in _covers(f, kinds[f.kind]):
                return f.index
        return None
    for f in features:
        if f.name == ref:
            return f.index
    return None


def _rotate(tile_id: str, features: tuple[FeatureDef, ...], tile_icons: tuple[Icon, ...],
            kinds: Mapping[str, KindDef], background: str, q: int) -> RotatedTile:
    connect: list[list[int]] = [[] for _ in P.ALL_PORTS]
    target: list[int | None] = [None] * 12
    feature_ports: list[frozenset[int]] = []
    for f in features:
        role = kinds[f.kind].role
        turned = frozenset(P.rotate_port(p, q) for p in _covers(f, kinds[f.kind]))
        feature_ports.append(turned)
        for p in turned:
            if role in ("line", "background") or (role == "area" and p < 4):
                connect[p].append(f.index)
            if target[p] is None:
                target[p] = f.index
    edges: list[str] = []
    for edge in P.EDGES:
        label = background
        for idx in connect[edge]:
            label = features[idx].kind
        edges.append(label)
        if target[edge] is None:  # a plain field edge: its centre stands for its L half
            target[edge] = target[P.halves(edge)[0]]
    return RotatedTile(
        type_id=tile_id, rotation=q, edges=(edges[0], edges[1], edges[2], edges[3]),
        connect=tuple(tuple(c) for c in connect), target=tuple(target),
        feature_ports=tuple(feature_ports),
        shapes=tuple(rotate_polygon(f.shape, q) for f in features),
        anchors=tuple(rotate_point(f.anchor, q) for f in features),
        icon_points=tuple(tuple(None if i.at is None else rotate_point(i.at, q) for i in f.icons)
                          for f in features),
        tile_icon_points=tuple(None if i.at is None else rotate_point(i.at, q)
                               for i in tile_icons),
    )


def _signature(rt: RotatedTile, features: tuple[FeatureDef, ...]) -> object:
    return frozenset(
        (f.kind, rt.feature_ports[f.index], tuple(sorted(i.name for i in f.icons)))
        for f in features)


def _parse_tile(r: _Reader, raw: Any, line: int, set_id: str, kinds: Mapping[str, KindDef],
                background: str) -> TileType:
    t = r.mapping(raw, line, "a tile")
    tile_id = r.require(t, "id", "a tile")
    if isinstance(tile_id, int) and not isinstance(tile_id, bool):
        tile_id = str(tile_id)  # "id: 12" names tile "12"
    r.name(tile_id, t.key_line("id"), "a tile id", TILE_ID)
    what = f"tile '{tile_id}'"
    r.keys(t, TILE_KEYS, what)
    count = r.positive_int(t, "count", what, MAX_TILE_COUNT)
    pile = r.name(t.get("pile", "main"), t.key_line("pile"), f"the pile of {what}")
    raw_features = r.seq(r.require(t, "features", what), t.key_line("features"),
                         f"features of {what}")
    if len(raw_features) > MAX_FEATURES:
        r.fail(raw_features.line, f"{what} has {len(raw_features)} features: at most "
                                  f"{MAX_FEATURES}")
    features: list[FeatureDef] = []
    sources: list[Located] = []
    for i, item in enumerate(raw_features):
        feature, src = _parse_feature(r, item, raw_features.item_line(i), i, tile_id, kinds)
        features.append(feature)
        sources.append(src)
    names: dict[str, int] = {}
    for f, src in zip(features, sources, strict=False):
        if f.name is not None:
            if f.name in names:
                r.fail(src.key_line("name"), f"{what}: two features are named '{f.name}'")
            names[f.name] = f.index
    _check_coverage(r, tile_id, t.line, features, sources, kinds)
    # Resolve 'touches' now that every feature is known.
    for i, (f, src) in enumerate(zip(features, sources, strict=False)):
        refs = r.seq(src.get("touches", LocatedList()), src.key_line("touches"),
                     f"touches of feature {i + 1} of {what}")
        touched: list[int] = []
        for j, ref in enumerate(refs):
            idx = _resolve_ref(features, kinds, ref) if isinstance(ref, str) else None
            if idx is None or idx == i:
                r.fail(refs.item_line(j), f"feature {i + 1} of {what}: touches {shown(ref)}, "
                                          f"which names no other feature of the tile")
            touched.append(idx)
        features[i] = FeatureDef(**{**f.__dict__, "touches": tuple(touched)})
    _check_geometry(r, tile_id, features, sources, kinds)
    tile_icons = _parse_icons(r, t.get("icons", LocatedList()), t.key_line("icons"), what)
    frozen = tuple(features)
    rotations = tuple(_rotate(tile_id, frozen, tile_icons, kinds, background, q)
                      for q in range(4))
    for f, src in zip(frozen, sources, strict=True):
        if f.name is None and f.ports and not any(
                rotations[0].target[p] == f.index for p in rotations[0].feature_ports[f.index]):
            r.fail(src.line, f"feature {f.index + 1} of {what}: every port it covers names "
                             f"another feature first; give it a name")
    distinct: list[int] = []
    seen: list[object] = []
    for q, rt in enumerate(rotations):
        sig = _signature(rt, frozen)
        if sig not in seen:
            seen.append(sig)
            distinct.append(q)
    return TileType(id=tile_id, count=count, pile=pile, features=frozen, icons=tile_icons,
                    source=set_id, line=t.line,
                    rotations=(rotations[0], rotations[1], rotations[2], rotations[3]),
                    distinct_rotations=tuple(distinct), names=names)


def parse_tileset(text: str, path: str, base: TileSet | None = None) -> TileSet:
    """Parse and validate tile set text.  ``base`` is the set an expansion extends."""
    return build_tileset(read_yaml(text, path), path, base)


def read_yaml(text: str, path: str) -> Any:
    """The YAML document of a tile set file; a syntax error is a TileSetError."""
    r = _Reader(path)
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
    r = _Reader(path)
    top = r.mapping(doc, 1, "a tile set file")
    return r.name(r.require(top, "id", "the tile set"), top.key_line("id"), "the tile set's id")


def fingerprint(doc: Any) -> str:
    """What a tile set file says, as a short digest: the same for the same values however
    the file is laid out (comments, spacing, order of keys)."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, default=repr)
    return digest(text.encode("utf-8"))


def build_tileset(doc: Any, path: str, base: TileSet | None = None) -> TileSet:
    """Validate a parsed tile set document and build the tile set."""
    r = _Reader(path)
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
        tile = _parse_tile(r, raw, raw_tiles.item_line(i), set_id, kinds, backgrounds[0])
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
    return TileSet(id=set_id, name=name, path=path, extends=extends, players=players,
                   figures=figures, kinds=kinds, options=options, rules=rules, start=start,
                   tiles=tuple(tiles),
                   lineage=(*(base.lineage if base else ()), set_id),
                   fingerprints={**(base.fingerprints if base else {}), set_id: fingerprint(top)},
                   text=text)


def load_tileset(path: str | Path, base: TileSet | None = None) -> TileSet:
    return parse_tileset(read_text(Path(path)), str(path), base)
