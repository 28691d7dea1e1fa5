"""Which feature each pixel of a drawn tile shows: the figure targets' hit shapes and
highlights.

A tile's feature polygons overlap (a field's polygon may run under a city or a road), so a
polygon is not what the player sees.  ``paint_regions`` labels every pixel with the feature
painted last over it, in the passes and with the widths the tile art uses (ground, lakes,
lines with their verges, areas with their walls, inner features): a field's region is then
exactly the grass the player sees, and a highlight is drawn from the region's own outline,
never from polygon edges (no seam crosses it).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from game.rules.geometry import Point, Polygon

from ..palette import KindStyle
from .cache import ImageCache
from .primitives import stroke
from .shapes import inner_runs

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class RegionPass:
    """The features of one painting pass, each with the width of the edge drawn on it (as
    a share of the tile's width; 0: none)."""

    indices: Sequence[int]
    edges: Sequence[float]


def paint_regions(shapes: Sequence[Polygon], passes: Sequence[RegionPass], size: int,
                  images: ImageCache, key: Hashable) -> Regions:
    """Label a ``size`` px tile: each pass paints its features' polygons and edges over the
    passes before it."""
    labels = pygame.Surface((size, size))
    labels.fill((0, 0, 0))
    for p in passes:
        for index, edge in zip(p.indices, p.edges, strict=True):
            colour = (index + 1, 0, 0)
            pts = [(x * size, y * size) for x, y in shapes[index]]
            if len(pts) >= 3:
                pygame.draw.polygon(labels, colour, pts)
            if edge > 0:
                for run in inner_runs(shapes[index]):
                    stroke(labels, colour, [(x * size, y * size) for x, y in run],
                           max(1.0, edge * size))
    return Regions(labels, images, key)


def edge_width(style: KindStyle, wall: bool, tile_px: float) -> float:
    """The width of the edge the art draws on a feature, as a share of the tile, held at
    the least width in pixels the painter holds it at on small tiles (``Painter.wall``,
    ``Painter.outline``)."""
    least_px = 2.6 if wall else 1.1
    return max(style.edge_width, least_px / max(1.0, tile_px))


@dataclass
class Regions:
    """A labelled tile: ``at`` names the feature under a point, ``highlight`` draws one
    feature's region (kept in the window's image cache under ``key``)."""

    labels: pygame.Surface
    images: ImageCache
    key: Hashable
    _masks: dict[int, pygame.mask.Mask] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return self.labels.get_width()

    def at(self, local: Point) -> int | None:
        """The feature index shown at a point in unit tile coordinates, if any."""
        size = self.size
        x, y = math.floor(local[0] * size), math.floor(local[1] * size)
        if not (0 <= x < size and 0 <= y < size):
            return None
        label = int(self.labels.get_at((x, y))[0])
        return label - 1 if label else None

    def mask(self, index: int) -> pygame.mask.Mask:
        m = self._masks.get(index)
        if m is None:
            m = self._masks[index] = pygame.mask.from_threshold(
                self.labels, (index + 1, 0, 0, 255), (1, 1, 1, 255))
        return m

    def area(self, index: int) -> int:
        return int(self.mask(index).count())

    def highlight(self, index: int, colour: Colour, alpha: int, edge: int = 0
                  ) -> pygame.Surface:
        """The feature's region filled with ``colour`` at ``alpha``, outlined ``edge`` px
        wide along its own boundary; transparent elsewhere."""
        key = (self.key, index, colour, alpha, edge)
        img = self.images.get(key)
        if img is None:
            mask = self.mask(index)
            img = mask.to_surface(setcolor=(*colour, alpha), unsetcolor=(0, 0, 0, 0))
            if edge:
                for part in mask.connected_components(4):
                    outline = part.outline()
                    if len(outline) >= 3:
                        pygame.draw.lines(img, (*colour, 255), True, outline, edge)
            self.images.put(key, img)
        return img
