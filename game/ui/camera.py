"""The camera owns every transform between board cells and screen pixels.

World units are tiles: cell (x, y) spans [x, x+1) x [y, y+1).  Zoom works in discrete steps
(``zoom``, an index into ``ZOOM_SCALES``) so that scaled tile images can be cached per step;
changes between steps are animated so zooming still feels smooth, and so are the camera's own
moves (fitting the board, following a placement).

The ``free`` rectangle is the part of the viewport that no panel covers (the prompt banner,
the toolbar): what the camera fits and follows is shown there.  ``bounds`` is the world box
the view keeps in sight: panning stops before the board leaves the screen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.rules.geometry import Point

Cell = tuple[int, int]
Rect = tuple[int, int, int, int]  # x, y, w, h on screen
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in world units
ZOOM_SCALES = (24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 240, 288)
DEFAULT_ZOOM = 7
KEEP_PX = 160  # panning keeps at least this much of the board on screen
EASE_RATE = 19.0  # exponential ease: about 90 % of the way in 0.12 s
GLIDE_RATE = 9.0  # the camera's own moves: about 90 % of the way in 0.25 s
STILL_STEP = 60.0  # seconds a step stands for with motion reduced: every move has arrived


def box_of(cells: Iterable[Cell], margin: float = 0.0) -> Box | None:
    """The world box covering the cells, ``margin`` tiles wider on every side."""
    cells = list(cells)
    if not cells:
        return None
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (min(xs) - margin, min(ys) - margin, max(xs) + 1 + margin, max(ys) + 1 + margin)


class Camera:
    def __init__(self, viewport: Rect) -> None:
        self.viewport = viewport  # x, y, w, h of the board area on screen
        self.free: Rect | None = None  # where fitted things go; None: the whole viewport
        self.bounds: Box | None = None  # the view keeps part of this box in sight
        self.centre: Point = (0.5, 0.5)  # world point shown at the viewport centre
        self.zoom = DEFAULT_ZOOM
        self.scale = float(ZOOM_SCALES[self.zoom])  # pixels per tile, animated
        # A world point held at a screen point while the zoom eases (zooming about the
        # cursor), or eased towards it (the camera's own moves).
        self._pin: tuple[Point, tuple[float, float]] | None = None
        self._glide: tuple[Point, tuple[float, float]] | None = None
        self.still = False  # motion reduced: the zoom and the camera's moves arrive at once

    # -- transforms
    @property
    def tile_px(self) -> int:
        """The cached tile size for the current scale (the scale rounded)."""
        return max(8, round(self.scale))

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

    def visible_cells(self) -> tuple[int, int, int, int]:
        vx, vy, vw, vh = self.viewport
        x0, y0 = self.screen_to_world((vx, vy))
        x1, y1 = self.screen_to_world((vx + vw, vy + vh))
        return (math.floor(x0), math.floor(y0), math.floor(x1), math.floor(y1))

    def free_rect(self) -> Rect:
        return self.free if self.free is not None else self.viewport

    # -- the player's moves
    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the view with the pointer: the board follows a drag of (dx, dy) pixels."""
        self._pin = self._glide = None
        self.centre = (self.centre[0] - dx / self.scale, self.centre[1] - dy / self.scale)
        self._clamp()

    def zoom_step(self, steps: int, about: tuple[float, float] | None = None) -> None:
        """Go ``steps`` zoom steps in (positive) or out, keeping the world point under
        ``about`` (a screen point, default the viewport centre) where it is."""
        zoom = max(0, min(len(ZOOM_SCALES) - 1, self.zoom + steps))
        if zoom == self.zoom:
            return
        self.zoom = zoom
        if about is None:
            vx, vy, vw, vh = self.viewport
            about = (vx + vw / 2, vy + vh / 2)
        self._glide = None
        self._pin = (self.screen_to_world(about), about)

    def set_zoom(self, zoom: int, immediate: bool = True) -> None:
        self.zoom = max(0, min(len(ZOOM_SCALES) - 1, zoom))
        if immediate:
            self.scale = float(ZOOM_SCALES[self.zoom])

    # -- the camera's own moves
    def go_back(self, centre: Point, zoom: int) -> None:
        """Glide back to a view left earlier: ``centre`` at the viewport's middle, at
        ``zoom``."""
        self.zoom = max(0, min(len(ZOOM_SCALES) - 1, zoom))
        vx, vy, vw, vh = self.viewport
        self._aim(centre, (vx + vw / 2, vy + vh / 2), immediate=False)

    def fit(self, cells: Iterable[Cell], margin: float = 1.0, immediate: bool = False,
            max_zoom: int | None = None) -> None:
        """Show all the cells in the free area: centre on them and take the largest zoom
        that fits (at most ``max_zoom``)."""
        box = box_of(cells, margin)
        if box is not None:
            self.fit_box(box, immediate, max_zoom)

    def fit_box(self, box: Box, immediate: bool = False, max_zoom: int | None = None) -> None:
        top = len(ZOOM_SCALES) - 1 if max_zoom is None else max_zoom
        self.zoom = self._fitting_zoom(box, top)
        fx, fy, fw, fh = self.free_rect()
        self._aim(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), (fx + fw / 2, fy + fh / 2),
                  immediate)

    def show_around(self, box: Box, least_zoom: int, top_zoom: int, keep: Box | None = None,
                    immediate: bool = False) -> None:
        """``box`` in the free area at the largest zoom up to ``top_zoom`` that holds it;
        when even ``least_zoom`` does not, at that zoom, centred on the box's middle as far
        as ``keep`` allows (it is moved just far enough to lie in the free area)."""
        zoom = max(least_zoom, self._fitting_zoom(box, top_zoom))
        scale = float(ZOOM_SCALES[zoom])
        goal: Point = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        fx, fy, fw, fh = self.free_rect()
        if keep is not None and not self._fits(box, scale):
            shift = [_shift_into(lo, hi, c, free_len, scale) for lo, hi, c, free_len in
                     ((keep[0], keep[2], goal[0], fw), (keep[1], keep[3], goal[1], fh))]
            goal = (goal[0] + shift[0], goal[1] + shift[1])
        self.zoom = zoom
        self._aim(goal, (fx + fw / 2, fy + fh / 2), immediate)

    def keep_in_view(self, box: Box, min_zoom: int, priority: Box | None = None) -> bool:
        """Move (gliding) only as far as needed for ``box`` to lie in the free area, zooming
        out down to ``min_zoom`` if it must; when even that is too small, ``priority`` is
        kept in view instead.  False when the box was already in view."""
        zoom = self.zoom
        scale = float(ZOOM_SCALES[zoom])
        centre = self._settled_centre(scale)
        fx, fy, fw, fh = self.free_rect()
        if self._inside(box, centre, scale):
            return False
        if not self._fits(box, scale):
            zoom = max(min(zoom, min_zoom), self._fitting_zoom(box, zoom))
            scale = float(ZOOM_SCALES[zoom])
            if not self._fits(box, scale) and priority is not None:
                box = priority
        vx, vy, vw, vh = self.viewport
        shift = []
        for lo, hi, c, free_lo, free_len, v0, vlen in (
                (box[0], box[2], centre[0], fx, fw, vx, vw),
                (box[1], box[3], centre[1], fy, fh, vy, vh)):
            a = v0 + vlen / 2 + (lo - c) * scale  # the box's edges on screen
            b = v0 + vlen / 2 + (hi - c) * scale
            if b - a > free_len:
                move = (a + b) / 2 - (free_lo + free_len / 2)
            elif a < free_lo:
                move = a - free_lo
            elif b > free_lo + free_len:
                move = b - (free_lo + free_len)
            else:
                move = 0.0
            shift.append(move / scale)
        self.zoom = zoom
        goal = (centre[0] + shift[0], centre[1] + shift[1])
        self._aim(goal, (vx + vw / 2, vy + vh / 2), immediate=False)
        return True

    def uncover(self, cells: Iterable[Cell], covers: Iterable[Rect], gap: float) -> None:
        """Glide the view just far enough that no cover (a panel over the board) hides the
        cells: out from under each the shorter way towards the board's middle (down from
        under a line at the top, up from under the slider at the bottom)."""
        box = box_of(cells)
        if box is None:
            return
        scale = float(ZOOM_SCALES[self.zoom])
        centre = self._settled_centre(scale)
        vx, vy, vw, vh = self.viewport
        left = vx + vw / 2 + (box[0] - centre[0]) * scale
        top = vy + vh / 2 + (box[1] - centre[1]) * scale
        width, height = (box[2] - box[0]) * scale, (box[3] - box[1]) * scale
        covers = list(covers)
        dx = dy = 0.0  # how far the cells move on screen
        for _ in range(len(covers)):  # out from under one panel may be under another
            for x, y, w, h in covers:
                cx, cy = left + dx, top + dy
                if cx < x + w and x < cx + width and cy < y + h and y < cy + height:
                    # away from the edge the cover stands at, towards the board's middle
                    down = y + h / 2 < vy + vh / 2
                    right = x + w / 2 < vx + vw / 2
                    vertical = y + h - cy + gap if down else -(cy + height - y + gap)
                    across = x + w - cx + gap if right else -(cx + width - x + gap)
                    if abs(vertical) <= abs(across):
                        dy += vertical
                    else:
                        dx += across
        if dx or dy:
            self._aim((centre[0] - dx / scale, centre[1] - dy / scale),
                      (vx + vw / 2, vy + vh / 2), immediate=False)

    def _aim(self, world: Point, screen: tuple[float, float], immediate: bool) -> None:
        self._pin = None
        if immediate:
            self.scale = float(ZOOM_SCALES[self.zoom])
            self._glide = None
            self._hold(world, screen)
            self._clamp()
        else:
            self._glide = (world, screen)

    def _fitting_zoom(self, box: Box, top: int) -> int:
        best = 0
        for i, px in enumerate(ZOOM_SCALES[:top + 1]):
            if self._fits(box, px):
                best = i
        return best

    def _fits(self, box: Box, scale: float) -> bool:
        _, _, fw, fh = self.free_rect()
        return (box[2] - box[0]) * scale <= fw and (box[3] - box[1]) * scale <= fh

    def _inside(self, box: Box, centre: Point, scale: float) -> bool:
        fx, fy, fw, fh = self.free_rect()
        vx, vy, vw, vh = self.viewport
        left = vx + vw / 2 + (box[0] - centre[0]) * scale
        top = vy + vh / 2 + (box[1] - centre[1]) * scale
        right = left + (box[2] - box[0]) * scale
        bottom = top + (box[3] - box[1]) * scale
        return fx - 0.5 <= left and right <= fx + fw + 0.5 and fy - 0.5 <= top \
            and bottom <= fy + fh + 0.5

    def _settled_centre(self, scale: float) -> Point:
        """Where the centre will be once the moves under way end, at ``scale``."""
        held = self._glide or self._pin
        if held is None:
            return self.centre
        (wx, wy), (sx, sy) = held
        vx, vy, vw, vh = self.viewport
        return (wx - (sx - vx - vw / 2) / scale, wy - (sy - vy - vh / 2) / scale)

    def _hold(self, world: Point, screen: tuple[float, float]) -> None:
        """Put the world point at the screen point (at the current scale)."""
        vx, vy, vw, vh = self.viewport
        self.centre = (world[0] - (screen[0] - vx - vw / 2) / self.scale,
                       world[1] - (screen[1] - vy - vh / 2) / self.scale)

    def _clamp(self) -> None:
        """Keep part of ``bounds`` on screen: at least KEEP_PX (or a quarter of the view)."""
        if self.bounds is None:
            return
        x0, y0, x1, y1 = self.bounds
        _, _, vw, vh = self.viewport
        cx, cy = self.centre
        mx = min(KEEP_PX, vw / 4) / self.scale
        my = min(KEEP_PX, vh / 4) / self.scale
        hw, hh = vw / 2 / self.scale, vh / 2 / self.scale
        cx = min(max(cx, x0 - hw + mx), x1 + hw - mx)
        cy = min(max(cy, y0 - hh + my), y1 + hh - my)
        self.centre = (cx, cy)

    def moving(self) -> bool:
        """True while the zoom eases or the camera is on its way somewhere."""
        return (self._pin is not None or self._glide is not None
                or self.scale != float(ZOOM_SCALES[self.zoom]))

    def update(self, dt: float) -> bool:
        """Ease the scale towards the current zoom and the view towards where the camera
        is going; True while it is still moving."""
        if self.still:
            dt = STILL_STEP  # long enough for every ease to have arrived
        target = float(ZOOM_SCALES[self.zoom])
        if self.still or abs(self.scale - target) < 0.5:
            moving = self.scale != target and not self.still  # still: there in this step
            self.scale = target
        else:
            self.scale += (target - self.scale) * (1 - math.exp(-dt * EASE_RATE))
            moving = True
        if self._pin is not None:
            self._hold(*self._pin)
            if not moving:
                self._pin = None
        self._clamp()
        # Still: the move is made in this step (held by the bounds, it stops where they stop
        # it, which one more step finds).
        scaling = moving
        for _ in range(3 if self.still else 1):
            if self._glide is not None:
                moving = self._glide_step(dt, scaling=scaling) or moving
        return moving and not self.still

    def _glide_step(self, dt: float, scaling: bool) -> bool:
        """One step of the camera's own move; False once it has arrived (or the bounds stop
        it)."""
        assert self._glide is not None
        world, goal = self._glide
        before = self.world_to_screen(world)
        k = 1 - math.exp(-dt * GLIDE_RATE)
        self._hold(world, (before[0] + (goal[0] - before[0]) * k,
                           before[1] + (goal[1] - before[1]) * k))
        self._clamp()
        after = self.world_to_screen(world)
        if math.dist(after, goal) < 0.5:
            self._hold(world, goal)
            self._clamp()
            if scaling:
                return True  # held there while the zoom eases
        elif scaling or math.dist(after, before) >= 0.05:
            return True
        self._glide = None
        return False


def _shift_into(lo: float, hi: float, centre: float, length: float, scale: float) -> float:
    """How far (world units) a view of ``length`` px centred on ``centre`` moves along one
    axis for the span ``lo``..``hi`` to lie in it (its middle when it is longer)."""
    half = length / 2 / scale
    if hi - lo > 2 * half:
        return (lo + hi) / 2 - centre
    if lo < centre - half:
        return lo - (centre - half)
    if hi > centre + half:
        return hi - (centre + half)
    return 0.0
