"""Drawing on one tile's canvas: textured fills, outlines, soft shadows, city walls, and the
buildings where features end."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from game.rules.geometry import Point, Polygon, signed_area

from .. import palette as pal
from ..palette import Colour, KindStyle
from .buildings import chapel, house, pond, well
from .primitives import Px, blur, shade, stroke
from .shapes import inner_runs
from .textures import ScaledTextures


class Painter:
    """Drawing on one tile canvas of ``w`` px; shapes come in unit tile coordinates."""

    def __init__(self, textures: ScaledTextures, canvas: pygame.Surface, w: int, k: int,
                 offset: Px) -> None:
        self.textures = textures
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
            src = self.textures.get(style, self.w, self.w // self.k)
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
        for run in inner_runs(poly):
            stroke(self.canvas, colour, self.px(run), max(width * self.w, 1.1 * self.k))

    def shadow(self, polys: Sequence[Polygon], widths: Sequence[float], shift: Px,
               alpha: int) -> None:
        """A soft dark band along the inner boundary of the shapes, on the land beside them."""
        # drawn small, blurred, and scaled up: soft, and cheap at any size
        small = min(self.w, 192)
        f = small / self.w
        over = pygame.Surface((small, small), pygame.SRCALPHA)
        dx, dy = shift[0] * small, shift[1] * small
        for poly, width in zip(polys, widths, strict=True):
            for run in inner_runs(poly):
                pts = [(x * f + dx, y * f + dy) for x, y in self.px(run)]
                stroke(over, (16, 28, 8, alpha), pts, max(width * small, 1.5 * self.k * f))
        over = blur(over, max(1, round(small * 0.008)))
        self.canvas.blit(pygame.transform.smoothscale(over, (self.w, self.w)), (0, 0))

    def wall(self, poly: Polygon, style: KindStyle) -> None:
        """A city wall: a dark band, its light stone walk, and merlons on the field side."""
        ww = max(style.edge_width * self.w, 2.6 * self.k)  # stays a clear line when small
        sign = 1.0 if signed_area(poly) > 0 else -1.0
        for run in inner_runs(poly):
            pts = self.px(run)
            stroke(self.canvas, style.edge, pts, ww)
            stroke(self.canvas, style.wall_top, pts, ww * 0.5)
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
        chapel(self.canvas, (anchor[0] * self.w, anchor[1] * self.w + size * 0.04), size,
                style)

    def line_end(self, centre: Point, count: int, style: KindStyle) -> None:
        c = (centre[0] * self.w, centre[1] * self.w)
        if style.end == "none":
            return
        if style.end == "spring":
            pond(self.canvas, c, 0.16 * self.w, style)
        elif count >= 4:
            well(self.canvas, c, 0.27 * self.w, style)
        else:
            house(self.canvas, (c[0], c[1] - 0.01 * self.w), 0.22 * self.w, pal.HOUSE_ROOF,
                  pal.HOUSE_WALLS, shade(pal.HOUSE_EDGE, 0.8))

    def border(self) -> None:
        k = self.k
        over = pygame.Surface((self.w, self.w), pygame.SRCALPHA)
        pygame.draw.rect(over, (255, 255, 255, 38), over.get_rect().inflate(-2 * k, -2 * k), k)
        pygame.draw.rect(over, (36, 28, 18, 150), over.get_rect(), k)
        self.canvas.blit(over, (0, 0))

