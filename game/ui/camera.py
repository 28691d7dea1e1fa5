"""The camera owns every transform between board cells and screen pixels.

World units are tiles: cell (x, y) spans [x, x+1) x [y, y+1).  Zoom works in discrete
levels so that scaled tile images can be cached per level; changes between levels are
animated so zooming still feels smooth.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.rules.geometry import Point, Polygon, point_in_polygon

Cell = tuple[int, int]
ZOOM_LEVELS = (24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 240, 288)
DEFAULT_LEVEL = 7


class Camera:
    def __init__(self, viewport: tuple[int, int, int, int]) -> None:
        self.viewport = viewport  # x, y, w, h of the board area on screen
        self.centre: Point = (0.5, 0.5)  # world point shown at the viewport centre
        self.level = DEFAULT_LEVEL
        self.scale = float(ZOOM_LEVELS[self.level])  # pixels per tile, animated
        self._pin: tuple[Point, tuple[float, float]] | None = None

    # -- transforms
    def world_to_screen(self, p: Point) -> tuple[float, float]:
        vx, vy, vw, vh = self.viewport
        return (vx + vw / 2 + (p[0] - self.centre[0]) * self.scale,
                vy + vh / 2 + (p[1] - self.centre[1]) * self.scale)

    def screen_to_world(self, s: tuple[float, float]) -> Point:
        vx, vy, vw, vh = self.viewport
        return (self.centre[0] + (s[0] - vx - vw / 2) / self.scale,
                self.centre[1] + (s[1] - vy - vh / 2) / self.scale)

    def cell_at(self, s: tuple[float, float]) -> Cell:
        wx, wy = self.screen_to_world(s)
        return (math.floor(wx), math.floor(wy))

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """Top-left pixel of a cell (rounded consistently so tiles abut without gaps)."""
        x, y = self.world_to_screen((float(cell[0]), float(cell[1])))
        return (math.floor(x + 0.5), math.floor(y + 0.5))

    def cell_rect(self, cell: Cell) -> tuple[int, int, int, int]:
        x0, y0 = self.cell_origin(cell)
        x1, y1 = self.cell_origin((cell[0] + 1, cell[1] + 1))
        return (x0, y0, x1 - x0, y1 - y0)

    def local_point(self, s: tuple[float, float], cell: Cell) -> Point:
        """A screen point in the unit coordinates of a cell (0..1 inside it)."""
        wx, wy = self.screen_to_world(s)
        return (wx - cell[0], wy - cell[1])

    def local_to_screen(self, cell: Cell, p: Point) -> tuple[float, float]:
        return self.world_to_screen((cell[0] + p[0], cell[1] + p[1]))

    def hit_polygon(self, s: tuple[float, float], cell: Cell, polygon: Polygon) -> bool:
        return point_in_polygon(self.local_point(s, cell), polygon)

    def polygon_on_screen(self, cell: Cell, polygon: Polygon) -> list[tuple[float, float]]:
        return [self.local_to_screen(cell, p) for p in polygon]

    def visible_cells(self) -> tuple[int, int, int, int]:
        vx, vy, vw, vh = self.viewport
        x0, y0 = self.screen_to_world((vx, vy))
        x1, y1 = self.screen_to_world((vx + vw, vy + vh))
        return (math.floor(x0), math.floor(y0), math.floor(x1), math.floor(y1))

    # -- moving
    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the view with the pointer: the board follows a drag of (dx, dy) pixels."""
        self._pin = None
        self.centre = (self.centre[0] - dx / self.scale, self.centre[1] - dy / self.scale)

    def zoom_step(self, steps: int, about: tuple[float, float] | None = None) -> None:
        """Go ``steps`` zoom levels in (positive) or out, keeping the world point under
        ``about`` (a screen point, default the viewport centre) where it is."""
        level = max(0, min(len(ZOOM_LEVELS) - 1, self.level + steps))
        if level == self.level:
            return
        self.level = level
        if about is None:
            vx, vy, vw, vh = self.viewport
            about = (vx + vw / 2, vy + vh / 2)
        self._pin = (self.screen_to_world(about), about)

    def set_level(self, level: int, immediate: bool = True) -> None:
        self.level = max(0, min(len(ZOOM_LEVELS) - 1, level))
        if immediate:
            self.scale = float(ZOOM_LEVELS[self.level])

    def fit(self, cells: Iterable[Cell], margin: float = 1.0, immediate: bool = False) -> None:
        """Show all the cells: centre on them and take the largest level that fits."""
        cells = list(cells)
        if not cells:
            return
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        w = max(xs) - min(xs) + 1 + 2 * margin
        h = max(ys) - min(ys) + 1 + 2 * margin
        _, _, vw, vh = self.viewport
        best = 0
        for i, px in enumerate(ZOOM_LEVELS):
            if w * px <= vw and h * px <= vh:
                best = i
        self.level = best
        self._pin = None
        self.centre = ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)
        if immediate:
            self.scale = float(ZOOM_LEVELS[best])

    def update(self, dt: float) -> bool:
        """Ease the scale towards the current level; True while it is still moving."""
        target = float(ZOOM_LEVELS[self.level])
        if abs(self.scale - target) < 0.5:
            moving = self.scale != target
            self.scale = target
        else:
            # Exponential ease: about 90% of the way in 0.12 s, whatever the frame rate.
            self.scale += (target - self.scale) * (1 - math.exp(-dt * 19))
            moving = True
        if self._pin is not None:
            world, screen = self._pin
            vx, vy, vw, vh = self.viewport
            self.centre = (world[0] - (screen[0] - vx - vw / 2) / self.scale,
                           world[1] - (screen[1] - vy - vh / 2) / self.scale)
            if not moving:
                self._pin = None
        return moving
