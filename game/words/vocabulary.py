"""The words a tile set uses, in the window's language: its name, its kinds, figures and
icons (meadows or fields, meeples or followers, "the city", "a hut", "2 gold nuggets"), its
options and what their values mean.  This is the one place that names a game's things: the
window, the turn log and the rule modules' views all ask here.

They come from the tile set's ``text:`` section in the current language, else in English,
else from its ids.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.rules.model import LanguageText, OptionValue, QuestionText, TileSet, ValueText, Words
from game.words.i18n import SOURCE_LANGUAGE, _, is_plural, language


def _texts(tileset: TileSet) -> list[LanguageText]:
    """The tile set's text blocks, the window's language first."""
    return [tileset.text[code] for code in dict.fromkeys([language(), SOURCE_LANGUAGE])
            if code in tileset.text]


def set_name(tileset: TileSet) -> str:
    return next((t.name for t in _texts(tileset) if t.name), tileset.name)


def set_names(sets: Mapping[str, TileSet], ids: tuple[str, ...] | list[str]) -> str:
    """Tile sets named by their ids, as a player reads them: each one's name when ``sets``
    (a registry's) has it, else its id ("Carcassonne, hills-and-sheep")."""
    return ", ".join(set_name(sets[sid]) if sid in sets else sid for sid in ids)


def set_note(tileset: TileSet) -> str:
    """A line about the set for the set-up screen (a reconstructed tile set), or ""."""
    return next((t.note for t in _texts(tileset) if t.note), "")


def _plain(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


Section = Callable[[LanguageText], Mapping[str, Words]]


def _words(tileset: TileSet, section: Section, name: str) -> Words | None:
    """A name's words from one section of the tile set's texts, None when it gives none."""
    return next((section(t)[name] for t in _texts(tileset) if name in section(t)), None)


def _word(tileset: TileSet, section: Section, name: str, count: int) -> str:
    """A name's word in the singular or plural ``count`` takes, else the name itself."""
    plural = is_plural(count)
    words = _words(tileset, section, name)
    if words is not None:
        return words.many if plural else words.one
    return f"{_plain(name)}s" if plural else _plain(name)


def _kinds(t: LanguageText) -> Mapping[str, Words]:
    return t.kinds


def _figures(t: LanguageText) -> Mapping[str, Words]:
    return t.figures


def _icons(t: LanguageText) -> Mapping[str, Words]:
    return t.icons


def _upper_first(word: str) -> str:
    return word[:1].upper() + word[1:]


def kind_word(tileset: TileSet, kind: str, count: int = 1) -> str:
    """What the tile set calls a feature kind, in the singular or plural ``count`` takes."""
    return _word(tileset, _kinds, kind, count)


def kind_title(tileset: TileSet, kind: str, count: int = 1) -> str:
    """A feature kind as a title: "City", "Crop field"; "Cities" with a ``count`` of 2."""
    return _upper_first(kind_word(tileset, kind, count))


def the_kind(tileset: TileSet, kind: str) -> str:
    """A feature kind in a sentence: "the city"."""
    words = _words(tileset, _kinds, kind)
    if words is not None and words.phrase:
        return words.phrase
    return _("the {name}").format(name=kind_word(tileset, kind))


def figure_word(tileset: TileSet, figure: str, count: int = 1) -> str:
    """What the tile set calls a figure, in the singular or plural ``count`` takes."""
    return _word(tileset, _figures, figure, count)


def a_figure(tileset: TileSet, figure: str) -> str:
    """One figure in a sentence: "a follower"."""
    words = _words(tileset, _figures, figure)
    if words is not None and words.phrase:
        return words.phrase
    return _("a {name}").format(name=figure_word(tileset, figure))


def figures_counted(tileset: TileSet, figure: str, n: int) -> str:
    """A number of figures: "2 followers"."""
    return _("{n} {figures}").format(n=n, figures=figure_word(tileset, figure, n))


def counts_icon(tileset: TileSet, icon: str) -> bool:
    """Whether the tile set names the icon (and a card counts it): a mark it gives no words
    (a spring, the volcano) is only drawn."""
    return _words(tileset, _icons, icon) is not None


def icon_word(tileset: TileSet, icon: str) -> str:
    """What the tile set calls one icon: "shield"."""
    return _word(tileset, _icons, icon, 1)


def icons_counted(tileset: TileSet, icon: str, n: int) -> str:
    """A number of icons or tokens named after an icon: "2 shields", "1 fish"."""
    return _("{n} {icons}").format(n=n, icons=_word(tileset, _icons, icon, n))


def background_kind(tileset: TileSet) -> str:
    """The kind the land between features is (fields, meadows)."""
    return next(k.name for k in tileset.kinds.values() if k.role == "background")


def option_quote(tileset: TileSet, option: str) -> str:
    """The rulebook sentence an option comes from, in the window's language, when the tile
    set gives it there (the rulebook being in another); "" when it does not: the window then
    shows the sentence as the rulebook says it (``OptionDef.source``)."""
    text = tileset.text.get(language())
    found = text.options.get(option) if text is not None else None
    return found.quote if found is not None else ""


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
