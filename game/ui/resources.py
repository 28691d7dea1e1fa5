"""Fonts and art, made on first use and kept for the app's lifetime (every image the art
keeps shares one bounded cache, ``images``); and the interface size.

Every font size and widget metric of the window is written for an interface at 100 % and
goes through here: ``font``/``text`` render at the scaled size (text is drawn sharp at its
real size, never a scaled bitmap) and ``px`` scales a length.  The board has its own zoom.
Text that is not valid Unicode (a file name that is not UTF-8) is drawn with replacement
characters rather than failing."""

from __future__ import annotations

import pygame

from game.filenames import readable
from game.rules import TileSet

from .art.cache import ImageCache
from .art.figures import FigureArt
from .art.tiles import TileArt


class Resources:
    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.images = ImageCache()
        self._tile_art: dict[str, TileArt] = {}
        self._figure_art: FigureArt | None = None

    def set_scale(self, scale: float) -> None:
        if scale != self.scale:
            self.scale = scale
            self._fonts.clear()

    def px(self, length: float) -> int:
        """A length of the interface at 100 %, in pixels at the current interface size."""
        return round(length * self.scale)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font for text of ``size`` at 100 %, at the current interface size."""
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            # pygame's bundled font: present everywhere
            font = pygame.font.Font(None, max(1, self.px(size)))
            font.set_bold(bold)
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, colour: tuple[int, int, int],
             bold: bool = False) -> pygame.Surface:
        return self.font(size, bold).render(readable(text), True, colour)

    def board_text(self, text: str, pixels: int, colour: tuple[int, int, int],
                   bold: bool = False) -> pygame.Surface:
        """Text on the board, sized with the board's zoom rather than the interface."""
        return self.font(max(1, round(pixels / self.scale)), bold).render(readable(text), True,
                                                                          colour)

    def tile_art(self, tileset: TileSet) -> TileArt:
        key = "+".join(tileset.lineage) or tileset.id
        art = self._tile_art.get(key)
        if art is None:
            art = self._tile_art[key] = TileArt(tileset, images=self.images)
        return art

    @property
    def figures(self) -> FigureArt:
        if self._figure_art is None:
            self._figure_art = FigureArt(images=self.images)
        return self._figure_art
