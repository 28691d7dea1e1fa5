"""The settings screen, driven with real events: values step, persist and survive bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.store.storage import Storage
from game.ui.app import App, AppConfig
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.session import KIND_NAMES
from game.ui.settings import BY_KEY, SETTINGS, Settings
from game.words import i18n

from .conftest import Driver, on_top


def open_from_title(app: App, driver: Driver) -> SettingsScene:
    title = TitleScene(app)
    app.replace(title)
    driver.frames()
    button = next(b for b in title.buttons if b.label == "Settings")
    driver.click(button.rect.center)
    scene = on_top(app, SettingsScene)
    return scene


def row(scene: SettingsScene, key: str) -> pygame.Rect:
    return next(b.rect for s, b in scene.rows if s.key == key)


def test_a_click_steps_a_setting_and_it_is_saved(app: App, driver: Driver,
                                                 tmp_path: Path) -> None:
    scene = open_from_title(app, driver)
    assert app.settings.get("computer_pace") == "normal"
    driver.click(row(scene, "computer_pace").center)
    assert app.settings.get("computer_pace") == "instant"
    driver.click(row(scene, "computer_pace").center, button=3)  # right click steps back
    driver.click(row(scene, "computer_pace").center, button=3)
    assert app.settings.get("computer_pace") == "relaxed"
    stored = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert stored["computer_pace"] == "relaxed"
    assert Settings(Storage(tmp_path)).get("computer_pace") == "relaxed"


def test_the_button_shows_the_chosen_value(app: App, driver: Driver) -> None:
    scene = open_from_title(app, driver)
    driver.click(row(scene, "sound").center)
    label = next(b.label for s, b in scene.rows if s.key == "sound")
    assert label == "Off"


def test_done_and_escape_close_the_screen(app: App, driver: Driver) -> None:
    scene = open_from_title(app, driver)
    driver.click(scene.close.rect.center)
    on_top(app, TitleScene)
    open_from_title(app, driver)
    driver.key(pygame.K_ESCAPE)
    on_top(app, TitleScene)


def test_every_setting_fits_a_small_window(tmp_path: Path) -> None:
    from game.ui.app import AppConfig
    from game.ui.scenes.routes import SceneRoutes
    small = App(AppConfig(size=(960, 640), storage_root=tmp_path), SceneRoutes)
    try:
        driver = Driver(small)
        scene = open_from_title(small, driver)
        seen = {s.key for s, _ in scene.rows}
        for _ in range(len(SETTINGS)):
            driver.wheel(-1)
            seen |= {s.key for s, _ in scene.rows}
        assert seen == set(BY_KEY)
        for _, b in scene.rows:
            assert scene.rect.contains(b.rect)
    finally:
        pygame.quit()


def test_a_stored_value_that_is_no_choice_reads_as_the_default(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps(
        {"volume": 33, "sound": "yes", "game": "carcassonne"}))
    settings = Settings(Storage(tmp_path))
    assert settings.get("volume") == BY_KEY["volume"].default
    assert settings.get("sound") is True
    assert settings.recall("game") == "carcassonne"


def test_starting_a_game_keeps_the_other_settings(app: App, driver: Driver) -> None:
    from .test_scenes import new_game
    app.settings.set("hints", False)
    new_game(app, driver)  # the set-up screen remembers the players and the game
    again = Settings(app.storage)
    assert again.get("hints") is False
    assert again.recall("game") == "carcassonne"


def test_the_language_setting_speaks_at_once_and_at_the_next_start(app: App, driver: Driver,
                                                                   tmp_path: Path) -> None:
    try:
        scene = open_from_title(app, driver)
        while app.settings.get("language") != "fr":
            driver.click(row(scene, "language").center)
        assert i18n.language() == "fr" and i18n._("Settings") == "Réglages"
        assert scene.close.label == "Terminé"
        driver.click(scene.close.rect.center)
        title = on_top(app, TitleScene)
        assert [b.label for b in title.buttons][1] == "Nouvelle partie"
        i18n.set_language("en")
        again = App(AppConfig(size=(1280, 800), storage_root=tmp_path), SceneRoutes)
        assert i18n.language() == "fr" and again.settings.get("language") == "fr"
    finally:
        i18n.set_language("en")


def test_auto_follows_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert i18n.system_language() == "fr"
    monkeypatch.setenv("LANGUAGE", "de:en")
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANGUAGE", "C")
    assert i18n.system_language() == "en"
    try:
        monkeypatch.setenv("LANGUAGE", "fr")
        assert i18n.set_language("auto") == "fr"
    finally:
        i18n.set_language("en")


def test_the_hint_setting_names_no_computer_level() -> None:
    """The Hint is the game review's judgement (game.review.hints), not where one of the levels the
    set-up screen offers (Easy, Medium, Hard) would play: its setting says so."""
    explain = BY_KEY["hints"].explain.lower()
    assert "review" in explain
    assert not [name for name in KIND_NAMES.values() if name.lower() in explain]


def test_an_interface_size_the_window_cannot_hold_says_what_it_shows(
        small: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from .conftest import lines_set
    from .test_user_tilesets import resize
    driver = Driver(small)
    scene = open_from_title(small, driver)
    drawn = lines_set(small, monkeypatch)
    while small.settings.get("ui_scale") != 200:
        driver.click(row(scene, "ui_scale").center)
    assert "At most 100 % in this window: make it larger." in drawn
    resize(small, driver, (1280, 800))
    drawn.clear()
    driver.frames()
    assert "At most 125 % in this window: make it larger." in drawn
    resize(small, driver, (1920, 1280))  # room for 200 %: the setting's own line again
    drawn.clear()
    driver.frames()
    assert "Text, buttons and panels; the board has its own zoom." in drawn
    assert not any(line.startswith("At most") for line in drawn)
