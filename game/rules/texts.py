"""What a tile set says to players, per language: its name, the words for its feature kinds,
figures and icons, and the meaning of each rule option's values.

A tile set's ``text:`` section holds one block per language code::

    text:
      fr:
        name: Chasseurs et Cueilleurs             # the set's own name is the English one
        note: A line the set-up screen shows under the game
        kinds: {meadow: [prairie, prairies, la prairie]}  # singular, plural, in a sentence
        figures: {hut: [hutte, huttes, une hutte]}
        icons: {fish: [poisson, poissons]}          # icons a card counts ("2 fish")
        options:
          returns:
            name: Returned followers
            values:
              at-once: {label: at once, explain: "A follower freed by ... may go on ..."}
        questions:                                   # a rule module's question, by its key
          flock:
            prompt: Your tile extends your shepherd's field
            answers: {grow: {label: Grow, explain: "Draw a token: ..."}}
        moves: "Hike: ..."                           # moving a figure instead of placing one
        extra: "Bonus tile: ..."                     # a second placement in the turn

The third word of a kind or a figure is how a sentence names it, with its article ("the
meadow", "a hut"); without it the window makes one ("the meadow").  An icon without words is a
mark only: a card does not count it.  Every part is optional; an expansion's text adds to its
game's (but for the name and the note, which belong to each set alone).  Nothing here is
needed to play: a tile set without text shows its ids.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from .errors import TileSetError
from .model import (
    FigureDef,
    KindDef,
    LanguageText,
    OptionDef,
    OptionText,
    QuestionText,
    ValueText,
    Words,
)
from .yamlsrc import Located, LocatedList, line_of

LANGUAGE_KEYS = {"name", "note", "kinds", "figures", "icons", "options", "questions", "moves",
                 "extra"}
OPTION_TEXT_KEYS = {"name", "values", "quote"}
QUESTION_KEYS = {"prompt", "answers"}
VALUE_TEXT_KEYS = {"label", "explain"}


class _Texts:
    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, line: int, problem: str) -> TileSetError:
        return TileSetError(self.path, line, problem)

    def mapping(self, value: Any, line: int, what: str) -> Located:
        if not isinstance(value, Located):
            raise self.fail(line_of(value, line), f"{what} must be a mapping")
        return value

    def string(self, value: Any, line: int, what: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(line, f"{what} must be a non-empty text")
        return value

    def keys(self, m: Located, allowed: set[str], what: str) -> None:
        for key in m:
            if key not in allowed:
                raise self.fail(m.key_line(key), f"unknown key '{key}' in {what} "
                                                 f"(allowed: {', '.join(sorted(allowed))})")

    def words(self, raw: Any, line: int, what: str, known: Collection[str] | None,
              phrase: str) -> dict[str, Words]:
        """Name -> [singular, plural] or, where ``phrase`` names the third word,
        [singular, plural, phrase]; a name must be ``known`` (any name when None)."""
        m = self.mapping(raw, line, what)
        out: dict[str, Words] = {}
        wanted = f"[singular, plural, {phrase}]" if phrase else "[singular, plural]"
        for name, spec in m.items():
            at = m.key_line(name)
            if known is not None and name not in known:
                raise self.fail(at, f"{what}: '{name}' is not one of {', '.join(known)}")
            if not (isinstance(spec, LocatedList) and 2 <= len(spec) <= (3 if phrase else 2)):
                raise self.fail(at, f"{what}: '{name}' needs {wanted}")
            out[name] = Words(*(self.string(word, at, f"{what} '{name}'") for word in spec))
        return out

    def value_text(self, raw: Any, line: int, what: str) -> ValueText:
        s = self.mapping(raw, line, what)
        self.keys(s, VALUE_TEXT_KEYS, what)
        return ValueText(self.string(s.get("label"), s.key_line("label"), f"label of {what}"),
                         self.string(s.get("explain"), s.key_line("explain"),
                                     f"explain of {what}"))

    def question(self, raw: Any, line: int, what: str) -> QuestionText:
        m = self.mapping(raw, line, what)
        self.keys(m, QUESTION_KEYS, what)
        answers = self.mapping(m.get("answers", Located()), m.key_line("answers"),
                               f"answers of {what}")
        return QuestionText(
            self.string(m.get("prompt"), m.key_line("prompt"), f"'prompt' of {what}"),
            {a: self.value_text(spec, answers.key_line(a), f"{what} answer '{a}'")
             for a, spec in answers.items()})

    def option(self, raw: Any, line: int, what: str, option: OptionDef) -> OptionText:
        m = self.mapping(raw, line, what)
        self.keys(m, OPTION_TEXT_KEYS, what)
        name = self.string(m.get("name"), m.key_line("name"), f"'name' of {what}")
        values = self.mapping(m.get("values", Located()), m.key_line("values"),
                              f"values of {what}")
        allowed = {str(v) for v in option.values}
        out: dict[str, ValueText] = {}
        for value, spec in values.items():
            at = values.key_line(value)
            if value not in allowed:
                raise self.fail(at, f"{what}: '{value}' is not one of its values "
                                    f"({', '.join(sorted(allowed))})")
            out[value] = self.value_text(spec, at, f"{what} value '{value}'")
        quote = m.get("quote")
        return OptionText(name, out, "" if quote is None else
                          self.string(quote, m.key_line("quote"), f"'quote' of {what}"))


def parse_texts(raw: Any, line: int, path: str, kinds: Mapping[str, KindDef],
                figures: Mapping[str, FigureDef], options: Mapping[str, OptionDef],
                base: Mapping[str, LanguageText]) -> dict[str, LanguageText]:
    """The ``text`` section of a tile set, added to what its game (``base``) says (the words
    and meanings; a name and a note belong to each set alone).  Icons are declared nowhere
    else: words may name any (an icon of a tile a cut-down set or an expansion has)."""
    reader = _Texts(path)
    out = {code: replace(text, name="", note="") for code, text in base.items()}
    if raw is None:
        return out
    languages = reader.mapping(raw, line, "'text'")
    for code, spec in languages.items():
        what = f"text '{code}'"
        at = languages.key_line(code)
        if not (2 <= len(code) <= 8 and code.replace("_", "").isalpha()):
            raise reader.fail(at, f"{what}: a language is a code such as en or fr")
        m = reader.mapping(spec, at, what)
        reader.keys(m, LANGUAGE_KEYS, what)
        before = out.get(code, LanguageText())
        name = (reader.string(m["name"], m.key_line("name"), f"'name' of {what}")
                if "name" in m else before.name)
        note = (reader.string(m["note"], m.key_line("note"), f"'note' of {what}")
                if "note" in m else before.note)
        kind_words = {**before.kinds, **reader.words(
            m.get("kinds", Located()), m.key_line("kinds"), f"kinds of {what}", kinds,
            "the kind in a sentence")}
        figure_words = {**before.figures, **reader.words(
            m.get("figures", Located()), m.key_line("figures"), f"figures of {what}",
            figures, "one figure in a sentence")}
        icon_words = {**before.icons, **reader.words(
            m.get("icons", Located()), m.key_line("icons"), f"icons of {what}", None, "")}
        option_texts = dict(before.options)
        opts = reader.mapping(m.get("options", Located()), m.key_line("options"),
                              f"options of {what}")
        for opt, ospec in opts.items():
            if opt not in options:
                raise reader.fail(opts.key_line(opt), f"{what}: unknown option '{opt}'")
            option_texts[opt] = reader.option(ospec, opts.key_line(opt),
                                              f"option '{opt}' of {what}", options[opt])
        questions = dict(before.questions)
        qs = reader.mapping(m.get("questions", Located()), m.key_line("questions"),
                            f"questions of {what}")
        for key, qspec in qs.items():
            questions[key] = reader.question(qspec, qs.key_line(key),
                                             f"question '{key}' of {what}")
        lines = {key: reader.string(m[key], m.key_line(key), f"'{key}' of {what}")
                 if key in m else getattr(before, key) for key in ("moves", "extra")}
        out[code] = LanguageText(name, note, kind_words, figure_words, icon_words,
                                 option_texts, questions, **lines)
    return out
