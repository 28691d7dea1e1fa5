"""One tile of a tile set: its features, their ports, shapes and anchors checked against each
other, and its four rotations computed once at load."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import ports as P
from .geometry import (
    Point,
    Polygon,
    ShapeError,
    distance_to_boundary,
    named_shape,
    point_in_polygon,
    rotate_point,
    rotate_polygon,
)
from .limits import MAX_FEATURES, MAX_POLYGON, MAX_TILE_COUNT, TILE_ID
from .model import FeatureDef, Icon, KindDef, RotatedTile, TileType
from .reader import Reader, listing
from .yamlsrc import Located, LocatedList, line_of, shown

TILE_KEYS = {"id", "count", "pile", "features", "icons", "notes", "stands_for"}
FEATURE_KEYS = {"kind", "name", "ports", "shared", "icons", "touches", "shape", "anchor"}
PORT_TOLERANCE = 0.02


def _parse_icons(r: Reader, raw: Any, line: int, what: str) -> tuple[Icon, ...]:
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


def _point(r: Reader, raw: Any, line: int, what: str) -> Point:
    if (not isinstance(raw, list) or len(raw) != 2
            or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in raw)):
        r.fail(line_of(raw, line), f"{what} must be a point [x, y]")
    x, y = float(raw[0]), float(raw[1])
    if not (0 <= x <= 1 and 0 <= y <= 1):
        r.fail(line_of(raw, line), f"{what} [{x}, {y}] lies outside the tile (0..1)")
    return (x, y)


def _shape(r: Reader, raw: Any, line: int, what: str) -> tuple[Polygon, Point | None]:
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


def _parse_feature(r: Reader, raw: Any, line: int, index: int, tile_id: str,
                   kinds: Mapping[str, KindDef]) -> tuple[FeatureDef, Located]:
    what = f"feature {index + 1} of tile '{tile_id}'"
    f = r.mapping(raw, line, what)
    r.keys(f, FEATURE_KEYS, what)
    kind_name = r.text(f, "kind", what)
    if kind_name not in kinds:
        r.fail(f.key_line("kind"), f"{what}: unknown kind {shown(kind_name)} "
                                   f"(known: {listing(kinds)})")
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


def _check_coverage(r: Reader, tile_id: str, line: int, features: list[FeatureDef],
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


def _check_geometry(r: Reader, tile_id: str, features: list[FeatureDef],
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
            kinds: Mapping[str, KindDef], background: str, q: int,
            geometry: bool = True) -> RotatedTile:
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
    rules = RotatedTile(
        type_id=tile_id, rotation=q, edges=(edges[0], edges[1], edges[2], edges[3]),
        connect=tuple(tuple(c) for c in connect), target=tuple(target),
        feature_ports=tuple(feature_ports), shapes=(), anchors=(), icon_points=(),
        tile_icon_points=())
    if not geometry:
        return rules
    return replace(
        rules,
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


def parse_tile(r: Reader, raw: Any, line: int, set_id: str, kinds: Mapping[str, KindDef],
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
    rotations, distinct = turned(tile_id, frozen, tile_icons, kinds, background)
    for f, src in zip(frozen, sources, strict=True):
        if f.name is None and f.ports and not any(
                rotations[0].target[p] == f.index for p in rotations[0].feature_ports[f.index]):
            r.fail(src.line, f"feature {f.index + 1} of {what}: every port it covers names "
                             f"another feature first; give it a name")
    return TileType(id=tile_id, count=count, pile=pile, features=frozen, icons=tile_icons,
                    source=set_id, line=t.line, rotations=rotations,
                    distinct_rotations=distinct, names=names)


Rotations = tuple[RotatedTile, RotatedTile, RotatedTile, RotatedTile]


def turned(tile_id: str, features: tuple[FeatureDef, ...], tile_icons: tuple[Icon, ...],
           kinds: Mapping[str, KindDef], background: str, geometry: bool = True
           ) -> tuple[Rotations, tuple[int, ...]]:
    """A tile's four rotations, and those that differ for the rules (``geometry`` False:
    what the rules read of each rotation, without its shapes and points)."""
    r0, r1, r2, r3 = (_rotate(tile_id, features, tile_icons, kinds, background, q, geometry)
                      for q in range(4))
    distinct: list[int] = []
    seen: list[object] = []
    for q, rt in enumerate((r0, r1, r2, r3)):
        sig = _signature(rt, features)
        if sig not in seen:
            seen.append(sig)
            distinct.append(q)
    return (r0, r1, r2, r3), tuple(distinct)
