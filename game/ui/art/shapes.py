"""Geometry of a tile's feature polygons, in unit tile coordinates: which parts of a boundary
lie inside the tile, where line strips end, where a ray meets a boundary, and which line ends
meet at one junction."""

from __future__ import annotations

import itertools
import math

from game.rules.geometry import Point, Polygon

from ..palette import KindStyle
from .primitives import Px, unit_vector

EPS = 1e-4


def _on_border(a: Point, b: Point) -> bool:
    """Whether the segment a-b lies along the tile's border."""
    for i in (0, 1):
        for edge in (0.0, 1.0):
            if abs(a[i] - edge) < EPS and abs(b[i] - edge) < EPS:
                return True
    return False


def inner_runs(poly: Polygon) -> list[list[Point]]:
    """The boundary of a polygon inside the tile, as polylines (the border parts left out)."""
    n = len(poly)
    if n < 2:
        return []
    inner = [not _on_border(poly[i], poly[(i + 1) % n]) for i in range(n)]
    if all(inner):
        return [[*poly, poly[0]]]
    if not any(inner):
        return []
    start = next(i for i in range(n) if inner[i] and not inner[i - 1])
    runs: list[list[Point]] = []
    cur: list[Point] = []
    for k in range(n):
        i = (start + k) % n
        if inner[i]:
            if not cur:
                cur = [poly[i]]
            cur.append(poly[(i + 1) % n])
        elif cur:
            runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    return runs


def line_ends(poly: Polygon) -> list[tuple[Point, Px]]:
    """Dead ends of a line strip: (middle of the end, direction back along the line).

    An end is a short edge inside the tile whose two neighbours turn square to it and run
    side by side (the flat end of a strip); arcs and border edges never qualify."""
    n = len(poly)
    out: list[tuple[Point, Px]] = []
    if n < 4:
        return out
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if _on_border(a, b):
            continue
        prev, nxt = poly[i - 1], poly[(i + 2) % n]
        d = unit_vector(b[0] - a[0], b[1] - a[1])
        dp = unit_vector(a[0] - prev[0], a[1] - prev[1])
        dn = unit_vector(nxt[0] - b[0], nxt[1] - b[1])
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if not 0.02 < length < 0.3:
            continue
        dot_pd = dp[0] * d[0] + dp[1] * d[1]
        dot_dn = d[0] * dn[0] + d[1] * dn[1]
        dot_pn = dp[0] * dn[0] + dp[1] * dn[1]
        if abs(dot_pd) < 0.35 and abs(dot_dn) < 0.35 and dot_pn < -0.8:
            out.append((((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (-dp[0], -dp[1])))
    return out


def ray_hit(origin: Point, direction: Px, runs: list[list[Point]]) -> tuple[Point, Px] | None:
    """The first crossing of a ray with polylines: (point, unit tangent of the segment)."""
    best: tuple[float, Point, Px] | None = None
    ox, oy = origin
    rx, ry = direction
    for run in runs:
        for (x0, y0), (x1, y1) in itertools.pairwise(run):
            sx, sy = x1 - x0, y1 - y0
            den = rx * sy - ry * sx
            if abs(den) < 1e-12:
                continue
            t = ((x0 - ox) * sy - (y0 - oy) * sx) / den
            u = ((x0 - ox) * ry - (y0 - oy) * rx) / den
            if t > 1e-6 and -1e-6 <= u <= 1 + 1e-6 and (best is None or t < best[0]):
                best = (t, (ox + rx * t, oy + ry * t), unit_vector(sx, sy))
    return None if best is None else (best[1], best[2])


def cluster(ends: list[tuple[Point, KindStyle]]) -> list[tuple[Point, int, KindStyle]]:
    """Group line ends that meet (within a road's width or so) into one junction each."""
    groups: list[list[tuple[Point, KindStyle]]] = []
    for end in ends:
        for g in groups:
            if math.dist(g[0][0], end[0]) < 0.12:
                g.append(end)
                break
        else:
            groups.append([end])
    out = []
    for g in groups:
        cx = sum(p[0] for p, _ in g) / len(g)
        cy = sum(p[1] for p, _ in g) / len(g)
        out.append(((cx, cy), len(g), g[0][1]))
    return out

