"""The chances chart: each player's chance to win after every turn, as the review read them
(``game.review.chances``), a line in their colour with their mark at its end; turns along
the bottom on the same scale as the score chart beside it, 0 to 100% up the side.  The
turning points (the turns that swung the chances most) stand out as numbered flags: a click
on one goes to that turn; in the history the turn shown is marked by a line."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.review import Review, moves_key
from game.review.chances import Chance
from game.rules import Action
from game.view.score_chart import axis_steps
from game.words.i18n import _

from . import palette as pal
from .resources import Resources
from .score_chart import LABEL

Colour = tuple[int, int, int]
Point = tuple[int, int]
FLAG = 11  # the turning points' flags: their radius, px at scale 1
INK: Colour = (40, 30, 22)


def chart_title() -> str:
    return _("Chances to win")


def _percent(share: float) -> str:
    """"50%" (a space before it in French)."""
    return _("{percent}%").format(percent=round(share * 100))


def review_chances(review: Review | None, moves: Sequence[Action]) -> list[Chance]:
    """The chances of ``review`` if it is of these moves (as far as it went), else none."""
    if review is None or review.moves > len(moves) \
            or review.key != moves_key(moves[:review.moves]):
        return []
    return review.chances


class ChanceChart:
    """A chart drawn in a box; remembers where its plot and flags went (for a click)."""

    def __init__(self) -> None:
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.turns = 0
        self.flags: list[tuple[pygame.Rect, int]] = []  # each turning point's flag, its turn

    def turn_at(self, x: int) -> int:
        """The turn nearest the screen column ``x`` of the last chart drawn."""
        if self.plot.w <= 0:
            return 0
        return max(0, min(self.turns, round((x - self.plot.x) / self.plot.w * self.turns)))

    def flag_at(self, pos: tuple[int, int]) -> int | None:
        """The turning point whose flag is at ``pos``, if one is."""
        return next((turn for rect, turn in self.flags if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, res: Resources, box: pygame.Rect,
             chances: Sequence[Chance], turns: int, colours: Sequence[Colour],
             turning: Sequence[int] = (), shown: int | None = None) -> None:
        """The chart in ``box`` (on whatever is there: the caller draws the panel), over
        ``turns`` turns; ``turning``: the turning points, flagged; ``shown``: the turn the
        history shows, marked by a line."""
        px = res.px
        self.turns = max(1, turns)
        self.flags = []
        font_h = res.font(LABEL).get_height()
        label_w = res.font(LABEL).size(_percent(1.0))[0]
        flag = max(6, px(FLAG))
        plot = pygame.Rect(box.x + label_w + px(10), box.y + flag * 2 + px(4),
                           box.w - label_w - px(18), box.h - flag * 2 - font_h - px(14))
        if plot.w < px(40) or plot.h < px(30) or not chances:
            self.plot = pygame.Rect(0, 0, 0, 0)
            return
        self.plot = plot

        def at(turn: int, chance: float) -> Point:
            return (plot.x + round(plot.w * turn / self.turns),
                    plot.bottom - round(plot.h * chance))

        self._axes(surface, res, plot)
        by_turn = {c.turn: c for c in chances}
        for turn in turning:
            if turn in by_turn:
                x = at(turn, 0.0)[0]
                pygame.draw.line(surface, pal.HIGHLIGHT, (x, plot.y), (x, plot.bottom), px(2))
        if shown is not None:  # over a turning point's line when it is the one shown
            x = at(shown, 0.0)[0]
            pygame.draw.line(surface, pal.TEXT, (x, plot.y - px(2)), (x, plot.bottom), px(2))
        radius = max(3, px(5))
        for player, colour in enumerate(colours):
            points = [at(c.turn, c.chances[player]) for c in chances
                      if player < len(c.chances)]
            if len(points) > 1:
                pygame.draw.lines(surface, pal.SHADOW, False, points, px(5))
                pygame.draw.lines(surface, colour, False, points, px(3))
            if points:
                mark = res.figures.mark(colour, radius)
                surface.blit(mark, mark.get_rect(center=points[-1]))
        flagged = [t for t in turning if t in by_turn]
        lines = [at(turn, 0.0)[0] for turn in flagged]
        y = plot.y - flag - px(2)
        for number, (turn, line, x) in enumerate(zip(flagged, lines, _apart(
                lines, flag * 2 + px(4), box.x + flag, box.right - flag), strict=True)):
            if x != line:  # moved aside from a flag beside it: tied to its line
                pygame.draw.line(surface, pal.HIGHLIGHT, (x, y), (line, plot.y), px(2))
            self._flag(surface, res, (x, y), flag, number + 1, turn)

    def _flag(self, surface: pygame.Surface, res: Resources, centre: Point, radius: int,
              number: int, turn: int) -> None:
        """A turning point's flag: a golden disc with its number, over its turn."""
        pygame.draw.circle(surface, pal.HIGHLIGHT, centre, radius)
        pygame.draw.circle(surface, INK, centre, radius, max(1, radius // 5))
        label = res.text(str(number), max(10, round(LABEL * 0.9)), INK, bold=True)
        surface.blit(label, label.get_rect(center=centre))
        rect = pygame.Rect(0, 0, radius * 2 + res.px(8), radius * 2 + res.px(8))
        rect.center = centre
        self.flags.append((rect, turn))

    def _axes(self, surface: pygame.Surface, res: Resources, plot: pygame.Rect) -> None:
        px = res.px
        for share in (0.0, 0.5, 1.0):
            y = plot.bottom - round(plot.h * share)
            if share == 0.5:
                pygame.draw.line(surface, pal.CURRENT_ROW, (plot.x, y), (plot.right, y), 1)
            label = res.text(_percent(share), LABEL, pal.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(plot.x - px(5), y)))
        font = res.font(LABEL)
        widest = font.size(str(self.turns))[0] + px(12)
        step = axis_steps(self.turns, max(1, min(10, plot.w // max(1, widest))))
        for turn in range(step, self.turns + 1, step):
            x = plot.x + round(plot.w * turn / self.turns)
            pygame.draw.line(surface, pal.TEXT_DIM, (x, plot.bottom), (x, plot.bottom + px(4)), 1)
            label = res.text(str(turn), LABEL, pal.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(x, plot.bottom + px(5))))
        pygame.draw.line(surface, pal.TEXT_DIM, plot.bottomleft, plot.bottomright, px(2))
        pygame.draw.line(surface, pal.TEXT_DIM, plot.topleft, plot.bottomleft, px(2))


def _apart(xs: Sequence[int], gap: int, low: int, high: int) -> list[int]:
    """Positions as near ``xs`` (in order) as they may be while ``gap`` apart and between
    ``low`` and ``high``: flags that would overlap are moved aside."""
    out: list[int] = []
    for x in xs:
        out.append(max(x, low, out[-1] + gap) if out else max(x, low))
    for i in range(len(out) - 1, -1, -1):  # those pushed past the end, back from it
        limit = high if i == len(out) - 1 else out[i + 1] - gap
        out[i] = min(out[i], limit)
    return out
