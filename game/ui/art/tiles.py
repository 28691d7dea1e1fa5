"""Tiles and tile backs, drawn from the tile set's rotated feature polygons.

A tile is drawn at a multiple of the wanted size and scaled down smoothly, so edges are
antialiased.  It is painted in passes, each over the last: the ground and lakes, the lines
(roads, rivers), the areas (cities, forests) with their walls, what stands where lines end,
and the icons.  Every result is cached by its key.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.rules.geometry import Point, Polygon, point_in_polygon
from game.rules.looks import icon_look
from game.rules.model import Looks, RotatedTile, TileSet, TileType

from .. import palette as pal
from ..palette import Colour, KindStyle
from . import loading
from .buildings import castle, gate
from .cache import ImageCache
from .icons import FALLBACK_SPOTS, IconArt, free_spot
from .loading import finish
from .painter import Painter
from .primitives import mix, shade
from .regions import RegionPass, Regions, edge_width, paint_regions
from .relief import hill
from .shapes import cluster, inner_runs, line_ends, ray_hit
from .textures import ScaledTextures


def supersample(size: int) -> int:
    """How many times larger a tile is drawn before it is scaled down to ``size``: a power
    of two (pygame's smoothscale loses a little precision on other ratios)."""
    return 2 if size >= 96 else 4 if size >= 40 else 8


@dataclass(frozen=True)
class _Features:
    """A tile's features in one rotation, by the role that decides when each is painted."""

    shapes: tuple[Polygon, ...]
    styles: list[KindStyle]
    roles: Sequence[str]
    backgrounds: list[int]
    lines: list[int]
    areas: list[int]
    inners: list[int]
    lakes: list[int]  # inner features drawn as ground (lakes, ponds)
    buildings: list[int]  # inner features drawn as a building (cloisters)


REGIONS_KEPT = 8  # region maps kept (the new tile's, at the zoom levels last seen)


class TileArt:
    """Draws the tiles of one tile set; every result is cached."""

    def __init__(self, tileset: TileSet, sprites_dir: Path | None = None,
                 images: ImageCache | None = None) -> None:
        self.tileset = tileset
        self.sprites = sprites_dir if sprites_dir is not None else loading.sprites_dir()
        # the window's one image cache (a new one when drawing on its own, as tests do)
        self.images = images if images is not None else ImageCache()
        self._key = "+".join(tileset.lineage) or tileset.id
        self.icons = IconArt(self.sprites, self.images, tileset.looks.icons)
        # icons painted as the land itself (a hill), not drawn as icons
        self.land = frozenset(name for name, look in tileset.looks.icons.items()
                              if look.relief is not None)
        self._textures = ScaledTextures(self.images)
        self._regions: OrderedDict[tuple[str, int, int], Regions] = OrderedDict()

    # public -----------------------------------------------------------------------------------

    def tile(self, tile: TileType, rotation: int, size: int) -> pygame.Surface:
        """The tile turned ``rotation`` quarter turns clockwise, ``size`` px square."""
        size = max(1, int(size))
        key = ("tile", self._key, tile.id, rotation % 4, size)
        return self.images.get(key) or self.images.put(
            key, finish(self._render(tile, rotation % 4, size)))

    def back(self, size: int) -> pygame.Surface:
        """The back of a tile, for the draw pile."""
        size = max(1, int(size))
        key = ("back", self._key, size)
        return self.images.get(key) or self.images.put(key, finish(self._render_back(size)))

    def regions(self, tile: TileType, rotation: int, size: int) -> Regions:
        """Which feature each pixel of the tile shows, at ``size`` px: painted in the order
        and with the edge widths of ``tile`` (see ``regions``).  The few last asked are
        kept; their highlights go to the image cache."""
        size = max(1, int(size))
        key = (tile.id, rotation % 4, size)
        found = self._regions.get(key)
        if found is not None:
            self._regions.move_to_end(key)
            return found
        parts = self._features(tile, tile.rotations[rotation % 4])

        def edges(indices: Sequence[int], wall: bool = False, outline: bool = True
                  ) -> RegionPass:
            return RegionPass(indices, [
                edge_width(parts.styles[i], wall and parts.styles[i].wall, size) if outline
                else 0.0 for i in indices])

        passes = [RegionPass(parts.backgrounds, [0.0] * len(parts.backgrounds)),
                  edges(parts.lakes), edges(parts.lines), edges(_lakes_over_lines(parts)),
                  edges(parts.areas, wall=True), edges(parts.buildings, outline=False)]
        found = paint_regions(parts.shapes, passes, size, self.images, ("regions", self._key,
                                                                        *key))
        self._regions[key] = found
        while len(self._regions) > REGIONS_KEPT:
            self._regions.popitem(last=False)
        return found

    def clear(self) -> None:
        """Drop every cached image (the source textures stay: they do not depend on sizes)."""
        self.images.clear()
        self._regions.clear()

    def style(self, kind: str) -> KindStyle:
        return pal.kind_style(self.tileset, kind)

    # drawing ----------------------------------------------------------------------------------

    def _features(self, tile: TileType, rt: RotatedTile) -> _Features:
        roles = [self.tileset.kinds[f.kind].role if f.kind in self.tileset.kinds else "area"
                 for f in tile.features]
        styles = [self.style(f.kind) for f in tile.features]
        idx = range(len(tile.features))
        inners = [i for i in idx if roles[i] == "inner"]
        return _Features(
            shapes=rt.shapes, styles=styles, roles=roles,
            backgrounds=[i for i in idx if roles[i] == "background"],
            lines=[i for i in idx if roles[i] == "line"],
            areas=[i for i in idx if roles[i] == "area"],
            inners=inners,
            lakes=[i for i in inners if not styles[i].building],
            buildings=[i for i in inners if styles[i].building])

    def _render(self, tile: TileType, q: int, size: int) -> pygame.Surface:
        k = supersample(size)
        w = size * k
        rt = tile.rotations[q]
        canvas = pygame.Surface((w, w), pygame.SRCALPHA)
        shift = zlib.crc32(tile.id.encode())
        offset = ((shift & 0xFFFF) / 0xFFFF, (shift >> 16) / 0xFFFF)
        painter = Painter(self._textures, canvas, w, k, offset)
        parts = self._features(tile, rt)
        _paint_ground(painter, parts)
        _paint_relief(canvas, tile, rt, w, self.tileset.looks)
        _paint_lines(painter, parts)
        _paint_areas(painter, parts)
        _paint_line_ends(painter, parts, rt)
        self._paint_icons(canvas, tile, rt, w, size)
        painter.border()
        canvas.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)  # fully opaque
        return pygame.transform.smoothscale(canvas, (size, size))

    def icon_spots(self, tile: TileType, rt: RotatedTile) -> list[tuple[str, Point]]:
        """Where the tile's icons are drawn (``icon_spots``), those painted as land left out."""
        return icon_spots(tile, rt, self.land)

    def _paint_icons(self, canvas: pygame.Surface, tile: TileType, rt: RotatedTile, w: int,
                     size: int) -> None:
        for name, at in self.icon_spots(tile, rt):
            self.icons.draw(canvas, name, at, w, size)

    def _render_back(self, size: int) -> pygame.Surface:
        k = supersample(size)
        w = size * k
        canvas = pygame.Surface((w, w), pygame.SRCALPHA)
        dark = KindStyle(fill=shade(pal.TILE_BACK_GRASS, 0.62), edge=pal.TILE_BACK_EDGE,
                         texture="grass")
        canvas.blit(self._textures.get(dark, w, size), (0, 0))
        cream: Colour = (236, 222, 178)
        ink = shade(dark.fill, 0.6)
        inset = round(w * 0.07)
        frame = pygame.Rect(inset, inset, w - 2 * inset, w - 2 * inset)
        pygame.draw.rect(canvas, cream, frame, max(1, round(w * 0.018)),
                         border_radius=round(w * 0.05))
        inner = frame.inflate(-round(w * 0.05), -round(w * 0.05))
        pygame.draw.rect(canvas, mix(cream, dark.fill, 0.45), inner, max(1, round(w * 0.007)),
                         border_radius=round(w * 0.035))
        castle(canvas, (w / 2, w / 2), w * 0.44, cream, ink)
        Painter(self._textures, canvas, w, k, (0.0, 0.0)).border()
        canvas.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
        return pygame.transform.smoothscale(canvas, (size, size))


def _paint_ground(painter: Painter, parts: _Features) -> None:
    """The background, other ground kinds on it, and lakes with their shores."""
    shapes, styles = parts.shapes, parts.styles
    base = styles[parts.backgrounds[0]] if parts.backgrounds else pal.UNDERLAY
    painter.fill_all(base)
    for i in parts.backgrounds:
        if styles[i] != base:
            painter.fill(shapes[i], styles[i])
    for i in parts.lakes:
        painter.fill(shapes[i], styles[i])
        painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)


def _paint_relief(canvas: pygame.Surface, tile: TileType, rt: RotatedTile, w: int,
                  looks: Looks) -> None:
    """Tile marks that are land (a hill), over the ground and under everything else."""
    for j, icon in enumerate(tile.icons):
        at = rt.tile_icon_points[j] if j < len(rt.tile_icon_points) else None
        if icon_look(looks, icon.name).relief == "hill":
            hill(canvas, at if at is not None else (0.5, 0.5), w)


def _paint_lines(painter: Painter, parts: _Features) -> None:
    """Lines: a soft verge shadow, the surface, then the verges."""
    shapes, styles, lines = parts.shapes, parts.styles, parts.lines
    if lines:
        painter.shadow([shapes[i] for i in lines],
                       [styles[i].edge_width * 3.2 for i in lines], (0.0, 0.0), 40)
    for i in lines:
        painter.fill(shapes[i], styles[i])
    for i in lines:
        painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)
    for i in _lakes_over_lines(parts):  # a river running into a lake ends at its shore
        painter.fill(shapes[i], styles[i])
        painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)


def _lakes_over_lines(parts: _Features) -> list[int]:
    """The lakes a line ends in: painted again over the lines."""
    shapes = parts.shapes
    return [i for i in parts.lakes
            if any(point_in_polygon(mid, shapes[i]) for j in parts.lines
                   for mid, _ in line_ends(shapes[j]))]


def _paint_areas(painter: Painter, parts: _Features) -> None:
    """Areas: the shadow of their walls on the land, the fill, then the walls."""
    shapes, styles, areas = parts.shapes, parts.styles, parts.areas
    if areas:
        painter.shadow([shapes[i] for i in areas],
                       [styles[i].edge_width * (1.3 if styles[i].wall else 1.6)
                        for i in areas], (0.012, 0.02), 75)
    for i in areas:
        painter.fill(shapes[i], styles[i])
    for i in areas:
        if styles[i].wall:
            painter.wall(shapes[i], styles[i])
        else:
            painter.outline(shapes[i], styles[i].edge, styles[i].edge_width)


def _paint_line_ends(painter: Painter, parts: _Features, rt: RotatedTile) -> None:
    """Where lines end: gates into walled areas, houses or wells in open land; and the
    buildings of inner features."""
    shapes, styles, roles = parts.shapes, parts.styles, parts.roles
    covers = [(shapes[i], styles[i], roles[i]) for i in parts.areas + parts.inners]
    loose: list[tuple[Point, KindStyle]] = []
    for i in parts.lines:
        for mid, back in line_ends(shapes[i]):
            cover = next((c for c in covers if point_in_polygon(mid, c[0])), None)
            if cover is None:
                loose.append((mid, styles[i]))
            elif cover[2] == "area" and cover[1].wall:
                hit = ray_hit(mid, back, inner_runs(cover[0]))
                if hit is not None:
                    gate(painter.canvas, hit[0], hit[1], back, cover[1], painter.w)
    for i in parts.buildings:
        painter.building(shapes[i], rt.anchors[i], styles[i])
    for centre, count, style in cluster(loose):
        painter.line_end(centre, count, style)



def icon_spots(tile: TileType, rt: RotatedTile, land: Collection[str] = ()
               ) -> list[tuple[str, Point]]:
    """Where the tile's icons go, each with its name (unit tile coordinates): icons of
    features, then of the whole tile but those painted as ``land``; those without a place go
    near the feature's anchor (not on it: a figure stands there), clear of the others."""
    shapes = rt.shapes
    placed: list[Point] = [p for pts in rt.icon_points for p in pts if p is not None]
    placed += [p for p in rt.tile_icon_points if p is not None]
    out: list[tuple[str, Point]] = []
    for i, f in enumerate(tile.features):
        points = rt.icon_points[i] if i < len(rt.icon_points) else ()
        for j, icon in enumerate(f.icons):
            at = points[j] if j < len(points) else None
            if at is None:
                at = free_spot(rt.anchors[i], shapes[i], placed)
                placed.append(at)
            out.append((icon.name, at))
    for j, icon in enumerate(tile.icons):
        if icon.name in land:
            continue  # painted as the land itself
        at = rt.tile_icon_points[j] if j < len(rt.tile_icon_points) else None
        if at is None:
            at = free_spot((0.5, 0.5), ((0, 0), (1, 0), (1, 1), (0, 1)), placed,
                           FALLBACK_SPOTS)
            placed.append(at)
        out.append((icon.name, at))
    return out
