"""Title, new-game set-up, continue and load, driven with real events."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ai.random_policy import random_action
from game.store.storage import SavedGame
from game.ui.app import App, Scene
from game.ui.scenes.menus import MessageScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.saves import LoadScene, NameScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.ui.widgets import Button

from .conftest import Driver, on_top

ROOT = Path(__file__).resolve().parents[2]


def title(app: App, driver: Driver) -> TitleScene:
    scene = TitleScene(app)
    app.replace(scene)
    driver.frames()
    return scene


def new_game(app: App, driver: Driver) -> PlayScene:
    """From the title, through the set-up screen, into a fresh game."""
    driver.click(button(title(app, driver), "New game"))
    driver.click(button(app.scene, "Start game"))
    play = on_top(app, PlayScene)
    return play


def play_turns(play: PlayScene, driver: Driver, turns: int) -> None:
    for _ in range(turns):
        place = next(iter(play.game.legal_placements()))
        play.place(place.cell, place.rotation // 90)
        driver.key(pygame.K_RETURN)


def button(scene: Scene, label: str) -> tuple[int, int]:
    """Where the scene's button (or set-up widget) of that label is."""
    shown: list[Button] = [*getattr(scene, "buttons", []), *getattr(scene, "widgets", [])]
    for b in shown:
        if b.label == label:
            return b.rect.center
    raise AssertionError(f"no button {label!r}")


def test_new_game_from_the_title(app: App, driver: Driver) -> None:
    scene = title(app, driver)
    assert not scene.can_continue
    driver.click(button(scene, "New game"))
    setup = on_top(app, SetupScene)
    driver.click(button(setup, "Add player"))
    assert len(setup.seats) == 3
    # Rename the new player by typing into its field.
    field = setup.fields[2]
    driver.click(field.rect.center)
    for _ in range(10):
        driver.key(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    driver.frames()
    driver.key(pygame.K_RETURN)  # leaves the field
    assert setup.seats[2].name == "Zoé"
    driver.click(button(setup, "Farmers: per city"))
    driver.click(button(setup, "Start game"))
    play = on_top(app, PlayScene)
    assert play.game.players == (setup.seats[0].name, setup.seats[1].name, "Zoé")
    assert play.game.option("farm_scoring") == "per-field"


def test_continue_resumes_the_last_game_exactly(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    game = play.game
    play_turns(play, driver, 3)
    moves = list(game.moves)
    scene = title(app, driver)
    assert scene.can_continue
    driver.click(button(scene, "Continue"))
    resumed = on_top(app, PlayScene)
    assert resumed.game.moves == moves
    assert resumed.game.scores == game.scores and resumed.game.hand == game.hand


def test_a_corrupt_autosave_is_reported_and_kept(app: App, driver: Driver) -> None:
    path = app.storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text("garbage", encoding="utf-8")
    scene = title(app, driver)
    assert not scene.can_continue
    (kept,) = app.storage.saves_dir.glob("autosave-kept-*.json")  # moved aside, intact
    assert kept.read_text() == "garbage" and not path.exists()
    assert scene.continue_problem is not None and "not valid JSON" in scene.continue_problem
    assert kept.name in scene.continue_problem


def test_pause_save_and_load(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    play_turns(play, driver, 1)
    driver.key(pygame.K_ESCAPE)
    pause = on_top(app, PauseScene)
    driver.click(button(pause, "Save game"))
    on_top(app, NameScene)
    driver.key(pygame.K_RETURN)  # the name offered
    assert app.scene is pause and app.toast is not None  # "Game saved", fading by itself
    driver.click(button(pause, "Load game"))
    load = on_top(app, LoadScene)
    named = [e for e in load.entries if e.path.name != "autosave.json"]
    assert len(named) == 1 and named[0].saved is not None
    (app.storage.saves_dir / "broken.json").write_text("{", encoding="utf-8")
    load.enter()
    broken = next(i for i, e in enumerate(load.entries) if e.path.name == "broken.json")
    driver.click(load._row_rect(broken).center)
    on_top(app, MessageScene)  # reported, not loaded
    assert (app.storage.saves_dir / "broken.json").read_text() == "{"
    driver.key(pygame.K_RETURN)
    index = next(i for i, e in enumerate(load.entries) if e.path == named[0].path)
    driver.click(load._row_rect(index).center)
    loaded = on_top(app, PlayScene)
    assert loaded.game.moves == play.game.moves


def test_the_menu_of_a_finished_game_does_not_call_it_paused(app: App,
                                                            driver: Driver) -> None:
    session = Session.new(app.registry, "carcassonne", [],
                          [Seat("Ann", "red"), Seat("Bob", "blue")], seed=1)
    app.replace(PlayScene(app, session))
    app.push(PauseScene(app, session))
    driver.frames()
    assert on_top(app, PauseScene).title == "Game paused"
    app.pop()
    rng = random.Random(1)
    while not session.game.over:
        session.game.apply(random_action(session.game, rng))
    app.push(PauseScene(app, session))
    driver.frames()
    menu = on_top(app, PauseScene)
    assert menu.title == "Game over"
    assert [b.label for b in menu.buttons][:2] == ["Resume", "Save game"]


def test_saved_game_records_seats(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    saved = play.session.saved()
    assert isinstance(saved, SavedGame)
    assert saved.colours == [s.colour for s in play.session.seats]


@pytest.mark.slow
def test_autoplay_screenshot_command(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CARCASSONNE_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "--quit-after", "2", "--size", "1280x800",
         "--screenshot", str(shot)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        check=False)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
