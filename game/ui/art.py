"""The art of the game, drawn from the tile set's geometry: tiles, tile backs, icons, figures.

Nothing here is painted by hand except a few small SVG sprites under ``sprites/`` (figures and
icons).  A tile is drawn from its rotated feature polygons at a multiple of the wanted size and
scaled down smoothly, so edges are antialiased; every result is cached by its key.

Textures (grass, city roofs, sand...) are generated once per process from a fixed seed, so
the art is the same on every run.  Importing this module has no pygame side effects.
"""

from __future__ import annotations

import itertools
import math
import random
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame

from game.rules.geometry import Point, Polygon, point_in_polygon, signed_area
from game.rules.model import TileSet, TileType

from . import palette as pal
from .palette import Colour, KindStyle

Px = tuple[float, float]
RGBA = tuple[int, int, int, int]

TEXTURE_PX = 512  # texture pixels per tile side
_EPS = 1e-4
_TILE_CACHE_BYTES = 160 * 1024 * 1024  # tiles kept before the least recently used go
_SHIELD_SIZE = 0.22  # icon size, in tiles
_ICON_SIZE = 0.2
_INK: Colour = (58, 42, 30)


def _repo_sprites() -> Path:
    return sprites_dir()


def sprites_dir() -> Path:
    """The game's ``sprites/`` folder (found by ``game.paths``, from source, a wheel or the
    frozen build)."""
    from game.paths import sprites_dir as find
    return find()


# --- small helpers ----------------------------------------------------------------------------


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blits when a display mode is set; keep as is otherwise."""
    if _has_display():
        return surface.convert_alpha()
    return surface


def _supersample(size: int) -> int:
    """How many times larger a tile is drawn before it is scaled down to ``size``: a power
    of two (pygame's smoothscale loses a little precision on other ratios)."""
    return 2 if size >= 96 else 4 if size >= 40 else 8


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _shade(c: Colour, f: float) -> Colour:
    """Darker when f < 1, lighter (towards white) when f > 1."""
    if f <= 1.0:
        return (round(c[0] * f), round(c[1] * f), round(c[2] * f))
    return _mix(c, (255, 255, 255), min(1.0, f - 1.0))


def _rgba(c: Colour, a: int) -> RGBA:
    return (c[0], c[1], c[2], a)


def _luma(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _on_border(a: Point, b: Point) -> bool:
    """Whether the segment a-b lies along the tile's border."""
    for i in (0, 1):
        for edge in (0.0, 1.0):
            if abs(a[i] - edge) < _EPS and abs(b[i] - edge) < _EPS:
                return True
    return False


def _inner_runs(poly: Polygon) -> list[list[Point]]:
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


def _unit(dx: float, dy: float) -> Px:
    d = math.hypot(dx, dy)
    return (0.0, 0.0) if d < 1e-12 else (dx / d, dy / d)


def _line_ends(poly: Polygon) -> list[tuple[Point, Px]]:
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
        d = _unit(b[0] - a[0], b[1] - a[1])
        dp = _unit(a[0] - prev[0], a[1] - prev[1])
        dn = _unit(nxt[0] - b[0], nxt[1] - b[1])
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if not 0.02 < length < 0.3:
            continue
        dot_pd = dp[0] * d[0] + dp[1] * d[1]
        dot_dn = d[0] * dn[0] + d[1] * dn[1]
        dot_pn = dp[0] * dn[0] + dp[1] * dn[1]
        if abs(dot_pd) < 0.35 and abs(dot_dn) < 0.35 and dot_pn < -0.8:
            out.append((((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (-dp[0], -dp[1])))
    return out


def _ray_hit(origin: Point, direction: Px, runs: list[list[Point]]) -> tuple[Point, Px] | None:
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
                best = (t, (ox + rx * t, oy + ry * t), _unit(sx, sy))
    return None if best is None else (best[1], best[2])


def _stroke(surface: pygame.Surface, colour: Colour | RGBA, pts: Sequence[Px],
            width: float) -> None:
    """A thick polyline with round joins and ends (pygame's own thick lines have gaps)."""
    r = max(0.5, width / 2)
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        ux, uy = _unit(x1 - x0, y1 - y0)
        if ux == 0.0 and uy == 0.0:
            continue
        nx, ny = -uy * r, ux * r
        pygame.draw.polygon(surface, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                              (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    for p in pts:
        pygame.draw.circle(surface, colour, p, r)


def _load_svg(path: Path, box: tuple[int, int]) -> pygame.Surface | None:
    """An SVG drawn to fit ``box`` (aspect kept), or None when it cannot be read."""
    if not path.is_file():
        return None
    w, h = max(1, box[0]), max(1, box[1])
    try:
        if hasattr(pygame.image, "load_sized_svg"):
            img = pygame.image.load_sized_svg(str(path), (w, h))
        else:  # pragma: no cover - older pygame-ce
            raw = pygame.image.load(str(path))
            f = min(w / raw.get_width(), h / raw.get_height())
            size = (max(1, round(raw.get_width() * f)), max(1, round(raw.get_height() * f)))
            img = pygame.transform.smoothscale(raw.convert_alpha() if _has_display() else raw,
                                               size)
    except (pygame.error, OSError, ValueError):
        return None
    if not img.get_flags() & pygame.SRCALPHA or img.get_bitsize() != 32:
        out = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        out.blit(img, (0, 0))
        img = out
    return img


def _has_display() -> bool:
    return bool(pygame.display.get_init() and pygame.display.get_surface() is not None)


def _silhouette(img: pygame.Surface, colour: Colour, alpha: int = 255) -> pygame.Surface:
    """The shape of an image in one colour (its alpha scaled by alpha/255)."""
    sil = img.copy()
    sil.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    sil.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return sil


def _blur(img: pygame.Surface, radius: int) -> pygame.Surface:
    if radius <= 0:
        return img
    if hasattr(pygame.transform, "gaussian_blur"):
        return pygame.transform.gaussian_blur(img, radius)
    small = pygame.transform.smoothscale(  # pragma: no cover - older pygame-ce
        img, (max(1, img.get_width() // 3), max(1, img.get_height() // 3)))
    return pygame.transform.smoothscale(small, img.get_size())  # pragma: no cover


# --- textures ---------------------------------------------------------------------------------

_TEXTURES: dict[tuple[str, Colour, Colour], pygame.Surface] = {}


def _wrap(x: float, y: float, r: float) -> Iterator[Px]:
    """Where to draw an item so that the texture tiles seamlessly."""
    t = TEXTURE_PX
    xs = [x] + ([x + t] if x - r < 0 else []) + ([x - t] if x + r > t else [])
    ys = [y] + ([y + t] if y - r < 0 else []) + ([y - t] if y + r > t else [])
    for a in xs:
        for b in ys:
            yield (a, b)


def _blob(radius: int, colour: Colour, alpha: int) -> pygame.Surface:
    """A soft round patch, most opaque in the middle."""
    s = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    steps = 10
    for i in range(steps):
        pygame.draw.circle(s, _rgba(colour, round(alpha * (i + 1) / steps)), (radius, radius),
                           radius * (1 - i / steps))
    return s


def _patches(s: pygame.Surface, fill: Colour, rng: random.Random, count: int,
             strength: float) -> None:
    for _ in range(count):
        r = rng.randint(36, 110)
        f = rng.choice((1 - strength, 1 - strength / 2, 1 + strength / 2, 1 + strength))
        blob = _blob(r, _shade(fill, f), 70)
        for x, y in _wrap(rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX), r):
            s.blit(blob, (x - r, y - r))


def _speckle(s: pygame.Surface, fill: Colour, rng: random.Random, count: int,
             lo: float, hi: float, radii: Sequence[float] = (1.5, 2.0, 2.5)) -> None:
    for _ in range(count):
        r = rng.choice(radii)
        c = _shade(fill, rng.uniform(lo, hi))
        for x, y in _wrap(rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX), r):
            pygame.draw.circle(s, c, (x, y), r)


def _base(fill: Colour) -> pygame.Surface:
    s = pygame.Surface((TEXTURE_PX, TEXTURE_PX), pygame.SRCALPHA)
    s.fill(_rgba(fill, 255))
    return s


def _tex_grass(fill: Colour, extra: Colour, rng: random.Random, flowers: int = 26,
               blades: int = 2400) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 30, 0.12)
    dark = _shade(fill, 0.7)
    light = _mix(fill, (214, 236, 150), 0.5)
    for _ in range(blades):
        x, y = rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)
        length = rng.uniform(6, 13)
        a = math.radians(-90 + rng.uniform(-30, 30))
        dx, dy = math.cos(a) * length, math.sin(a) * length
        c = _mix(fill, dark if rng.random() < 0.6 else light, rng.uniform(0.3, 0.65))
        for px, py in _wrap(x, y, length):
            pygame.draw.line(s, c, (px, py), (px + dx, py + dy), 3)
    for _ in range(flowers):
        x, y = rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)
        petal = rng.choice(((250, 246, 226), (255, 226, 110), (236, 200, 236)))
        for px, py in _wrap(x, y, 5):
            pygame.draw.circle(s, petal, (px, py), 3.6)
            pygame.draw.circle(s, (236, 176, 50), (px, py), 1.4)
    return s


def _tex_meadow(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    return _tex_grass(fill, extra, rng, flowers=110, blades=1800)


def _wrap_poly(s: pygame.Surface, colour: Colour, pts: Sequence[Px], width: int = 0) -> None:
    """A polygon drawn wherever it shows on a seamless texture."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    t = TEXTURE_PX
    for dx in (-t, 0, t):
        if max(xs) + dx < 0 or min(xs) + dx > t:
            continue
        for dy in (-t, 0, t):
            if max(ys) + dy < 0 or min(ys) + dy > t:
                continue
            moved = [(x + dx, y + dy) for x, y in pts]
            if len(moved) == 2:
                pygame.draw.line(s, colour, moved[0], moved[1], max(1, width))
            else:
                pygame.draw.polygon(s, colour, moved, width)


def _bilerp(q: Sequence[Px], u: float, v: float) -> Px:
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = q
    top = (ax + (bx - ax) * u, ay + (by - ay) * u)
    bottom = (dx + (cx - dx) * u, dy + (cy - dy) * u)
    return (top[0] + (bottom[0] - top[0]) * v, top[1] + (bottom[1] - top[1]) * v)


def _sub(q: Sequence[Px], u0: float, v0: float, u1: float, v1: float) -> list[Px]:
    return [_bilerp(q, u0, v0), _bilerp(q, u1, v0), _bilerp(q, u1, v1), _bilerp(q, u0, v1)]


def _tex_city(fill: Colour, roof: Colour, rng: random.Random) -> pygame.Surface:
    """A dense town seen from above: uneven blocks of houses along cobbled streets."""
    s = _base(fill)
    _patches(s, fill, rng, 18, 0.06)
    _speckle(s, fill, rng, 1800, 0.84, 1.06)
    n = 4
    cell = TEXTURE_PX / n
    jit = cell * 0.13
    lattice = [[(i * cell + rng.uniform(-jit, jit), j * cell + rng.uniform(-jit, jit))
                for j in range(n)] for i in range(n)]

    def node(i: int, j: int) -> Px:
        x, y = lattice[i % n][j % n]
        return (x + (i // n) * TEXTURE_PX, y + (j // n) * TEXTURE_PX)

    shadow = _shade(fill, 0.72)
    tints: tuple[Colour, ...] = ((150, 64, 44), (210, 124, 74), (160, 120, 100), (178, 98, 60),
                                 (198, 156, 112), (132, 112, 104))
    trees: list[tuple[Px, float]] = []
    squares = set(rng.sample([(i, j) for i in range(n) for j in range(n)], 2))
    for i in range(n):
        for j in range(n):
            quad = [node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)]
            if (i, j) in squares:  # a little square with a tree
                trees.append((_bilerp(quad, 0.5, 0.5), rng.uniform(13, 17)))
                continue
            street = 9.0 / cell
            blocks = [(street, street, 1 - street, 1 - street)]
            if rng.random() < 0.6:  # an alley through the block
                m = rng.uniform(0.38, 0.62)
                gap = 4.5 / cell
                if rng.random() < 0.5:
                    blocks = [(street, street, m - gap, 1 - street),
                              (m + gap, street, 1 - street, 1 - street)]
                else:
                    blocks = [(street, street, 1 - street, m - gap),
                              (street, m + gap, 1 - street, 1 - street)]
            for u0, v0, u1, v1 in blocks:
                block = _sub(quad, u0, v0, u1, v1)
                _wrap_poly(s, shadow, [(x + 4, y + 5) for x, y in block])
                _houses(s, block, roof, tints, rng, trees)
    for (x, y), r in trees:
        for px, py in _wrap(x, y, r + 6):
            pygame.draw.circle(s, _shade(fill, 0.6), (px + 3, py + 5), r)
            pygame.draw.circle(s, (86, 132, 58), (px, py), r)
            pygame.draw.circle(s, (118, 164, 78), (px - r * 0.3, py - r * 0.3), r * 0.5)
    return s


def _houses(s: pygame.Surface, block: Sequence[Px], roof: Colour, tints: Sequence[Colour],
            rng: random.Random, trees: list[tuple[Px, float]]) -> None:
    """Fill a block with houses, their ridges along the block's long side."""
    (ax, ay), (bx, by), _, (dx, dy) = block
    len_u, len_v = math.hypot(bx - ax, by - ay), math.hypot(dx - ax, dy - ay)
    along_u = len_u >= len_v
    length, depth = (len_u, len_v) if along_u else (len_v, len_u)
    count = max(1, round(length / rng.uniform(30, 42)))
    rows = 2 if depth > 58 else 1
    inner = sorted(rng.uniform((k - 0.25) / count, (k + 0.25) / count) for k in range(1, count))
    cuts = [0.0, *inner, 1.0]
    for r in range(rows):
        for a0, a1 in itertools.pairwise(cuts):
            b0, b1 = r / rows, (r + 1) / rows
            if rows == 2 and rng.random() < 0.08:  # a courtyard tree instead of a house
                u, v = ((a0 + a1) / 2, (b0 + b1) / 2) if along_u else ((b0 + b1) / 2,
                                                                     (a0 + a1) / 2)
                trees.append((_bilerp(block, u, v), rng.uniform(9, 12)))
                continue
            house = (_sub(block, a0, b0, a1, b1) if along_u else _sub(block, b0, a0, b1, a1))
            rc = _shade(_mix(roof, rng.choice(tints), rng.uniform(0.0, 0.5)),
                        rng.uniform(0.9, 1.08))
            _roof(s, house, along_u, rc)


def _roof(s: pygame.Surface, quad: Sequence[Px], along_u: bool, roof: Colour) -> None:
    """A pitched roof seen from above: a lit half and a shaded half either side of the ridge."""
    if along_u:  # ridge from the middle of the left side to the middle of the right side
        lit, dim = _sub(quad, 0, 0, 1, 0.5), _sub(quad, 0, 0.5, 1, 1)
        ridge = (_bilerp(quad, 0, 0.5), _bilerp(quad, 1, 0.5))
    else:
        lit, dim = _sub(quad, 0, 0, 0.5, 1), _sub(quad, 0.5, 0, 1, 1)
        ridge = (_bilerp(quad, 0.5, 0), _bilerp(quad, 0.5, 1))
    _wrap_poly(s, _shade(roof, 1.12), lit)
    _wrap_poly(s, _shade(roof, 0.8), dim)
    _wrap_poly(s, _shade(roof, 0.6), quad, 2)
    _wrap_poly(s, _shade(roof, 0.58), ridge, 2)


def _tex_road(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 16, 0.05)
    _speckle(s, fill, rng, 1300, 0.78, 0.94)
    _speckle(s, fill, rng, 500, 1.04, 1.12)
    return s


def _tex_earth(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 16, 0.08)
    _speckle(s, fill, rng, 1600, 0.72, 0.92)
    return s


def _tex_water(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 24, 0.1)
    light = _mix(fill, (230, 244, 255), 0.55)
    for _ in range(170):
        x, y = rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)
        w = rng.uniform(14, 26)
        for px, py in _wrap(x, y, w):
            pygame.draw.arc(s, light, pygame.Rect(round(px), round(py), round(w), 10),
                            math.radians(20), math.radians(160), 2)
    return s


def _tex_forest(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(_shade(fill, 0.7))
    trees = [(rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX), rng.uniform(16, 28))
             for _ in range(190)]
    for x, y, r in sorted(trees, key=lambda t: t[1]):
        crown = _shade(fill, rng.uniform(0.85, 1.18))
        for px, py in _wrap(x, y, r + 8):
            pygame.draw.circle(s, _shade(fill, 0.5), (px + 4, py + 6), r)
            pygame.draw.circle(s, crown, (px, py), r)
            pygame.draw.circle(s, _shade(crown, 1.12), (px - r * 0.3, py - r * 0.3), r * 0.45)
    return s


def _tex_crop(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 14, 0.06)
    step = 16
    for i, c in enumerate(range(-TEXTURE_PX, 2 * TEXTURE_PX, step)):
        colour = _shade(fill, 0.78 if i % 2 else 1.08)
        pygame.draw.line(s, colour, (c, 0), (c + TEXTURE_PX, TEXTURE_PX), 6)
    _speckle(s, fill, rng, 600, 0.8, 1.1)
    return s


def _tex_plain(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 16, 0.06)
    _speckle(s, fill, rng, 1200, 0.86, 1.08)
    return s


_MAKERS: dict[str, Callable[[Colour, Colour, random.Random], pygame.Surface]] = {
    "grass": _tex_grass,
    "meadow": _tex_meadow,
    "city": _tex_city,
    "road": _tex_road,
    "earth": _tex_earth,
    "water": _tex_water,
    "forest": _tex_forest,
    "crop": _tex_crop,
    "plain": _tex_plain,
}


def texture(style: KindStyle) -> pygame.Surface:
    """The style's seamless texture, TEXTURE_PX square; generated once, from a fixed seed."""
    key = (style.texture, style.fill, style.roof)
    tex = _TEXTURES.get(key)
    if tex is None:
        rng = random.Random(zlib.crc32(repr(key).encode()))
        tex = _TEXTURES[key] = _MAKERS.get(style.texture, _tex_plain)(style.fill, style.roof,
                                                                        rng)
    return tex


# --- buildings and small things on tiles (local coordinates 0..100 in a box) ------------------


class _Box:
    """Maps local coordinates 0..100 to pixels: a box of ``size`` px centred on ``centre``."""

    def __init__(self, centre: Px, size: float) -> None:
        self.cx, self.cy, self.s = centre[0], centre[1], size / 100.0

    def p(self, x: float, y: float) -> Px:
        return (self.cx + (x - 50) * self.s, self.cy + (y - 50) * self.s)

    def pts(self, coords: Sequence[tuple[float, float]]) -> list[Px]:
        return [self.p(x, y) for x, y in coords]

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> list[Px]:
        return self.pts([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])

    def w(self, units: float) -> int:
        return max(1, round(units * self.s))


def _shape(surface: pygame.Surface, fill: Colour, pts: list[Px], outline: Colour,
           width: int) -> None:
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, outline, pts, width)
    for p in pts:  # round the outline's corners
        pygame.draw.circle(surface, outline, p, width / 2)


def _ground_shadow(surface: pygame.Surface, box: _Box, x0: float, y0: float, x1: float,
                   y1: float, alpha: int = 70) -> None:
    (ax, ay), (bx, by) = box.p(x0, y0), box.p(x1, y1)
    w, h = max(2, round(bx - ax)), max(2, round(by - ay))
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (20, 30, 10, alpha), shadow.get_rect())
    surface.blit(_blur(shadow, max(1, h // 6)), (round(ax), round(ay)))


def _chapel(surface: pygame.Surface, centre: Px, size: float, style: KindStyle) -> None:
    """A small monastery church seen from the front: nave, roof, bell tower with a cross."""
    b = _Box(centre, size)
    ink = _shade(style.edge, 0.8)
    lw = b.w(2.6)
    dark = (70, 50, 40)
    _ground_shadow(surface, b, 2, 72, 104, 98)
    # nave
    _shape(surface, style.body, b.rect(34, 50, 94, 90), ink, lw)
    _shape(surface, _shade(style.body, 0.86), b.rect(34, 84, 94, 90), ink, lw)
    _shape(surface, style.roof, b.pts([(28, 54), (100, 54), (92, 28), (38, 28)]), ink, lw)
    for x in (48, 58, 68, 78, 88):
        pygame.draw.line(surface, _shade(style.roof, 0.8), b.p(x - 6, 52), b.p(x - 2, 31),
                         max(1, lw // 2))
    pygame.draw.line(surface, _shade(style.roof, 1.2), b.p(40, 31), b.p(90, 31), lw)
    for x in (46, 62, 78):
        pygame.draw.rect(surface, dark, pygame.Rect(*b.p(x - 3.5, 62), b.s * 7, b.s * 12))
        pygame.draw.circle(surface, dark, b.p(x, 62), 3.5 * b.s)
    # tower
    _shape(surface, style.body, b.rect(8, 30, 38, 90), ink, lw)
    _shape(surface, _shade(style.body, 0.86), b.rect(8, 84, 38, 90), ink, lw)
    _shape(surface, style.roof, b.pts([(3, 32), (43, 32), (23, 2)]), ink, lw)
    pygame.draw.polygon(surface, _shade(style.roof, 0.8), b.pts([(23, 6), (40, 31), (23, 31)]))
    pygame.draw.line(surface, ink, b.p(23, 2), b.p(23, -12), lw)
    pygame.draw.line(surface, ink, b.p(17, -6), b.p(29, -6), lw)
    pygame.draw.rect(surface, dark, pygame.Rect(*b.p(16, 68), b.s * 14, b.s * 18))
    pygame.draw.circle(surface, dark, b.p(23, 68), 7 * b.s)
    pygame.draw.rect(surface, dark, pygame.Rect(*b.p(19.5, 42), b.s * 7, b.s * 10))
    pygame.draw.circle(surface, dark, b.p(23, 42), 3.5 * b.s)


def _house(surface: pygame.Surface, centre: Px, size: float, roof: Colour, body: Colour,
           ink: Colour) -> None:
    """A tiny house seen from the front, where roads meet."""
    b = _Box(centre, size)
    lw = b.w(4.5)
    _ground_shadow(surface, b, 4, 76, 104, 100)
    _shape(surface, body, b.rect(14, 46, 86, 92), ink, lw)
    _shape(surface, roof, b.pts([(4, 50), (96, 50), (78, 12), (22, 12)]), ink, lw)
    pygame.draw.line(surface, _shade(roof, 1.25), b.p(26, 17), b.p(74, 17), lw)
    pygame.draw.rect(surface, (70, 50, 40), pygame.Rect(*b.p(42, 64), b.s * 16, b.s * 28))
    pygame.draw.rect(surface, (70, 50, 40), pygame.Rect(*b.p(22, 60), b.s * 12, b.s * 11))
    pygame.draw.rect(surface, (70, 50, 40), pygame.Rect(*b.p(66, 60), b.s * 12, b.s * 11))


def _well(surface: pygame.Surface, centre: Px, size: float, road: KindStyle) -> None:
    """A round cobbled square with a well, where four roads meet."""
    b = _Box(centre, size)
    lw = b.w(3)
    pygame.draw.circle(surface, _shade(road.fill, 0.97), centre, 50 * b.s)
    pygame.draw.circle(surface, road.edge, centre, 50 * b.s, lw)
    _ground_shadow(surface, b, 24, 30, 82, 84, 90)
    stone = (190, 182, 170)
    pygame.draw.circle(surface, stone, centre, 25 * b.s)
    pygame.draw.circle(surface, _INK, centre, 25 * b.s, lw)
    pygame.draw.circle(surface, (36, 62, 100), centre, 15 * b.s)
    pygame.draw.circle(surface, _INK, centre, 15 * b.s, max(1, lw // 2))
    pygame.draw.arc(surface, (120, 160, 200), pygame.Rect(*b.p(40, 40), 20 * b.s, 20 * b.s),
                    1.8, 3.2, b.w(3))


def _pond(surface: pygame.Surface, centre: Px, size: float, style: KindStyle) -> None:
    b = _Box(centre, size)
    pygame.draw.ellipse(surface, style.edge, pygame.Rect(*b.p(0, 14), 100 * b.s, 72 * b.s))
    pygame.draw.ellipse(surface, style.fill, pygame.Rect(*b.p(8, 20), 84 * b.s, 60 * b.s))
    pygame.draw.arc(surface, _mix(style.fill, (255, 255, 255), 0.5),
                    pygame.Rect(*b.p(24, 34), 40 * b.s, 16 * b.s), 0.4, 2.6, b.w(4))


def _gate(surface: pygame.Surface, at: Point, along: Px, out: Px, wall: KindStyle,
          w: int) -> None:
    """A gatehouse where a road enters a walled city: a roof over the road, its dark archway
    on the land side, and a round tower either side."""
    gx, gy = at[0] * w, at[1] * w
    ux, uy = along  # along the wall
    vx, vy = out  # away from the city, along the road
    if ux * vy - uy * vx == 0:
        return
    unit = w / 100.0
    ink = wall.edge
    lw = max(1, round(unit * 0.7))

    def p(a: float, b: float) -> Px:  # a along the wall, b out of the city (1/100 tile)
        return (gx + (ux * a + vx * b) * unit, gy + (uy * a + vy * b) * unit)

    _shape(surface, (64, 46, 36), [p(-5, 2), p(5, 2), p(5, 8.5), p(-5, 8.5)], ink, lw)
    roof = wall.roof
    _shape(surface, _shade(roof, 1.1), [p(-8.5, -7), p(0, -7), p(0, 5), p(-8.5, 5)], ink, lw)
    _shape(surface, _shade(roof, 0.8), [p(0, -7), p(8.5, -7), p(8.5, 5), p(0, 5)], ink, lw)
    pygame.draw.line(surface, _shade(roof, 0.55), p(0, -7), p(0, 5), lw)
    for a in (-11, 11):
        pygame.draw.circle(surface, wall.wall_top, p(a, -0.5), 5.2 * unit)
        pygame.draw.circle(surface, ink, p(a, -0.5), 5.2 * unit, lw)
        pygame.draw.circle(surface, _shade(wall.wall_top, 0.78), p(a, -0.5), 2.8 * unit)


def _labelled_dot(name: str, size: int) -> pygame.Surface:
    """An icon nobody drew: a neat token with the name's first letters."""
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    pygame.draw.circle(big, (246, 237, 214), (c, c), c * 0.9)
    pygame.draw.circle(big, (122, 90, 54), (c, c), c * 0.9, max(1, round(size * k / 22)))
    out = pygame.transform.smoothscale(big, (size, size))
    label = (name[:2] if len(name) > 1 else name).capitalize() or "?"
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(None, max(8, round(size * 0.62)))
    text = font.render(label, True, _INK)
    out.blit(text, text.get_rect(center=(size / 2, size / 2 + size * 0.03)))
    return out


# --- tiles ------------------------------------------------------------------------------------

_CALM = {"city": 0.62, "forest": 0.5, "crop": 0.45, "water": 0.35}  # how much small tiles calm
_FALLBACK_SPOTS: tuple[Point, ...] = ((0.82, 0.82), (0.18, 0.82), (0.82, 0.18), (0.18, 0.18))


class TileArt:
    """Draws the tiles of one tile set; every result is cached."""

    def __init__(self, tileset: TileSet, sprites_dir: Path | None = None) -> None:
        self.tileset = tileset
        self.sprites = sprites_dir if sprites_dir is not None else _repo_sprites()
        self._tiles: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        self._tile_bytes = 0
        self._backs: dict[int, pygame.Surface] = {}
        self._icons: dict[tuple[str, int], pygame.Surface] = {}
        self._shadows: dict[tuple[str, int], pygame.Surface] = {}
        self._scaled: dict[tuple[str, Colour, Colour, int, int], pygame.Surface] = {}

    # public -----------------------------------------------------------------------------------

    def tile(self, tile: TileType, rotation: int, size: int) -> pygame.Surface:
        """The tile turned ``rotation`` quarter turns clockwise, ``size`` px square."""
        size = max(1, int(size))
        key = (tile.id, rotation % 4, size)
        img = self._tiles.get(key)
        if img is not None:
            self._tiles.move_to_end(key)
            return img
        img = _finish(self._render(tile, rotation % 4, size))
        self._tiles[key] = img
        self._tile_bytes += size * size * 4
        while self._tile_bytes > _TILE_CACHE_BYTES and len(self._tiles) > 1:
            (_, _, old), _ = self._tiles.popitem(last=False)
            self._tile_bytes -= old * old * 4
        return img

    def back(self, size: int) -> pygame.Surface:
        """The back of a tile, for the draw pile."""
        size = max(1, int(size))
        img = self._backs.get(size)
        if img is None:
            img = self._backs[size] = _finish(self._render_back(size))
        return img

    def icon(self, name: str, size: int) -> pygame.Surface:
        """An icon sprite (shield, hill...) ``size`` px square; a labelled dot if none exists."""
        size = max(1, int(size))
        key = (name, size)
        img = self._icons.get(key)
        if img is None:
            svg = _load_svg(self.sprites / "icons" / f"{name}.svg", (size, size))
            if svg is None:
                img = _labelled_dot(name, size)
            else:
                img = pygame.Surface((size, size), pygame.SRCALPHA)
                img.blit(svg, svg.get_rect(center=(size // 2, size // 2)))
            img = self._icons[key] = _finish(img)
        return img

    def clear(self) -> None:
        """Drop every cached image (textures stay: they do not depend on sizes)."""
        self._tiles.clear()
        self._tile_bytes = 0
        self._backs.clear()
        self._icons.clear()
        self._shadows.clear()
        self._scaled.clear()

    def style(self, kind: str) -> KindStyle:
        k = self.tileset.kinds.get(kind)
        return pal.kind_style(kind, k.role if k is not None else "area")

    # drawing ----------------------------------------------------------------------------------

    def _texture(self, style: KindStyle, w: int, size: int) -> pygame.Surface:
        """The texture for a tile of ``size`` px drawn ``w`` px wide.  Small tiles get a
        calmer texture (detail faded towards the mean colour) so that they do not look busy."""
        key = (style.texture, style.fill, style.roof, w, size)
        tex = self._scaled.get(key)
        if tex is None:
            src = texture(style)
            tex = pygame.transform.smoothscale(src, (w, w))
            calm = (1.0 - min(1.0, max(0.0, (size - 32) / 96))) * _CALM.get(style.texture, 0.4)
            if calm > 0.01:
                mean = pygame.transform.average_color(src)
                veil = pygame.Surface((w, w), pygame.SRCALPHA)
                tone = _mix((mean[0], mean[1], mean[2]), style.fill, 0.3)
                veil.fill((*tone, round(255 * calm)))
                tex.blit(veil, (0, 0))
            self._scaled[key] = tex
        return tex

    def _icon_shadow(self, name: str, size: int) -> pygame.Surface:
        key = (name, size)
        sh = self._shadows.get(key)
        if sh is None:
            pad = max(2, size // 8)
            base = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
            base.blit(_silhouette(self.icon(name, size), (20, 24, 10), 110), (pad, pad))
            sh = self._shadows[key] = _blur(base, max(1, size // 14))
        return sh

    def _render(self, tile: TileType, q: int, size: int) -> pygame.Surface:
        k = _supersample(size)
        w = size * k
        rt = tile.rotations[q]
        canvas = pygame.Surface((w, w), pygame.SRCALPHA)
        shift = zlib.crc32(tile.id.encode())
        offset = ((shift & 0xFFFF) / 0xFFFF, (shift >> 16) / 0xFFFF)
        painter = _Painter(self, canvas, w, k, offset)

        roles = [self.tileset.kinds[f.kind].role if f.kind in self.tileset.kinds else "area"
                 for f in tile.features]
        styles = [self.style(f.kind) for f in tile.features]
        shapes = rt.shapes
        idx = range(len(tile.features))
        backgrounds = [i for i in idx if roles[i] == "background"]
        lines = [i for i in idx if roles[i] == "line"]
        areas = [i for i in idx if roles[i] == "area"]
        inners = [i for i in idx if roles[i] == "inner"]
        lakes = [i for i in inners if not styles[i].building]
        buildings = [i for i in inners if styles[i].building]

        base = styles[backgrounds[0]] if backgrounds else pal.ROLE_STYLES["background"]
        painter.fill_all(base)
        for i in backgrounds:
            if styles[i] != base:
                painter.fill(shapes[i], styles[i])
        for i in lakes:
            painter.fill(shapes[i], styles[i])
            painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)
        # lines: a soft verge shadow, the surface, then the verges
        if lines:
            painter.shadow([shapes[i] for i in lines],
                           [styles[i].edge_width * 3.2 for i in lines], (0.0, 0.0), 40)
        for i in lines:
            painter.fill(shapes[i], styles[i])
        for i in lines:
            painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)
        for i in lakes:  # a river running into a lake ends at its shore
            if any(point_in_polygon(mid, shapes[i]) for j in lines
                   for mid, _ in _line_ends(shapes[j])):
                painter.fill(shapes[i], styles[i])
                painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)
        # areas: shadow of the walls on the land, the fill, then walls
        if areas:
            painter.shadow([shapes[i] for i in areas],
                           [styles[i].edge_width * (1.3 if styles[i].wall else 1.6)
                            for i in areas], (0.012, 0.02), 75)
        for i in areas:
            painter.fill(shapes[i], styles[i])
        for i in areas:
            if styles[i].wall:
                painter.wall(shapes[i], styles[i])
            else:
                painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)
        # where lines end: gates into walled areas, houses or wells in open land
        covers = [(shapes[i], styles[i], roles[i]) for i in areas + inners]
        loose: list[tuple[Point, KindStyle]] = []
        for i in lines:
            for mid, back in _line_ends(shapes[i]):
                cover = next((c for c in covers if point_in_polygon(mid, c[0])), None)
                if cover is None:
                    loose.append((mid, styles[i]))
                elif cover[2] == "area" and cover[1].wall:
                    hit = _ray_hit(mid, back, _inner_runs(cover[0]))
                    if hit is not None:
                        _gate(canvas, hit[0], hit[1], back, cover[1], w)
        for i in buildings:
            painter.building(shapes[i], rt.anchors[i], styles[i])
        for centre, count, style in _cluster(loose):
            painter.line_end(centre, count, style)
        # icons of features, then of the whole tile; those without a place go near the
        # feature's anchor (not on it: a figure stands there), clear of the others
        placed: list[Point] = [p for pts in rt.icon_points for p in pts if p is not None]
        placed += [p for p in rt.tile_icon_points if p is not None]
        for i, f in enumerate(tile.features):
            points = rt.icon_points[i] if i < len(rt.icon_points) else ()
            for j, icon in enumerate(f.icons):
                at = points[j] if j < len(points) else None
                if at is None:
                    at = _free_spot(rt.anchors[i], shapes[i], placed)
                    placed.append(at)
                self._draw_icon(canvas, icon.name, at, w, size)
        for j, icon in enumerate(tile.icons):
            at = rt.tile_icon_points[j] if j < len(rt.tile_icon_points) else None
            if at is None:
                at = _free_spot((0.5, 0.5), ((0, 0), (1, 0), (1, 1), (0, 1)), placed,
                                _FALLBACK_SPOTS)
                placed.append(at)
            self._draw_icon(canvas, icon.name, at, w, size)
        painter.border()
        canvas.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)  # fully opaque
        return pygame.transform.smoothscale(canvas, (size, size))

    def _draw_icon(self, canvas: pygame.Surface, name: str, at: Point, w: int,
                   size: int) -> None:
        # icons grow a little on small tiles so that they stay readable
        frac = max(_SHIELD_SIZE if name == "shield" else _ICON_SIZE, min(0.3, 13 / size))
        px = max(4, round(w * frac))
        centre = (round(at[0] * w), round(at[1] * w))
        sh = self._icon_shadow(name, px)
        off = max(1, px // 18)
        canvas.blit(sh, sh.get_rect(center=(centre[0] + off, centre[1] + 2 * off)))
        img = self.icon(name, px)
        canvas.blit(img, img.get_rect(center=centre))

    def _render_back(self, size: int) -> pygame.Surface:
        k = _supersample(size)
        w = size * k
        canvas = pygame.Surface((w, w), pygame.SRCALPHA)
        grass = pal.kind_style("field", "background")
        dark = KindStyle(fill=_shade(grass.fill, 0.62), edge=grass.edge, texture="grass")
        canvas.blit(self._texture(dark, w, size), (0, 0))
        cream: Colour = (236, 222, 178)
        ink = _shade(dark.fill, 0.6)
        inset = round(w * 0.07)
        frame = pygame.Rect(inset, inset, w - 2 * inset, w - 2 * inset)
        pygame.draw.rect(canvas, cream, frame, max(1, round(w * 0.018)),
                         border_radius=round(w * 0.05))
        inner = frame.inflate(-round(w * 0.05), -round(w * 0.05))
        pygame.draw.rect(canvas, _mix(cream, dark.fill, 0.45), inner, max(1, round(w * 0.007)),
                         border_radius=round(w * 0.035))
        b = _Box((w / 2, w / 2), w * 0.44)
        lw = b.w(3)
        parts = [
            [(14, 40), (36, 40), (36, 92), (14, 92)],  # left tower
            [(64, 40), (86, 40), (86, 92), (64, 92)],  # right tower
            [(34, 56), (66, 56), (66, 92), (34, 92)],  # curtain wall
            [(38, 20), (62, 20), (62, 92), (38, 92)],  # keep
        ]
        for pts in parts:
            _shape(canvas, cream, b.pts(pts), ink, lw)
        for x0, x1, y in ((14, 36, 40), (64, 86, 40), (38, 62, 20)):
            step = (x1 - x0) / 5
            for m in range(3):
                mx = x0 + step * 2 * m
                _shape(canvas, cream, b.pts([(mx, y - 7), (mx + step, y - 7), (mx + step, y),
                                             (mx, y)]), ink, lw)
        pygame.draw.rect(canvas, cream, pygame.Rect(*b.p(39.5, 21.5), 21 * b.s, 10 * b.s))
        for left, right in ((15.5, 34.5), (65.5, 84.5)):
            pygame.draw.rect(canvas, cream,
                             pygame.Rect(*b.p(left, 41.5), (right - left) * b.s, 8 * b.s))
        pygame.draw.rect(canvas, ink, pygame.Rect(*b.p(43, 70), 14 * b.s, 22 * b.s))
        pygame.draw.circle(canvas, ink, b.p(50, 70), 7 * b.s)
        pygame.draw.rect(canvas, ink, pygame.Rect(*b.p(46, 32), 8 * b.s, 12 * b.s))
        _Painter(self, canvas, w, k, (0.0, 0.0)).border()
        canvas.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
        return pygame.transform.smoothscale(canvas, (size, size))


_AROUND: tuple[Point, ...] = ((0.2, 0.0), (-0.2, 0.0), (0.0, 0.2), (0.0, -0.2), (0.17, 0.17),
                              (-0.17, 0.17), (0.17, -0.17), (-0.17, -0.17), (0.34, 0.0),
                              (-0.34, 0.0), (0.0, 0.34), (0.0, -0.34))


def _free_spot(anchor: Point, shape: Polygon, taken: list[Point],
               spots: Sequence[Point] | None = None) -> Point:
    """A place for an icon: near the anchor, inside the shape and clear of other icons if
    possible (``spots``: absolute candidates instead of offsets around the anchor)."""
    ax, ay = anchor
    cands = list(spots) if spots is not None else [(ax + dx, ay + dy) for dx, dy in _AROUND]
    cands = [(min(0.88, max(0.12, x)), min(0.88, max(0.12, y))) for x, y in cands]

    def clear(p: Point) -> bool:
        return all(math.dist(p, q) > 0.19 for q in taken)

    for ok in (lambda p: clear(p) and point_in_polygon(p, shape), clear, lambda p: True):
        for p in cands:
            if ok(p):
                return p
    return cands[0]


def _cluster(ends: list[tuple[Point, KindStyle]]) -> list[tuple[Point, int, KindStyle]]:
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


class _Painter:
    """Drawing on one tile canvas of ``w`` px; shapes come in unit tile coordinates."""

    def __init__(self, art: TileArt, canvas: pygame.Surface, w: int, k: int,
                 offset: Px) -> None:
        self.art = art
        self.canvas = canvas
        self.w = w
        self.k = k  # canvas pixels per final pixel
        self.offset = (round(offset[0] * w) % w, round(offset[1] * w) % w)
        self._rolled: dict[KindStyle, pygame.Surface] = {}

    def px(self, poly: Sequence[Point]) -> list[Px]:
        return [(x * self.w, y * self.w) for x, y in poly]

    def tex(self, style: KindStyle) -> pygame.Surface:
        """The style's texture at this size, shifted by the tile's own offset."""
        out = self._rolled.get(style)
        if out is None:
            src = self.art._texture(style, self.w, self.w // self.k)
            ox, oy = self.offset
            if ox == 0 and oy == 0:
                out = src
            else:
                out = pygame.Surface((self.w, self.w), pygame.SRCALPHA)
                for dx in (-ox, self.w - ox):
                    for dy in (-oy, self.w - oy):
                        out.blit(src, (dx, dy))
            self._rolled[style] = out
        return out

    def fill_all(self, style: KindStyle) -> None:
        self.canvas.blit(self.tex(style), (0, 0))

    def fill(self, poly: Polygon, style: KindStyle) -> None:
        pts = self.px(poly)
        if len(pts) < 3:
            return
        x0 = max(0, math.floor(min(p[0] for p in pts)))
        y0 = max(0, math.floor(min(p[1] for p in pts)))
        x1 = min(self.w, math.ceil(max(p[0] for p in pts)) + 1)
        y1 = min(self.w, math.ceil(max(p[1] for p in pts)) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        rect = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
        layer = self.tex(style).subsurface(rect).copy()
        mask = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - x0, y - y0) for x, y in pts])
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.canvas.blit(layer, rect.topleft)

    def outline(self, poly: Polygon, colour: Colour, width: float) -> None:
        for run in _inner_runs(poly):
            _stroke(self.canvas, colour, self.px(run), max(width * self.w, 1.1 * self.k))

    def shadow(self, polys: Sequence[Polygon], widths: Sequence[float], shift: Px,
               alpha: int) -> None:
        """A soft dark band along the inner boundary of the shapes, on the land beside them."""
        # drawn small, blurred, and scaled up: soft, and cheap at any size
        small = min(self.w, 192)
        f = small / self.w
        over = pygame.Surface((small, small), pygame.SRCALPHA)
        dx, dy = shift[0] * small, shift[1] * small
        for poly, width in zip(polys, widths, strict=True):
            for run in _inner_runs(poly):
                pts = [(x * f + dx, y * f + dy) for x, y in self.px(run)]
                _stroke(over, (16, 28, 8, alpha), pts, max(width * small, 1.5 * self.k * f))
        over = _blur(over, max(1, round(small * 0.008)))
        self.canvas.blit(pygame.transform.smoothscale(over, (self.w, self.w)), (0, 0))

    def wall(self, poly: Polygon, style: KindStyle) -> None:
        """A city wall: a dark band, its light stone walk, and merlons on the field side."""
        ww = max(style.edge_width * self.w, 2.6 * self.k)  # stays a clear line when small
        sign = 1.0 if signed_area(poly) > 0 else -1.0
        for run in _inner_runs(poly):
            pts = self.px(run)
            _stroke(self.canvas, style.edge, pts, ww)
            _stroke(self.canvas, style.wall_top, pts, ww * 0.5)
            if self.w < 150 or ww < 3.5 * self.k:
                continue
            # merlons every few pixels along the run, on the outer half of the wall
            step = 0.045 * self.w
            carry = step / 2
            for (x0, y0), (x1, y1) in itertools.pairwise(pts):
                seg = math.hypot(x1 - x0, y1 - y0)
                if seg < 1e-9:
                    continue
                ux, uy = (x1 - x0) / seg, (y1 - y0) / seg
                ox, oy = sign * uy, -sign * ux  # outward normal
                t = carry
                while t < seg:
                    cx = x0 + ux * t + ox * ww * 0.22
                    cy = y0 + uy * t + oy * ww * 0.22
                    a, b = ww * 0.2, ww * 0.2
                    pygame.draw.polygon(self.canvas, style.edge, [
                        (cx - ux * a - ox * b, cy - uy * a - oy * b),
                        (cx + ux * a - ox * b, cy + uy * a - oy * b),
                        (cx + ux * a + ox * b, cy + uy * a + oy * b),
                        (cx - ux * a + ox * b, cy - uy * a + oy * b)])
                    t += step
                carry = t - seg

    def building(self, poly: Polygon, anchor: Point, style: KindStyle) -> None:
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        span = min(max(xs) - min(xs), max(ys) - min(ys), 0.5)
        size = max(0.2, span) * self.w
        _chapel(self.canvas, (anchor[0] * self.w, anchor[1] * self.w + size * 0.04), size,
                style)

    def line_end(self, centre: Point, count: int, style: KindStyle) -> None:
        c = (centre[0] * self.w, centre[1] * self.w)
        if style.end == "none":
            return
        if style.end == "spring":
            _pond(self.canvas, c, 0.16 * self.w, style)
        elif count >= 4:
            _well(self.canvas, c, 0.27 * self.w, style)
        else:
            house = pal.KIND_STYLES["cloister"]
            _house(self.canvas, (c[0], c[1] - 0.01 * self.w), 0.22 * self.w, house.roof,
                   house.body, _shade(house.edge, 0.8))

    def border(self) -> None:
        k = self.k
        over = pygame.Surface((self.w, self.w), pygame.SRCALPHA)
        pygame.draw.rect(over, (255, 255, 255, 38), over.get_rect().inflate(-2 * k, -2 * k), k)
        pygame.draw.rect(over, (36, 28, 18, 150), over.get_rect(), k)
        self.canvas.blit(over, (0, 0))


# --- figures ----------------------------------------------------------------------------------


def _meeple_polygon() -> list[Px]:
    """A meeple outline in a 100x100 box, for when the SVG sprite is missing."""
    right = [(50, 3), (60, 5), (65, 16), (60, 30), (88, 40), (94, 49), (88, 57), (66, 58),
             (84, 90), (80, 98), (62, 98), (50, 74)]
    left = [(100 - x, y) for x, y in reversed(right[1:-1])]
    return [(float(x), float(y)) for x, y in right + left]


class FigureArt:
    """Figure sprites tinted to a player's colour, with an outline and a soft shadow."""

    def __init__(self, sprites_dir: Path | None = None) -> None:
        self.sprites = sprites_dir if sprites_dir is not None else _repo_sprites()
        self._cache: dict[tuple[str, Colour, int, bool], pygame.Surface] = {}

    def figure(self, kind: str, colour: tuple[int, int, int], size: int,
               lying: bool = False) -> pygame.Surface:
        """A figure of height ~``size``: ``follower`` is a meeple (on its side when lying),
        ``hut``, ``stable`` and ``shepherd`` have their own shapes, others are meeples.
        The caller says whether it lies (buildings never do: a figure property of the tile
        set)."""
        size = max(6, int(size))
        rgb: Colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        key = (kind, rgb, size, lying)
        img = self._cache.get(key)
        if img is None:
            img = self._cache[key] = _finish(self._make(kind, rgb, size, lying))
        return img

    def clear(self) -> None:
        self._cache.clear()

    def _white(self, kind: str, box: int) -> pygame.Surface:
        for name in (kind, "follower"):
            img = _load_svg(self.sprites / "figures" / f"{name}.svg", (box, box))
            if img is not None:
                return img
        k = 4
        big = pygame.Surface((100 * k, 100 * k), pygame.SRCALPHA)
        pygame.draw.polygon(big, (255, 255, 255), [(x * k, y * k) for x, y in _meeple_polygon()])
        return pygame.transform.smoothscale(big, (box, box))

    def _make(self, kind: str, colour: Colour, size: int, lying: bool) -> pygame.Surface:
        outline_w = max(1, round(size / 26))
        pad = outline_w + max(1, round(size * 0.07))
        body_h = max(4, size - 2 * pad)
        white = self._white(kind, body_h)
        if lying:
            white = pygame.transform.rotate(white, 90)
        bw, bh = white.get_size()
        body = white.copy()
        body.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        dark = _luma(colour) < 70
        ink: Colour = (214, 212, 206) if dark else _mix(_shade(colour, 0.32), (20, 16, 14), 0.5)
        out = pygame.Surface((bw + 2 * pad, bh + 2 * pad), pygame.SRCALPHA)
        # soft shadow, down and to the right
        shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        shift = max(1, round(size * 0.05))
        shadow.blit(_silhouette(white, (10, 14, 6), 120), (pad + shift // 2, pad + shift))
        out.blit(_blur(shadow, max(1, round(size * 0.04))), (0, 0))
        # outline: the silhouette stamped around the body
        sil = _silhouette(white, ink)
        steps = 16
        for i in range(steps):
            a = 2 * math.pi * i / steps
            out.blit(sil, (pad + round(math.cos(a) * outline_w),
                           pad + round(math.sin(a) * outline_w)))
        out.blit(body, (pad, pad))
        return out
