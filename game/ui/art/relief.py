"""Marks drawn as the land itself rather than as a token: a hill is a raised, lit mound with
contour lines, painted under the roads and cities so that it reads at every zoom."""

from __future__ import annotations

import math

import pygame

from game.rules.geometry import Point

HILL_RADIUS = 0.34  # in tiles (the mound is a little wider than high)
_TOWARDS_CENTRE = 0.35  # the mound sits between its mark and the tile centre
_BASE = 160  # pixels of the mound image every size is scaled from
_LIGHT = (-0.55, -0.65, 0.52)  # from the top left, like the tiles' shadows


def _mound_image() -> pygame.Surface:
    """The mound once, as light and shade to lay over the grass: lit on the top left, in
    shadow on the bottom right, two contour lines and a dark foot."""
    n = _BASE
    img = pygame.Surface((n, n), pygame.SRCALPHA)
    lx, ly, lz = _LIGHT
    norm = math.sqrt(lx * lx + ly * ly + lz * lz)
    lx, ly, lz = lx / norm, ly / norm, lz / norm
    for j in range(n):
        v = (j + 0.5) / n * 2 - 1
        for i in range(n):
            u = (i + 0.5) / n * 2 - 1
            d = math.hypot(u, v)
            if d >= 1.0:
                continue
            height = math.cos(d * math.pi / 2) ** 1.4
            # the slope of the height field gives the surface normal
            slope = 1.4 * math.cos(d * math.pi / 2) ** 0.4 * math.sin(d * math.pi / 2) \
                * math.pi / 2 * 1.6
            nx, ny = (u / d * slope, v / d * slope) if d > 1e-6 else (0.0, 0.0)
            nz = 1.0
            nl = math.sqrt(nx * nx + ny * ny + nz * nz)
            lit = (nx * lx + ny * ly + nz * lz) / nl  # -1 .. 1; flat ground gives lz
            edge = min(1.0, (1.0 - d) / 0.08)  # fades in at the foot
            if lit > lz:
                a = min(1.0, (lit - lz) * 2.2)
                rgba = (255, 250, 200, round(150 * a * edge))
            else:
                a = min(1.0, (lz - lit) * 2.0)
                rgba = (10, 30, 0, round(130 * a * edge))
            for level in (0.34, 0.68):  # contour lines
                if abs(height - level) < 0.035:
                    shade = 1 - abs(height - level) / 0.035
                    rgba = (28, 52, 10, max(rgba[3], round(95 * shade)))
            if d > 0.9:  # a dark foot all round, so the mound stands out from the meadow
                foot = (d - 0.9) / 0.1
                rgba = (20, 40, 6, max(rgba[3], round(110 * math.sin(foot * math.pi))))
            # a lift of the whole mound: the hill top is lighter grass
            lift = round(70 * height)
            if rgba[0] > 200:
                img.set_at((i, j), (rgba[0], rgba[1], rgba[2], min(255, rgba[3] + lift)))
            elif lift > rgba[3]:
                img.set_at((i, j), (240, 246, 170, lift))
            else:
                img.set_at((i, j), rgba)
    return img


_MOUND: list[pygame.Surface] = []  # made on first use


def hill(canvas: pygame.Surface, at: Point, w: int) -> None:
    """A hill around the mark ``at`` (unit tile coordinates) on a tile canvas ``w`` px wide."""
    if not _MOUND:
        _MOUND.append(_mound_image())
    cx = at[0] + (0.5 - at[0]) * _TOWARDS_CENTRE
    cy = at[1] + (0.5 - at[1]) * _TOWARDS_CENTRE
    rx, ry = HILL_RADIUS * 1.1 * w, HILL_RADIUS * 0.9 * w
    img = pygame.transform.smoothscale(_MOUND[0], (max(2, round(2 * rx)), max(2, round(2 * ry))))
    canvas.blit(img, img.get_rect(center=(round(cx * w), round(cy * w))))
