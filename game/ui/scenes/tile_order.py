"""Tile draws, over the set-up screen: a seed to type (empty: a random one) and tiles to draw
first, in order, named as the pictures under the fields name them.  OK checks both against
the game chosen and refuses, in one sentence naming the word at fault, what the draw pile
cannot deal; the set-up keeps the text and checks it again when the game starts (its game
or expansions may change in between)."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.rules import TileSet
from game.rules.tile_order import OrderError, pile_counts, read_order
from game.words.i18n import _
from game.words.tile_order import order_refusal, read_seed

from .. import palette as pal
from ..app import App
from ..intents import Command, Intent
from ..resources import Resources
from ..widgets import (
    Button,
    TextField,
    blit_centred,
    fit_text,
    panel,
    wrap_text,
)
from .form import FormScene
from .menus import dim

SEED_CHARS = 19  # the longest seed a save keeps
ORDER_CHARS = 600  # more than any draw pile's names need
LARGEST, SMALLEST = 72, 36  # a tile's picture in the list, at 100 %
LABEL_H = 18

Chosen = Callable[[int | None, str], None]  # the seed (None: random) and the order typed


class TileOrderScene(FormScene):
    overlay = True

    def __init__(self, app: App, tileset: TileSet | None, seed: int | None, order: str,
                 chosen: Chosen) -> None:
        super().__init__(app)
        self.tileset = tileset
        self.chosen = chosen
        self.seed_field = TextField(pygame.Rect(0, 0, 10, 10),
                                    "" if seed is None else str(seed), max_len=SEED_CHARS,
                                    placeholder=_("Random"))
        self.order_field = TextField(pygame.Rect(0, 0, 10, 10), order, max_len=ORDER_CHARS,
                                     placeholder=_("Tiles to draw first, e.g. {example}").format(
                                         example=self._example()))
        self.fields = [self.seed_field, self.order_field]
        self.buttons: list[Button] = []
        self.problem = ""  # why OK was refused, in one sentence
        self.rect = pygame.Rect(0, 0, 900, 600)
        self.tiles_area = pygame.Rect(0, 0, 0, 0)

    def _tiles(self) -> list[tuple[str, int]]:
        """The tiles the order may name, with how many of each the draw pile holds."""
        if self.tileset is None:
            return []
        held = pile_counts(self.tileset)
        return [(t.id, held[t.id]) for t in self.tileset.tiles if held[t.id] > 0]

    def _example(self) -> str:
        return ", ".join(tid for tid, _n in self._tiles()[:3]) or "A, B, C"

    # -- layout
    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        w, h = size
        self.rect = pygame.Rect(0, 0, min(px(900), w - px(40)), min(px(620), h - px(40)))
        self.rect.center = (w // 2, h // 2)
        r = self.rect
        left, inner = r.x + px(30), r.w - px(60)
        self.seed_field.rect = pygame.Rect(left + px(150), r.y + px(112), px(240), px(44))
        self.order_field.rect = pygame.Rect(left + px(150), r.y + px(166), inner - px(150),
                                            px(44))
        bottom = r.bottom - px(70)
        self.buttons = [
            Button(pygame.Rect(left, bottom, px(150), px(50)), _("Cancel"), self.app.pop),
            Button(pygame.Rect(left + px(162), bottom, px(150), px(50)), _("Clear"),
                   self.clear),
            Button(pygame.Rect(r.right - px(30 + 180), bottom, px(180), px(50)), _("OK"),
                   self.accept, primary=True)]
        self.tiles_area = pygame.Rect(left, r.y + px(270), inner, bottom - px(12)
                                      - (r.y + px(270)))

    # -- actions
    def clear(self) -> None:
        self.seed_field.text = ""
        self.order_field.text = ""
        self.problem = ""

    def accept(self) -> None:
        """Both fields checked; the set-up gets them, or the problem shows under them."""
        try:
            seed = read_seed(self.seed_field.text)
            if self.tileset is not None:
                read_order(self.tileset, self.order_field.text)
        except OrderError as exc:
            self.problem = order_refusal(exc)
            return
        except ValueError as exc:
            self.problem = str(exc)
            return
        self.app.pop()
        self.chosen(seed, " ".join(self.order_field.text.split()))

    # -- events
    def handle(self, intent: Intent) -> None:
        if self.fields_took(intent):
            if intent is Command.CONFIRM:  # Enter in a field: as OK
                self.accept()
            return
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()
        elif intent is Command.CONFIRM:
            self.accept()

    # -- drawing
    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        px = res.px
        r = self.rect
        panel(surface, r, radius=px(16), alpha=255)
        blit_centred(surface, res.text(_("Seed and tile order"), 34, pal.TEXT, bold=True),
                     (r.centerx, r.y + px(36)))
        note = fit_text(res, _("For games on this computer: a network table always deals "
                               "its tiles at random."), 17, r.w - px(60))
        blit_centred(surface, res.text(note, 17, pal.TEXT_DIM), (r.centerx, r.y + px(74)))
        for field, label in ((self.seed_field, _("Seed")),
                             (self.order_field, _("Drawn first"))):
            shown = fit_text(res, label, 20, px(140), bold=True)
            img = res.text(shown, 20, pal.TEXT, bold=True)
            surface.blit(img, img.get_rect(midleft=(r.x + px(30), field.rect.centery)))
            field.draw(surface, res)
        if self.problem:
            for i, line in enumerate(wrap_text(res, self.problem, 18, r.w - px(60))[:2]):
                surface.blit(res.text(line, 18, pal.ILLEGAL),
                             (r.x + px(30), r.y + px(220 + 21 * i)))
        else:
            hint = wrap_text(res, _("Names apart by spaces or commas, in any case; the seed "
                                    "shuffles the rest of the pile."), 16, r.w - px(60))[:1]
            for line in hint:
                surface.blit(res.text(line, 16, pal.TEXT_DIM), (r.x + px(30), r.y + px(222)))
        self._draw_tiles(surface)
        for b in self.buttons:
            b.draw(surface, res)

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        """Every tile the order may name: its picture, its name and how many the pile holds,
        as large as the area allows."""
        if self.tileset is None:
            return
        res = self.app.res
        px = res.px
        area = self.tiles_area
        heading = res.text(_("The tiles and their names"), 18, pal.TEXT_DIM, bold=True)
        surface.blit(heading, area.topleft)
        tiles = self._tiles()
        top = area.y + heading.get_height() + px(6)
        room = area.bottom - top
        label_h = px(LABEL_H)
        cell = px(LARGEST)
        while True:
            cols = max(1, area.w // cell)
            rows = math.ceil(len(tiles) / cols)
            if rows * (cell + label_h) <= room or cell <= px(SMALLEST):
                break
            cell -= px(2)
        shown_rows = max(0, room // (cell + label_h))
        art = res.tile_art(self.tileset)
        types = {t.id: t for t in self.tileset.tiles}
        inset = px(6)
        for i, (tid, count) in enumerate(tiles[:shown_rows * cols]):
            x = area.x + (i % cols) * cell
            y = top + (i // cols) * (cell + label_h)
            surface.blit(art.tile(types[tid], 0, cell - inset), (x, y))
            label, size = _label(res, tid, count, cell - px(2))
            blit_centred(surface, res.text(label, size, pal.TEXT, bold=True),
                         (x + (cell - inset) // 2, y + cell - inset + label_h // 2 + 1))


def _label(res: Resources, tid: str, count: int, width: int) -> tuple[str, int]:
    """A tile's name with how many the pile holds, in ``width`` px; where tiles are small
    (a game of many tiles, a small window), the name alone: it is what players type, and
    a refusal says how many the pile holds."""
    for text in (f"{tid} ×{count}", tid):
        for size in (15, 13):
            if res.font(size, True).size(text)[0] <= width:
                return text, size
    return fit_text(res, tid, 13, width, bold=True), 13
