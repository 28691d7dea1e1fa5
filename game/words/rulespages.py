"""Rules pages: one Markdown file per tile set and language, beside the tile set.

A page for the tile set ``carcassonne`` in French is ``help/carcassonne.fr.md`` in the folder
of the tile set files (the built-in ``tilesets/`` or a player's own tile sets folder), so a
tile set a player adds can bring its own pages.  A language without a page falls back to the
English one.

The Markdown is a small part of the usual one: ``#`` and ``##`` headings, paragraphs, lists
(``-`` or ``1.``), ``**bold**``, and pictures of a few tiles drawn with the tile set's own
art, written as a fenced block::

    ```board
    D 0,0
    E 0,-1 180 follower@S:red:+4 new
    ```

Each line of a picture is a tile: its id, its cell ``x,y`` (y grows to the south), its turn
in degrees clockwise (0 when left out), then any number of figures ``KIND@TARGET:COLOUR``
(the target is a port such as ``S`` or ``NL``, or a feature name such as ``cloister``, as on
the board; an optional ``:LABEL`` such as ``+4`` is shown beside the figure), tokens beside
the figure before them as ``ICON*COUNT`` (``sheep*3``: a shepherd's flock), and ``new`` to
outline the tile just placed.  Standard library only.

A page comes from a player's tile set as well as from the game, so what it may ask for is
bounded: a picture spans at most ``MAX_SPAN`` cells each way, its numbers and words are short
(``MAX_CELL``, ``MAX_TOKENS``, ``MAX_WORD``, ``MAX_LABEL``, ``MAX_FIGURES`` on a tile), and a
page draws at most ``MAX_PICTURES`` pictures.  A picture beyond a bound is not drawn: its
``problem`` says why, and the window shows that line in its place; a page with more pictures
than that draws the first ones and says how many it left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from game.words.i18n import SOURCE_LANGUAGE

HELP_FOLDER = "help"
PICTURE_FENCE = "```board"
MAX_PAGE_BYTES = 200_000  # a page is a few kilobytes
# What a page may draw (the built-in pages: 4 pictures, 3 cells across, 9 tiles, 5 tokens).
MAX_PICTURES = 24  # on one page
MAX_SPAN = 8  # cells across and down
MAX_CELL = 999  # how far from 0,0 a cell may lie, either way
MAX_FIGURES = 12  # on one tile
MAX_TOKENS = 99  # beside one figure
MAX_WORD = 40  # characters of a tile id, figure, target or colour
MAX_LABEL = 12  # characters of a figure's label ("+8")


class PageError(Exception):
    def __init__(self, path: str, line: int, problem: str) -> None:
        self.path = path
        self.line = line
        self.problem = problem
        super().__init__(f"{path}:{line}: {problem}")


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False


@dataclass(frozen=True)
class Heading:
    level: int  # 1 the page's title, 2 a section
    text: str
    line: int


@dataclass(frozen=True)
class Paragraph:
    spans: tuple[Span, ...]
    line: int
    marker: str = ""  # "•" or "1." for a list item


@dataclass(frozen=True)
class PictureFigure:
    kind: str
    target: str  # a port name or a feature name
    colour: str
    label: str = ""
    tokens: tuple[str, int] | None = None  # (icon, how many) beside the figure


@dataclass(frozen=True)
class PictureTile:
    tile: str
    cell: tuple[int, int]
    rotation: int  # quarter turns clockwise
    figures: tuple[PictureFigure, ...] = ()
    new: bool = False


@dataclass(frozen=True)
class Picture:
    tiles: tuple[PictureTile, ...]
    line: int
    problem: str = ""  # why it is not drawn (beyond a bound): its tiles are then empty


Block = Heading | Paragraph | Picture


@dataclass(frozen=True)
class Page:
    set_id: str
    language: str
    path: str
    blocks: tuple[Block, ...]

    @property
    def title(self) -> str:
        return next((b.text for b in self.blocks if isinstance(b, Heading)), self.set_id)

    def pictures(self) -> list[Picture]:
        return [b for b in self.blocks if isinstance(b, Picture)]



_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITEM = re.compile(r"^(?:[-*]|(\d+)\.)\s+(.*)$")
_CELL = re.compile(r"^(-?\d+),(-?\d+)$", re.ASCII)
_TURN = re.compile(r"\d+", re.ASCII)
_FIGURE = re.compile(r"^([\w-]+)@([\w-]+):([\w#-]+)(?::(\S+))?$")
_TOKENS = re.compile(r"^([\w-]+)\*([1-9]\d*)$", re.ASCII)


class _TooLarge(Exception):
    """A picture beyond a bound: drawn as a line that says so."""


def cut(word: str, most: int = MAX_WORD) -> str:
    """A word of the page as a message shows it: at most ``most`` characters."""
    return word if len(word) <= most else word[:most - 1] + "…"


def spans(text: str) -> tuple[Span, ...]:
    """A line's runs of plain and **bold** text."""
    out: list[Span] = []
    at = 0
    for m in _BOLD.finditer(text):
        if m.start() > at:
            out.append(Span(text[at:m.start()]))
        out.append(Span(m.group(1), bold=True))
        at = m.end()
    if at < len(text):
        out.append(Span(text[at:]))
    return tuple(out)


def parse_page(text: str, path: str, set_id: str, language: str) -> Page:
    blocks: list[Block] = []
    lines = text.splitlines()
    paragraph: list[str] = []
    para_line = 0
    marker = ""

    def flush() -> None:
        nonlocal paragraph, marker
        if paragraph:
            blocks.append(Paragraph(spans(" ".join(paragraph)), para_line, marker))
        paragraph, marker = [], ""

    pictures = 0
    left_out: int | None = None  # where the first picture past MAX_PICTURES stands
    i = 0
    while i < len(lines):
        number = i + 1
        line = lines[i].strip()
        i += 1
        if line.startswith("```"):
            flush()
            if line != PICTURE_FENCE:
                raise PageError(path, number, f"only {PICTURE_FENCE} blocks are drawn")
            body: list[tuple[int, str]] = []
            while i < len(lines) and lines[i].strip() != "```":
                body.append((i + 1, lines[i].strip()))
                i += 1
            if i == len(lines):
                raise PageError(path, number, "a picture block is not closed with ```")
            i += 1
            pictures += 1
            if pictures <= MAX_PICTURES:
                blocks.append(_picture(body, path, number))
            elif left_out is None:
                left_out = len(blocks)
                blocks.append(Picture((), number))
        elif not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            if level > 3 or not line[level:].startswith(" "):
                raise PageError(path, number, "a heading is '# Title' or '## Section'")
            blocks.append(Heading(min(level, 2), line[level:].strip(), number))
        elif (item := _ITEM.match(line)) is not None:
            flush()
            paragraph, para_line = [item.group(2)], number
            marker = f"{item.group(1)}." if item.group(1) else "•"
        else:
            if not paragraph:
                para_line = number
            paragraph.append(line)
    flush()
    if left_out is not None:
        blocks[left_out] = Picture((), blocks[left_out].line, (
            f"the page has {pictures:,} pictures: the first {MAX_PICTURES} are drawn"))
    return Page(set_id, language, path, tuple(blocks))


def _picture(body: Sequence[tuple[int, str]], path: str, start: int) -> Picture:
    """A picture block's tiles; one beyond a bound is a Picture with its problem."""
    try:
        tiles: list[PictureTile] = []
        cells: set[tuple[int, int]] = set()
        for number, line in body:
            if not line:
                continue
            tile = _picture_line(line, path, number)
            if tile.cell in cells:
                raise PageError(path, number, f"two tiles at {tile.cell[0]},{tile.cell[1]}")
            cells.add(tile.cell)
            tiles.append(tile)
            if len(tiles) > MAX_SPAN * MAX_SPAN:
                raise _TooLarge(f"more than {MAX_SPAN * MAX_SPAN} tiles")
        if not tiles:
            raise PageError(path, start, "a picture needs at least one tile")
        for axis, name in ((0, "across"), (1, "down")):
            span = max(c[axis] for c in cells) - min(c[axis] for c in cells) + 1
            if span > MAX_SPAN:
                raise _TooLarge(f"it spans {span:,} cells {name}: at most {MAX_SPAN}")
    except _TooLarge as exc:
        return Picture((), start, str(exc))
    return Picture(tuple(tiles), start)


def _cell_of(word: str, path: str, number: int) -> tuple[int, int]:
    cell = _CELL.match(word)
    if cell is None:
        raise PageError(path, number, "a picture line is: TILE x,y [turn] [figures] [new]")
    if max(len(cell.group(1).lstrip("-")), len(cell.group(2).lstrip("-"))) > len(str(MAX_CELL)):
        raise _TooLarge(f"a cell lies more than {MAX_CELL} cells from 0,0 (line {number})")
    at = (int(cell.group(1)), int(cell.group(2)))
    if max(abs(at[0]), abs(at[1])) > MAX_CELL:
        raise _TooLarge(f"a cell lies more than {MAX_CELL} cells from 0,0 (line {number})")
    return at


def _picture_line(line: str, path: str, number: int) -> PictureTile:
    """One tile of a picture: TILE x,y [turn] [figures and tokens] [new]."""
    words = line.split()
    if len(words) < 2:
        raise PageError(path, number, "a picture line is: TILE x,y [turn] [figures] [new]")
    at = _cell_of(words[1], path, number)
    rest = words[2:]
    rotation = 0
    if rest and _TURN.fullmatch(rest[0]):
        turn = rest.pop(0)
        if turn not in ("0", "90", "180", "270"):
            raise PageError(path, number, "a turn is 0, 90, 180 or 270")
        rotation = int(turn) // 90
    figures: list[PictureFigure] = []
    new = False
    for word in rest:
        if word == "new":
            new = True
        elif (fig := _FIGURE.match(word)) is not None:
            if len(figures) == MAX_FIGURES:
                raise _TooLarge(f"more than {MAX_FIGURES} figures on a tile (line {number})")
            if max(len(fig.group(i)) for i in (1, 2, 3)) > MAX_WORD \
                    or len(fig.group(4) or "") > MAX_LABEL:
                raise _TooLarge(f"a figure's words are longer than {MAX_WORD} characters or "
                                f"its label than {MAX_LABEL} (line {number})")
            figures.append(PictureFigure(fig.group(1), fig.group(2), fig.group(3),
                                         fig.group(4) or ""))
        elif (tokens := _TOKENS.match(word)) is not None:
            if not figures:
                raise PageError(path, number, f"tokens '{cut(word)}' come after their figure")
            if len(tokens.group(2)) > len(str(MAX_TOKENS)) or len(tokens.group(1)) > MAX_WORD \
                    or int(tokens.group(2)) > MAX_TOKENS:
                raise _TooLarge(f"more than {MAX_TOKENS} tokens beside a figure, or a token's "
                                f"name longer than {MAX_WORD} characters (line {number})")
            figures[-1] = replace(figures[-1], tokens=(tokens.group(1), int(tokens.group(2))))
        else:
            raise PageError(path, number, f"'{cut(word)}' is neither a figure "
                                          "(KIND@TARGET:COLOUR[:LABEL]), tokens "
                                          "(ICON*COUNT) nor 'new'")
    if len(words[0]) > MAX_WORD:
        raise _TooLarge(f"a tile id is longer than {MAX_WORD} characters (line {number})")
    return PictureTile(words[0], at, rotation, tuple(figures), new)


def page_file(folder: Path, set_id: str, language: str) -> Path:
    return folder / HELP_FOLDER / f"{set_id}.{language}.md"


def find_page(folders: Sequence[Path], set_id: str, language: str) -> Page | None:
    """The page of a tile set in ``language`` (else in English) from the first folder that
    has one; None when no folder has a page for it.  A page that cannot be read or parsed
    raises PageError."""
    for code in dict.fromkeys([language, SOURCE_LANGUAGE]):
        for folder in folders:
            path = page_file(folder, set_id, code)
            if path.is_file():
                return read_page(path, set_id, code)
    return None


def read_page(path: Path, set_id: str, language: str) -> Page:
    try:
        if path.stat().st_size > MAX_PAGE_BYTES:
            raise PageError(str(path), 1, f"more than {MAX_PAGE_BYTES:,} bytes")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PageError(str(path), 1, f"cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise PageError(str(path), 1, "not a UTF-8 text file") from None
    return parse_page(text, str(path), set_id, language)
