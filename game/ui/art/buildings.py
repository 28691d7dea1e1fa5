"""Buildings and small things drawn on tiles: the monastery church, houses where roads end, a
well where four meet, a pond at a spring, gatehouses in city walls, the castle on a tile's
back.  Shapes are given in local coordinates 0..100 of a box."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.geometry import Point

from ..palette import Colour, KindStyle
from .primitives import INK, Px, blur, mix, shade


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
    surface.blit(blur(shadow, max(1, h // 6)), (round(ax), round(ay)))


def chapel(surface: pygame.Surface, centre: Px, size: float, style: KindStyle) -> None:
    """A small monastery church seen from the front: nave, roof, bell tower with a cross."""
    b = _Box(centre, size)
    ink = shade(style.edge, 0.8)
    lw = b.w(2.6)
    dark = (70, 50, 40)
    _ground_shadow(surface, b, 2, 72, 104, 98)
    # nave
    _shape(surface, style.body, b.rect(34, 50, 94, 90), ink, lw)
    _shape(surface, shade(style.body, 0.86), b.rect(34, 84, 94, 90), ink, lw)
    _shape(surface, style.roof, b.pts([(28, 54), (100, 54), (92, 28), (38, 28)]), ink, lw)
    for x in (48, 58, 68, 78, 88):
        pygame.draw.line(surface, shade(style.roof, 0.8), b.p(x - 6, 52), b.p(x - 2, 31),
                         max(1, lw // 2))
    pygame.draw.line(surface, shade(style.roof, 1.2), b.p(40, 31), b.p(90, 31), lw)
    for x in (46, 62, 78):
        pygame.draw.rect(surface, dark, pygame.Rect(*b.p(x - 3.5, 62), b.s * 7, b.s * 12))
        pygame.draw.circle(surface, dark, b.p(x, 62), 3.5 * b.s)
    # tower
    _shape(surface, style.body, b.rect(8, 30, 38, 90), ink, lw)
    _shape(surface, shade(style.body, 0.86), b.rect(8, 84, 38, 90), ink, lw)
    _shape(surface, style.roof, b.pts([(3, 32), (43, 32), (23, 2)]), ink, lw)
    pygame.draw.polygon(surface, shade(style.roof, 0.8), b.pts([(23, 6), (40, 31), (23, 31)]))
    pygame.draw.line(surface, ink, b.p(23, 2), b.p(23, -12), lw)
    pygame.draw.line(surface, ink, b.p(17, -6), b.p(29, -6), lw)
    pygame.draw.rect(surface, dark, pygame.Rect(*b.p(16, 68), b.s * 14, b.s * 18))
    pygame.draw.circle(surface, dark, b.p(23, 68), 7 * b.s)
    pygame.draw.rect(surface, dark, pygame.Rect(*b.p(19.5, 42), b.s * 7, b.s * 10))
    pygame.draw.circle(surface, dark, b.p(23, 42), 3.5 * b.s)


def house(surface: pygame.Surface, centre: Px, size: float, roof: Colour, body: Colour,
           ink: Colour) -> None:
    """A tiny house seen from the front, where roads meet."""
    b = _Box(centre, size)
    lw = b.w(4.5)
    _ground_shadow(surface, b, 4, 76, 104, 100)
    _shape(surface, body, b.rect(14, 46, 86, 92), ink, lw)
    _shape(surface, roof, b.pts([(4, 50), (96, 50), (78, 12), (22, 12)]), ink, lw)
    pygame.draw.line(surface, shade(roof, 1.25), b.p(26, 17), b.p(74, 17), lw)
    pygame.draw.rect(surface, (70, 50, 40), pygame.Rect(*b.p(42, 64), b.s * 16, b.s * 28))
    pygame.draw.rect(surface, (70, 50, 40), pygame.Rect(*b.p(22, 60), b.s * 12, b.s * 11))
    pygame.draw.rect(surface, (70, 50, 40), pygame.Rect(*b.p(66, 60), b.s * 12, b.s * 11))


def well(surface: pygame.Surface, centre: Px, size: float, road: KindStyle) -> None:
    """A round cobbled square with a well, where four roads meet."""
    b = _Box(centre, size)
    lw = b.w(3)
    pygame.draw.circle(surface, shade(road.fill, 0.97), centre, 50 * b.s)
    pygame.draw.circle(surface, road.edge, centre, 50 * b.s, lw)
    _ground_shadow(surface, b, 24, 30, 82, 84, 90)
    stone = (190, 182, 170)
    pygame.draw.circle(surface, stone, centre, 25 * b.s)
    pygame.draw.circle(surface, INK, centre, 25 * b.s, lw)
    pygame.draw.circle(surface, (36, 62, 100), centre, 15 * b.s)
    pygame.draw.circle(surface, INK, centre, 15 * b.s, max(1, lw // 2))
    pygame.draw.arc(surface, (120, 160, 200), pygame.Rect(*b.p(40, 40), 20 * b.s, 20 * b.s),
                    1.8, 3.2, b.w(3))


def pond(surface: pygame.Surface, centre: Px, size: float, style: KindStyle) -> None:
    b = _Box(centre, size)
    pygame.draw.ellipse(surface, style.edge, pygame.Rect(*b.p(0, 14), 100 * b.s, 72 * b.s))
    pygame.draw.ellipse(surface, style.fill, pygame.Rect(*b.p(8, 20), 84 * b.s, 60 * b.s))
    pygame.draw.arc(surface, mix(style.fill, (255, 255, 255), 0.5),
                    pygame.Rect(*b.p(24, 34), 40 * b.s, 16 * b.s), 0.4, 2.6, b.w(4))


def gate(surface: pygame.Surface, at: Point, along: Px, out: Px, wall: KindStyle,
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
    _shape(surface, shade(roof, 1.1), [p(-8.5, -7), p(0, -7), p(0, 5), p(-8.5, 5)], ink, lw)
    _shape(surface, shade(roof, 0.8), [p(0, -7), p(8.5, -7), p(8.5, 5), p(0, 5)], ink, lw)
    pygame.draw.line(surface, shade(roof, 0.55), p(0, -7), p(0, 5), lw)
    for a in (-11, 11):
        pygame.draw.circle(surface, wall.wall_top, p(a, -0.5), 5.2 * unit)
        pygame.draw.circle(surface, ink, p(a, -0.5), 5.2 * unit, lw)
        pygame.draw.circle(surface, shade(wall.wall_top, 0.78), p(a, -0.5), 2.8 * unit)


def castle(surface: pygame.Surface, centre: Px, size: float, colour: Colour,
           ink: Colour) -> None:
    """The castle on a tile's back: two towers, a curtain wall and a keep with battlements."""
    b = _Box(centre, size)
    lw = b.w(3)
    parts = [
        [(14, 40), (36, 40), (36, 92), (14, 92)],  # left tower
        [(64, 40), (86, 40), (86, 92), (64, 92)],  # right tower
        [(34, 56), (66, 56), (66, 92), (34, 92)],  # curtain wall
        [(38, 20), (62, 20), (62, 92), (38, 92)],  # keep
    ]
    for pts in parts:
        _shape(surface, colour, b.pts(pts), ink, lw)
    for x0, x1, y in ((14, 36, 40), (64, 86, 40), (38, 62, 20)):
        step = (x1 - x0) / 5
        for m in range(3):
            mx = x0 + step * 2 * m
            _shape(surface, colour, b.pts([(mx, y - 7), (mx + step, y - 7), (mx + step, y),
                                           (mx, y)]), ink, lw)
    pygame.draw.rect(surface, colour, pygame.Rect(*b.p(39.5, 21.5), 21 * b.s, 10 * b.s))
    for left, right in ((15.5, 34.5), (65.5, 84.5)):
        pygame.draw.rect(surface, colour,
                         pygame.Rect(*b.p(left, 41.5), (right - left) * b.s, 8 * b.s))
    pygame.draw.rect(surface, ink, pygame.Rect(*b.p(43, 70), 14 * b.s, 22 * b.s))
    pygame.draw.circle(surface, ink, b.p(50, 70), 7 * b.s)
    pygame.draw.rect(surface, ink, pygame.Rect(*b.p(46, 32), 8 * b.s, 12 * b.s))
