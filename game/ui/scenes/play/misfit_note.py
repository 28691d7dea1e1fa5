"""Why nothing happened, in one line near the pointer: a tile dropped on a cell it does not fit
(which of its edges meets which, with that edge marked on the cell), Enter pressed before the
tile is placed.  The note stays a moment, then fades; a new one takes its place."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import EdgesDiffer, Game, Misfit, Place
from game.ui import palette as pal
from game.ui.camera import Camera, Cell
from game.ui.resources import Resources
from game.ui.widgets import blit_centred, fit_text, panel
from game.view.misfits import misfit_text, place_first

SHOWN = 2.6  # seconds a note stays
FADE = 0.4  # ... of which the last ones fade


@dataclass
class Note:
    text: str
    at: tuple[int, int]  # the pointer when it was said
    cell: Cell | None = None  # the cell refused, and the side whose edge does not match
    side: int | None = None
    age: float = 0.0


class MisfitNote:
    def __init__(self) -> None:
        self.note: Note | None = None

    def misplaced(self, game: Game, tile: str | None, cell: Cell, rotation: int,
                  at: tuple[int, int]) -> None:
        """Why ``tile``, turned ``rotation`` quarters, does not go on ``cell``."""
        misfit = None if tile is None else game.misfit(Place(tile, cell[0], cell[1],
                                                             rotation * 90))
        if misfit is not None:
            self.say(misfit_text(game.tileset, misfit), at, misfit)

    def place_first(self, at: tuple[int, int]) -> None:
        self.say(place_first(), at)

    def say(self, text: str, at: tuple[int, int], misfit: Misfit | None = None) -> None:
        side = misfit.side if isinstance(misfit, EdgesDiffer) else None
        self.note = Note(text, at, misfit.cell if misfit is not None else None, side)

    def clear(self) -> None:
        self.note = None

    def update(self, dt: float) -> None:
        if self.note is not None:
            self.note.age += dt
            if self.note.age >= SHOWN:
                self.note = None

    def fading(self) -> bool:
        return self.note is not None and self.note.age >= SHOWN - FADE

    def wake_in(self) -> float | None:
        """Seconds until the note begins to fade (the window rests until then)."""
        if self.note is None:
            return None
        return max(0.0, SHOWN - FADE - self.note.age)

    def draw(self, surface: pygame.Surface, res: Resources, camera: Camera,
             board: pygame.Rect) -> None:
        note = self.note
        if note is None:
            return
        alpha = round(255 * min(1.0, (SHOWN - note.age) / FADE))
        if note.cell is not None and note.side is not None:
            _mark_side(surface, camera, note.cell, note.side, alpha)
        px = res.px
        text = fit_text(res, note.text, 19, board.w - px(40), True)
        img = res.text(text, 19, pal.TEXT, bold=True)
        rect = img.get_rect().inflate(px(22), px(12))
        rect.bottomleft = (note.at[0] + px(14), note.at[1] - px(10))
        rect.clamp_ip(board.inflate(-px(8), -px(8)))
        if alpha >= 255:
            panel(surface, rect, radius=px(10), alpha=245, border=pal.ILLEGAL)
            blit_centred(surface, img, rect.center)
            return
        room = rect.inflate(px(24), px(24))  # the panel and its shadow, faded together
        layer = pygame.Surface(room.size, pygame.SRCALPHA)
        inner = rect.move(-room.x, -room.y)
        panel(layer, inner, radius=px(10), alpha=245, border=pal.ILLEGAL)
        blit_centred(layer, img, inner.center)
        layer.set_alpha(alpha)
        surface.blit(layer, room)


def _mark_side(surface: pygame.Surface, camera: Camera, cell: Cell, side: int,
               alpha: int) -> None:
    """The side of the cell whose edge does not match, drawn as a red bar."""
    x, y, w, h = camera.cell_rect(cell)
    bar = max(3, w // 14)
    rect = (pygame.Rect(x, y, w, bar), pygame.Rect(x + w - bar, y, bar, h),
            pygame.Rect(x, y + h - bar, w, bar), pygame.Rect(x, y, bar, h))[side]
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill((*pal.ILLEGAL, alpha))
    surface.blit(layer, rect)
