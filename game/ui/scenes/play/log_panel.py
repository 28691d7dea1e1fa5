"""The turn log in the sidebar: the rules' state lines on top, then the log's entries,
wrapped in the panel's width, newest at the bottom.

It scrolls (the wheel over it, or its bar dragged or clicked) and follows the newest entry
unless the player scrolled back: then it stays where the player put it, however many lines
come, and a "Newest" marker at its foot brings it back down (so does scrolling to the
bottom).  In the history, it shows the turn shown (its lines lit) near its foot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.words.i18n import _

from ... import palette as pal
from ...hud import LOG_MIN_H
from ...intents import Intent, PointerDown, PointerMove, PointerUp, Wheel
from ...palette import Colour
from ...resources import Resources
from ...widgets import blit_centred, panel, wrap_text

STATE_SIZE = 16  # the rules' state lines
STATE_STEP = 18
TITLE_SIZE = 20
TITLE_H = 24
LINE_SIZE = 17  # the log's lines
LINE_STEP = 19
ENTRY_GAP = 3  # between two entries
WHEEL_LINES = 3  # lines a step of the wheel scrolls
BAR_W = 6
MIN_THUMB = 24
TITLE_FROM = 4  # the log's title shows when its area holds this many lines besides
MARKER_H = 26  # the "Newest" marker's row, under the entries while the log is scrolled back


@dataclass(frozen=True)
class LogLine:
    text: str
    dot: Colour | None = None  # the player it is about
    bold: bool = False
    marked: bool = False  # lit (the turn shown in the history)


@dataclass
class _Drawn:
    """Where the last frame put the log's parts, for the pointer."""

    area: pygame.Rect  # the entries' area (clipped)
    content: int  # the height of every entry, wrapped
    track: pygame.Rect  # the bar's track (empty when all entries fit)
    thumb: pygame.Rect
    newest: pygame.Rect  # the "Newest" marker (empty when following)


class LogPanel:
    def __init__(self) -> None:
        self.top = 0  # px scrolled from the first entry
        self.following = True  # the newest entry stays in view
        self._grab: int | None = None  # where the thumb was grabbed, while its bar is dragged
        self._marked: tuple[int, ...] = ()
        self._drawn = _Drawn(pygame.Rect(0, 0, 0, 0), 0, pygame.Rect(0, 0, 0, 0),
                             pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self._rows: dict[tuple[str, bool, int, float], list[str]] = {}
        self._step = LINE_STEP  # a line's height at the interface size last drawn

    # ------------------------------------------------------------------ scrolling
    def _most(self) -> int:
        return max(0, self._drawn.content - self._drawn.area.h)

    def scroll_to(self, top: int) -> None:
        """Scroll so that ``top`` px of the entries lie above the view; at the bottom the
        log follows the newest entry again."""
        self.top = max(0, min(top, self._most()))
        self.following = self.top >= self._most()

    def newest(self) -> None:
        self.following = True
        self.top = self._most()

    def handle(self, intent: Intent, rect: pygame.Rect) -> bool:
        """The wheel over the log, a press on it (its bar, its "Newest" marker) and the drag
        of its bar; True when the intent was the log's."""
        drawn = self._drawn
        if not rect.h:
            self._grab = None
            return False
        if isinstance(intent, Wheel) and rect.collidepoint(intent.pos):
            self.scroll_to(self.top - intent.steps * WHEEL_LINES * self._step)
            return True
        if isinstance(intent, PointerDown) and rect.collidepoint(intent.pos):
            if intent.button != 1:
                return True
            if drawn.newest.collidepoint(intent.pos):
                self.newest()
            elif drawn.thumb.collidepoint(intent.pos):
                self._grab = intent.pos[1] - drawn.thumb.y
            elif drawn.track.inflate(self._step, 0).collidepoint(intent.pos):
                page = drawn.area.h - self._step
                self.scroll_to(self.top + (page if intent.pos[1] > drawn.thumb.y else -page))
            return True
        if self._grab is not None:
            if isinstance(intent, PointerMove):
                travel = drawn.track.h - drawn.thumb.h
                if travel > 0:
                    y = intent.pos[1] - self._grab - drawn.track.y
                    self.scroll_to(round(y / travel * self._most()))
                return True
            if isinstance(intent, PointerUp) and intent.button == 1:
                self._grab = None
                return True
        return False

    @property
    def dragging(self) -> bool:
        return self._grab is not None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, res: Resources, lines: Sequence[LogLine],
             rect: pygame.Rect, info: Sequence[str] = (), title: str | None = None,
             foot: int = 0) -> None:
        """The state lines (``info``) and the log's ``lines`` in ``rect``, under ``title``
        (the turn log's by default), ``foot`` px at its foot left free (a chat's field)."""
        px = res.px
        self._step = px(LINE_STEP)
        if rect.h < px(LOG_MIN_H):  # no room at this window size (see Layout.compute)
            return
        panel(surface, rect)
        text_x = rect.x + px(14)
        top = rect.y + px(8)
        for state in info:
            for row in wrap_text(res, state, STATE_SIZE, rect.right - px(14) - text_x, True):
                surface.blit(res.text(row, STATE_SIZE, pal.TEXT, bold=True), (text_x, top))
                top += px(STATE_STEP)
        if info:
            top += px(6)
            pygame.draw.line(surface, pal.PANEL_EDGE, (rect.x + px(10), top - px(4)),
                             (rect.right - px(10), top - px(4)))
        if rect.bottom - px(8) - top >= px(TITLE_H + TITLE_FROM * LINE_STEP):
            surface.blit(res.text(_("Turn log") if title is None else title, TITLE_SIZE,
                                  pal.TEXT_DIM, bold=True), (text_x, top))
            top += px(TITLE_H)
        area = pygame.Rect(rect.x + px(4), top, rect.w - px(8),
                           rect.bottom - px(8) - foot - top)
        if area.h <= 0:
            return
        self._draw_entries(surface, res, lines, area)

    def _draw_entries(self, surface: pygame.Surface, res: Resources,
                      lines: Sequence[LogLine], area: pygame.Rect) -> None:
        px = res.px
        text_x = area.x + px(22)
        width = area.right - px(12) - text_x
        rows = [self._wrapped(res, line, width) for line in lines]
        heights = [px(LINE_STEP) * len(r) + px(ENTRY_GAP) for r in rows]
        content = sum(heights)
        bar = area.copy()
        # the turn shown in the history scrolls the log back: the marker's room is kept
        # in the same frame, so that a window at rest never shows it over the last line
        self._follow_marks(lines, heights, area.h - px(MARKER_H))
        if not self.following and content > area.h:  # room for the way back to the newest
            area = area.inflate(0, -px(MARKER_H)).move(0, -px(MARKER_H) // 2)
        self._drawn.area, self._drawn.content = area, content
        if self.following:
            self.top = self._most()
        self.top = max(0, min(self.top, self._most()))
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip) if clip else area)
        y = area.y - self.top
        for line, wrapped, height in zip(lines, rows, heights, strict=True):
            if y + height > area.y and y < area.bottom:
                self._draw_entry(surface, res, line, wrapped, area, y, height, text_x)
            y += height
        surface.set_clip(clip)
        self._draw_bar(surface, res, bar, content)

    def _draw_entry(self, surface: pygame.Surface, res: Resources, line: LogLine,
                    wrapped: list[str], area: pygame.Rect, y: int, height: int,
                    text_x: int) -> None:
        px = res.px
        step = px(LINE_STEP)
        if y < area.y or y + step > area.bottom:
            return  # an entry shows from its first line, whole lines only
        if line.marked:
            band = pygame.Rect(area.x + px(2), y - px(1), area.w - px(14), height)
            pygame.draw.rect(surface, pal.CURRENT_ROW, band, border_radius=px(5))
            pygame.draw.rect(surface, pal.PANEL_EDGE, band, width=px(1), border_radius=px(5))
        if line.dot is not None:
            blit_centred(surface, res.figures.mark(line.dot, px(5)),
                         (area.x + px(12), y + step // 2))
        for k, row in enumerate(wrapped):
            row_y = y + step * k
            if row_y + step <= area.bottom:
                surface.blit(res.text(row, LINE_SIZE, pal.TEXT, bold=line.bold),
                             (text_x, row_y + px(1)))

    def _draw_bar(self, surface: pygame.Surface, res: Resources, area: pygame.Rect,
                  content: int) -> None:
        """The bar, when the entries do not all fit, and the way back to the newest."""
        px = res.px
        drawn = self._drawn
        empty = pygame.Rect(0, 0, 0, 0)
        if content <= area.h:
            drawn.track, drawn.thumb, drawn.newest = empty, empty, empty
            return
        track = pygame.Rect(area.right - px(BAR_W + 2), area.y, px(BAR_W), area.h)
        thumb_h = max(px(MIN_THUMB), track.h * area.h // content)
        thumb_y = track.y + round((track.h - thumb_h) * self.top / max(1, self._most()))
        thumb_y = min(thumb_y, track.bottom - thumb_h)
        thumb = pygame.Rect(track.x, thumb_y, track.w, thumb_h)
        pygame.draw.rect(surface, pal.PANEL_EDGE, track, border_radius=px(3))
        pygame.draw.rect(surface, pal.TEXT_DIM, thumb, border_radius=px(3))
        drawn.track, drawn.thumb = track, thumb
        drawn.newest = empty
        if self.following:
            return
        label = res.text(_("Newest"), 15, pal.TEXT_ON_PRIMARY, bold=True)
        marker = pygame.Rect(0, 0, label.get_width() + px(30), label.get_height() + px(8))
        marker.bottomright = (track.x - px(6), area.bottom)
        pygame.draw.rect(surface, pal.PRIMARY, marker, border_radius=marker.h // 2)
        blit_centred(surface, label, (marker.centerx + px(7), marker.centery))
        cx, cy, d = marker.x + px(12), marker.centery, px(4)
        pygame.draw.polygon(surface, pal.TEXT_ON_PRIMARY,
                            [(cx - d, cy - d // 2), (cx + d, cy - d // 2), (cx, cy + d)])
        drawn.newest = marker

    def _wrapped(self, res: Resources, line: LogLine, width: int) -> list[str]:
        key = (line.text, line.bold, width, res.scale)
        rows = self._rows.get(key)
        if rows is None:
            if len(self._rows) > 4000:  # a long game's worth, at a few sizes
                self._rows.clear()
            rows = self._rows[key] = wrap_text(res, line.text, LINE_SIZE, width, line.bold)
        return rows

    def _follow_marks(self, lines: Sequence[LogLine], heights: list[int], view_h: int) -> None:
        """In the history: when the turn shown changes, its last line comes near the foot
        of the view (``view_h`` high, over the "Newest" marker); leaving the history, the
        log follows the newest entry again."""
        marked = tuple(i for i, line in enumerate(lines) if line.marked)
        if marked == self._marked:
            return
        self._marked = marked
        if not marked:
            self.following = True
            return
        first = sum(heights[:marked[0]])
        end = sum(heights[:marked[-1] + 1])
        self.following = False
        # two lines of what came next under the lit entries, when the log has room for
        # them: a short log (the smallest window, with the rules' state lines) shows the lit
        # entries whole, or their end when they do not fit, rather than what followed
        top = min(end + 2 * self._step - view_h, max(first, end - view_h))
        self.top = max(0, top)  # kept within the entries once they are set
