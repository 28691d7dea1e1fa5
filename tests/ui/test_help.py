"""How to play, driven with real events: the rules pages open from the title, the set-up
screen, the game menu and F1, fit the smallest window in both languages, and scroll."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.registry import builtin_tileset_dir
from game.ui.app import App, AppConfig
from game.ui.pagecheck import covered_icons, narrowest_page, window_findings
from game.ui.scenes import setup as set_up_screen
from game.ui.scenes.help import CONTROLS, HelpScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.widgets import draw_tooltip, fit_text
from game.ui.window import MIN_SIZE
from game.words import i18n
from game.words.rulespages import HELP_FOLDER, Heading, Paragraph, parse_page, read_page
from game.words.vocabulary import set_note

from .conftest import Driver, lines_set, on_top
from .test_scenes import button, new_game


def open_from_title(app: App, driver: Driver) -> HelpScene:
    app.replace(TitleScene(app))
    driver.frames()
    driver.click(button(app.scene, i18n._("How to play")))
    scene = on_top(app, HelpScene)
    return scene


def row(scene: HelpScene, key: str) -> tuple[int, int]:
    return next(b.rect.center for t, b in scene.rows if t.key == key)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_fits_the_smallest_window(small: App, language: str) -> None:
    i18n.set_language(language)
    driver = Driver(small)
    scene = open_from_title(small, driver)
    assert small.screen.get_size() == MIN_SIZE
    assert small.screen.get_rect().contains(scene.rect)
    assert len(scene.rows) == len(scene.topics) == 1 + len(small.registry.sets)
    for topic in scene.topics:
        driver.click(row(scene, topic.key))
        assert scene.current == topic
        page = scene.rendered(topic)
        assert page.overflow == [] and page.problems == [], (topic.key, language)
        assert page.surface.get_width() == scene.view.w
        if topic.key != CONTROLS:
            assert scene.page(topic).language == language
        driver.frames()


def test_the_page_scrolls_with_the_wheel_the_keys_and_its_bar(small: App) -> None:
    driver = Driver(small)
    scene = open_from_title(small, driver)
    driver.click(row(scene, "carcassonne"))
    most = scene._max_scroll()
    assert most > scene.view.h  # a long page
    driver.move(scene.view.center)
    driver.wheel(-2)
    assert scene.scroll == 120
    driver.key(pygame.K_UP)
    assert scene.scroll == 120 - 48
    thumb = scene._thumb()
    assert thumb is not None
    driver.drag(thumb.center, (thumb.centerx, scene.view.bottom + 50))
    assert scene.scroll == most
    driver.wheel(50)
    assert scene.scroll == 0
    driver.click((thumb.centerx, scene.view.bottom - 5))  # a click on the bar: a page down
    assert scene.scroll == scene.view.h
    driver.key(pygame.K_TAB)
    assert scene.current.key == "hills-and-sheep" and scene.scroll == 0


def test_rules_from_the_set_up_screen_show_the_chosen_game(app: App, driver: Driver) -> None:
    app.replace(TitleScene(app))
    driver.frames()
    driver.click(button(app.scene, "New game"))
    setup = app.scene
    driver.click(button(setup, "Hunters & Gatherers"))
    driver.click(button(setup, "Rules"))
    scene = on_top(app, HelpScene)
    assert scene.current.key == "hunters-and-gatherers"
    driver.click(scene.close.rect.center)
    assert app.scene is setup


def test_rules_from_the_game_menu_and_f1_show_the_game_in_hand(app: App,
                                                               driver: Driver) -> None:
    play = new_game(app, driver)
    driver.key(pygame.K_F1)
    assert on_top(app, HelpScene).current.key == play.session.game_id
    driver.key(pygame.K_ESCAPE)
    assert app.scene is play
    driver.key(pygame.K_ESCAPE)
    on_top(app, PauseScene)
    driver.click(button(app.scene, "Rules"))
    assert on_top(app, HelpScene).current.key == "carcassonne"


def test_a_tile_set_without_a_page_gets_one_made_from_its_data(app: App, driver: Driver,
                                                               tmp_path: Path) -> None:
    source = (Path(__file__).resolve().parents[2] / "tilesets" / "carcassonne.yaml")
    text = source.read_text(encoding="utf-8").replace("id: carcassonne", "id: mine", 1)
    text = text.replace("name: Carcassonne\n", "name: Mine\n", 1)
    folder = tmp_path / "data" / "tilesets"
    folder.mkdir(parents=True)
    (folder / "mine.yaml").write_text(text, encoding="utf-8")
    mine = App(AppConfig(size=(1280, 800), storage_root=tmp_path), SceneRoutes)
    scene = HelpScene(mine, "mine")
    mine.push(scene)
    assert scene.current.key == "mine"
    page = scene.page(scene.current)
    texts = " ".join([b.text for b in page.blocks if isinstance(b, Heading)]
                     + [s.text for b in page.blocks if isinstance(b, Paragraph) for s in b.spans])
    assert "brings no rules page" in texts and "2 per tile, 2 per shield" in texts
    assert scene.rendered(scene.current).overflow == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_option_shows_what_it_means_and_its_rulebook_sentence(small: App,
                                                                  language: str) -> None:
    i18n.set_language(language)
    driver = Driver(small)
    small.replace(TitleScene(small))
    driver.frames()
    setup = SetupScene(small)
    small.push(setup)
    seen = 0
    for game in small.registry.games():
        setup._choose_game(game.id)()
        for expansion in [None, *small.registry.expansions(game.id)]:
            setup.expansions = [expansion.id] if expansion else []
            setup.layout(small.screen.get_size())
            tileset = setup._tileset()
            assert tileset is not None
            assert len(setup.option_rows) == len(tileset.options)
            for (name, source, b), option in zip(setup.option_rows, tileset.options.values(),
                                                 strict=True):
                assert source == option.source and name == option.name
                assert b.detail and "…" not in fit_text(small.res, b.detail, 15, b.rect.w - 24)
                assert setup.card.contains(b.rect), (game.id, b.label)
                for _ in option.values:  # every value explained, in turn
                    driver.click(b.rect.center)
                    b = next(row.button for row in setup.option_rows if row.source == source)
                    assert b.detail
                    seen += 1
                driver.move(b.rect.center)
                assert setup.hovered_option() == (option.name, option.source, b)
    assert seen == 18  # 4 options of 2 values, with and without the expansion; then 1 of 2
    setup._choose_game("over-hill-and-dale")()
    note = set_note(small.registry.sets["over-hill-and-dale"])
    assert note.startswith(("Reconstructed tiles", "Tuiles reconstituées"))
    assert " ".join(setup.note) == note


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_options_rulebook_sentence_is_in_the_windows_language(
        small: App, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In English the quote is the English sentence with the rulebook's French original
    under it; in French, the rulebook's own sentence alone."""
    i18n.set_language(language)
    driver = Driver(small)
    setup = SetupScene(small)
    small.replace(setup)
    drawn = lines_set(small, monkeypatch)
    quoted = 0
    for game in small.registry.games():
        setup._choose_game(game.id)()
        setup.layout(small.screen.get_size())
        for row in list(setup.option_rows):
            source, button = row[-2], row[-1]  # the sentence as the rulebook says it
            drawn.clear()
            driver.move(button.rect.center)
            shown = " ".join(drawn)
            first = " ".join(source.split()[:3])
            if language == "en":
                assert first not in shown.split("Original:")[0], source
                assert "Original: " + first in shown, source
            else:
                assert first in shown and "Texte original" not in shown
            quoted += 1
    assert quoted == 5  # the base game's four options, Hunters & Gatherers' one


@pytest.mark.parametrize("window", ["app", "small"])
def test_a_rule_options_rulebook_card_leaves_the_buttons_below_it_clear(
        window: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulebook's sentence of the last rule option stays above Back, Rules and Start."""
    app = request.getfixturevalue(window)
    driver = Driver(app)
    setup = SetupScene(app)
    app.replace(setup)
    cards: list[pygame.Rect] = []
    real = draw_tooltip

    def recording(*args: Any, **kwargs: Any) -> pygame.Rect:
        card = real(*args, **kwargs)
        cards.append(card)
        return card

    monkeypatch.setattr(set_up_screen, "draw_tooltip", recording)
    driver.move(setup.option_rows[-1].button.rect.center)
    assert cards
    bottom_row = [b.rect for b in setup.widgets if b.rect.y == setup.buttons_top]
    assert len(bottom_row) == 3
    assert cards[-1].collidelist(bottom_row) < 0


@pytest.mark.parametrize("set_id", ["carcassonne", "hills-and-sheep", "hunters-and-gatherers",
                                    "over-hill-and-dale"])
def test_a_pictures_points_cover_none_of_its_icons(app: App, set_id: str) -> None:
    """Counting the animals around a stable, a reader must see every one: each figure's
    points stand where they cover no icon of the picture (its tiles as they are drawn
    without the points), as ``python -m game.tileset check`` checks."""
    tileset = app.registry.sets[set_id]
    page = read_page(builtin_tileset_dir() / HELP_FOLDER / f"{set_id}.en.md", set_id, "en")
    assert page.pictures()
    for picture in page.pictures():
        assert covered_icons(picture, tileset, app.res) == [], (set_id, picture.line)


def test_points_over_an_icon_are_found(app: App) -> None:
    tileset = app.registry.sets["carcassonne"]
    # beside tokens a figure's points go above it: so long, over the shield
    page = parse_page("```board\nC 0,0 follower@N:red:+99999999999 shield*1\n```\n", "x.md",
                      "carcassonne", "en")
    assert covered_icons(page.pictures()[0], tileset, app.res) == [
        "a figure's points cover the shield of tile C at 0,0: move the figure or the tiles"]


def test_every_built_in_page_meets_the_rules_of_the_window(small: App) -> None:
    """Every line fits the page of the smallest window, in every language."""
    scene = HelpScene(small)
    scene.layout(small.screen.get_size())
    assert narrowest_page(small.res) == scene.view.w
    for sid, tileset in small.registry.sets.items():
        for code in ("en", "fr"):
            page = read_page(builtin_tileset_dir() / HELP_FOLDER / f"{sid}.{code}.md", sid, code)
            assert window_findings(page, tileset, small.res) == [], (sid, code)


def test_a_word_too_wide_for_the_smallest_window_is_named_with_its_line(small: App) -> None:
    tileset = small.registry.sets["carcassonne"]
    page = parse_page("# Title\n\nShort.\n\n" + "Long" * 60 + "\n", "x.md", "carcassonne",
                      "en")
    (found,) = window_findings(page, tileset, small.res)
    assert (found.path, found.line) == ("x.md", 5)
    assert found.problem == (f"'{'Long' * 9}Lon…' is wider than the page of the smallest "
                             f"window: a shorter word or line")
