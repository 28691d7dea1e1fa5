"""One memory budget for every image the art keeps: tiles at each size, scaled textures,
icons, figures.  The least recently used go first once the budget is spent, so the window's
memory stays bounded whatever number of games and zoom levels a player goes through."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

import pygame

# About 40 screens' worth of 1280x800 tiles: every zoom level of one game fits, with room for
# the textures the tiles are painted from.
IMAGE_BUDGET = 96 * 1024 * 1024


def image_bytes(img: pygame.Surface) -> int:
    return img.get_width() * img.get_height() * img.get_bytesize()


class ImageCache:
    """Images by key, least recently used first out; ``bytes`` is what they hold."""

    def __init__(self, budget: int = IMAGE_BUDGET) -> None:
        self.budget = budget
        self.bytes = 0
        self._images: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._images)

    def get(self, key: Hashable) -> pygame.Surface | None:
        img = self._images.get(key)
        if img is not None:
            self._images.move_to_end(key)
        return img

    def put(self, key: Hashable, img: pygame.Surface) -> pygame.Surface:
        """Keep ``img`` under ``key`` and return it; older images go while over budget (the
        newest always stays, even alone over it)."""
        old = self._images.pop(key, None)
        if old is not None:
            self.bytes -= image_bytes(old)
        self._images[key] = img
        self.bytes += image_bytes(img)
        while self.bytes > self.budget and len(self._images) > 1:
            _, dropped = self._images.popitem(last=False)
            self.bytes -= image_bytes(dropped)
        return img

    def clear(self) -> None:
        self._images.clear()
        self.bytes = 0
