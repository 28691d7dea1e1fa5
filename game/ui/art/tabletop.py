"""The tabletop the board lies on: dark walnut planks with a quiet grain, a seam between them and
the light falling off towards the window's edges.  It is drawn once for a window size, from a
fixed seed (the same tabletop on every run), and kept: a frame only copies it.

It stays quiet on purpose: a dark, low-contrast brown that no tile colour, lit cell, figure
outline or highlight is near, so that those stay the first thing the eye finds."""

from __future__ import annotations

import math
import random

import pygame

from ..palette import Colour
from .primitives import mix, shade

WOOD: Colour = (62, 47, 37)  # the planks' mean tone
SEAM: Colour = (30, 22, 17)
PLANK = 168  # a board's width, at an interface of 100 %
GRAIN_STEP = 36  # the grain's points along a plank, in pixels
SEED = 1861


def make_tabletop(size: tuple[int, int], scale: float = 1.0) -> pygame.Surface:
    """The tabletop at ``size`` (planks as wide as the interface ``scale`` makes them)."""
    w, h = max(1, size[0]), max(1, size[1])
    rng = random.Random(SEED)
    surface = pygame.Surface((w, h))
    plank = max(24, round(PLANK * scale))
    y = -rng.randint(0, plank // 2)
    while y < h:
        height = plank + rng.randint(-plank // 10, plank // 10)
        _plank(surface, pygame.Rect(0, y, w, height), rng, scale)
        y += height
    _light(surface)
    return surface


def _plank(surface: pygame.Surface, rect: pygame.Rect, rng: random.Random,
           scale: float) -> None:
    tone = shade(WOOD, rng.uniform(0.9, 1.08))
    surface.fill(tone, rect)
    grain = pygame.Surface(rect.size, pygame.SRCALPHA)
    lines = max(6, rect.h // max(2, round(4 * scale)))
    for _ in range(lines):
        _grain_line(grain, rect.w, rect.h, tone, rng, scale)
    for _ in range(rng.randint(0, 1)):  # now and then a knot, the grain bending round it
        _knot(grain, rng.uniform(0.1, 0.9) * rect.w, rng.uniform(0.3, 0.7) * rect.h, tone,
              rng, scale)
    surface.blit(grain, rect)
    # The seam between two boards, its lower lip catching the light.
    line = max(1, round(2 * scale))
    surface.fill(SEAM, (rect.x, rect.y, rect.w, line))
    surface.fill(shade(tone, 1.07), (rect.x, rect.y + line, rect.w, max(1, line // 2)))


def _grain_line(layer: pygame.Surface, w: int, h: int, tone: Colour, rng: random.Random,
                scale: float) -> None:
    """One long wavy line of grain along the plank, a little darker or lighter."""
    y0 = rng.uniform(0, h)
    amp = rng.uniform(1.0, 6.0) * scale
    freq, freq2 = rng.uniform(0.6, 2.2) / 1000 / scale, rng.uniform(3, 7) / 1000 / scale
    ph, ph2 = rng.uniform(0, math.tau), rng.uniform(0, math.tau)
    dark = rng.random() < 0.7
    colour = mix(tone, (14, 9, 6) if dark else (150, 118, 90), rng.uniform(0.18, 0.4))
    alpha = rng.randint(70, 170)
    step = max(8, round(GRAIN_STEP * scale))
    points = [(float(x), y0 + amp * math.sin(x * freq + ph) + amp * 0.3 * math.sin(x * freq2 + ph2))
              for x in range(-step, w + 2 * step, step)]
    pygame.draw.lines(layer, (*colour, alpha), False, points, max(1, round(scale)))


def _knot(layer: pygame.Surface, x: float, y: float, tone: Colour, rng: random.Random,
          scale: float) -> None:
    rx, ry = rng.uniform(10, 22) * scale, rng.uniform(4, 8) * scale
    for i in range(5):
        k = 1 + i * 0.7
        colour = mix(tone, (14, 9, 6), 0.35 - i * 0.05)
        box = pygame.Rect(0, 0, round(2 * rx * k), round(2 * ry * k))
        box.center = (round(x), round(y))
        pygame.draw.ellipse(layer, (*colour, 110 - i * 18), box, max(1, round(scale)))


def _light(surface: pygame.Surface) -> None:
    """Darker towards the edges: a small gradient, smoothly scaled, multiplied in."""
    gw, gh = 24, 16
    light = pygame.Surface((gw, gh))
    for gx in range(gw):
        for gy in range(gh):
            dx, dy = (gx + 0.5) / gw - 0.5, (gy + 0.5) / gh - 0.5
            v = round(255 * (1 - 0.55 * min(1.0, (dx * dx + dy * dy) * 2.2)))
            light.set_at((gx, gy), (v, v, v))
    surface.blit(pygame.transform.smoothscale(light, surface.get_size()), (0, 0),
                 special_flags=pygame.BLEND_MULT)
