"""What a drag shows on its way: the tile held stays under the pointer wherever it goes."""

from __future__ import annotations

import pygame

from game.ui.app import App

from .conftest import Driver
from .test_play import start


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
