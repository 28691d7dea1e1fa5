"""Icons on tiles (shields, hills, harvest tokens...): SVG sprites, or a lettered token for an
icon without a drawing, each with a soft shadow, as the tile set's looks say; and where an
icon goes when the tile set gives it no place.

Small icons (a whole board fitted in the window) stay readable: below ``BARE_BELOW`` pixels
a sprite drawn on a parchment token loses the token, and its drawing fills the icon with a
light rim around it."""

from __future__ import annotations

import io
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import pygame

from game.rules.geometry import Point, Polygon, point_in_polygon
from game.rules.looks import icon_look, token_letters
from game.rules.model import IconLook, Looks

from .. import fonts
from .cache import ImageCache
from .loading import finish, load_sprite, sprite_path
from .primitives import INK, blur, silhouette

BARE_BELOW = 24  # icons smaller than this (px) are drawn without their token
SMALL_TILE_ICON = 17  # icons grow on small tiles to about this many pixels
# The parchment disc most icon sprites sit on (see sprites/README.md), and how far the
# drawing on it is zoomed when the disc is left out.
_TOKEN = re.compile(r'<circle cx="32" cy="32" r="29" fill="#f6edd6"[^>]*/>')
_BARE_VIEW = 'viewBox="9 9 46 46"'
_RIM = (255, 255, 255)

FALLBACK_SPOTS: tuple[Point, ...] = ((0.82, 0.82), (0.18, 0.82), (0.82, 0.18), (0.18, 0.18))
_AROUND: tuple[Point, ...] = ((0.2, 0.0), (-0.2, 0.0), (0.0, 0.2), (0.0, -0.2), (0.17, 0.17),
                              (-0.17, 0.17), (0.17, -0.17), (-0.17, -0.17), (0.34, 0.0),
                              (-0.34, 0.0), (0.0, 0.34), (0.0, -0.34))


class IconArt:
    """The icons of a tile set drawn as its looks say (``looks``, by icon name), with their
    shadows, cached by drawing and size."""

    def __init__(self, sprites: Path, images: ImageCache,
                 looks: Mapping[str, IconLook] | None = None) -> None:
        self.sprites = sprites
        self.images = images
        self.looks = Looks(icons=looks or {})

    def icon(self, name: str, size: int, bare: bool = False) -> pygame.Surface:
        """The icon ``name`` ``size`` px square: its drawing, else a token with its letters.
        ``bare``: without its parchment token, the drawing zoomed to fill the icon and
        rimmed in light (for small sizes)."""
        size = max(1, int(size))
        look = icon_look(self.looks, name)
        letters = look.letters or token_letters(name)
        key = ("icon", self.sprites, look.sprite, letters, size, bare)
        img = self.images.get(key)
        if img is None:
            svg = None
            if look.sprite:
                svg = ((_bare_svg(self.sprites, look.sprite, size) if bare else None)
                       or load_sprite(self.sprites, "icons", look.sprite, (size, size)))
            if svg is None:
                img = _labelled_dot(letters, size)
            else:
                img = pygame.Surface((size, size), pygame.SRCALPHA)
                img.blit(svg, svg.get_rect(center=(size // 2, size // 2)))
            img = self.images.put(key, finish(img))
        return img

    def draw(self, canvas: pygame.Surface, name: str, at: Point, w: int, size: int) -> None:
        """The icon with its shadow at ``at`` (unit tile coordinates) on a tile canvas ``w`` px
        wide, for a tile shown ``size`` px wide."""
        # icons grow on small tiles so that they stay readable, and lose their token
        frac = max(icon_look(self.looks, name).size, min(0.3, SMALL_TILE_ICON / size))
        px = max(4, round(w * frac))
        bare = px * size < BARE_BELOW * w  # the icon's size on screen, not on the canvas
        centre = (round(at[0] * w), round(at[1] * w))
        sh = self._shadow(name, px, bare)
        off = max(1, px // 18)
        canvas.blit(sh, sh.get_rect(center=(centre[0] + off, centre[1] + 2 * off)))
        img = self.icon(name, px, bare)
        canvas.blit(img, img.get_rect(center=centre))

    def _shadow(self, name: str, size: int, bare: bool) -> pygame.Surface:
        look = icon_look(self.looks, name)
        key = ("icon shadow", self.sprites, look.sprite, look.letters or token_letters(name),
               size, bare)
        sh = self.images.get(key)
        if sh is None:
            pad = max(2, size // 8)
            base = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
            base.blit(silhouette(self.icon(name, size, bare), (20, 24, 10), 110), (pad, pad))
            sh = self.images.put(key, blur(base, max(1, size // 14)))
        return sh


def _bare_svg(sprites: Path, name: str, size: int) -> pygame.Surface | None:
    """The icon sprite without its parchment token, zoomed on its drawing and rimmed in
    light; None when the sprite has no token (it is drawn as it is)."""
    path = sprite_path(sprites, "icons", name)
    if path is None:
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    bare, found = _TOKEN.subn("", text, count=1)
    if not found:
        return None
    bare = bare.replace('viewBox="0 0 64 64"', _BARE_VIEW, 1)
    rim = max(1, round(size / 14))
    inner = max(1, size - 2 * rim)
    try:
        drawing = pygame.image.load_sized_svg(io.BytesIO(bare.encode()), (inner, inner))
    except (pygame.error, ValueError):
        return None
    if not drawing.get_flags() & pygame.SRCALPHA or drawing.get_bitsize() != 32:
        plain, drawing = drawing, pygame.Surface(drawing.get_size(), pygame.SRCALPHA)
        drawing.blit(plain, (0, 0))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    light = silhouette(drawing, _RIM)
    for i in range(12):
        a = 2 * math.pi * i / 12
        out.blit(light, (rim + round(math.cos(a) * rim), rim + round(math.sin(a) * rim)))
    out.blit(drawing, (rim, rim))
    return out


def _labelled_dot(label: str, size: int) -> pygame.Surface:
    """An icon without a drawing: a neat token with its letters."""
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    pygame.draw.circle(big, (246, 237, 214), (c, c), c * 0.9)
    pygame.draw.circle(big, (122, 90, 54), (c, c), c * 0.9, max(1, round(size * k / 22)))
    out = pygame.transform.smoothscale(big, (size, size))
    if not pygame.font.get_init():
        pygame.font.init()
    text = fonts.load(fonts.Face.BOLD, max(8, size * 0.62)).render(label, True, INK)
    out.blit(text, text.get_rect(center=(size / 2, size / 2 + size * 0.03)))
    return out


def free_spot(anchor: Point, shape: Polygon, taken: list[Point],
              spots: Sequence[Point] | None = None) -> Point:
    """A place for an icon: near the anchor, inside the shape and clear of other icons if
    possible (``spots``: absolute candidates instead of offsets around the anchor)."""
    ax, ay = anchor
    cands = list(spots) if spots is not None else [(ax + dx, ay + dy) for dx, dy in _AROUND]
    cands = [(min(0.88, max(0.12, x)), min(0.88, max(0.12, y))) for x, y in cands]

    def clear(p: Point) -> bool:
        return all(math.dist(p, q) > 0.19 for q in taken)

    for ok in (lambda p: clear(p) and point_in_polygon(p, shape), clear, lambda p: True):
        for p in cands:
            if ok(p):
                return p
    return cands[0]
