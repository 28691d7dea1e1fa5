"""A new game plugs in with no edit to any other file (docs/adding-a-game.md): Orchard
(``tests/tiny_game``) brings its tile set with its words and its rules page, a rule module and
that module's view; found by ``discover``, it loads, plays to its end with computer players,
and is told, hinted, carded and scored in its own words."""

from __future__ import annotations

import random
import re

import pytest

from game import view
from game.ai import choose_action
from game.review import hints
from game.rules import Deploy, Game, Registry, default_registry
from game.rules import modules as rule_modules
from game.view import modules as module_views
from game.view.cards import feature_card
from game.view.chronicle import Chronicle
from game.words.i18n import set_language
from game.words.rulespages import Heading, Picture, find_page
from game.words.vocabulary import set_name
from tests.tiny_game import PACKAGE, TILESETS, plug_in
from tests.tiny_game.orchard import Apples, ApplesPicked


@pytest.fixture
def plugged(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """Orchard's rule module and view added to the registries, and its tile sets' folder
    read, as a game of its own package is plugged in."""
    plug_in(monkeypatch)
    return default_registry([TILESETS])


def played(registry: Registry, seed: int) -> tuple[Game, Chronicle]:
    """A game of Orchard between two computer players, told as it goes; every few turns
    the Hint is asked, as a player would."""
    game = Game(registry.ruleset("tiny-orchard"), ["Red", "Blue"], seed=seed)
    chronicle = Chronicle(game)
    rng = random.Random(seed)
    while not game.over:
        if len(game.moves) % 10 == 0:
            hint = hints.advise(game, budget=0.0, futures=(2, 2))
            assert hint is not None and hint.why
        chronicle.apply(choose_action(game, "quick", rng))
    return game, chronicle


def test_its_module_and_view_are_found_in_its_own_package() -> None:
    assert rule_modules.discover(PACKAGE) == {"apples": Apples}
    assert [type(v).__name__ for v in module_views.discover(PACKAGE).values()] == ["ApplesView"]
    assert "apples" not in rule_modules.MODULES  # found, not added: the test adds it
    assert default_registry([TILESETS]).errors  # unknown without it


def test_a_new_game_plays_and_is_told_in_its_own_words(plugged: Registry) -> None:
    assert not plugged.errors
    game, chronicle = played(plugged, seed=3)
    rule = next(m for m in game.modules if isinstance(m, Apples))
    texts = [e.text for e in chronicle.entries]
    picked = [n for n in game.notices if isinstance(n, ApplesPicked)]
    assert picked and all(re.fullmatch(r"(Red|Blue) picked \d+ apples?", t)
                          for t in texts if " picked " in t)
    assert len([t for t in texts if " picked " in t]) == len(picked)
    assert any(re.fullmatch(r"(Red|Blue) placed a tile and a picker on the (orchard|lane)", t)
               for t in texts)
    assert any(re.fullmatch(r"(Red|Blue) \+\d+: orchard of \d+ tiles( and \d+ apples?)?", t)
               for t in texts)
    assert view.module_lines(game) == [f"Apples in the basket: {rule.basket}"]
    assert view.score_categories(game) == ["orchard", "lane", "picked"]
    assert [view.category_title(game, c) for c in view.score_categories(game)] == [
        "Orchards", "Lanes", "Apples"]
    assert view.final_details(game) == [f"{name}: {n} apple{'s' if n != 1 else ''} picked"
                                        for name, n in zip(game.players, rule.picked,
                                                           strict=True)]
    assert sum(e.points for e in game.events if e.category == "picked") == sum(rule.picked)
    cards = [feature_card(game, f) for f in game.all_features()]
    assert {"Orchard", "Lane", "Grass"} <= {c.title for c in cards}
    assert any(re.search(r", \d+ apples?$", c.lines[0].text) for c in cards)


def test_its_words_and_rules_page_come_with_its_tile_set(plugged: Registry) -> None:
    tileset = plugged.ruleset("tiny-orchard")
    game = Game(tileset, ["Rouge", "Bleu"], seed=1)
    rng = random.Random(1)
    try:
        set_language("fr")
        assert set_name(tileset) == "Verger"
        chronicle = Chronicle(game)
        while not any(isinstance(a, Deploy) for a in game.moves):
            chronicle.apply(choose_action(game, "quick", rng))
        assert any(re.fullmatch(r"Rouge a posé une tuile et un cueilleur sur "
                                r"(le verger|l'allée)", e.text) for e in chronicle.entries)
    finally:
        set_language("en")
    for code, title in (("en", "Orchard"), ("fr", "Verger")):
        page = find_page([TILESETS], "tiny-orchard", code)
        assert page is not None and page.language == code
        assert isinstance(page.blocks[0], Heading) and page.blocks[0].text == title
        assert any(isinstance(b, Picture) for b in page.blocks)
