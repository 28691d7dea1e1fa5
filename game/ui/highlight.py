"""Whole features outlined on the board: every piece of a feature across its tiles, lightly
filled and ringed in a colour, or in diagonal stripes of several colours (players tied for
it).  Used for a scoring feature, the hovered feature, and a feature in the history.

One image per feature, colours and zoom is made and kept in the window's image cache
(panning only moves it): the pieces are drawn into a mask, the ring is the mask grown by a
few pixels less the mask."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from game.rules import Game

from .art.cache import ImageCache
from .camera import Camera, Cell

Colour = tuple[int, int, int]
Part = tuple[Cell, int]  # (cell, feature index on that tile)
_DARK: Colour = (24, 20, 16)


class FeatureOutlines:
    def __init__(self, images: ImageCache) -> None:
        self.images = images

    def draw(self, surface: pygame.Surface, cam: Camera, game: Game, parts: Iterable[Part],
             colours: Sequence[Colour], fill: int = 70, alpha: int = 255) -> None:
        """Outline the feature made of ``parts`` (the tiles' feature pieces) in ``colours``."""
        key_parts = tuple(sorted(parts))
        if not key_parts or not colours:
            return
        px = cam.tile_px
        tiles = game.board.tiles
        # what is drawn: each piece's tile and turn (a new game may reuse cells and ids)
        drawn = tuple((cell, tiles[cell].tile.id, tiles[cell].rotation, index)
                      for cell, index in key_parts if cell in tiles)
        key = ("feature outline", drawn, tuple(colours), px, fill)
        img = self.images.get(key)
        if img is None:
            img = self.images.put(key, _render(game, key_parts, colours, px, fill))
        origin = (min(c[0] for c, _ in key_parts), min(c[1] for c, _ in key_parts))
        x, y = cam.world_to_screen((float(origin[0]), float(origin[1])))
        scale = cam.scale / px
        if abs(scale - 1) > 0.01:  # a zoom still easing: scale the image for now
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * scale)),
                      max(1, round(img.get_height() * scale))))
        margin = _margin(px) * scale
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, (round(x - margin), round(y - margin)))



def _margin(px: int) -> int:
    return _ring(px) + 3


def _ring(px: int) -> int:
    return max(3, round(px * 0.045))


def _render(game: Game, parts: Sequence[Part], colours: Sequence[Colour], px: int,
            fill: int) -> pygame.Surface:
    xs = [c[0] for c, _ in parts]
    ys = [c[1] for c, _ in parts]
    origin = (min(xs), min(ys))
    m = _margin(px)
    size = ((max(xs) - origin[0] + 1) * px + 2 * m, (max(ys) - origin[1] + 1) * px + 2 * m)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    for (cell, index) in parts:
        placed = game.board.tiles.get(cell)
        if placed is None:
            continue
        ox = (cell[0] - origin[0]) * px + m
        oy = (cell[1] - origin[1]) * px + m
        shapes = placed.turned.shapes

        def local(poly: Sequence[tuple[float, float]], x0: int = ox, y0: int = oy
                  ) -> list[tuple[float, float]]:
            return [(x0 + p[0] * px, y0 + p[1] * px) for p in poly]

        pygame.draw.polygon(mask, white, local(shapes[index]))
        kind = placed.tile.features[index].kind
        if game.kinds[kind].role == "background":
            # a field's shape lies under the roads and cities of its tile: cut them out
            tile_clip = pygame.Rect(ox, oy, px, px)
            cut = pygame.Surface(size, pygame.SRCALPHA)
            for f in placed.tile.features:
                if game.kinds[f.kind].role != "background":
                    pygame.draw.polygon(cut, white, local(shapes[f.index]))
            mask.blit(cut, tile_clip, area=tile_clip, special_flags=pygame.BLEND_RGBA_SUB)
    ring_w = _ring(px)
    grown = _grow(mask, ring_w)
    edge = _grow(mask, ring_w + 2)
    out = pygame.Surface(size, pygame.SRCALPHA)
    # a dark hairline outside the ring, so that it shows on any ground
    dark = edge.copy()
    dark.fill((*_DARK, 170), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(dark, (0, 0))
    ring = grown.copy()
    ring.blit(_paint(size, colours, px), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(ring, (0, 0))
    inside = mask.copy()
    inside.blit(_paint(size, colours, px), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    inside.fill((255, 255, 255, fill), special_flags=pygame.BLEND_RGBA_MULT)
    # the inside is only tinted: cut the opaque ring out there first
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    out.blit(inside, (0, 0))
    return out


def _grow(mask: pygame.Surface, r: int) -> pygame.Surface:
    """The mask grown by ``r`` pixels all round (stamped in a circle)."""
    out = mask.copy()
    steps = max(12, r * 4)
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(mask, (round(math.cos(a) * r), round(math.sin(a) * r)))
    return out


def _paint(size: tuple[int, int], colours: Sequence[Colour], px: int) -> pygame.Surface:
    """One colour, or diagonal stripes of each colour in turn."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill((*colours[0], 255))
    if len(colours) > 1:
        band = max(6, px // 8)
        w, h = size
        for k, start in enumerate(range(-h, w, band)):
            colour = colours[k % len(colours)]
            pygame.draw.polygon(out, (*colour, 255), [(start, 0), (start + band, 0),
                                                      (start + band + h, h), (start + h, h)])
    return out
