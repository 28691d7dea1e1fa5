"""Colours and strokes shared by all the art: mixing and shading colours, thick polylines with
round joins, silhouettes and soft blurs."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from ..palette import Colour

Px = tuple[float, float]
RGBA = tuple[int, int, int, int]

INK: Colour = (58, 42, 30)  # dark brown lines and letters on light art


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def shade(c: Colour, f: float) -> Colour:
    """Darker when f < 1, lighter (towards white) when f > 1."""
    if f <= 1.0:
        return (round(c[0] * f), round(c[1] * f), round(c[2] * f))
    return mix(c, (255, 255, 255), min(1.0, f - 1.0))


def rgba(c: Colour, a: int) -> RGBA:
    return (c[0], c[1], c[2], a)


def luma(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def unit_vector(dx: float, dy: float) -> Px:
    d = math.hypot(dx, dy)
    return (0.0, 0.0) if d < 1e-12 else (dx / d, dy / d)


def stroke(surface: pygame.Surface, colour: Colour | RGBA, pts: Sequence[Px],
            width: float) -> None:
    """A thick polyline with round joins and ends (pygame's own thick lines have gaps)."""
    r = max(0.5, width / 2)
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        ux, uy = unit_vector(x1 - x0, y1 - y0)
        if ux == 0.0 and uy == 0.0:
            continue
        nx, ny = -uy * r, ux * r
        pygame.draw.polygon(surface, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                              (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    for p in pts:
        pygame.draw.circle(surface, colour, p, r)


def silhouette(img: pygame.Surface, colour: Colour, alpha: int = 255) -> pygame.Surface:
    """The shape of an image in one colour (its alpha scaled by alpha/255)."""
    sil = img.copy()
    sil.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    sil.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return sil


def blur(img: pygame.Surface, radius: int) -> pygame.Surface:
    if radius <= 0:
        return img
    if hasattr(pygame.transform, "gaussian_blur"):
        return pygame.transform.gaussian_blur(img, radius)
    small = pygame.transform.smoothscale(  # pragma: no cover - older pygame-ce
        img, (max(1, img.get_width() // 3), max(1, img.get_height() // 3)))
    return pygame.transform.smoothscale(small, img.get_size())  # pragma: no cover
