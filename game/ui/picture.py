"""A rules page's picture: a few tiles drawn with the tile set's own art, with figures on
them and the points they score."""

from __future__ import annotations

import pygame

from game.rules import TileSet
from game.rules.looks import figure_sprite
from game.rules.model import ICON_SIZE, TileType
from game.words.pictures import feature_index
from game.words.rulespages import Picture, PictureFigure

from . import palette as pal
from .board_view import draw_tokens
from .resources import Resources
from .widgets import blit_centred

MAX_TILE = 92  # px: a picture's tiles are never larger than this
# Where a figure's points may go, in figure heights from it (right of it when dx > 0, else
# left), nearest first: the first that covers no icon is taken.
LABEL_SPOTS = ((0.42, -0.3), (-0.42, -0.3), (0.42, 0.3), (-0.42, 0.3), (0.9, -0.3),
               (-0.9, -0.3), (0.9, 0.3), (-0.9, 0.3), (0.42, -0.9), (-0.42, -0.9), (0.42, 0.9),
               (-0.42, 0.9), (1.4, 0.0), (-1.4, 0.0))


def draw_picture(picture: Picture, tileset: TileSet, res: Resources,
                 width: int) -> pygame.Surface:
    """The picture at most ``width`` px wide (call ``picture_problems`` first: what it names
    must exist)."""
    xs = [t.cell[0] for t in picture.tiles]
    ys = [t.cell[1] for t in picture.tiles]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    margin = res.px(4)
    size = max(res.px(24), min(res.px(MAX_TILE), (width - 2 * margin) // cols))
    surf = pygame.Surface((cols * size + 2 * margin, rows * size + 2 * margin), pygame.SRCALPHA)
    art = res.tile_art(tileset)
    tiles = {t.id: t for t in tileset.tiles}
    origin = (margin - min(xs) * size, margin - min(ys) * size)
    for pt in picture.tiles:
        x, y = origin[0] + pt.cell[0] * size, origin[1] + pt.cell[1] * size
        surf.blit(art.tile(tiles[pt.tile], pt.rotation, size), (x, y))
    for pt in picture.tiles:
        if pt.new:
            x, y = origin[0] + pt.cell[0] * size, origin[1] + pt.cell[1] * size
            pygame.draw.rect(surf, pal.HIGHLIGHT, (x - 1, y - 1, size + 2, size + 2),
                             width=res.px(3), border_radius=res.px(3))
    icons = [(origin[0] + (pt.cell[0] + x) * size, origin[1] + (pt.cell[1] + y) * size)
             for pt in picture.tiles
             for _name, (x, y) in art.icon_spots(tiles[pt.tile],
                                                 tiles[pt.tile].rotations[pt.rotation])]
    for pt in picture.tiles:
        tile = tiles[pt.tile]
        turned = tile.rotations[pt.rotation]
        for fig in pt.figures:
            index = feature_index(tile, turned, fig.target)
            if index is not None:
                at = turned.anchors[index]
                centre = (origin[0] + (pt.cell[0] + at[0]) * size,
                          origin[1] + (pt.cell[1] + at[1]) * size)
                _figure(surf, res, tileset, tile, index, fig, centre, size, icons)
    return surf


def _figure(surf: pygame.Surface, res: Resources, tileset: TileSet, tile: TileType,
            index: int, fig: PictureFigure, centre: tuple[float, float], size: int,
            icons: list[tuple[float, float]]) -> None:
    """A figure at ``centre``, its tokens and its points' label, the label where it covers
    none of the ``icons`` (the animals a stable counts, say) if it can."""
    rgb = pal.colour_rgb(fig.colour)
    kind = tileset.kinds.get(tile.features[index].kind)
    lying = kind is not None and kind.role == "background"
    height = max(14, round(size * 0.36))
    blit_centred(surf, res.figures.figure(figure_sprite(tileset.looks, fig.kind), rgb, height,
                                          lying=lying), centre)
    if fig.tokens is not None:
        draw_tokens(surf, res, res.tile_art(tileset).icons, centre, size, *fig.tokens)
    if fig.label:
        text = res.board_text(fig.label, max(res.px(16), size // 4), pal.TEXT_ON_PRIMARY,
                              bold=True)
        cx, cy = round(centre[0]), round(centre[1])
        if fig.tokens is not None:  # the tokens take the right: the label goes on top
            spots = [{"midbottom": (cx, round(cy - height * 0.4))}]
        else:  # beside the figure, nearest first: by its head, by its feet, then farther
            spots = [{"midleft" if dx > 0 else "midright":
                      (round(cx + dx * height), round(cy + dy * height))}
                     for dx, dy in LABEL_SPOTS]
        reach = size * ICON_SIZE / 2  # an icon's radius
        pills = []
        for spot in spots:
            pill = text.get_rect(**spot).inflate(res.px(10), res.px(2))
            pill.clamp_ip(surf.get_rect())
            pills.append(pill)

        def covered(pill: pygame.Rect) -> int:
            near = pill.inflate(2 * reach, 2 * reach)
            return sum(near.collidepoint(x, y) for x, y in icons)
        pill = min(pills, key=covered)  # the first of those that cover fewest icons
        pygame.draw.rect(surf, rgb, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surf, pal.SHADOW, pill, width=1, border_radius=pill.h // 2)
        blit_centred(surf, text, pill.center)
