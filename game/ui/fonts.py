"""The game's typefaces: Inter (regular and bold, drawn for screens) for every text, and
Cinzel (bold, Roman inscriptional capitals) for the titles of a few screens.  The files and
their licences (SIL Open Font License 1.1) are under ``sprites/fonts/``, found through
``game.system.paths`` from a source checkout, a wheel and the executable alike.

Sizes in the code are the sizes the interface was first laid out with, in pygame's default
font, whose em is 0.6875 of the size asked for; the same factor gives Inter the x-height
that face had (within 1 %), so every layout keeps its proportions.  Bold is Inter's own bold
face, never pygame's synthetic emboldening.  SDL_ttf (2.20 and later, with HarfBuzz)
applies the faces' kerning by itself.

Which characters a face has is read from its character map (``cmap``), not asked of pygame:
pygame-ce's ``Font.metrics`` returns the metrics of the missing-glyph box for a character the
face lacks, so it cannot tell."""

from __future__ import annotations

import struct
from enum import Enum
from functools import cache
from pathlib import Path

import pygame

from game.system import paths

FOLDER = "fonts"  # under sprites/
EM_PER_SIZE = 0.6875

# What a French text needs beyond ASCII: accented letters and ligatures, quotes, ellipsis
# and dashes, and the no-break spaces French sets before ":" ";" "!" "?" "»" and after "«"
# (a word space before ":" and inside the quotes, a narrow one before the others).
FRENCH_LETTERS = "ÀÂÇÉÈÊËÎÏÔÙÛÜŒÆàâçéèêëîïôùûüÿœæ"
FRENCH_MARKS = "«»’‘“”…–—·"
FRENCH_SPACES = "\u00a0\u202f"
FRENCH = FRENCH_LETTERS + FRENCH_MARKS + FRENCH_SPACES
FRENCH_SENTENCE = ("«\u00a0Où placer la tuile\u202f?\u00a0» — Déjà dix-huit cœurs\u00a0: ça, "
                   "c’est l’été\u202f! Élève, maître, août, naïf, Noël, dû…\u00a0100\u202f%")


class Face(Enum):
    TEXT = "Inter-Regular.otf"
    BOLD = "Inter-Bold.otf"
    DISPLAY = "Cinzel-Bold.ttf"  # titles only: capitals and small capitals

    @property
    def path(self) -> Path:
        return paths.sprites_dir() / FOLDER / self.value

    @property
    def em_per_size(self) -> float:
        # Cinzel's lower case are small capitals: a title in it is set larger to weigh
        # as much as one in bold
        return EM_PER_SIZE * (1.2 if self is Face.DISPLAY else 1.0)


def em_pixels(face: Face, size: float) -> int:
    """The em, in pixels, of ``face`` for text of ``size`` (already scaled to the
    interface)."""
    return max(1, round(size * face.em_per_size))


def load(face: Face, size: float) -> pygame.font.Font:
    """``face`` for text of ``size`` (a size of the code, already scaled); pygame.font must
    be initialised."""
    return pygame.font.Font(str(face.path), em_pixels(face, size))


def kerned(font: pygame.font.Font) -> bool:
    """Whether SDL_ttf applies the face's kerning: a pair that every Latin face kerns is
    set tighter than its two letters apart."""
    return any(font.size(pair)[0] < font.size(pair[0])[0] + font.size(pair[1])[0]
               for pair in ("To", "AV", "Va", "LT"))


def missing(face: Face, text: str) -> str:
    """The characters of ``text`` that ``face`` has no glyph for (control characters such as
    line breaks aside), each once, in order."""
    have = characters(face.path)
    return "".join(dict.fromkeys(c for c in text if (c.isprintable() or c in FRENCH_SPACES)
                                 and ord(c) not in have))


@cache
def characters(path: Path) -> frozenset[int]:
    """Every character the TrueType or OpenType font at ``path`` maps to a glyph."""
    data = path.read_bytes()
    cmap = _font_table(data, b"cmap")
    count = struct.unpack_from(">H", cmap, 2)[0]
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        subtables[(platform, encoding)] = offset
    for key in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3)):  # full Unicode first, then BMP
        if key in subtables:
            offset = subtables[key]
            kind = struct.unpack_from(">H", cmap, offset)[0]
            if kind == 12:
                return _format12(cmap, offset)
            if kind == 4:
                return _format4(cmap, offset)
    raise ValueError(f"{path}: no Unicode character map this game reads")


def _font_table(data: bytes, tag: bytes) -> bytes:
    """One of the font file's tables (OpenType's word for its sections), by its tag."""
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        name, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if name == tag:
            return data[offset:offset + length]
    raise ValueError(f"no {tag.decode()} table")


def _format12(cmap: bytes, offset: int) -> frozenset[int]:
    groups = struct.unpack_from(">I", cmap, offset + 12)[0]
    found: set[int] = set()
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", cmap, offset + 16 + 12 * i)
        found.update(c for c in range(first, last + 1) if glyph + c - first)
    return frozenset(found)


def _format4(cmap: bytes, offset: int) -> frozenset[int]:
    segments = struct.unpack_from(">H", cmap, offset + 6)[0] // 2
    ends = offset + 14
    starts = ends + 2 * segments + 2
    deltas = starts + 2 * segments
    ranges = deltas + 2 * segments
    found: set[int] = set()
    for s in range(segments):
        end, start = (struct.unpack_from(">H", cmap, at + 2 * s)[0] for at in (ends, starts))
        delta = struct.unpack_from(">h", cmap, deltas + 2 * s)[0]
        range_at = ranges + 2 * s
        range_offset = struct.unpack_from(">H", cmap, range_at)[0]
        for c in range(start, min(end, 0xFFFE) + 1):
            if range_offset:
                glyph = struct.unpack_from(">H", cmap, range_at + range_offset
                                           + 2 * (c - start))[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            else:
                glyph = (c + delta) & 0xFFFF
            if glyph:
                found.add(c)
    return frozenset(found)
