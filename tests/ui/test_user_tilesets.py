"""Tile sets a player adds to the ``tilesets`` folder of the user data folder: a valid one is
offered on the new-game screen and can be played; a broken one is listed with its error.

Also the window around these screens (issue 7): resizing and full screen lay the scenes out
again, and help opens from every screen."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from platformdirs import PlatformDirs

from game.rules import registry as registry_module
from game.store.storage import APP_NAME, Storage
from game.store.tileset_cache import CACHE_FILE
from game.system.paths import tilesets_dir
from game.ui.app import App, AppConfig
from game.ui.hud import Layout
from game.ui.scenes.help import HelpScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.window import MIN_SIZE

from .conftest import Driver, on_top

BROKEN = """\
id: broken-set
name: Broken set
players: [2, 5]
kinds:
  city: {role: nonsense}
tiles: []
"""


def user_set(text: str) -> str:
    """The base game under another id and name: a valid extra game."""
    text = re.sub(r"^id: carcassonne$", "id: my-carcassonne", text, count=1, flags=re.M)
    return re.sub(r"^name: Carcassonne$", "name: My Carcassonne", text, count=1, flags=re.M)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A storage root whose user tile set folder holds one valid and one broken set."""
    folder = Storage(tmp_path).user_tilesets_dir
    folder.mkdir(parents=True)
    base = (tilesets_dir() / "carcassonne.yaml").read_text(encoding="utf-8")
    (folder / "mine.yaml").write_text(user_set(base), encoding="utf-8")
    (folder / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    return tmp_path


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    application = App(AppConfig(size=(1280, 800), storage_root=home), SceneRoutes)
    yield application
    pygame.quit()


def labels(scene: object) -> list[str]:
    return [b.label for b in getattr(scene, "widgets", []) + getattr(scene, "buttons", [])]


def click(driver: Driver, scene: object, label: str) -> None:
    for b in getattr(scene, "widgets", []) + getattr(scene, "buttons", []):
        if b.label == label:
            driver.click(b.rect.center)
            return
    raise AssertionError(f"no button {label!r} in {labels(scene)}")


def drawn_texts(app: App, driver: Driver) -> list[str]:
    """Every text the next frame draws."""
    seen: list[str] = []
    original = app.res.text

    def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen.append(text)
        return original(text, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app.res, "text", spy)
        driver.frames()
    return seen


def to_setup(app: App, driver: Driver) -> SetupScene:
    app.replace(TitleScene(app))
    driver.frames()
    click(driver, app.scene, "New game")
    setup = on_top(app, SetupScene)
    return setup


def test_parsed_tile_sets_are_kept_until_a_file_changes(home: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first = App(AppConfig(storage_root=home), SceneRoutes)
    sets = {sid: s.name for sid, s in first.registry.sets.items()}
    errors = [str(e) for e in first.registry.errors]
    pygame.quit()
    assert (home / "cache" / CACHE_FILE).is_file() and errors

    def parse_again(*args: object) -> None:
        raise AssertionError("parsed again")

    with monkeypatch.context() as m:
        m.setattr(registry_module, "build_tileset", parse_again)
        second = App(AppConfig(storage_root=home), SceneRoutes)  # from the cache
        assert {sid: s.name for sid, s in second.registry.sets.items()} == sets
        assert [str(e) for e in second.registry.errors] == errors
        assert second.registry.ruleset("my-carcassonne").id == "my-carcassonne"
        pygame.quit()
    mine = Storage(home).user_tilesets_dir / "mine.yaml"
    mine.write_text(mine.read_text(encoding="utf-8").replace(
        "name: My Carcassonne", "name: Renamed", 1), encoding="utf-8")
    third = App(AppConfig(storage_root=home), SceneRoutes)
    assert third.registry.sets["my-carcassonne"].name == "Renamed"


def test_the_user_folder_is_the_platform_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARCASSONNE_HOME", raising=False)
    expected = Path(PlatformDirs(APP_NAME, APP_NAME).user_data_dir) / "tilesets"
    assert Storage().user_tilesets_dir == expected


def test_a_valid_user_set_is_offered_and_plays(app: App, driver: Driver) -> None:
    assert {"carcassonne", "my-carcassonne"} <= {g.id for g in app.registry.games()}
    setup = to_setup(app, driver)
    assert "Carcassonne" in labels(setup) and "My Carcassonne" in labels(setup)
    click(driver, setup, "My Carcassonne")
    assert setup.game_id == "my-carcassonne"
    click(driver, setup, "Start game")
    play = on_top(app, PlayScene)
    assert play.game.tileset.id == "my-carcassonne"
    assert len(play.game.tileset.tiles) == len(app.registry.sets["carcassonne"].tiles)


def test_a_broken_user_set_is_listed_with_its_error(app: App, driver: Driver) -> None:
    errors = [e for e in app.registry.errors if Path(e.path).name == "broken.yaml"]
    assert len(errors) == 1
    error = errors[0]
    assert error.line is not None and error.problem
    assert "broken-set" not in {g.id for g in app.registry.games()}
    # The title says some files did not load; the set-up screen lists the file and problem.
    app.replace(TitleScene(app))
    assert any("could not be loaded" in t for t in drawn_texts(app, driver))
    setup = to_setup(app, driver)
    assert "Broken set" not in labels(setup)
    listed = [t for t in drawn_texts(app, driver)
              if t.startswith("Not loaded:") and "broken.yaml" in t]
    assert len(listed) == 1
    shown = f"Not loaded: broken.yaml:{error.line}: {error.problem}"
    assert shown.startswith(listed[0].rstrip("…"))  # the file, line and problem, cut to fit


# --- The window around these screens: resizing, full screen and help ------------------------


def resize(app: App, driver: Driver, size: tuple[int, int]) -> None:
    """What a window manager does: the window gets a new size, SDL reports it."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    driver.frames(2)


def inside(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return pygame.Rect((0, 0), size).contains(rect)


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_play_layout_fits_the_window(size: tuple[int, int], players: int) -> None:
    lay = Layout.compute(size, players)
    panels = [lay.players, lay.tray] + ([lay.log] if lay.log.h else [])
    for r in [*panels, lay.toolbar, lay.confirm, lay.undo, lay.tray_tile]:
        assert inside(r, size), (r, size)
    for a, b in itertools.pairwise(panels):
        assert a.bottom <= b.top
    assert lay.board.right <= lay.players.left and lay.board.h == size[1]
    assert lay.log.h >= 60 or size == MIN_SIZE  # a log on any window bigger than the least


def test_resizing_lays_the_scenes_out_again(app: App, driver: Driver) -> None:
    setup = to_setup(app, driver)
    for size in [(1600, 1000), MIN_SIZE, (1100, 720)]:
        resize(app, driver, size)
        assert app.screen.get_size() == size
        for b in setup.widgets:
            assert inside(b.rect, size), (b.label, b.rect, size)
    click(driver, setup, "Start game")
    play = on_top(app, PlayScene)
    resize(app, driver, (1500, 900))
    assert play.layout_obj.size == (1500, 900)
    assert play.layout_obj.players.right == 1500 - 12
    assert play.camera.viewport == (0, 0, play.layout_obj.board.w, 900)
    resize(app, driver, (800, 500))  # smaller than the game allows: held at the least size
    assert app.screen.get_size() == MIN_SIZE and play.layout_obj.size == MIN_SIZE


def test_full_screen_and_back(app: App, driver: Driver) -> None:
    title = TitleScene(app)
    app.replace(title)
    resize(app, driver, (1100, 700))
    driver.key(pygame.K_F11)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.fullscreen and app.screen.get_size() == desktop
    assert {b.rect.centerx for b in title.buttons} == {desktop[0] // 2}
    driver.key(pygame.K_F11)
    assert not app.fullscreen and app.screen.get_size() == (1100, 700)
    assert {b.rect.centerx for b in title.buttons} == {550}


def test_help_opens_on_every_screen(app: App, driver: Driver) -> None:
    app.replace(TitleScene(app))
    driver.frames()
    for open_key in (pygame.K_F1, pygame.K_h):
        driver.key(open_key)
        on_top(app, HelpScene)
        driver.key(pygame.K_F1)
        on_top(app, TitleScene)
    setup = to_setup(app, driver)
    driver.key(pygame.K_F1)
    on_top(app, HelpScene)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is setup
