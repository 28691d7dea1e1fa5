"""Fonts and art, made on first use and kept for the app's lifetime (every image the art
keeps shares one bounded cache, ``images``); and the interface size.

Every font size and widget metric of the window is written for an interface at 100 % and
goes through here: ``font``/``text`` render at the scaled size (text is drawn sharp at its
real size, never a scaled bitmap) and ``px`` scales a length.  The board has its own zoom.
The faces are the game's own (``fonts.py``): bold text is set in the bold face, a few
screens' titles in the display face (``heading``).  Setting a line costs a real face's
shaping (its kerning and other OpenType rules, two to four times what pygame's plain default
font cost); the window sets the same lines every frame, so the lines set are kept (a bounded
cache) and each caller gets its own copy, free to fade it.

Text that is not valid Unicode (a file name that is not UTF-8) is drawn with replacement
characters rather than failing."""

from __future__ import annotations

import pygame

from game.rules import TileSet
from game.system.filenames import readable

from . import fonts
from .art.cache import ImageCache
from .art.figures import FigureArt
from .art.tabletop import make_tabletop
from .art.tiles import TileArt

TEXT_BUDGET = 8 * 1024 * 1024  # the lines set, kept: a few screens' worth

Colour = tuple[int, int, int]


class Resources:
    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._fonts: dict[tuple[int, fonts.Face], pygame.font.Font] = {}
        self.lines = ImageCache(TEXT_BUDGET)  # by font (so a new size starts afresh) and text
        self.images = ImageCache()
        self._tile_art: dict[str, TileArt] = {}
        self._figure_art: FigureArt | None = None
        self._tabletop: tuple[tuple[int, int, float], pygame.Surface] | None = None

    def set_scale(self, scale: float) -> None:
        if scale != self.scale:
            self.scale = scale
            self._fonts.clear()
            self.lines.clear()

    def px(self, length: float) -> int:
        """A length of the interface at 100 %, in pixels at the current interface size."""
        return round(length * self.scale)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font for text of ``size`` at 100 %, at the current interface size."""
        return self.face(fonts.Face.BOLD if bold else fonts.Face.TEXT, size)

    def face(self, face: fonts.Face, size: int) -> pygame.font.Font:
        """``face`` for text of ``size`` at 100 %, at the current interface size."""
        key = (size, face)
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = fonts.load(face, size * self.scale)
        return font

    def text(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        return self.line(self.font(size, bold), text, colour)

    def line(self, font: pygame.font.Font, text: str, colour: Colour) -> pygame.Surface:
        """``text`` set in ``font``: a copy of the line kept from an earlier frame, else
        newly set (and kept)."""
        key = (font, text, tuple(colour))
        kept = self.lines.get(key)
        if kept is None:
            kept = self.lines.put(key, font.render(readable(text), True, colour))
        return kept.copy()

    def heading_font(self, text: str, size: int) -> pygame.font.Font:
        """The font of a title: the display face, or the bold face for a text with a letter
        the display face lacks (a player's name in another script, say)."""
        face = fonts.Face.BOLD if fonts.missing(fonts.Face.DISPLAY, text) else fonts.Face.DISPLAY
        return self.face(face, size)

    def heading(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """A title, in the display face when it has every letter of ``text``."""
        return self.line(self.heading_font(text, size), text, colour)

    def board_text(self, text: str, pixels: int, colour: Colour,
                   bold: bool = False) -> pygame.Surface:
        """Text on the board, sized with the board's zoom rather than the interface."""
        return self.line(self.font(max(1, round(pixels / self.scale)), bold), text, colour)

    def tile_art(self, tileset: TileSet) -> TileArt:
        key = "+".join(tileset.lineage) or tileset.id
        art = self._tile_art.get(key)
        if art is None:
            art = self._tile_art[key] = TileArt(tileset, images=self.images)
        return art

    def tabletop(self, size: tuple[int, int]) -> pygame.Surface:
        """The tabletop the board lies on, for a window of ``size`` (the last one kept)."""
        key = (size[0], size[1], self.scale)
        if self._tabletop is None or self._tabletop[0] != key:
            tabletop = make_tabletop(size, self.scale)
            if pygame.display.get_surface() is not None:
                tabletop = tabletop.convert()
            self._tabletop = (key, tabletop)
        return self._tabletop[1]

    @property
    def figures(self) -> FigureArt:
        if self._figure_art is None:
            self._figure_art = FigureArt(images=self.images)
        return self._figure_art
