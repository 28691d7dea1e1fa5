"""Rules pages drawn for the window: headings, wrapped paragraphs with bold runs, list items,
and pictures, laid out once for a width into one tall image that the help screen scrolls; and
two-column lists (the keys: what to do, how), each column wrapped in its own width."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.rules import TileSet
from game.words.i18n import _
from game.words.pictures import picture_problems
from game.words.rulespages import Heading, Page, Paragraph, Picture, Span

from . import palette as pal
from .picture import draw_picture
from .resources import Resources

TEXT_SIZE = 21
HEADING_SIZES = {1: 34, 2: 26}
ITEM_INDENT = 30
GAP = 10  # between blocks
COLUMN_GAP = 28  # between the two columns of a two-column list
ROW_GAP = 6  # between the rows of a two-column list
LABEL_SHARE = 0.4  # the most of a two-column list's width its first column takes
MAX_HEIGHT = 20_000  # px at 100 % (the longest built-in page is 2,200): the rest is left out
# French sets a space before these; a line never starts with one.
GLUED = frozenset({":", ";", "!", "?", "»", "%"})

Word = tuple[str, bool, str]  # text, bold, what comes before it: "", " " or a no-break space
NBSP = "\u00a0"


@dataclass
class RenderedPage:
    surface: pygame.Surface
    overflow: list[str] = field(default_factory=list)  # what did not fit the width
    overflow_lines: list[int] = field(default_factory=list)  # each one's line in the page
    problems: list[str] = field(default_factory=list)  # pictures that could not be drawn
    # a two-column list's rows: the ink of each row's first and second column, in pixels
    cells: list[tuple[pygame.Rect, pygame.Rect]] = field(default_factory=list)


def words_of(spans: tuple[Span, ...]) -> list[Word]:
    """The words of a paragraph with their weight and what separates each from the last."""
    words: list[Word] = []
    gap = ""
    for span in spans:
        text = span.text
        if text[:1].isspace():
            gap = " "
        for i, word in enumerate(text.split()):
            before = gap if i == 0 else " "
            if word in GLUED and before == " ":
                before = NBSP  # French: "points : 3" never breaks before the colon
            words.append((word, span.bold, before if words else ""))
        gap = " " if text[-1:].isspace() else ""
    return words


def runs(line: list[Word]) -> list[Word]:
    """A line's words joined into runs of the same weight, as they are drawn; each run keeps
    what comes before it (nothing for the first)."""
    out: list[Word] = []
    for i, (text, bold, before) in enumerate(line):
        before = before if i else ""
        if out and out[-1][1] == bold:
            out[-1] = (f"{out[-1][0]}{before}{text}", bold, out[-1][2])
        else:
            out.append((text, bold, before))
    return out


def wrap(words: list[Word], width: int, measure: Callable[[list[Word]], int]
         ) -> list[list[Word]]:
    """Words into lines no wider than ``width`` as ``measure`` finds a line, breaking only
    at plain spaces (a piece wider than that has a line alone)."""
    pieces: list[list[Word]] = []
    for word in words:
        if pieces and word[2] != " ":
            pieces[-1].append(word)
        else:
            pieces.append([word])
    lines: list[list[Word]] = []
    line: list[Word] = []
    for piece in pieces:
        if line and measure([*line, *piece]) > width:
            lines.append(line)
            line = []
        line.extend(piece)
    if line:
        lines.append(line)
    return lines


class PageRenderer:
    """Lays pages out for the window; ``tileset`` draws the page's pictures."""

    def __init__(self, res: Resources) -> None:
        self.res = res
        self.room = 0  # px the page being rendered may still take

    def render(self, page: Page, tileset: TileSet | None, width: int) -> RenderedPage:
        parts: list[tuple[pygame.Surface, int]] = []  # (image, x), stacked downwards
        out = RenderedPage(pygame.Surface((1, 1)))
        self.room = self.res.px(MAX_HEIGHT)  # what the page may still take, downwards
        for block in page.blocks:
            if self.room <= 0:
                out.problems.append(f"line {block.line}: the page is longer than "
                                    f"{MAX_HEIGHT:,} px")
                parts.append((self.res.text(_("This page is too long: the rest is not shown."),
                                            18, pal.ILLEGAL), 0))
                break
            before = len(out.overflow)
            if isinstance(block, Heading):
                size = HEADING_SIZES[block.level]
                parts += self._lines(words_of((Span(block.text, True),)), size, width, 0,
                                     pal.TEXT, out, title=block.level == 1)
            elif isinstance(block, Paragraph):
                indent = self.res.px(ITEM_INDENT) if block.marker else 0
                lines = self._lines(words_of(block.spans), TEXT_SIZE, width - indent, indent,
                                    pal.TEXT, out)
                if block.marker and lines:
                    marker = self.res.text(block.marker, TEXT_SIZE, pal.TEXT_DIM, bold=True)
                    first = lines[0][0]
                    combined = pygame.Surface((indent + first.get_width(),
                                               max(first.get_height(), marker.get_height())),
                                              pygame.SRCALPHA)
                    combined.blit(marker, (self.res.px(4), 0))
                    combined.blit(first, (indent, 0))
                    lines[0] = (combined, 0)
                parts += lines
            elif isinstance(block, Picture):
                parts.append(self._picture(block, tileset, width, out))
                self.room -= parts[-1][0].get_height()
            out.overflow_lines += [block.line] * (len(out.overflow) - before)
            parts.append(self._gap(GAP))
            self.room -= self.res.px(GAP)
        out.surface = _stacked(parts, width)
        return out

    def render_columns(self, title: str, rows: Sequence[tuple[str, str]], width: int
                       ) -> RenderedPage:
        """A heading over rows of two columns: the first in bold, as wide as its widest entry
        (at most LABEL_SHARE of the width, wrapped past that), the second wrapped in the rest,
        a gutter between them that nothing crosses."""
        out = RenderedPage(pygame.Surface((1, 1)))
        res = self.res
        self.room = res.px(MAX_HEIGHT)
        parts = self._lines(words_of((Span(title, True),)), HEADING_SIZES[1], width, 0,
                            pal.TEXT, out, title=True)
        parts.append(self._gap(GAP))
        bold = res.font(TEXT_SIZE, bold=True)
        gutter = res.px(COLUMN_GAP)
        first = min(max((bold.size(label)[0] for label, _ in rows), default=0),
                    int(width * LABEL_SHARE))
        second = max(1, width - first - gutter)
        y = sum(img.get_height() for img, _ in parts)
        for label, text in rows:
            left = self._lines(words_of((Span(label, True),)), TEXT_SIZE, first, 0, pal.TEXT,
                               out)
            right = self._lines(words_of((Span(text),)), TEXT_SIZE, second, 0, pal.TEXT, out)
            row = pygame.Surface((width, max(_height(left), _height(right))), pygame.SRCALPHA)
            for lines, x in ((left, 0), (right, first + gutter)):
                row.blit(_stacked(lines, max(1, _widest(lines))), (x, 0))
            out.cells.append((pygame.Rect(0, y, _widest(left), _height(left)),
                              pygame.Rect(first + gutter, y, _widest(right), _height(right))))
            parts += [(row, 0), self._gap(ROW_GAP)]
            y += row.get_height() + res.px(ROW_GAP)
        out.surface = _stacked(parts, width)
        return out

    def _gap(self, height: int) -> tuple[pygame.Surface, int]:
        return pygame.Surface((1, self.res.px(height)), pygame.SRCALPHA), 0

    def _lines(self, words: list[Word], size: int, width: int, x: int,
               colour: tuple[int, int, int], out: RenderedPage, title: bool = False
               ) -> list[tuple[pygame.Surface, int]]:
        """``words`` wrapped into lines of images no wider than ``width`` (else noted in
        ``out``); a ``title`` is set in the display face."""
        res = self.res
        whole = " ".join(word[0] for word in words)

        def font(bold: bool) -> pygame.font.Font:
            return res.heading_font(whole, size) if title else res.font(size, bold)

        space = font(False).size(" ")[0]

        def measure(line: list[Word]) -> int:
            return sum(font(bold).size(text)[0] + (space if before else 0)
                       for text, bold, before in runs(line))

        rendered: list[tuple[pygame.Surface, int]] = []
        height = font(False).get_linesize() + res.px(2)
        for line in wrap(words, width, measure):
            if self.room <= 0:
                break  # the page is too long already: render says so
            self.room -= height
            placed = [(res.line(font(bold), text, colour), space if before else 0)
                      for text, bold, before in runs(line)]
            total = sum(image.get_width() + gap for image, gap in placed)
            if total > width:
                out.overflow.append(" ".join(word[0] for word in line))
            img = pygame.Surface((max(1, total), height), pygame.SRCALPHA)
            cx = 0
            for image, gap in placed:
                img.blit(image, (cx + gap, res.px(1)))
                cx += gap + image.get_width()
            rendered.append((img, x))
        return rendered

    def _picture(self, picture: Picture, tileset: TileSet | None, width: int,
                 out: RenderedPage) -> tuple[pygame.Surface, int]:
        problems = ([picture.problem] if picture.problem  # beyond a bound: never drawn
                    else picture_problems(picture, tileset) if tileset is not None
                    else ["no tile set to draw it with"])
        if problems or tileset is None:
            out.problems.extend(f"line {picture.line}: {p}" for p in problems)
            text = self.res.text(_("Picture on line {line}: {problem}").format(
                line=picture.line, problem=problems[0]), 18, pal.ILLEGAL)
            return text, 0
        image = draw_picture(picture, tileset, self.res, width)
        return image, max(0, (width - image.get_width()) // 2)


def _height(parts: list[tuple[pygame.Surface, int]]) -> int:
    return sum(img.get_height() for img, _ in parts)


def _widest(parts: list[tuple[pygame.Surface, int]]) -> int:
    return max((x + img.get_width() for img, x in parts), default=0)


def _stacked(parts: list[tuple[pygame.Surface, int]], width: int) -> pygame.Surface:
    """The images one under the other, each at its x, in one image ``width`` wide."""
    surface = pygame.Surface((width, max(1, _height(parts))), pygame.SRCALPHA)
    y = 0
    for img, x in parts:
        surface.blit(img, (x, y))
        y += img.get_height()
    return surface
