"""Fonts and art, made on first use and kept for the app's lifetime; every image the art
keeps shares one bounded cache (``images``)."""

from __future__ import annotations

import pygame

from game.rules import TileSet

from .art.cache import ImageCache
from .art.figures import FigureArt
from .art.tiles import TileArt


class Resources:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.images = ImageCache()
        self._tile_art: dict[str, TileArt] = {}
        self._figure_art: FigureArt | None = None

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(None, size)  # pygame's bundled font: present everywhere
            font.set_bold(bold)
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, colour: tuple[int, int, int],
             bold: bool = False) -> pygame.Surface:
        return self.font(size, bold).render(text, True, colour)

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
