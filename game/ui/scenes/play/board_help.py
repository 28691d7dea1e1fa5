"""The legend of the board help (F, or the fields' button): what its colours and its crossed
cells mean, on a small plate over the board's bottom left corner, above the toolbar."""

from __future__ import annotations

import colorsys

import pygame

from game.words.i18n import _
from game.words.vocabulary import background_kind, kind_word

from ... import palette as pal
from ...widgets import fit_line, panel
from .frame import Frame

SIZES = (17, 16, 15)  # the legend's text, smaller where the board is narrow
SWATCHES = 3  # coloured squares standing for the fields' colours


def legend_lines(frame: Frame) -> tuple[str, str]:
    """The two lines: the fields' colours, the crossed-out cells."""
    tileset = frame.game.tileset
    field = kind_word(tileset, background_kind(tileset), 1)
    return (_("One colour per {field}").format(field=field),
            _("No tile still to come fits here"))


def draw_legend(surface: pygame.Surface, frame: Frame, bottom: int) -> pygame.Rect:
    """The legend with its bottom at ``bottom``, from the toolbar's left edge; its box."""
    res, lay = frame.res, frame.layout
    px = res.px
    mark = px(22)  # each line's sign: colour swatches, or a crossed-out cell
    signs = mark * SWATCHES // 2 + mark // 2
    room = lay.board.right - lay.toolbar.x - px(24) - signs - px(28)
    size = SIZES[-1]
    texts: list[str] = []
    for size in SIZES:  # the largest size at which both lines fit whole
        texts = [fit_line(res, line, (size,), room)[0] for line in legend_lines(frame)]
        if texts == list(legend_lines(frame)):
            break
    images = [res.text(text, size, pal.TEXT) for text in texts]
    step = max(mark, res.font(size).get_linesize()) + px(6)
    width = signs + px(10) + max(img.get_width() for img in images)
    rect = pygame.Rect(0, 0, width + px(24), step * len(images) + px(12))
    rect.bottomleft = (lay.toolbar.x, bottom)
    panel(surface, rect, colour=pal.FIELD_BG, radius=px(10))
    x, y = rect.x + px(12), rect.y + px(6)
    for i in range(SWATCHES):  # hues as the board help picks them, one apart per field
        r, g, b = colorsys.hsv_to_rgb((i * 0.618034) % 1.0, 0.75, 1.0)
        square = pygame.Rect(x + i * mark // 2, y + (step - mark) // 2, mark, mark)
        pygame.draw.rect(surface, (int(r * 200), int(g * 200), int(b * 200)), square,
                         border_radius=px(4))
        pygame.draw.rect(surface, pal.PANEL_EDGE, square, width=1, border_radius=px(4))
    dead = frame.view.dead_mark(mark + px(6))
    surface.blit(dead, (x - px(3), y + step + (step - dead.get_height()) // 2))
    for i, img in enumerate(images):
        surface.blit(img, (x + signs + px(10), y + step * i + (step - img.get_height()) // 2))
    return rect
