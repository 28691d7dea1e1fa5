"""What a tile set says to players per language (its ``text:`` section): read, added to by an
expansion, and every mistake named with its line."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules import TileSetError, parse_tileset
from game.rules.model import Words
from game.rules.registry import Registry

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


def test_every_option_of_every_built_in_set_is_explained_in_both_languages(
        registry: Registry) -> None:
    for ts in registry.sets.values():
        assert ts.text["fr"].name  # the English name is the set's own
        for code in ("en", "fr"):
            text = ts.text[code]
            for name, option in ts.options.items():
                values = text.options[name].values
                assert {str(v) for v in option.values} == set(values), (ts.id, code, name)
                assert all(v.label and v.explain for v in values.values())
            assert set(text.kinds) == set(ts.kinds), (ts.id, code)
            assert set(text.figures) == set(ts.figures), (ts.id, code)
