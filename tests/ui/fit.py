"""What a frame drew where, to tell whether every text fits its box.

While ``recording`` is on, every surface the game makes is a ``Canvas`` that remembers what
was blitted on it: the lines of text (each set by ``Resources.line``, with its string and the
game function that asked for it), the boxes (``panel``, a button, a text field), and the
texts cut short (``fit_text`` returning less than it was given).  A canvas blitted on another
carries its marks along, moved and cut by the blit's area and the clip, so a rules page set on
a page of its own and scrolled into the window is checked where the player sees it.

``problems(canvas)`` reads the marks of a whole frame: a text whose ink leaves the window or
the box it starts in, a text hidden in part by a clip that is no scrolling list, two texts
whose ink overlaps, a text cut short where the game could have wrapped it or set it smaller.
Places where cutting is the design (a name a player typed, in a row of fixed height) are
listed in ``CUT_ON_PURPOSE``, each with its reason."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any

import pygame
import pytest

from game.ui import widgets
from game.ui.app import App
from game.ui.resources import Resources
from game.ui.scenes import menus

# Where a text may be cut short with an ellipsis, by the game function that cuts it: text a
# player typed (a name, a save's name), in a row that has room for one line.
CUT_ON_PURPOSE = {
    "hud.fitted_name": "a player's name in the players' row (set smaller first)",
    "saves.LoadScene.draw": "a save's name in its row of the list (set smaller first)",
    "final.FinalScene._draw_sheet": "a player's name in the score sheet's column (set "
                                    "smaller first)",
    "final.FinalScene._draw_bars": "a player's name beside their bar of points (set smaller "
                                   "first; the score sheet above shows it whole)",
    "review_summary.ReviewSummaryScene._tab_label": "a player's name on their tab of the "
                                                    "review's summary (set smaller first)",
    "setup.SetupScene.draw": "a tile set file's own error message, of any length",
    "lobby.LobbyScene._draw_seat": "a player's name in the lobby's seat row (set smaller "
                                   "first)",
}
# Where a text may be partly hidden by the clip: what scrolls (by the game function that set
# the line, or its module): a text field, a rules page and the points on its pictures.
SCROLLED = {"widgets.TextField.draw", "pages", "picture"}
TOLERANCE = 1  # px: antialiasing at a box's edge


@dataclass(frozen=True)
class Text:
    text: str
    ink: pygame.Rect  # the pixels the glyphs cover, on the canvas
    visible: pygame.Rect  # what of them the clip and blit areas leave
    where: str  # module.function of the game that set the line
    order: int  # when it was drawn (later marks cover earlier ones)


@dataclass(frozen=True)
class Box:
    rect: pygame.Rect
    kind: str
    order: int


@dataclass(frozen=True)
class Cut:
    text: str  # what was given
    shown: str  # what fit
    where: str


_order = itertools.count()
_lines: dict[int, tuple[pygame.Surface, str, str]] = {}  # id -> (line, text, where)
cuts: list[Cut] = []


def caller(skip: tuple[str, ...] = ()) -> str:
    """The game function (module.function) nearest on the stack, outside the fonts and the
    recording (and outside the functions of ``skip``)."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        name = f"{module.rsplit('.', 1)[-1]}.{frame.f_code.co_qualname}"
        if module.startswith("game.") and module != "game.ui.resources" \
                and name not in skip and not frame.f_code.co_name.startswith("_recorded"):
            return name
        frame = frame.f_back
    return "?"


class Canvas(pygame.Surface):
    """A surface that remembers the texts and boxes drawn on it."""

    @property
    def marks(self) -> list[Text | Box]:
        found: list[Text | Box] | None = self.__dict__.get("_marks")
        if found is None:
            found = self.__dict__["_marks"] = []
        return found

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        drawn: pygame.Rect = super().blit(source, dest, area, special_flags)
        pos = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0)).topleft
        cut = pygame.Rect(area) if area is not None else pygame.Rect((0, 0), source.get_size())
        offset = (pos[0] - cut.x, pos[1] - cut.y)
        seen = drawn.clip(self.get_clip()) if drawn.w else drawn
        line = _lines.get(id(source))
        if line is not None and line[0] is source:
            ink = source.get_bounding_rect().move(offset)
            if ink.w and ink.h:
                self.marks.append(Text(line[1], ink, ink.clip(seen), line[2], next(_order)))
        elif isinstance(source, Canvas):  # its marks, drawn now
            for mark in sorted(source.marks, key=lambda m: m.order):
                self.marks.append(_moved(mark, offset, seen, cut.move(offset)))
        return drawn

    def box(self, rect: pygame.Rect, kind: str) -> None:
        self.marks.append(Box(pygame.Rect(rect), kind, next(_order)))


def _moved(mark: Text | Box, offset: tuple[int, int], seen: pygame.Rect,
           area: pygame.Rect) -> Text | Box:
    if isinstance(mark, Box):
        return Box(mark.rect.move(offset), mark.kind, next(_order))
    return Text(mark.text, mark.ink.move(offset), mark.visible.move(offset).clip(area).clip(seen),
                mark.where, next(_order))


def _note_box(surface: pygame.Surface, rect: pygame.Rect, kind: str) -> None:
    if isinstance(surface, Canvas):
        surface.box(rect, kind)


def _replace_everywhere(monkeypatch: pytest.MonkeyPatch, original: object,
                        replacement: object) -> None:
    """``replacement`` wherever a game module holds ``original`` under any name."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("game.") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, attr, replacement)


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch, res: Resources) -> Iterator[None]:
    """Every surface made while it lasts remembers what is drawn on it."""
    cuts.clear()
    _lines.clear()
    line: Callable[[pygame.font.Font, str, Any], pygame.Surface] = res.line

    def recorded_line(font: pygame.font.Font, text: str, colour: Any) -> pygame.Surface:
        surface = line(font, text, colour)
        _lines[id(surface)] = (surface, text, caller())
        return surface

    monkeypatch.setattr(res, "line", recorded_line)
    panel = widgets.panel

    def _recorded_panel(surface: pygame.Surface, rect: pygame.Rect, *args: Any,
                        **kwargs: Any) -> None:
        panel(surface, rect, *args, **kwargs)
        _note_box(surface, rect, "panel")

    _replace_everywhere(monkeypatch, panel, _recorded_panel)
    fit_text = widgets.fit_text

    def _recorded_fit(res: Resources, text: str, *args: Any, **kwargs: Any) -> str:
        shown = fit_text(res, text, *args, **kwargs)
        if shown != text:
            cuts.append(Cut(text, shown, caller(("widgets.fit_line", "widgets.fit_lines"))))
        return shown

    _replace_everywhere(monkeypatch, fit_text, _recorded_fit)
    dim = menus.dim

    def _recorded_dim(surface: pygame.Surface, *args: Any, **kwargs: Any) -> None:
        dim(surface, *args, **kwargs)
        _note_box(surface, surface.get_rect(), "veil")  # what lies under it is dimmed

    _replace_everywhere(monkeypatch, dim, _recorded_dim)
    for widget in (widgets.Button, widgets.TextField):
        draw = widget.draw

        def _recorded_draw(self: Any, surface: pygame.Surface, res: Resources,
                           draw: Any = draw, kind: str = widget.__name__) -> None:
            _note_box(surface, self.rect, kind)
            draw(self, surface, res)

        monkeypatch.setattr(widget, "draw", _recorded_draw)
    monkeypatch.setattr(pygame, "Surface", Canvas)
    try:
        yield
    finally:
        _lines.clear()


def window_frame(app: App) -> Canvas:
    """The window as it is now, drawn on a canvas."""
    def draw(surface: pygame.Surface) -> None:
        screen, app.screen = app.screen, surface
        try:
            app.draw()
        finally:
            app.screen = screen
    return frame_of(draw, app.screen.get_size())


def frame_of(draw: Callable[[pygame.Surface], None], size: tuple[int, int]) -> Canvas:
    """A frame drawn on a canvas of the window's size."""
    canvas = Canvas(size)
    _lines.clear()
    cuts.clear()
    draw(canvas)
    return canvas


def problems(canvas: Canvas) -> list[str]:
    """Every way the frame's texts do not fit, one line each."""
    window = canvas.get_rect()
    texts = [m for m in canvas.marks if isinstance(m, Text) and m.visible.w and m.visible.h]
    boxes = [m for m in canvas.marks if isinstance(m, Box)]
    found = [f"box leaves the window: {b.kind} {tuple(b.rect)}" for b in boxes
             if not window.contains(b.rect)]
    for t in texts:
        what = f"{t.text!r} ({t.where}, ink {tuple(t.ink)})"
        if not window.contains(t.visible):
            found.append(f"leaves the window: {what}")
        if t.visible != t.ink and not {t.where, t.where.split(".")[0]} & SCROLLED:
            found.append(f"hidden in part by a clip: {what}")
        home = _home(t, boxes)
        if home is not None and not home.rect.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(
                t.visible):
            found.append(f"leaves its {home.kind} {tuple(home.rect)}: {what}")
    found += _overlaps(texts, boxes)
    found += [f"cut short: {c.text!r} shown as {c.shown!r} ({c.where})" for c in cuts
              if c.where not in CUT_ON_PURPOSE]
    return list(dict.fromkeys(found))


def _home(text: Text, boxes: list[Box]) -> Box | None:
    """The box a text is drawn in: the last one drawn before it under its first letter or
    its middle (a centred line too long for its panel starts outside it)."""
    points = [(text.visible.x + TOLERANCE, text.visible.centery), text.visible.center]
    under = [b for b in boxes if b.order < text.order
             and any(b.rect.collidepoint(p) for p in points)]
    return max(under, key=lambda b: b.order, default=None)


def _overlaps(texts: list[Text], boxes: list[Box]) -> list[str]:
    """Two texts whose ink overlaps, with no box drawn between them to cover the first."""
    found = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            both = a.visible.clip(b.visible)
            if both.w <= TOLERANCE or both.h <= TOLERANCE:
                continue
            if a.text == b.text and abs(a.ink.x - b.ink.x) + abs(a.ink.y - b.ink.y) \
                    <= max(4, a.ink.h // 4):
                continue  # the same line drawn again (an outline, a shadow)
            if any(a.order < box.order < b.order and box.rect.contains(both) for box in boxes):
                continue  # the later text is on a box that covers the earlier one
            found.append(f"overlap: {a.text!r} ({a.where}) and {b.text!r} ({b.where})")
    return found
