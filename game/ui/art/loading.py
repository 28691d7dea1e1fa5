"""Sprites read from ``sprites/`` and surfaces made ready for fast blits."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.limits import NAME


def sprites_dir() -> Path:
    """The game's ``sprites/`` folder (found by ``game.system.paths``, from source, a wheel or the
    frozen build)."""
    from game.system.paths import sprites_dir as find
    return find()


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blits when a display mode is set; keep as is otherwise."""
    if has_display():
        return surface.convert_alpha()
    return surface


def has_display() -> bool:
    return bool(pygame.display.get_init() and pygame.display.get_surface() is not None)


def load_sprite(sprites: Path, folder: str, name: str,
                box: tuple[int, int]) -> pygame.Surface | None:
    """The sprite ``name`` of ``sprites/folder`` drawn to fit ``box``, or None when there is
    none.  A name that is not a plain word, or a file that a link leads out of the sprites
    folder, is never read."""
    path = sprite_path(sprites, folder, name)
    return None if path is None else load_svg(path, box)


def sprite_path(sprites: Path, folder: str, name: str) -> Path | None:
    """Where the sprite ``name`` of ``sprites/folder`` may be read, or None for a name that
    is not a plain word or a file that a link leads out of the sprites folder."""
    if not NAME.fullmatch(name):  # the loader allows no other name; a cached set might
        return None
    path = sprites / folder / f"{name}.svg"
    try:
        if not path.resolve().is_relative_to(sprites.resolve()):
            return None
    except (OSError, RuntimeError):  # a link loop
        return None
    return path


def load_svg(path: Path, box: tuple[int, int]) -> pygame.Surface | None:
    """An SVG drawn to fit ``box`` (aspect kept), or None when it cannot be read."""
    if not path.is_file():
        return None
    w, h = max(1, box[0]), max(1, box[1])
    try:
        if hasattr(pygame.image, "load_sized_svg"):
            img = pygame.image.load_sized_svg(str(path), (w, h))
        else:  # pragma: no cover - older pygame-ce
            raw = pygame.image.load(str(path))
            f = min(w / raw.get_width(), h / raw.get_height())
            size = (max(1, round(raw.get_width() * f)), max(1, round(raw.get_height() * f)))
            img = pygame.transform.smoothscale(raw.convert_alpha() if has_display() else raw,
                                               size)
    except (pygame.error, OSError, ValueError):
        return None
    if not img.get_flags() & pygame.SRCALPHA or img.get_bitsize() != 32:
        out = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        out.blit(img, (0, 0))
        img = out
    return img

