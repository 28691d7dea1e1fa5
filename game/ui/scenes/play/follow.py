"""The camera's part in a game: the opening view, fitting the board, following placements.

- A game opens (new, loaded or continued) showing every placed tile and every lit cell at a
  comfortable size in the free board area, clear of the banner, toolbar and sidebar; so
  does Fit (Home or C), and a change of the window's size.
- When a tile is placed, and when a turn begins, the new tile and the cells the next tile
  may go to are kept in sight: the view glides only when they would leave the free area,
  zooming out no further than a readable size (the new tile first, if all will not fit).
- The player's own pan and zoom are respected until the next turn begins.
- The view never leaves the board: panning stops while part of it is still on screen.
- A question's card over the board's bottom shrinks the free area to the room above it, and
  the tile the question is about glides out from under the card.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.rules import Game

from ...camera import Camera, Cell, box_of

MAX_FIT_LEVEL = 10  # fitting never shows tiles larger than 160 px
MIN_FOLLOW_LEVEL = 5  # following zooms out to 64 px tiles at most
FOLLOW_MARGIN = 0.2  # tiles of room kept around what is followed


class CameraFollow:
    def __init__(self, camera: Camera, game: Game) -> None:
        self.camera = camera
        self.game = game
        self.user_moved = False  # the player moved the view during this turn
        self._bounds_for = -1  # the board size the bounds were computed for

    def fit(self, lit: Iterable[Cell], immediate: bool = False) -> None:
        """Every placed tile and lit cell in the free area."""
        box = box_of([*self.game.board.tiles, *lit], margin=0.25)
        if box is not None:
            self.camera.fit_box(box, immediate=immediate, max_level=MAX_FIT_LEVEL)

    def turn_began(self, lit: Iterable[Cell]) -> None:
        self.user_moved = False
        self.show_newest(lit)

    def placing(self, cell: Cell, lit: Iterable[Cell] = ()) -> None:
        """A tile is going down at ``cell`` (a computer's, about to glide there)."""
        if not self.user_moved:
            self._keep([cell, *lit], cell)

    def bring_into_view(self, cell: Cell) -> None:
        """The cell centred, unless it is well inside the view already (what the Hint
        shows)."""
        cam = self.camera
        x0, y0, x1, y1 = cam.visible_cells()
        if x0 < cell[0] < x1 and y0 < cell[1] < y1:
            return
        x, y, w, h = cam.cell_rect(cell)
        vx, vy, vw, vh = cam.viewport
        cam.pan_pixels(vx + vw / 2 - (x + w / 2), vy + vh / 2 - (y + h / 2))

    def show_newest(self, lit: Iterable[Cell]) -> None:
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
        self.camera.keep_in_view(box, MIN_FOLLOW_LEVEL, priority)

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
