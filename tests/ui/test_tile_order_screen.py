"""The tile draws in the window and on the command line: New game's Tiles button takes a seed
and tiles to draw first, refuses what the draw pile cannot deal in one sentence naming the
word (in the player's language), and starts the game with them; the game menu and the final
scores tell the seed; ``--order`` is checked before the window opens."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.commands.play import main, parse_args
from game.store.savefile import Person
from game.store.storage import Storage
from game.ui.app import App
from game.ui.scenes.final import FinalScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.tile_order import TileOrderScene
from game.ui.widgets import TextField
from game.words import i18n

from .conftest import Driver, lines_set, on_top
from .test_command_line import run_game


def type_in(driver: Driver, field: TextField, text: str) -> None:
    driver.click(field.rect.center)
    assert field.focused
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames()


def open_draws(app: App, driver: Driver) -> tuple[SetupScene, TileOrderScene]:
    setup = SetupScene(app)
    app.replace(setup)
    driver.frames()
    tiles = next(b for b in setup.widgets if b.label == "Tiles: random")
    driver.click(tiles.rect.center)
    return setup, on_top(app, TileOrderScene)


def press(driver: Driver, scene: TileOrderScene, label: str) -> None:
    driver.click(next(b for b in scene.buttons if b.label == label).rect.center)


def test_a_seed_and_an_order_typed_start_the_game_with_those_draws(app: App,
                                                                    driver: Driver) -> None:
    setup, draws = open_draws(app, driver)
    type_in(driver, draws.seed_field, "1234")
    type_in(driver, draws.order_field, "c, a u")
    press(driver, draws, "OK")
    assert on_top(app, SetupScene) is setup and (setup.seed, setup.order) == (1234, "c, a u")
    assert any(b.label == "Tiles: seed 1234, 3 first" for b in setup.widgets)
    setup.start()
    game = on_top(app, PlayScene).session.game
    assert game.seed == 1234 and game.order == ("C", "A", "U")
    assert game.hands[0] == ["C"]  # the first tile typed comes first
    saved = app.storage.load(app.storage.autosave_path()) \
        if app.storage.autosave_path().is_file() else None
    assert saved is None or saved.order == ["C", "A", "U"]


@pytest.mark.parametrize(("language", "seed", "order", "said"), [
    ("en", "", "C x c", "“c” is typed 2 times, but the draw pile holds only 1."),
    ("en", "", "A, Z9", "No tile of this game is named “Z9”."),
    ("en", "12a", "", "A seed is a whole number, such as 1234: “12a” is not one."),
    ("fr", "", "A, Z9", "Aucune tuile de ce jeu ne s'appelle « Z9 »."),
])
def test_what_the_pile_cannot_deal_is_refused_naming_the_word(
        app: App, driver: Driver, language: str, seed: str, order: str, said: str) -> None:
    try:
        i18n.set_language(language)
        setup = SetupScene(app)
        app.replace(setup)
        driver.frames()
        setup.choose_tiles()
        draws = on_top(app, TileOrderScene)
        driver.frames()
        type_in(driver, draws.seed_field, seed)
        type_in(driver, draws.order_field, order)
        draws.accept()
        assert on_top(app, TileOrderScene) is draws and draws.problem == said
        assert (setup.seed, setup.order) == (None, "")  # nothing taken
    finally:
        i18n.set_language("en")


def test_the_menu_and_the_final_scores_tell_the_seed_and_the_order(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    setup, draws = open_draws(app, driver)
    type_in(driver, draws.seed_field, "77")
    type_in(driver, draws.order_field, "B")
    press(driver, draws, "OK")
    setup.start()
    play = on_top(app, PlayScene)
    drawn = lines_set(app, monkeypatch)
    app.push(PauseScene(app, play.session))
    driver.frames()
    assert "Seed 77 · tiles first: B" in drawn
    app.pop()
    drawn.clear()
    app.push(FinalScene(app, play.session))
    driver.frames()
    assert "Seed 77 · tiles first: B" in drawn


def test_a_network_table_sets_the_draws_aside_and_says_so(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    setup, draws = open_draws(app, driver)
    type_in(driver, draws.seed_field, "5")
    press(driver, draws, "OK")
    setup.seats[1].kind = Person.OPEN
    setup._build()
    drawn = lines_set(app, monkeypatch)
    driver.frames()
    assert not any(b.label.startswith("Tiles:") for b in setup.widgets)
    assert any(line.startswith("A network table deals its tiles at random") for line in drawn)


def test_the_command_line_refuses_an_order_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "carcassonne", "--order", "A, ZZ", "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert err == "--order: No tile of this game is named “ZZ”.\n"
    assert main(["--order", "D D D D"]) == 2
    assert capsys.readouterr().err == \
        "--order: “D” is typed 4 times, but the draw pile holds only 3.\n"
    with pytest.raises(SystemExit):
        parse_args(["--join", "ws://localhost:7417/ABCD", "--order", "A"])


@pytest.mark.slow
def test_a_game_from_the_command_line_draws_the_order_first(tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = run_game(home, "--game", "carcassonne", "--seats", "random,random", "--seed", "4",
                      "--order", "c;A", "--computer-pace", "instant", "--quit-after", "6",
                      "--size", "1280x800")
    assert result.returncode == 0, result.stderr
    storage = Storage(home)
    saved = storage.load(storage.autosave_path())
    assert saved.seed == 4 and saved.order == ["C", "A"]
    assert [m[0] for m in saved.moves if "@" in m][:2] == ["C", "A"]
