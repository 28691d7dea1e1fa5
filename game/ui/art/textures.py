"""Seamless textures (grass, city roofs, sand, water...), generated once per process from a
fixed seed so that the art is the same on every run, and their scaled, calmed copies per tile
size."""

from __future__ import annotations

import itertools
import math
import random
import zlib
from collections.abc import Callable, Iterator, Sequence

import pygame

from ..palette import Colour, KindStyle
from .cache import ImageCache
from .primitives import Px, mix, rgba, shade

TEXTURE_PX = 512  # texture pixels per tile side
_CALM = {"city": 0.62, "forest": 0.5, "crop": 0.45, "water": 0.35}  # how much small tiles calm

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
        pygame.draw.circle(s, rgba(colour, round(alpha * (i + 1) / steps)), (radius, radius),
                           radius * (1 - i / steps))
    return s


def _patches(s: pygame.Surface, fill: Colour, rng: random.Random, count: int,
             strength: float) -> None:
    for _ in range(count):
        r = rng.randint(36, 110)
        f = rng.choice((1 - strength, 1 - strength / 2, 1 + strength / 2, 1 + strength))
        blob = _blob(r, shade(fill, f), 70)
        for x, y in _wrap(rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX), r):
            s.blit(blob, (x - r, y - r))


def _speckle(s: pygame.Surface, fill: Colour, rng: random.Random, count: int,
             lo: float, hi: float, radii: Sequence[float] = (1.5, 2.0, 2.5)) -> None:
    for _ in range(count):
        r = rng.choice(radii)
        c = shade(fill, rng.uniform(lo, hi))
        for x, y in _wrap(rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX), r):
            pygame.draw.circle(s, c, (x, y), r)


def _base(fill: Colour) -> pygame.Surface:
    s = pygame.Surface((TEXTURE_PX, TEXTURE_PX), pygame.SRCALPHA)
    s.fill(rgba(fill, 255))
    return s


def _tex_grass(fill: Colour, extra: Colour, rng: random.Random, flowers: int = 26,
               blades: int = 2400) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 30, 0.12)
    dark = shade(fill, 0.7)
    light = mix(fill, (214, 236, 150), 0.5)
    for _ in range(blades):
        x, y = rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)
        length = rng.uniform(6, 13)
        a = math.radians(-90 + rng.uniform(-30, 30))
        dx, dy = math.cos(a) * length, math.sin(a) * length
        c = mix(fill, dark if rng.random() < 0.6 else light, rng.uniform(0.3, 0.65))
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

    shadow = shade(fill, 0.72)
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
            pygame.draw.circle(s, shade(fill, 0.6), (px + 3, py + 5), r)
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
            rc = shade(mix(roof, rng.choice(tints), rng.uniform(0.0, 0.5)),
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
    _wrap_poly(s, shade(roof, 1.12), lit)
    _wrap_poly(s, shade(roof, 0.8), dim)
    _wrap_poly(s, shade(roof, 0.6), quad, 2)
    _wrap_poly(s, shade(roof, 0.58), ridge, 2)


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
    light = mix(fill, (230, 244, 255), 0.55)
    for _ in range(170):
        x, y = rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)
        w = rng.uniform(14, 26)
        for px, py in _wrap(x, y, w):
            pygame.draw.arc(s, light, pygame.Rect(round(px), round(py), round(w), 10),
                            math.radians(20), math.radians(160), 2)
    return s


def _tex_forest(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(shade(fill, 0.7))
    trees = [(rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX), rng.uniform(16, 28))
             for _ in range(190)]
    for x, y, r in sorted(trees, key=lambda t: t[1]):
        crown = shade(fill, rng.uniform(0.85, 1.18))
        for px, py in _wrap(x, y, r + 8):
            pygame.draw.circle(s, shade(fill, 0.5), (px + 4, py + 6), r)
            pygame.draw.circle(s, crown, (px, py), r)
            pygame.draw.circle(s, shade(crown, 1.12), (px - r * 0.3, py - r * 0.3), r * 0.45)
    return s


def _tex_crop(fill: Colour, extra: Colour, rng: random.Random) -> pygame.Surface:
    s = _base(fill)
    _patches(s, fill, rng, 14, 0.06)
    step = 16
    for i, c in enumerate(range(-TEXTURE_PX, 2 * TEXTURE_PX, step)):
        colour = shade(fill, 0.78 if i % 2 else 1.08)
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


class ScaledTextures:
    """Textures scaled to the canvas of a tile being drawn, kept per canvas and tile size in
    the window's image cache."""

    def __init__(self, images: ImageCache) -> None:
        self.images = images

    def get(self, style: KindStyle, w: int, size: int) -> pygame.Surface:
        """The texture for a tile of ``size`` px drawn ``w`` px wide.  Small tiles get a
        calmer texture (detail faded towards the mean colour) so that they do not look busy."""
        key = ("texture", style.texture, style.fill, style.roof, w, size)
        tex = self.images.get(key)
        if tex is None:
            src = texture(style)
            tex = pygame.transform.smoothscale(src, (w, w))
            calm = (1.0 - min(1.0, max(0.0, (size - 32) / 96))) * _CALM.get(style.texture, 0.4)
            if calm > 0.01:
                mean = pygame.transform.average_color(src)
                veil = pygame.Surface((w, w), pygame.SRCALPHA)
                tone = mix((mean[0], mean[1], mean[2]), style.fill, 0.3)
                veil.fill((*tone, round(255 * calm)))
                tex.blit(veil, (0, 0))
            self.images.put(key, tex)
        return tex
