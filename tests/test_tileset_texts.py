"""What a tile set says to players per language (its ``text:`` section): read, added to by an
expansion, and every mistake named with its line."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules import TileSetError, parse_tileset
from game.rules.loader import read_yaml
from game.rules.model import Words
from game.rules.registry import Registry
from game.words.gamecheck import text_findings

from .test_loader_errors import GOOD

TEXT = """\
text:
  en:
    name: Tiny
    kinds: {city: [city, cities, the city]}
    figures: {follower: [follower, followers]}
    icons: {shield: [shield, shields]}
    options:
      small_city:
        name: Two-tile city
        values:
          2: {label: 2 points, explain: "Scores 2."}
  fr:
    name: Petit
    note: Une note.
    kinds: {city: [ville, villes]}
"""
TEXT_LINE = GOOD.count("\n") + 1  # where the text section starts


def test_names_words_and_option_meanings_per_language() -> None:
    ts = parse_tileset(GOOD + TEXT, "tiny.yaml")
    assert ts.text["en"].kinds["city"] == Words("city", "cities", "the city")
    assert ts.text["en"].figures["follower"] == Words("follower", "followers")
    assert ts.text["en"].icons == {"shield": Words("shield", "shields")}
    assert ts.text["fr"].name == "Petit" and ts.text["fr"].note == "Une note."
    value = ts.text["en"].options["small_city"].values["2"]
    assert (value.label, value.explain) == ("2 points", "Scores 2.")


def test_an_expansion_adds_to_its_games_text() -> None:
    base = parse_tileset(GOOD + TEXT, "tiny.yaml")
    expansion = parse_tileset(
        "id: more\nname: More\nextends: tiny\n"
        "text:\n  fr:\n    name: Plus\n    kinds: {road: [chemin, chemins]}\n"
        "tiles: []\n", "more.yaml", base)
    assert expansion.text["fr"].kinds == {"city": Words("ville", "villes"),
                                          "road": Words("chemin", "chemins")}
    assert expansion.text["fr"].name == "Plus"
    assert expansion.text["en"] == replace(base.text["en"], name="")  # its own name: More


@pytest.mark.parametrize(("wrong", "right", "offset", "problem"), [
    ("{city: [city, cities, the city]}", "{castle: [castle, castles]}", 3,
     "'castle' is not one of"),
    ("{city: [city, cities, the city]}", "{city: city}", 3,
     "needs [singular, plural, the kind in a sentence]"),
    ("{city: [city, cities, the city]}", "{city: [a, b, c, d]}", 3, "needs [singular, plural"),
    ("{shield: [shield, shields]}", "{shield: [shield, shields, a shield]}", 5,
     "needs [singular, plural]"),
    ("2: {label", "5: {label", 10, "'5' is not one of its values"),
    ("small_city:", "large_city:", 7, "unknown option 'large_city'"),
    ('explain: "Scores 2."', 'explains: "Scores 2."', 10, "unknown key 'explains'"),
    ("    name: Petit", "    title: Petit", 12, "unknown key 'title'"),
    ("  fr:", "  french language:", 11, "a language is a code"),
])
def test_a_mistake_in_the_text_names_its_line(wrong: str, right: str, offset: int,
                                              problem: str) -> None:
    assert wrong in TEXT
    with pytest.raises(TileSetError) as info:
        parse_tileset(GOOD + TEXT.replace(wrong, right, 1), "tiny.yaml")
    assert problem in info.value.problem
    assert info.value.line == TEXT_LINE + offset


def test_every_built_in_set_speaks_every_language(registry: Registry) -> None:
    """A name in every language, words for every kind and figure, every option value
    labelled and explained: the check's rules of words find nothing to say."""
    for sid, tileset in registry.sets.items():
        source = registry.sources[sid]
        assert list(text_findings(tileset, source.doc, str(source.path))) == [], sid
        assert tileset.text["fr"].name


def test_words_missing_in_a_language_are_named_with_their_line() -> None:
    text = TEXT.replace("    name: Petit\n", "").replace("    kinds: {city: [ville, villes]}\n",
                                                          "")
    tileset = parse_tileset(GOOD + text, "tiny.yaml")
    doc = read_yaml(GOOD + text, "tiny.yaml")
    found = [(f.line, f.problem) for f in text_findings(tileset, doc, "tiny.yaml")]
    english, french, option = TEXT_LINE + 1, TEXT_LINE + 11, 11
    assert found == [
        (english, "no words in English for the kinds road, field: text: en: kinds: "
                  "{road: [singular, plural, the ...]}"),
        (option, "option 'small_city' is not explained in English: text: en: options: "
                 "small_city: name and, for each value (4), label and explain"),
        (french, "no name in French: text: fr: name: ..."),
        (french, "no words in French for the kinds city, road, field: text: fr: kinds: "
                 "{city: [singular, plural, the ...]}"),
        (french, "no words in French for the figures follower: text: fr: figures: "
                 "{follower: [singular, plural, a ...]}"),
        (option, "option 'small_city' is not explained in French: text: fr: options: "
                 "small_city: name and, for each value (2, 4), label and explain")]
