"""The tray's tiles: every tile of the current player's hand, drawn as a tile.

With one tile in hand the tray shows it large; with several (the tactical variant holds
three) they stand side by side, numbered: the player handles any of them by dragging it,
with the keys 1, 2, 3... or by cycling with Tab, and the lit cells are those of the tile
being handled.  A game with hands of several tiles hides them (the rulebook's hand is
private): a computer's hand is shown face down, and so is a player's while the "pass the
mouse" screen waits for them.  While others play, the one person at the window sees their
own hand instead, dimmed (``draw_waiting``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules import Game, Phase

from ... import palette as pal
from ...art.tiles import TileArt
from ...resources import Resources
from ...widgets import blit_centred

GAP = 0.075  # between two tiles of a hand, as a share of the tray's tile place
NUMBERS = 0.24  # the height of the tiles' numbers under a hand of several, in the same share


def hides_hands(game: Game) -> bool:
    """Whether the game deals hands of more than one tile (which are then private)."""
    return game.hand_size > 1


class HandTray:
    """Which tile of the hand is being handled, where each tile of the hand stands."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.selected = 0
        self.face_down = False  # the hand is hidden (until its player shows up)

    def tiles(self) -> list[str]:
        """The tiles shown: a granted tile alone, else the whole hand."""
        game = self.game
        if game.phase is Phase.PLACE and game.extra_tile is not None:
            return [game.extra_tile]
        return list(game.hand)

    def handled(self) -> str | None:
        """The tile being handled now (None when no tile is to be placed)."""
        if self.game.phase is not Phase.PLACE:
            return None
        tiles = self.tiles()
        return tiles[min(self.selected, len(tiles) - 1)] if tiles else None

    def select(self, index: int) -> bool:
        """Handle the tile at ``index``; False when there is none there."""
        if self.game.phase is not Phase.PLACE or not 0 <= index < len(self.tiles()):
            return False
        self.selected = index
        return True

    def cycle(self, step: int) -> bool:
        n = len(self.tiles())
        return n > 1 and self.select((min(self.selected, n - 1) + step) % n)

    def reset(self) -> None:
        self.selected = 0

    def slots(self, tray_tile: pygame.Rect, tray: pygame.Rect) -> list[pygame.Rect]:
        """Where each shown tile stands."""
        return hand_slots(len(self.tiles()), tray_tile, tray)

    def slot_at(self, pos: tuple[int, int], tray_tile: pygame.Rect, tray: pygame.Rect
                ) -> int | None:
        return next((i for i, r in enumerate(self.slots(tray_tile, tray)) if r.collidepoint(pos)),
                    None)

    def draw(self, surface: pygame.Surface, res: Resources, art: TileArt,
             tray_tile: pygame.Rect, tray: pygame.Rect, rotation: int, dragged: bool,
             hover: tuple[int, int] | None) -> None:
        """The hand: the handled tile turned as the player turned it (left out while it is
        dragged), the others dimmed once the turn's tile is down; numbers under a hand of
        several; tile backs when the hand is hidden."""
        game = self.game
        px = res.px
        tiles = self.tiles()
        slots = self.slots(tray_tile, tray)
        handled = self.selected if game.phase is Phase.PLACE else None
        for i, (tid, rect) in enumerate(zip(tiles, slots, strict=True)):
            if self.face_down:
                surface.blit(art.back(rect.w), rect)
                continue
            if i == handled and dragged:
                pygame.draw.rect(surface, pal.PANEL_EDGE, rect, width=px(2),
                                 border_radius=px(6))
                continue
            img = art.tile(game.tile_types[tid], rotation if i == handled else 0, rect.w)
            if game.phase is not Phase.PLACE:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, rect)
            if i == handled and len(tiles) > 1:
                pygame.draw.rect(surface, pal.HIGHLIGHT, rect.inflate(px(8), px(8)),
                                 width=px(3), border_radius=px(5))
            elif hover is not None and rect.collidepoint(hover) and game.phase is Phase.PLACE:
                pygame.draw.rect(surface, pal.HIGHLIGHT, rect.inflate(px(6), px(6)),
                                 width=px(2), border_radius=px(4))
        if len(tiles) > 1 and not self.face_down:
            for i, rect in enumerate(slots):
                colour = pal.TEXT if i == handled else pal.TEXT_DIM
                blit_centred(surface, res.text(str(i + 1), 18, colour, bold=i == handled),
                             (rect.centerx, rect.bottom + px(13)))

    def draw_waiting(self, surface: pygame.Surface, res: Resources, art: TileArt,
                     tray_tile: pygame.Rect, tray: pygame.Rect, tiles: Sequence[str]) -> None:
        """A hand waiting for its player's turn (the person's own, while others play): its
        tiles unturned and dimmed, numbered as they will be on that turn."""
        if not tiles:
            pygame.draw.rect(surface, pal.PANEL_EDGE, tray_tile, width=res.px(2),
                             border_radius=res.px(6))
            return
        slots = hand_slots(len(tiles), tray_tile, tray)
        for i, (tid, rect) in enumerate(zip(tiles, slots, strict=True)):
            img = art.tile(self.game.tile_types[tid], 0, rect.w).copy()
            img.set_alpha(150)
            surface.blit(img, rect)
            if len(tiles) > 1:
                blit_centred(surface, res.text(str(i + 1), 18, pal.TEXT_DIM),
                             (rect.centerx, rect.bottom + res.px(13)))


def hand_slots(n: int, tray_tile: pygame.Rect, tray: pygame.Rect) -> list[pygame.Rect]:
    """Where each of ``n`` tiles of a hand stands: the tray's tile place for one, a row
    across the tray for several."""
    if n <= 1:
        return [tray_tile.copy()]
    gap = round(tray_tile.w * GAP)
    numbers = round(tray_tile.h * NUMBERS)  # under the tiles, above the figures' row
    size = min(tray_tile.h - numbers, (tray.w - 2 * gap - gap * n) // n)
    left = tray.centerx - (n * size + (n - 1) * gap) // 2
    top = tray_tile.y + (tray_tile.h - numbers - size) // 2
    return [pygame.Rect(left + i * (size + gap), top, size, size) for i in range(n)]
