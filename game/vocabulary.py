"""The words a tile set uses, in the window's language: its name, its kinds and figures
(meadows or fields, meeples or followers), its options and what their values mean.

They come from the tile set's ``text:`` section in the current language, else in English,
else from its ids.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .i18n import SOURCE_LANGUAGE, is_plural, language
from .rules.model import LanguageText, OptionValue, QuestionText, TileSet, ValueText


def _texts(tileset: TileSet) -> list[LanguageText]:
    """The tile set's text blocks, the window's language first."""
    return [tileset.text[code] for code in dict.fromkeys([language(), SOURCE_LANGUAGE])
            if code in tileset.text]


def set_name(tileset: TileSet) -> str:
    return next((t.name for t in _texts(tileset) if t.name), tileset.name)


def set_note(tileset: TileSet) -> str:
    """A line about the set for the set-up screen (a reconstructed tile set), or ""."""
    return next((t.note for t in _texts(tileset) if t.note), "")


def _plain(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


def kind_word(tileset: TileSet, kind: str, count: int = 1) -> str:
    """What the tile set calls a feature kind, in the singular or plural ``count`` takes."""
    return _word(tileset, lambda t: t.kinds, kind, count)


def figure_word(tileset: TileSet, figure: str, count: int = 1) -> str:
    """What the tile set calls a figure, in the singular or plural ``count`` takes."""
    return _word(tileset, lambda t: t.figures, figure, count)


def _word(tileset: TileSet, section: Callable[[LanguageText], Mapping[str, tuple[str, str]]],
          name: str, count: int) -> str:
    """A name's word from one section of the tile set's texts, else the name itself."""
    plural = is_plural(count)
    for t in _texts(tileset):
        words = section(t)
        if name in words:
            return words[name][plural]
    return f"{_plain(name)}s" if plural else _plain(name)


def background_kind(tileset: TileSet) -> str:
    """The kind the land between features is (fields, meadows)."""
    return next(k.name for k in tileset.kinds.values() if k.role == "background")


def option_name(tileset: TileSet, option: str) -> str:
    for t in _texts(tileset):
        if option in t.options:
            return t.options[option].name
    return _plain(option)


def value_text(tileset: TileSet, option: str, value: OptionValue) -> ValueText | None:
    """How an option's value is shown and what it means, None when the set does not say."""
    for t in _texts(tileset):
        found = t.options.get(option)
        if found is not None and str(value) in found.values:
            return found.values[str(value)]
    return None


def value_label(tileset: TileSet, option: str, value: OptionValue) -> str:
    text = value_text(tileset, option, value)
    return text.label if text is not None else _plain(str(value))


def question_text(tileset: TileSet, key: str) -> QuestionText | None:
    """What a rule module's question (by its key) is about and what each answer does."""
    return next((t.questions[key] for t in _texts(tileset) if key in t.questions), None)


def moves_text(tileset: TileSet) -> str:
    """What moving a figure instead of placing one does (a hike), or ""."""
    return next((t.moves for t in _texts(tileset) if t.moves), "")


def extra_text(tileset: TileSet) -> str:
    """What a second placement in the turn is (a bonus tile), or ""."""
    return next((t.extra for t in _texts(tileset) if t.extra), "")
