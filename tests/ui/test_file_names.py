"""File names that are not UTF-8 (an archive unpacked with Latin-1 names) in the tile-set and
saves folders: New game and Load game show them with replacement characters, the log names
each once, and nothing reaches the crash screen; such a save still loads and renames."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rules import Game, default_registry
from game.store import logs
from game.store.savefile import SavedGame
from game.ui.app import App, AppConfig
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.menus import MessageScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.saves import LoadScene, NameScene, display_name
from game.ui.scenes.setup import SetupScene

from .conftest import Driver
from .test_saves import type_name
from .test_scenes import button, title

pytestmark = pytest.mark.skipif(sys.platform != "linux",
                                reason="only Linux keeps file names that are not UTF-8")


def latin1(folder: Path, name: bytes) -> Path:
    """A path in ``folder`` named by bytes that are not UTF-8."""
    return Path(os.fsdecode(os.fsencode(folder) + b"/" + name))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    tilesets = tmp_path / "data" / "tilesets"
    saves = tmp_path / "data" / "saves"
    tilesets.mkdir(parents=True)
    saves.mkdir(parents=True)
    latin1(tilesets, b"jeu-\xe9t\xe9.yaml").write_text("id: jeu\n", encoding="utf-8")
    latin1(saves, b"partie-\xe9t\xe9.json").write_text("{}", encoding="utf-8")
    game = Game(default_registry().ruleset("carcassonne"), ["Ana", "Bo"], seed=2)
    game.apply(game.legal_actions()[0])
    saved = SavedGame.of(game, "carcassonne", [], ["red", "blue"])
    latin1(saves, b"d\xe9j\xe0.json").write_text(saved.to_json(), encoding="utf-8")
    application = App(AppConfig(size=(1280, 800), storage_root=tmp_path), SceneRoutes)
    yield application
    pygame.quit()


def no_crash(app: App) -> None:
    assert not any(isinstance(scene, CrashScene) for scene in app.stack)


def test_new_game_and_load_game_show_the_names_readably(app: App) -> None:
    driver = Driver(app)
    (broken,) = app.registry.errors
    assert broken.path.endswith("jeu-\ufffdt\ufffd.yaml")
    driver.click(button(title(app, driver), "New game"))
    assert isinstance(app.scene, SetupScene)
    driver.frames(3)
    no_crash(app)
    driver.click(button(title(app, driver), "Load game"))
    load = app.scene
    assert isinstance(load, LoadScene)
    driver.frames(3)
    no_crash(app)
    names = sorted(display_name(entry.path) for entry in load.entries)
    assert names == ["d\ufffdj\ufffd", "partie-\ufffdt\ufffd"]
    broken_save = next(i for i, e in enumerate(load.entries) if e.saved is None)
    driver.click(load._row_rect(broken_save).center)
    assert isinstance(app.scene, MessageScene)  # its error, with the name readable
    assert "partie-\ufffdt\ufffd.json" in app.scene.text
    driver.frames(2)
    no_crash(app)


def test_each_name_is_logged_once(app: App) -> None:
    driver = Driver(app)
    for _ in range(2):
        driver.click(button(title(app, driver), "New game"))
        driver.frames(2)
        driver.click(button(title(app, driver), "Load game"))
        driver.frames(2)
    log = logs.current_file()
    assert log is not None
    text = log.read_text(encoding="utf-8")
    assert text.count("is not UTF-8: ") >= 3
    for name in ("jeu-\\udce9t\\udce9.yaml", "partie-\\udce9t\\udce9.json",
                 "d\\udce9j\\udce0.json"):
        assert text.count(f"{name}' (shown as") == 1, name


def test_such_a_save_loads_and_renames(app: App) -> None:
    driver = Driver(app)
    driver.click(button(title(app, driver), "Load game"))
    load = app.scene
    assert isinstance(load, LoadScene)
    good = next(i for i, e in enumerate(load.entries) if e.saved is not None)
    rename = load.row_buttons[2 * (good - load.scroll)]
    driver.click(rename.rect.center)
    ask = app.scene
    assert isinstance(ask, NameScene) and ask.field.text == "d\ufffdj\ufffd"
    type_name(driver, ask, "déjà vu")
    no_crash(app)
    assert (app.storage.saves_dir / "déjà vu.json").exists()
    load.enter()
    index = next(i for i, e in enumerate(load.entries) if e.path.stem == "déjà vu")
    driver.click(load._row_rect(index).center)
    assert isinstance(app.scene, PlayScene)
    no_crash(app)
