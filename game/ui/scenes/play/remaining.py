"""The tiles still to come (T): every tile type of the pile with how many are left, on a
panel that fits the board area; the tiles shrink to fit, and when even the smallest do not
fit (a short window) the wheel scrolls the rows."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules import Game, TileType
from game.words.i18n import _

from ... import palette as pal
from ...resources import Resources
from ...widgets import blit_centred, panel

# At 100 %:
LARGEST, SMALLEST = 76, 52  # a tile's cell in the panel, label included below it
LABEL_H = 18
TITLE_H = 46
PAD = 14
MARGIN_TOP, MARGIN_BOTTOM = 64, 76  # clear of the banner and the toolbar


@dataclass
class Grid:
    rect: pygame.Rect
    cell: int
    cols: int
    rows: int
    shown_rows: int


class RemainingPanel:
    def __init__(self) -> None:
        self.shown = False
        self.scroll = 0  # rows scrolled past
        self.grid: Grid | None = None

    def toggle(self) -> None:
        self.shown = not self.shown
        self.scroll = 0

    def wheel(self, steps: int) -> None:
        if self.grid is not None:
            most = self.grid.rows - self.grid.shown_rows
            self.scroll = max(0, min(most, self.scroll - steps))

    def arrange(self, count: int, board: pygame.Rect, px: Callable[[float], int]) -> Grid:
        """The largest tiles that show all ``count`` types in the board area, else the
        smallest with as many rows as fit (``px``: lengths at the interface size)."""
        pad, label_h, title_h = px(PAD), px(LABEL_H), px(TITLE_H)
        width = board.w - 2 * pad
        height = board.h - px(MARGIN_TOP) - px(MARGIN_BOTTOM)
        cell = px(LARGEST)
        while True:
            cols = max(1, min(count, (width - 2 * pad) // cell))
            rows = math.ceil(count / cols)
            fits = (height - title_h - pad) // (cell + label_h)
            if rows <= fits or cell <= px(SMALLEST):
                break
            cell -= px(4)
        shown = max(1, min(rows, fits))
        rect = pygame.Rect(0, 0, cols * cell + 2 * pad, shown * (cell + label_h) + title_h + pad)
        rect.center = (board.centerx, board.y + px(MARGIN_TOP) + height // 2)
        return Grid(rect, cell, cols, rows, shown)

    def draw(self, surface: pygame.Surface, res: Resources, game: Game, board: pygame.Rect,
             art_tile: Callable[[TileType, int, int], pygame.Surface]) -> None:
        """All tile types with how many are still to come (draw pile and others' hands)."""
        remaining: Counter[str] = game.remaining()
        tiles = [t for t in game.tileset.tiles if t.pile == "main"]
        px = res.px
        grid = self.grid = self.arrange(len(tiles), board, px)
        self.scroll = min(self.scroll, grid.rows - grid.shown_rows)
        rect, cell = grid.rect, grid.cell
        pad, label_h, inset = px(PAD), px(LABEL_H), px(10)
        panel(surface, rect, alpha=245)
        title = _("Tiles still to come: {count}").format(count=sum(remaining.values()))
        surface.blit(res.text(title, 24, pal.TEXT, bold=True), (rect.x + pad, rect.y + px(12)))
        if grid.rows > grid.shown_rows:
            more = _("Wheel: more tiles")
            img = res.text(more, 17, pal.TEXT_DIM)
            surface.blit(img, img.get_rect(topright=(rect.right - pad, rect.y + px(16))))
        first = self.scroll * grid.cols
        for i, t in enumerate(tiles[first:first + grid.shown_rows * grid.cols]):
            x = rect.x + pad + (i % grid.cols) * cell
            y = rect.y + px(TITLE_H - 2) + (i // grid.cols) * (cell + label_h)
            img = art_tile(t, 0, cell - inset)
            n = remaining.get(t.id, 0)
            if n == 0:
                img = img.copy()
                img.set_alpha(70)
            surface.blit(img, (x, y))
            # The count alone: the picture tells the tile, and its id means nothing to a player.
            text = f"×{n}"
            label = res.text(text, 16, pal.TEXT if n else pal.TEXT_DIM, bold=bool(n))
            blit_centred(surface, label, (x + (cell - inset) / 2,
                                          y + cell - inset + label_h / 2 + 1))
