"""What the player handles shows where it is: the tile dragged stays under the pointer wherever
it goes, a figure put on the new tile is out of the supply at once."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Deploy
from game.ui.app import App

from .conftest import Driver, lines_set
from .test_play import centre, screen_of, start


def _patch(app: App, pos: tuple[int, int]) -> bytes:
    rect = pygame.Rect(0, 0, 24, 24)
    rect.center = pos
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def test_the_tile_dragged_over_the_sidebar_stays_under_the_pointer(
        app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")  # a straight road across the tile's middle
    log = scene.layout_obj.log
    over = (log.centerx, log.y + log.h * 2 // 3)  # the turn log, empty so far
    driver.down(scene.layout_obj.tray_tile.center)
    driver.move(over, buttons=(1, 0, 0))
    held = _patch(app, over)
    driver.up(over)  # dropped off the board: back to the tray
    assert scene.pointer.drag is None and len(scene.game.board) == 1
    driver.move((over[0] + 1, over[1]))
    driver.move(over)
    assert held != _patch(app, over), "the tile vanished under the sidebar"


def test_a_figure_put_on_the_new_tile_leaves_the_supply_shown_at_once(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    drawn = lines_set(app, monkeypatch)
    driver.frames()
    assert drawn.count("7 followers") == 2
    drawn.clear()
    driver.click(screen_of(scene, (1, 0), (0.5, 0.85)))  # the south field: a farmer
    assert isinstance(scene.turn.pending, Deploy)
    drawn.clear()
    driver.frames()
    assert "6 followers" in drawn and drawn.count("7 followers") == 1  # Blue's
    driver.key(pygame.K_BACKSPACE)  # taken back: in the supply again
    drawn.clear()
    driver.frames()
    assert drawn.count("7 followers") == 2
