"""A pseudo-language for tests: every letter of every catalog string, and of every text a
tile set gives (its words, option meanings, questions, rules pages), becomes its full-width
twin (``Score`` -> ``Ｓｃｏｒｅ``), placeholders such as ``{player}`` left as they are.  Text
drawn in it that still holds a plain ASCII letter did not come through a translation."""

from __future__ import annotations

import dataclasses
import gettext
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pytest

from game.rules.model import LanguageText, TileSet
from game.ui.resources import Resources
from game.ui.scenes import help as help_scene
from game.words import i18n, rulespages, vocabulary
from game.words.rulespages import Heading, Page, Paragraph, Span
from tests.script_modules import load_file

ROOT = Path(__file__).resolve().parents[2]
CODE = "qps"  # no language has this code: tile sets and pages fall back to English
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_WIDE = {c: chr(ord(c) + 0xFEE0) for c in
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"}
_WORD = re.compile(r"[A-Za-z0-9]+")
_ASCII_LETTER = re.compile(r"[A-Za-z]")


def pseudo(text: str) -> str:
    """``text`` with its letters full-width, placeholders kept."""
    parts = _PLACEHOLDER.split(text)
    return "".join(p if i % 2 else "".join(_WIDE.get(c, c) for c in p)
                   for i, p in enumerate(parts))


class Pseudo(gettext.NullTranslations):
    """Translates the messages the catalog tool extracts from the code; any other text asked
    for (a message built at run time, which no catalog can hold) stays as it is."""

    def __init__(self) -> None:
        super().__init__()
        self.known = set(_catalog_tool().extract())

    def gettext(self, message: str) -> str:
        return pseudo(message) if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return (pseudo if msgid1 in self.known else str)(msgid1 if n == 1 else msgid2)


def _catalog_tool() -> ModuleType:
    """scripts/i18n.py, loaded by file."""
    return load_file(ROOT / "scripts" / "i18n.py", "i18n_tool")


def _pseudo_data(value: Any) -> Any:
    """A tile set's text block, every string in it pseudo (keys kept)."""
    if isinstance(value, str):
        return pseudo(value)
    if isinstance(value, tuple):
        return tuple(_pseudo_data(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _pseudo_data(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{f.name: _pseudo_data(getattr(value, f.name))
                                             for f in dataclasses.fields(value)})
    return value


def _pseudo_page(page: Page) -> Page:
    blocks = []
    for block in page.blocks:
        if isinstance(block, Heading):
            block = dataclasses.replace(block, text=pseudo(block.text))
        elif isinstance(block, Paragraph):
            block = dataclasses.replace(block, spans=tuple(
                Span(pseudo(s.text), s.bold) for s in block.spans))
        blocks.append(block)
    return dataclasses.replace(page, blocks=tuple(blocks))


class Drawn:
    """Every string drawn through the fonts while the pseudo-language is spoken."""

    def __init__(self) -> None:
        self.strings: list[str] = []
        self.allowed: set[str] = set()  # names given by data (players, tile sets, tiles)
        self.quoted: set[str] = set()  # data shown as it is (a rulebook's own sentence)

    def escapes(self) -> list[str]:
        """The strings drawn that hold a plain letter outside the allowed names and are no
        line of a quotation."""
        found = []
        for text in dict.fromkeys(self.strings):
            if any(text.strip() in " ".join(q.split()) for q in self.quoted):
                continue
            rest = text
            for name in sorted(self.allowed, key=len, reverse=True):
                if " " in name:  # a name of several words
                    rest = rest.replace(name, " ")
            if any(_ASCII_LETTER.search(word) and word not in self.allowed
                   for word in _WORD.findall(rest)):
                found.append(text)
        return found


@contextmanager
def speaking_pseudo(monkeypatch: pytest.MonkeyPatch, res: Resources) -> Iterator[Drawn]:
    """Speak the pseudo-language and record every string any font renders (``res``: the
    app's fonts, made again through the recording font)."""
    drawn = Drawn()
    texts: Callable[[TileSet], list[LanguageText]] = vocabulary._texts
    monkeypatch.setattr(vocabulary, "_texts",
                        lambda tileset: [_pseudo_data(t) for t in texts(tileset)])
    find_page = rulespages.find_page
    monkeypatch.setattr(help_scene, "find_page", lambda *args: (
        None if (page := find_page(*args)) is None else _pseudo_page(page)))

    class RecordingFont(pygame.font.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            drawn.strings.append(str(text))
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    res._fonts.clear()  # made again, recording
    i18n.use(Pseudo(), CODE)
    try:
        yield drawn
    finally:
        i18n.set_language("en")
