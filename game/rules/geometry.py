"""Feature shapes in unit tile coordinates (x to the east, y to the south, 0..1).

Tile sets describe a feature's area either as an explicit polygon or as a named shape that is
turned into a polygon here.  The rules never use geometry; it is carried for drawing and for
hit-testing, and checked at load time against the feature's ports.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
Polygon = tuple[Point, ...]

_EDGE = {"N": 0, "E": 1, "S": 2, "W": 3}
_CORNER = {"NE": (1.0, 0.0), "SE": (1.0, 1.0), "SW": (0.0, 1.0), "NW": (0.0, 0.0)}
CAP_DEPTH = 0.27
ROAD_HALF_WIDTH = 0.065
ARC_STEPS = 10


class ShapeError(ValueError):
    """A shape description that cannot be turned into a polygon."""


def rotate_point(p: Point, quarter_turns: int) -> Point:
    """Turn a point about the tile centre clockwise by quarter turns."""
    x, y = p
    for _ in range(quarter_turns % 4):
        x, y = 1.0 - y, x
    return (round(x, 6), round(y, 6))


def rotate_polygon(poly: Polygon, quarter_turns: int) -> Polygon:
    return tuple(rotate_point(p, quarter_turns) for p in poly)


def _turn_to_edge(points: Sequence[Point], edge: str) -> Polygon:
    """Shapes are built for the north edge and turned to the edge they name."""
    return tuple(rotate_point(p, _EDGE[edge]) for p in points)


def _quad(p0: Point, c: Point, p1: Point, steps: int = ARC_STEPS) -> list[Point]:
    """Points of a quadratic Bezier curve from p0 to p1 bending towards c (ends included)."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _cap() -> list[Point]:
    # A city segment on the north edge: wall curving from corner to corner.
    return _quad((1.0, 0.0), (0.5, 2 * CAP_DEPTH), (0.0, 0.0))


def _corner_city(bulge: float) -> list[Point]:
    # A city over the N and W edges; its wall runs from the NE to the SW corner, bending
    # towards (bulge, bulge).
    return [(0.0, 0.0), (1.0, 0.0), *_quad((1.0, 0.0), (bulge, bulge), (0.0, 1.0))[1:]]


def _three_city() -> list[Point]:
    # A city over N, E and W that opens to the south (the edge named).
    return [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), *_quad((1.0, 1.0), (0.5, 0.35), (0.0, 1.0))[1:]]


def _band() -> list[Point]:
    # A city across the tile from W to E, pinched in the middle.
    top = _quad((0.0, 0.0), (0.5, 0.5), (1.0, 0.0))
    bottom = _quad((1.0, 1.0), (0.5, 0.5), (0.0, 1.0))
    return top + bottom


def _arc(centre: Point, radius: float, a0: float, a1: float, steps: int = ARC_STEPS) -> list[Point]:
    return [
        (centre[0] + radius * math.cos(a0 + (a1 - a0) * i / steps),
         centre[1] + radius * math.sin(a0 + (a1 - a0) * i / steps))
        for i in range(steps + 1)
    ]


def _angle_to(centre: Point, p: Point) -> float:
    return math.atan2(p[1] - centre[1], p[0] - centre[0])


def _sweep(a0: float, a1: float) -> float:
    """The short signed sweep from angle a0 to a1."""
    d = (a1 - a0) % (2 * math.pi)
    return d - 2 * math.pi if d > math.pi else d


def _road(a: str, b: str) -> list[Point]:
    """A road strip between two edge centres, or from an edge centre to the tile centre (C)."""
    w = ROAD_HALF_WIDTH
    if b == "C":
        pts = [(0.5 - w, 0.0), (0.5 + w, 0.0), (0.5 + w, 0.5), (0.5 - w, 0.5)]
        return list(_turn_to_edge(pts, a))
    ea, eb = _EDGE[a], _EDGE[b]
    if (ea - eb) % 2 == 0:
        if ea == eb:
            raise ShapeError(f"road {a} {b}: the two ends are the same edge")
        pts = [(0.5 - w, 0.0), (0.5 + w, 0.0), (0.5 + w, 1.0), (0.5 - w, 1.0)]
        return list(_turn_to_edge(pts, a))
    # Adjacent edges: a quarter circle about the corner between them.
    corner_name = {frozenset("NE"): "NE", frozenset("ES"): "SE",
                   frozenset("SW"): "SW", frozenset("WN"): "NW"}[frozenset(a + b)]
    corner = _CORNER[corner_name]
    pa = rotate_point((0.5, 0.0), _EDGE[a])
    pb = rotate_point((0.5, 0.0), _EDGE[b])
    a0, a1 = _angle_to(corner, pa), _angle_to(corner, pb)
    a1 = a0 + _sweep(a0, a1)
    outer = _arc(corner, 0.5 + w, a0, a1)
    inner = _arc(corner, 0.5 - w, a1, a0)
    return outer + inner


def _quarter(corner_name: str) -> list[Point]:
    """The quarter disc of radius 0.5 in a corner: the field inside a road curve."""
    return [_CORNER[corner_name], *_corner_arc(corner_name)]


def _corner_arc(corner_name: str) -> list[Point]:
    """The arc of radius 0.5 about a corner, from its vertical side to its horizontal side."""
    corner = _CORNER[corner_name]
    cx, cy = corner
    a0 = _angle_to(corner, (cx, 0.5))
    a1 = a0 + _sweep(a0, _angle_to(corner, (0.5, cy)))
    return _arc(corner, 0.5, a0, a1)


def _rest(corner_name: str) -> list[Point]:
    """The whole tile less the quarter disc of a corner: the field outside a road curve."""
    corner = _CORNER[corner_name]
    arc = _corner_arc(corner_name)
    # Walk the square's corners from the end of the arc round to its start.
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    i = square.index(corner)
    others = [square[(i + k) % 4] for k in (1, 2, 3)]
    return arc + _walk_border(arc[-1], others, arc[0])


def _walk_border(end: Point, corners: list[Point], start: Point) -> list[Point]:
    """Corners of the square between two border points, in the order that closes the ring."""
    # Order the three other corners so that the ring end -> corners -> start has no crossing:
    # try both directions and keep the one with the larger area.
    best: list[Point] = []
    best_area = -1.0
    for seq in (corners, corners[::-1]):
        ring = [end, *seq, start]
        area = abs(signed_area(tuple(ring)))
        if area > best_area:
            best, best_area = list(seq), area
    return best


def signed_area(poly: Polygon) -> float:
    total = 0.0
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        total += x0 * y1 - x1 * y0
    return total / 2.0


# Default figure anchors of the named shapes, for the north edge / north-west corner.
_ANCHORS: dict[str, Point] = {
    "cap": (0.5, 0.12),
    "corner": (0.28, 0.28),
    "three": (0.5, 0.3),
    "band": (0.5, 0.5),
    "full": (0.5, 0.5),
    "cloister": (0.5, 0.5),
}

_CORNER_TURNS = {"NW": 0, "NE": 1, "SE": 2, "SW": 3}


def named_shape(spec: str) -> tuple[Polygon, Point]:
    """Turn a named shape ("cap N", "road W E", "rect 0 0 1 0.5"...) into (polygon, anchor)."""
    words = spec.split()
    if not words:
        raise ShapeError("empty shape name")
    name, args = words[0], words[1:]

    def want(n: int) -> None:
        if len(args) != n:
            raise ShapeError(f"shape '{name}' takes {n} argument(s), got {len(args)}")

    def edge(arg: str) -> str:
        if arg not in _EDGE:
            raise ShapeError(f"shape '{name}': '{arg}' is not an edge (N, E, S or W)")
        return arg

    def corner(arg: str) -> str:
        if arg not in _CORNER:
            raise ShapeError(f"shape '{name}': '{arg}' is not a corner (NE, SE, SW or NW)")
        return arg

    if name == "full":
        want(0)
        return ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)), _ANCHORS["full"]
    if name == "cloister":
        want(0)
        return ((0.3, 0.28), (0.7, 0.28), (0.7, 0.72), (0.3, 0.72)), _ANCHORS["cloister"]
    if name == "cap":
        want(1)
        e = edge(args[0])
        return _turn_to_edge(_cap(), e), rotate_point(_ANCHORS["cap"], _EDGE[e])
    if name == "corner":
        if len(args) not in (1, 2):
            raise ShapeError("shape 'corner' takes a corner and an optional bulge")
        c = corner(args[0])
        try:
            bulge = float(args[1]) if len(args) == 2 else 0.62
        except ValueError:
            raise ShapeError("shape 'corner': the bulge must be a number") from None
        if not 0.2 <= bulge <= 0.9:
            raise ShapeError("shape 'corner': the bulge must lie between 0.2 and 0.9")
        t = _CORNER_TURNS[c]
        anchor = rotate_point(_ANCHORS["corner"], t)
        return _turn_to_edge(_corner_city(bulge), "NESW"[t]), anchor
    if name == "three":
        want(1)
        e = edge(args[0])
        t = (_EDGE[e] + 2) % 4  # built opening to the south
        return _turn_to_edge(_three_city(), "NESW"[t]), rotate_point(_ANCHORS["three"], t)
    if name == "band":
        want(1)
        if args[0] not in ("WE", "NS"):
            raise ShapeError("shape 'band' takes WE or NS")
        t = 0 if args[0] == "WE" else 1
        return tuple(rotate_point(p, t) for p in _band()), (0.5, 0.5)
    if name == "road":
        want(2)
        a = edge(args[0])
        b = args[1] if args[1] == "C" else edge(args[1])
        poly = tuple(_road(a, b))
        mid = len(poly) // 2
        if b == "C":
            anchor = rotate_point((0.5, 0.22), _EDGE[a])
        elif (_EDGE[a] - _EDGE[b]) % 2 == 0:
            anchor = (0.5, 0.5)
        else:
            p, q = poly[mid // 2], poly[len(poly) - 1 - mid // 2]
            anchor = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        return poly, (round(anchor[0], 4), round(anchor[1], 4))
    if name == "rect":
        want(4)
        try:
            x0, y0, x1, y1 = (float(a) for a in args)
        except ValueError:
            raise ShapeError("shape 'rect' takes four numbers: x0 y0 x1 y1") from None
        if not (0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1):
            raise ShapeError("shape 'rect' needs 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1")
        poly = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        return poly, ((x0 + x1) / 2, (y0 + y1) / 2)
    if name == "quarter":
        want(1)
        poly = tuple(_quarter(corner(args[0])))
        cx, cy = _CORNER[args[0]]
        return poly, (abs(cx - 0.2), abs(cy - 0.2))
    if name == "rest":
        want(1)
        poly = tuple(_rest(corner(args[0])))
        cx, cy = _CORNER[args[0]]
        return poly, (abs(cx - 0.75) if cx else 0.75, abs(cy - 0.75) if cy else 0.75)
    raise ShapeError(f"unknown shape '{name}'")


def point_in_polygon(p: Point, poly: Polygon, tolerance: float = 1e-6) -> bool:
    """Even-odd test; points on the boundary (within tolerance) count as inside."""
    if distance_to_boundary(p, poly) <= tolerance:
        return True
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > y) != (y1 > y):
            xc = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if xc > x:
                inside = not inside
    return inside


def distance_to_boundary(p: Point, poly: Polygon) -> float:
    best = math.inf
    px, py = p
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        seg = dx * dx + dy * dy
        t = 0.0 if seg == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / seg))
        qx, qy = x0 + t * dx, y0 + t * dy
        best = min(best, math.hypot(px - qx, py - qy))
    return best
