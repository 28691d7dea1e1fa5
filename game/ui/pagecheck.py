"""The rules of a rules page that only drawing it tells (docs/adding-a-game.md, "The rules a
game meets"): every line fits the narrowest window's page, and a figure's points cover no
icon of its picture (a reader counting the animals around a stable sees every one).  What
``python -m game.tileset check`` adds to ``game.words.gamecheck``'s rules, headless."""

from __future__ import annotations

import os
from dataclasses import replace

import pygame

from game.rules import TileSet
from game.words.gamecheck import Finding
from game.words.pictures import picture_problems
from game.words.rulespages import Page, Picture, cut

from .pages import PageRenderer
from .picture import MAX_TILE, draw_picture
from .resources import Resources
from .scenes.help import help_layout
from .window import MIN_SIZE

PICTURE_WIDTH = 400  # px a picture is drawn at to find what its points cover


def narrowest_page(res: Resources) -> int:
    """How wide a page is laid out in the smallest window."""
    return help_layout(MIN_SIZE, res.px)[2].w


def window_findings(page: Page, tileset: TileSet, res: Resources) -> list[Finding]:
    """What of the page does not fit the narrowest window, and the pictures whose points
    cover one of their icons."""
    width = narrowest_page(res)
    rendered = PageRenderer(res).render(page, tileset, width)
    found = [Finding(page.path, line, f"'{cut(text)}' is wider than the page of the "
                                      f"smallest window: a shorter word or line")
             for line, text in zip(rendered.overflow_lines, rendered.overflow, strict=True)]
    for picture in page.pictures():
        if not picture.problem and not picture_problems(picture, tileset):
            found += [Finding(page.path, picture.line, problem)
                      for problem in covered_icons(picture, tileset, res)]
    return found


def covered_icons(picture: Picture, tileset: TileSet, res: Resources) -> list[str]:
    """The icons a figure's points cover in the picture (its tiles as they are drawn
    without the points)."""
    bare = replace(picture, tiles=tuple(
        replace(pt, figures=tuple(replace(f, label="") for f in pt.figures))
        for pt in picture.tiles))
    shown = draw_picture(picture, tileset, res, PICTURE_WIDTH)
    plain = draw_picture(bare, tileset, res, PICTURE_WIDTH)
    columns = len({pt.cell[0] for pt in picture.tiles})
    size = max(res.px(24), min(res.px(MAX_TILE), (PICTURE_WIDTH - 2 * res.px(4)) // columns))
    low = (min(pt.cell[0] for pt in picture.tiles), min(pt.cell[1] for pt in picture.tiles))
    tiles = {t.id: t for t in tileset.tiles}
    art = res.tile_art(tileset)
    problems: list[str] = []
    for pt in picture.tiles:
        tile = tiles[pt.tile]
        for name, (x, y) in art.icon_spots(tile, tile.rotations[pt.rotation]):
            at = (res.px(4) + round((pt.cell[0] - low[0] + x) * size),
                  res.px(4) + round((pt.cell[1] - low[1] + y) * size))
            if shown.get_at(at) != plain.get_at(at):
                problems.append(f"a figure's points cover the {name} of tile {pt.tile} at "
                                f"{pt.cell[0]},{pt.cell[1]}: move the figure or the tiles")
    return problems


def start_headless() -> None:
    """pygame ready to draw off screen (fonts, images), with no window."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
