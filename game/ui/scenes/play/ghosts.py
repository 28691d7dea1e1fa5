"""Where the ghost figures stand on the new tile: one faint figure on every area a figure may
go to, each drawn inside its own area and none over another, so that what the pointer rests
on is what a click there chooses.

The figure's own silhouette is what must fit, not a circle: a lying farmer is wide, a
standing meeple tall.  Ghosts are placed one after another (buildings, then lines, then
areas, then the land between them), each at the spot nearest its feature's anchor where its
silhouette lies in its region and clear of the ghosts placed before it, at the largest size
that finds such a spot.  A line (a road, a river) is narrower than any readable figure: its
ghost stands on the line and may spill a little over the line's verges.  A region too small
for the least size keeps its ghost at the nearest point of the region (it never happens in
the four games).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import pygame

from game.rules.geometry import Point

from ...art.regions import Regions
from ...board_view import FIGURE_RISE as RISE

GHOST_SCALE = 0.28  # a ghost figure's largest size, in tiles
MIN_GHOST = 0.16
SIZES = (0.28, 0.25, 0.22, 0.19, MIN_GHOST)
LINE_SLACK = 0.045  # how far (in tiles) a ghost on a line may spill over its verges
GAP = 1  # pixels kept between two ghosts (on the region map)

# The silhouette of feature ``index``'s ghost drawn ``px`` pixels tall (the sprite's opaque
# pixels, as ``BoardView.figure_mask`` gives them).
Footprint = Callable[[int, int], pygame.mask.Mask]


@dataclass(frozen=True)
class Ghost:
    spot: Point  # where it is drawn, in unit tile coordinates
    size: float  # its size, in tiles


def place_ghosts(indices: Sequence[int], anchors: Sequence[Point], regions: Regions,
                 footprint: Footprint, lines: Collection[int] = ()) -> dict[int, Ghost]:
    """Ghosts for the features ``indices``, in that order (``lines``: those that may spill
    over their verges)."""
    size_px = regions.size
    taken = pygame.mask.Mask((size_px, size_px))
    out: dict[int, Ghost] = {}
    for index in indices:
        region = regions.mask(index)
        allowed = _widened(region, round(LINE_SLACK * size_px)) if index in lines else region
        allowed = allowed.copy()
        allowed.erase(taken, (0, 0))
        ghost, shape, corner = _best(region, allowed, anchors[index], footprint, index, size_px,
                                     centred=index in lines)
        out[index] = ghost
        taken.draw(_grown(shape, GAP), (corner[0] - GAP, corner[1] - GAP))
    return out


def sprite_corner(spot: Point, shape: tuple[int, int], px: int, size_px: int
                  ) -> tuple[int, int]:
    """The top-left pixel of a sprite ``shape`` (w, h) drawn ``px`` tall at ``spot`` on a
    ``size_px`` region map: as ``BoardView.draw_figure`` centres it."""
    w, h = shape
    return (round(spot[0] * size_px) - w // 2, round(spot[1] * size_px - px * RISE) - h // 2)


def _spot_of(corner: tuple[int, int], shape: tuple[int, int], px: int, size_px: int) -> Point:
    w, h = shape
    return ((corner[0] + w // 2) / size_px, (corner[1] + h // 2 + px * RISE) / size_px)


def _best(region: pygame.mask.Mask, allowed: pygame.mask.Mask, anchor: Point,
          footprint: Footprint, index: int, size_px: int, centred: bool
          ) -> tuple[Ghost, pygame.mask.Mask, tuple[int, int]]:
    """The largest ghost that fits, nearest the anchor; its silhouette and corner."""
    forbidden = allowed.copy()
    forbidden.invert()
    for size in SIZES:
        px = round(size * size_px)
        shape = footprint(index, px)
        corners = _corners_inside(forbidden, shape, size_px)
        if centred:  # its middle on the line itself
            w, h = shape.get_size()
            on_line = pygame.mask.Mask(corners.get_size())
            on_line.draw(region, (-(w // 2), -(h // 2)))
            corners = corners.overlap_mask(on_line, (0, 0))
        want = sprite_corner(anchor, shape.get_size(), px, size_px)
        corner = _nearest(corners, want)
        if corner is not None:
            return (Ghost(_spot_of(corner, shape.get_size(), px, size_px), size), shape,
                    corner)
    px = round(MIN_GHOST * size_px)
    shape = footprint(index, px)
    at = _nearest(region, (round(anchor[0] * size_px), round(anchor[1] * size_px)))
    spot = anchor if at is None else ((at[0] + 0.5) / size_px, (at[1] + 0.5) / size_px)
    return (Ghost(spot, MIN_GHOST), shape, sprite_corner(spot, shape.get_size(), px, size_px))


def _corners_inside(forbidden: pygame.mask.Mask, shape: pygame.mask.Mask, size_px: int
                    ) -> pygame.mask.Mask:
    """Every top-left pixel at which ``shape`` lies on the map and misses ``forbidden``."""
    w, h = shape.get_size()
    if w > size_px or h > size_px:
        return pygame.mask.Mask((1, 1))
    # convolve sets the bit (x + w - 1, y + h - 1) when the shape at (x, y) overlaps, and
    # writes each bit moved by its offset.
    hits = forbidden.convolve(shape, pygame.mask.Mask((size_px - w + 1, size_px - h + 1)),
                              (1 - w, 1 - h))
    hits.invert()
    return hits


def _nearest(mask: pygame.mask.Mask, want: tuple[int, int]) -> tuple[int, int] | None:
    """A set pixel of ``mask`` nearest ``want`` (to a pixel)."""
    if not mask.count():
        return None
    low, high = 0, 2 * max(mask.get_size()) + abs(want[0]) + abs(want[1])
    found = None
    while low <= high:
        r = (low + high) // 2
        disc = _disc(r)
        hit = mask.overlap(disc, (want[0] - r, want[1] - r))
        if hit is None:
            low = r + 1
        else:
            found, high = hit, r - 1
    return found


_DISCS: dict[int, pygame.mask.Mask] = {}


def _disc(r: int) -> pygame.mask.Mask:
    disc = _DISCS.get(r)
    if disc is None and r == 0:
        disc = pygame.mask.Mask((1, 1), fill=True)
    elif disc is None:
        surface = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
        pygame.draw.circle(surface, (255, 255, 255), (r, r), r + 0.5)
        disc = pygame.mask.from_surface(surface)
        if r < 64:
            _DISCS[r] = disc
    return disc


def _widened(mask: pygame.mask.Mask, by: int) -> pygame.mask.Mask:
    """``mask`` grown by ``by`` pixels all round (its size kept)."""
    if by <= 0:
        return mask
    return mask.convolve(_disc(by), pygame.mask.Mask(mask.get_size()), (-by, -by))


def _grown(mask: pygame.mask.Mask, by: int) -> pygame.mask.Mask:
    """``mask`` grown by ``by`` pixels all round, on a map ``by`` pixels larger each side."""
    w, h = mask.get_size()
    return mask.convolve(_disc(by), pygame.mask.Mask((w + 2 * by, h + 2 * by)))
