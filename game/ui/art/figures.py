"""Figures (meeples, shepherds, huts, stables) tinted to a player's colour.

Every figure reads on every terrain and for every eye:

- its outline is two rings, a dark one inside a light one (a light one inside a dark one for
  a dark figure), so that it stands out on grass, roofs, roads, water and the tabletop alike;
- a faint figure (a spot a figure may go to, a figure held) keeps that outline whole and only
  its body is see-through: a pale yellow ghost on grass is still drawn in ink;
- each player colour has a pattern on the body (``PATTERNS``: stripes one way or another,
  dots, checks, or none), so that players are told apart by more than hue.  The patterns are
  always on: they are quiet (the body's own colour, a shade darker or lighter) and a player
  who needs them should not have to find a setting first.  The players' marks elsewhere (the
  log, the cards, the final score sheet) are small discs drawn with the same pattern
  (``player_mark``).
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ..palette import PLAYER_COLOURS, Colour
from . import loading
from .cache import ImageCache
from .loading import finish, load_sprite
from .primitives import Px, blur, luma, mix, shade, silhouette

# A pattern per player colour, in the order of ``PLAYER_COLOURS``.
PATTERNS = {"red": "plain", "blue": "rows", "yellow": "dots", "green": "slants",
            "black": "columns", "purple": "checks"}
LIGHT_RING: Colour = (246, 240, 226)
DARK_RING: Colour = (14, 12, 10)


def pattern_of(colour: Colour) -> str:
    """The pattern of a player colour (none for a colour of one's own)."""
    name = next((n for n, rgb in PLAYER_COLOURS if rgb == tuple(colour)), None)
    return PATTERNS.get(name or "", "plain")


def _meeple_polygon() -> list[Px]:
    """A meeple outline in a 100x100 box, for when the SVG sprite is missing."""
    right = [(50, 3), (60, 5), (65, 16), (60, 30), (88, 40), (94, 49), (88, 57), (66, 58),
             (84, 90), (80, 98), (62, 98), (50, 74)]
    left = [(100 - x, y) for x, y in reversed(right[1:-1])]
    return [(float(x), float(y)) for x, y in right + left]


class FigureArt:
    """Figure sprites tinted to a player's colour, with an outline and a soft shadow."""

    def __init__(self, sprites_dir: Path | None = None, images: ImageCache | None = None) -> None:
        self.sprites = sprites_dir if sprites_dir is not None else loading.sprites_dir()
        self.images = images if images is not None else ImageCache()

    def figure(self, sprite: str, colour: tuple[int, int, int], size: int,
               lying: bool = False, body_alpha: int = 255) -> pygame.Surface:
        """A figure of height ~``size`` drawn with ``sprites/figures/<sprite>.svg`` (its tile
        set's look: ``game.rules.looks.figure_sprite``), a follower when there is none: a
        meeple (on its side when lying).  The caller says whether it lies (buildings never
        do: a figure property of the tile set).  ``body_alpha`` below 255: a faint figure, its
        outline kept whole."""
        size = max(6, int(size))
        rgb: Colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        body_alpha = max(0, min(255, int(body_alpha)))
        key = ("figure", self.sprites, sprite, rgb, size, lying, body_alpha)
        return self.images.get(key) or self.images.put(
            key, finish(self._make(sprite, rgb, size, lying, body_alpha)))

    def mark(self, colour: tuple[int, int, int], radius: int) -> pygame.Surface:
        """A player's mark: a disc of their colour with their pattern, ringed in ink."""
        radius = max(2, int(radius))
        rgb: Colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        key = ("mark", rgb, radius)
        found = self.images.get(key)
        if found is not None:
            return found
        side = 2 * radius + 1
        shape = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.circle(shape, (255, 255, 255), (radius, radius), radius + 0.5)
        disc = shape.copy()
        disc.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
        _pattern(disc, shape, rgb, pattern_of(rgb), round(radius * 2.6))
        pygame.draw.circle(disc, DARK_RING, (radius, radius), radius + 0.5,
                           max(1, round(radius / 6)))
        return self.images.put(key, finish(disc))

    def clear(self) -> None:
        self.images.clear()

    def _white(self, sprite: str, box: int) -> pygame.Surface:
        for name in (sprite, "follower"):
            img = load_sprite(self.sprites, "figures", name, (box, box))
            if img is not None:
                return img
        k = 4
        big = pygame.Surface((100 * k, 100 * k), pygame.SRCALPHA)
        pygame.draw.polygon(big, (255, 255, 255), [(x * k, y * k) for x, y in _meeple_polygon()])
        return pygame.transform.smoothscale(big, (box, box))

    def _make(self, sprite: str, colour: Colour, size: int, lying: bool,
              body_alpha: int) -> pygame.Surface:
        ink_w = max(1, round(size / 26))
        ring_w = max(1, round(size / 36))
        reach = ink_w + ring_w
        pad = reach + max(1, round(size * 0.07))
        body_h = max(4, size - 2 * pad)
        white = self._white(sprite, body_h)
        if lying:
            white = pygame.transform.rotate(white, 90)
        bw, bh = white.get_size()
        body = white.copy()
        body.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        _pattern(body, white, colour, pattern_of(colour), size)
        dark = luma(colour) < 70
        ink: Colour = (228, 226, 220) if dark else mix(shade(colour, 0.32), (20, 16, 14), 0.5)
        ring = DARK_RING if dark else LIGHT_RING
        out = pygame.Surface((bw + 2 * pad, bh + 2 * pad), pygame.SRCALPHA)
        # soft shadow, down and to the right
        shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        shift = max(1, round(size * 0.05))
        shadow.blit(silhouette(white, (10, 14, 6), 120 * body_alpha // 255),
                    (pad + shift // 2, pad + shift))
        out.blit(blur(shadow, max(1, round(size * 0.04))), (0, 0))
        # the outline: the silhouette stamped around the body, the outer ring first
        _stamp(out, silhouette(white, ring, 235), pad, reach)
        _stamp(out, silhouette(white, ink), pad, ink_w)
        if body_alpha < 255:
            hole = silhouette(white, (0, 0, 0))
            out.blit(hole, (pad, pad), special_flags=pygame.BLEND_RGBA_SUB)
            body.fill((255, 255, 255, body_alpha), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(body, (pad, pad))
        return out


def _stamp(out: pygame.Surface, sil: pygame.Surface, pad: int, width: int) -> None:
    """``sil`` stamped all round the spot (pad, pad), ``width`` pixels out."""
    steps = 16
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(sil, (pad + round(math.cos(a) * width), pad + round(math.sin(a) * width)))


def _pattern(body: pygame.Surface, shape: pygame.Surface, colour: Colour, pattern: str,
             size: int) -> None:
    """The player's pattern drawn on the body (inside its ``shape``), in a shade of its own
    colour: darker on a light body, lighter on a dark one."""
    if pattern == "plain":
        return
    tone = shade(colour, 0.6) if luma(colour) > 90 else mix(colour, (255, 255, 255), 0.42)
    w, h = body.get_size()
    marks = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(3, round(size / 6.5))
    line = max(1, round(step * 0.34))
    if pattern == "rows":
        for y in range(step // 2, h, step):
            pygame.draw.rect(marks, tone, (0, y, w, line))
    elif pattern == "columns":
        for x in range(step // 2, w, step):
            pygame.draw.rect(marks, tone, (x, 0, line, h))
    elif pattern == "slants":
        for x in range(-h, w + h, step):
            pygame.draw.line(marks, tone, (x, h), (x + h, 0), max(1, round(step * 0.3)))
    elif pattern == "dots":
        r = max(1.0, step * 0.3)
        for row, y in enumerate(range(step // 2, h + step, step)):
            for x in range(step // 2 + (row % 2) * step // 2, w + step, step):
                pygame.draw.circle(marks, tone, (x, y), r)
    elif pattern == "checks":
        square = max(1, round(step * 0.85))
        for row, y in enumerate(range(0, h, step)):
            for x in range(((row % 2) * step), w, 2 * step):
                pygame.draw.rect(marks, tone, (x, y, square, square))
    marks.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    body.blit(marks, (0, 0))
