"""The score chart: each player's score over the turns as a line in their colour, with their
mark (colour and pattern, so the lines read without colour) along it; turns along the bottom,
points up the side; in the history a line at the turn shown.  The series is computed
headlessly (``game.view.score_chart``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.view.score_chart import Series, axis_steps, score_range
from game.words.i18n import _

from . import palette as pal
from .resources import Resources

Colour = tuple[int, int, int]
Point = tuple[int, int]
MARKS_PER_LINE = 6  # marks along each line, besides its last point
LABEL = 15  # the axis labels' text size


class ScoreChart:
    """A chart drawn in a box; remembers where its plot went (for a click on a turn)."""

    def __init__(self) -> None:
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.turns = 0

    def turn_at(self, x: int) -> int:
        """The turn nearest the screen column ``x`` of the last chart drawn."""
        if self.plot.w <= 0:
            return 0
        return max(0, min(self.turns, round((x - self.plot.x) / self.plot.w * self.turns)))

    def draw(self, surface: pygame.Surface, res: Resources, box: pygame.Rect, series: Series,
             colours: Sequence[Colour], shown: int | None = None) -> None:
        """The chart in ``box`` (drawn on whatever is there: the caller draws the panel);
        ``shown``: the turn the history shows, marked by a line."""
        px = res.px
        turns = max(1, len(series) - 1)
        self.turns = len(series) - 1
        low, high = score_range(series)
        font_h = res.font(LABEL).get_height()
        step = axis_steps(high - low, max(2, (box.h - font_h * 2) // max(1, font_h * 2)))
        top_label = (high + step - 1) // step * step
        label_w = max(res.font(LABEL).size(str(v))[0] for v in (low, top_label))
        plot = pygame.Rect(box.x + label_w + px(10), box.y + font_h // 2 + px(4),
                           box.w - label_w - px(18), box.h - font_h * 2 - px(14))
        if plot.w < px(40) or plot.h < px(30):
            self.plot = pygame.Rect(0, 0, 0, 0)
            return
        self.plot = plot
        high = max(top_label, high)

        def at(turn: int, points: int) -> Point:
            return (plot.x + round(plot.w * turn / turns),
                    plot.bottom - round(plot.h * (points - low) / max(1, high - low)))

        self._axes(surface, res, plot, low, high, step, turns, at)
        if shown is not None:
            x = at(shown, 0)[0]
            pygame.draw.line(surface, pal.TEXT, (x, plot.y - px(2)), (x, plot.bottom), px(2))
        every = max(1, turns // MARKS_PER_LINE)
        radius = max(3, px(5))
        for player, colour in enumerate(colours):
            points = [at(t, s[player]) for t, s in enumerate(series)]
            if len(points) > 1:
                pygame.draw.lines(surface, pal.SHADOW, False, points, px(5))
                pygame.draw.lines(surface, colour, False, points, px(3))
            # Marks along the line, each player's a little further along (they do not hide
            # each other where lines run together), and at its end.
            offset = player * every // max(1, len(colours))
            marked = {t for t in range(len(points)) if t % every == offset} | {len(points) - 1}
            if shown is not None and shown < len(points):
                marked.add(shown)
            mark = res.figures.mark(colour, radius + (px(2) if shown is not None else 0))
            small = res.figures.mark(colour, radius)
            for t in sorted(marked):
                image = mark if t == shown else small
                surface.blit(image, image.get_rect(center=points[t]))

    @staticmethod
    def _axes(surface: pygame.Surface, res: Resources, plot: pygame.Rect, low: int,
              high: int, step: int, turns: int, at: Callable[[int, int], Point]) -> None:
        px = res.px
        value = (low // step) * step
        while value <= high:
            y = at(0, value)[1]
            pygame.draw.line(surface, pal.CURRENT_ROW, (plot.x, y), (plot.right, y), 1)
            label = res.text(str(value), LABEL, pal.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(plot.x - px(5), y)))
            value += step
        font = res.font(LABEL)
        widest = font.size(str(turns))[0] + px(12)
        turn_step = axis_steps(turns, max(1, min(10, plot.w // max(1, widest))))
        for turn in range(turn_step, turns + 1, turn_step):  # 0 would touch the points
            x = at(turn, low)[0]
            pygame.draw.line(surface, pal.TEXT_DIM, (x, plot.bottom), (x, plot.bottom + px(4)), 1)
            label = res.text(str(turn), LABEL, pal.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(x, plot.bottom + px(5))))
        pygame.draw.line(surface, pal.TEXT_DIM, plot.bottomleft, plot.bottomright, px(2))
        pygame.draw.line(surface, pal.TEXT_DIM, plot.topleft, plot.bottomleft, px(2))


def chart_title() -> str:
    return _("Score over the turns")
