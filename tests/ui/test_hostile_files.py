"""The window and hostile files: tile sets, saves and settings that once stopped the game,
crashed Continue or Load, or were silently written over."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pygame
import pytest

from game.store.storage import SavedGame, Storage
from game.system.paths import tilesets_dir
from game.ui.app import App, AppConfig
from game.ui.scenes.menus import ConfirmScene, MessageScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.saves import LoadScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene

from ..hostile.make_corpus import COMMITTED_SAVES, UNRESTORABLE, write_saves, write_tilesets
from .conftest import Driver, on_top
from .test_scenes import button, play_turns, title


def _app(home: Path) -> App:
    return App(AppConfig(size=(1280, 800), storage_root=home), SceneRoutes)


def test_the_game_starts_with_every_hostile_file_in_its_folders(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    cases = write_tilesets(store.user_tilesets_dir)
    for case in cases:  # the committed cases beside the generated ones
        if case.path.parent != store.user_tilesets_dir:
            shutil.copy(case.path, store.user_tilesets_dir / case.path.name)
    write_saves(store.saves_dir)
    shutil.copy(COMMITTED_SAVES / "seats-a-number.json", store.autosave_path())
    store.config_dir.mkdir(parents=True)
    (store.config_dir / "settings.json").write_text("[" * 100_000, encoding="utf-8")
    app = _app(tmp_path)
    try:
        driver = Driver(app)
        assert "carcassonne" in app.registry.sets
        assert len(app.registry.errors) == sum(c.text is not None for c in cases)
        scene = title(app, driver)
        assert not scene.can_continue and scene.continue_problem
        driver.click(button(scene, "Load game"))
        load = on_top(app, LoadScene)
        assert load.entries
        for i in list(load._visible()):
            driver.click(load._row_rect(i).center)
            on_top(app, MessageScene)  # reported, not loaded
            driver.key(pygame.K_RETURN)
    finally:
        pygame.quit()


def test_a_broken_settings_file_is_told_and_kept_when_the_window_closes(
        tmp_path: Path) -> None:
    """Closing the window writes its size into the settings: a settings file cut short used
    to be replaced then, the player's choices lost without a word."""
    store = Storage(tmp_path)
    store.config_dir.mkdir(parents=True)
    broken = b'{"language": "fr", "players": [{"name": "Ana'
    (store.config_dir / "settings.json").write_bytes(broken)
    app = _app(tmp_path)
    try:
        driver = Driver(app)
        scene = title(app, driver)
        told = scene.settings_problem()
        kept = app.storage.settings_kept
        assert told and kept is not None and kept.name in told
        app.close()
    finally:
        pygame.quit()
    assert kept.read_bytes() == broken
    assert json.loads((store.config_dir / "settings.json").read_text())["window_size"]


def test_remembered_players_of_any_shape_open_the_set_up_screen(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    store.config_dir.mkdir(parents=True)
    players = [{"name": "A\u0000\u0007", "colour": 5, "kind": "evil"}, 7, {"kind": "quick"}]
    (store.config_dir / "settings.json").write_text(json.dumps({"players": players}))
    app = _app(tmp_path)
    try:
        driver = Driver(app)
        driver.click(button(title(app, driver), "New game"))
        seats = [(s.name, s.colour, s.kind) for s in on_top(app, SetupScene).seats]
        assert seats == [("A", "5", "human"), ("Player", "red", "quick")]
        driver.click(button(app.scene, "Start game"))
        on_top(app, PlayScene)
    finally:
        pygame.quit()


def test_stray_temporary_files_are_removed_at_start(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    store.saves_dir.mkdir(parents=True)
    for i in range(5):
        (store.saves_dir / f".autosave.json.{i}abc.tmp").write_text("{")
    _app(tmp_path)
    pygame.quit()
    assert list(store.saves_dir.iterdir()) == []


def _mine(text: str) -> str:
    return re.sub(r"(?m)^name: Carcassonne$", "name: Mine",
                  re.sub(r"(?m)^id: carcassonne$", "id: mine", text, count=1), count=1)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A storage root with a user tile set ``mine`` (the base game under another id) and an
    autosave of a game of it, four turns in."""
    folder = Storage(tmp_path).user_tilesets_dir
    folder.mkdir(parents=True)
    base = (tilesets_dir() / "carcassonne.yaml").read_text(encoding="utf-8")
    (folder / "mine.yaml").write_text(_mine(base), encoding="utf-8")
    app = _app(tmp_path)
    driver = Driver(app)
    try:
        driver.click(button(title(app, driver), "New game"))
        setup = on_top(app, SetupScene)
        setup.game_id = "mine"
        driver.click(button(setup, "Start game"))
        play = on_top(app, PlayScene)
        assert play.session.game_id == "mine"
        play_turns(play, driver, 4)
    finally:
        pygame.quit()
    assert SavedGame.from_json(Storage(tmp_path).autosave_path().read_text(), Path()).moves
    return tmp_path


def _edit_tileset(home: Path, old: str, new: str) -> None:
    mine = Storage(home).user_tilesets_dir / "mine.yaml"
    text = mine.read_text(encoding="utf-8")
    assert old in text
    mine.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_autosave_whose_tile_set_broke_is_kept_aside_not_overwritten(
        home: Path) -> None:
    autosave = Storage(home).autosave_path()
    before = autosave.read_bytes()
    _edit_tileset(home, "kinds:", "kinds: [")  # a typo: the tile set no longer loads
    app = _app(home)
    try:
        driver = Driver(app)
        scene = title(app, driver)
        assert not scene.can_continue
        (kept,) = autosave.parent.glob("autosave-kept-*.json")
        assert kept.read_bytes() == before
        assert scene.continue_problem and kept.name in scene.continue_problem
        assert "no game 'mine'" in scene.continue_problem
        driver.click(button(scene, "New game"))
        driver.click(button(app.scene, "Start game"))
        play = on_top(app, PlayScene)
        play_turns(play, driver, 1)  # the new game's first autosave
        assert kept.read_bytes() == before and autosave.read_bytes() != before
    finally:
        pygame.quit()


def test_continue_says_when_a_tile_set_changed_before_the_game_opens(home: Path) -> None:
    _edit_tileset(home, "points: {tile: 2, shield: 2}", "points: {tile: 3, shield: 2}")
    app = _app(home)
    try:
        driver = Driver(app)
        scene = title(app, driver)
        assert scene.can_continue
        driver.click(button(scene, "Continue"))
        ask = on_top(app, ConfirmScene)
        assert "The tile set Mine changed" in ask.text  # by its name, not its id
        driver.click(button(ask, "Back"))
        on_top(app, TitleScene)
        driver.click(button(scene, "Continue"))
        driver.click(button(app.scene, "Open anyway"))
        on_top(app, PlayScene)
    finally:
        pygame.quit()


def test_a_layout_only_change_of_the_tile_set_asks_nothing(home: Path) -> None:
    _edit_tileset(home, "kinds:", "# a comment of the author\nkinds:")
    app = _app(home)
    try:
        driver = Driver(app)
        driver.click(button(title(app, driver), "Continue"))
        on_top(app, PlayScene)
    finally:
        pygame.quit()


def test_load_reports_saves_that_cannot_be_restored_and_keeps_them(app: App,
                                                                   driver: Driver) -> None:
    app.storage.saves_dir.mkdir(parents=True)
    for name in UNRESTORABLE:
        shutil.copy(COMMITTED_SAVES / name, app.storage.saves_dir / name)
    before = {p: p.read_bytes() for p in app.storage.saves_dir.iterdir()}
    driver.click(button(title(app, driver), "Load game"))
    load = on_top(app, LoadScene)
    assert len(load.entries) == len(UNRESTORABLE)
    for i in range(len(load.entries)):
        driver.click(load._row_rect(i).center)
        message = on_top(app, MessageScene)
        assert UNRESTORABLE[load.entries[i].path.name] in message.text
        driver.key(pygame.K_RETURN)
    assert {p: p.read_bytes() for p in app.storage.saves_dir.iterdir()} == before
    assert json.loads(next(iter(before.values())))  # still the same plain JSON


def test_a_full_disk_is_told_in_words_with_the_folder(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """An autosave on a full disk said only "[Errno 28] No space left on device: '/…/.
    autosave.json.x.tmp'": which folder, and whether the game was lost, went unsaid."""
    from .test_scenes import new_game
    app = _app(tmp_path)
    try:
        driver = Driver(app)
        play = new_game(app, driver)

        def full(*_args: object) -> None:
            raise OSError(28, "No space left on device",
                          str(app.storage.saves_dir / ".autosave.json.x.tmp"))
        monkeypatch.setattr(app.storage, "autosave", full)
        play_turns(play, driver, 1)
        told = on_top(app, MessageScene)
        assert "No space left on device" in told.text and "[Errno" not in told.text
        assert str(app.storage.saves_dir) in told.text and "autosave keeps" in told.text
    finally:
        pygame.quit()
