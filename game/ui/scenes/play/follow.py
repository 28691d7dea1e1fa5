"""The camera's part in a game: the opening view, fitting the board, following placements.

- A game opens (new, loaded or continued) showing every placed tile and every lit cell at a
  comfortable size in the free board area, clear of the banner, toolbar and sidebar; so
  does Fit (Home or C), and a change of the window's size.
- When a tile is placed, and when a turn begins, the new tile and the cells the next tile
  may go to are kept in sight: the view glides only when they would leave the free area,
  zooming out no further than a readable size (the new tile first, if all will not fit).
- The player's own pan and zoom are respected until the next turn begins.
- Fit stays fitted: after Fit, every placement and every turn fits the whole board again
  (with the lit cells), until the player pans or zooms.
- A game watched (no person plays at this window) keeps the whole board in sight from the
  start, as after Fit; when it no longer fits at a readable size, the view stays at that size
  on the board's middle, moved only as far as the newest tile needs.  A pan or zoom there
  leaves the view to the player until Fit.
- The view never leaves the board: panning stops while part of it is still on screen.
- A question's card over the board's bottom shrinks the free area to the room above it, and
  the tile the question is about glides out from under the card.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.rules import Game

from ...camera import Camera, Cell, box_of

MAX_FIT_ZOOM = 10  # fitting never shows tiles larger than 160 px
MIN_FOLLOW_ZOOM = 5  # following zooms out to 64 px tiles at most
WATCH_ZOOM = 2  # a game watched shows the whole board down to 40 px tiles
WATCH_TOP_ZOOM = 8  # ... and up to 112 px tiles (a small board)
FOLLOW_MARGIN = 0.2  # tiles of room kept around what is followed
FIT_MARGIN = 0.25  # tiles of room around what Fit shows
WATCH_MARGIN = 0.75  # ... around a game watched: most of the cells the next tile may go to


class CameraFollow:
    def __init__(self, camera: Camera, game: Game, watching: bool = False) -> None:
        self.camera = camera
        self.game = game
        self.watching = watching  # no person plays at this window: the game is watched
        self.user_moved = False  # the player moved the view (during this turn, or watching)
        self.fitted = watching  # the whole board is kept in sight (Fit, or watching)
        self._least = WATCH_ZOOM if watching else 0  # the smallest tiles a fit shows
        self._bounds_for = -1  # the board size the bounds were computed for

    def fit(self, lit: Iterable[Cell], immediate: bool = False) -> None:
        """Every placed tile and lit cell in the free area (the opening view, a resize):
        the whole board when it is kept fitted."""
        if self.fitted:
            self._fitted([*lit], immediate=immediate)
            return
        box = box_of([*self.game.board.tiles, *lit], margin=FIT_MARGIN)
        if box is not None:
            self.camera.fit_box(box, immediate=immediate, max_zoom=MAX_FIT_ZOOM)

    def fit_pressed(self, lit: Iterable[Cell]) -> None:
        """Fit (Home, C): the whole board with the lit cells, kept so until the player pans
        or zooms."""
        self.fitted, self.user_moved, self._least = True, False, 0
        self._fitted([*lit])

    def kept(self) -> tuple[bool, bool]:
        """Whose the view is (the player's, kept fitted), to be given back later."""
        return self.user_moved, self.fitted

    def give_back(self, kept: tuple[bool, bool]) -> None:
        self.user_moved, self.fitted = kept

    def moved_by_player(self) -> None:
        """The player panned or zoomed: the view is theirs."""
        self.user_moved, self.fitted = True, False

    def turn_began(self, lit: Iterable[Cell]) -> None:
        if self.fitted:
            self._fitted([*lit])
            return
        if not self.watching:
            self.user_moved = False
        if not self.user_moved:
            self.show_newest(lit)

    def placing(self, cell: Cell, lit: Iterable[Cell] = ()) -> None:
        """A tile is going down at ``cell`` (a computer's, about to glide there)."""
        if self.fitted:
            self._fitted([cell, *lit], newest=cell)
        elif not self.user_moved:
            self._keep([cell, *lit], cell)

    def _fitted(self, extra: list[Cell], newest: Cell | None = None,
                immediate: bool = False) -> None:
        """The whole board (with ``extra`` cells) in the free area; below the least size a
        fit allows, its middle, as far as the newest tile lets it be."""
        tiles = self.game.board.tiles
        margin = WATCH_MARGIN if self.watching else FIT_MARGIN
        box = box_of([*tiles, *extra], margin=margin)
        if box is None:
            return
        if newest is None and len(tiles) > 1:
            newest = max(tiles.values(), key=lambda t: t.order).cell
        keep = box_of([newest], margin=0.6) if newest is not None else None
        top = WATCH_TOP_ZOOM if self.watching else MAX_FIT_ZOOM
        self.camera.show_around(box, self._least, top, keep, immediate=immediate)

    def bring_into_view(self, cell: Cell, below: int = 0) -> None:
        """The cell centred in the board's free area, unless it lies whole inside it already
        (what the Hint shows: not under the toolbar or the banner, nor above ``below``, the
        bottom of the Hint's own line)."""
        cam = self.camera
        x, y, w, h = cam.cell_rect(cell)
        fx, fy, fw, fh = cam.free_rect()
        if below > fy:
            fy, fh = below, fy + fh - below
        if fx <= x and x + w <= fx + fw and fy <= y and y + h <= fy + fh:
            return
        cam.pan_pixels(fx + fw / 2 - (x + w / 2), fy + fh / 2 - (y + h / 2))

    def show_newest(self, lit: Iterable[Cell]) -> None:
        if self.fitted:
            self._fitted([*lit])
            return
        tiles = self.game.board.tiles
        if len(tiles) <= 1:
            self._keep(list(lit), None)
            return
        newest = max(tiles.values(), key=lambda t: t.order).cell
        self._keep([newest, *lit], newest)

    def _keep(self, cells: list[Cell], first: Cell | None) -> None:
        box = box_of(cells, margin=FOLLOW_MARGIN)
        if box is None:
            return
        priority = box_of([first], margin=0.6) if first is not None else None
        self.camera.keep_in_view(box, MIN_FOLLOW_ZOOM, priority)

    def keep_above(self, free: pygame.Rect, card: pygame.Rect | None, gap: int) -> None:
        """The free area is ``free``, less what a question's ``card`` covers of its bottom
        (and ``gap`` px); when that changes while a question is asked, the newest tile is
        brought into the room left."""
        x, y, w, h = free
        if card is not None and y < card.y < y + h:
            h = max(card.y - gap - y, min(h, 4 * gap))  # a sliver at worst, never nothing
        if (x, y, w, h) != self.camera.free:
            self.camera.free = (x, y, w, h)
            if card is not None:
                self.show_newest(())

    def update_bounds(self) -> None:
        """The placed tiles are what the view may not leave."""
        tiles = self.game.board.tiles
        if len(tiles) != self._bounds_for:
            self._bounds_for = len(tiles)
            self.camera.bounds = box_of(tiles)
