"""Dead cells on the board: marked with the board help (F, the land button), gone without it."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.intents import Command

from .conftest import Driver, lines_set
from .test_play import start


def test_the_board_help_marks_the_dead_cells(app: App, driver: Driver) -> None:
    scene = start(app)
    game = scene.game
    game.hands[0], game.deck = ["U"], ["U", "V"]  # no city is to come: north of the start
    driver.frames()  # tile nothing can go
    x, y, w, h = scene.camera.cell_rect((0, -1))
    on_the_cross = (x + w // 3, y + h // 3)
    plain = tuple(app.screen.get_at(on_the_cross))
    driver.key(pygame.K_f)
    assert scene.show_farms
    marked = tuple(app.screen.get_at(on_the_cross))
    assert marked != plain
    assert marked[0] > marked[1] + 40  # the mark's red
    driver.key(pygame.K_f)  # and the help goes
    assert tuple(app.screen.get_at(on_the_cross)) == plain


def test_the_board_help_explains_itself_and_its_button_stays_lit(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app)
    drawn = lines_set(app, monkeypatch)
    fields = scene.controls.toggles[Command.FARMS]
    assert not fields.on
    driver.key(pygame.K_f)
    assert fields.on
    assert "One colour per field" in drawn and "No tile still to come fits here" in drawn
    tiles = scene.controls.toggles[Command.TILES]
    driver.key(pygame.K_t)
    assert tiles.on
    driver.key(pygame.K_t)
    driver.key(pygame.K_f)
    assert not fields.on and not tiles.on
