"""Figures (meeples, shepherds, huts, stables) tinted to a player's colour."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ..palette import Colour
from . import loading
from .cache import ImageCache
from .loading import finish, load_sprite
from .primitives import Px, blur, luma, mix, shade, silhouette


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

    def figure(self, kind: str, colour: tuple[int, int, int], size: int,
               lying: bool = False) -> pygame.Surface:
        """A figure of height ~``size``: ``follower`` is a meeple (on its side when lying),
        ``hut``, ``stable`` and ``shepherd`` have their own shapes, others are meeples.
        The caller says whether it lies (buildings never do: a figure property of the tile
        set)."""
        size = max(6, int(size))
        rgb: Colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        key = ("figure", self.sprites, kind, rgb, size, lying)
        return self.images.get(key) or self.images.put(
            key, finish(self._make(kind, rgb, size, lying)))

    def clear(self) -> None:
        self.images.clear()

    def _white(self, kind: str, box: int) -> pygame.Surface:
        for name in (kind, "follower"):
            img = load_sprite(self.sprites, "figures", name, (box, box))
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
        dark = luma(colour) < 70
        ink: Colour = (214, 212, 206) if dark else mix(shade(colour, 0.32), (20, 16, 14), 0.5)
        out = pygame.Surface((bw + 2 * pad, bh + 2 * pad), pygame.SRCALPHA)
        # soft shadow, down and to the right
        shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        shift = max(1, round(size * 0.05))
        shadow.blit(silhouette(white, (10, 14, 6), 120), (pad + shift // 2, pad + shift))
        out.blit(blur(shadow, max(1, round(size * 0.04))), (0, 0))
        # outline: the silhouette stamped around the body
        sil = silhouette(white, ink)
        steps = 16
        for i in range(steps):
            a = 2 * math.pi * i / steps
            out.blit(sil, (pad + round(math.cos(a) * outline_w),
                           pad + round(math.sin(a) * outline_w)))
        out.blit(body, (pad, pad))
        return out
