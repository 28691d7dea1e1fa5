"""Only the button that began a drag ends it: a right-click or the wheel during a tile drag
turns the tile and nothing else."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.scenes.play.frame import TileDrag

from .conftest import Driver
from .test_play import centre, start


def test_right_click_while_dragging_turns_the_tile_and_does_not_drop_it(
        app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")  # a straight road: fits east of the start tile turned 0/180
    over = centre(scene, (1, 0))
    driver.down(scene.layout_obj.tray_tile.center)
    driver.move(over, buttons=(1, 0, 0))
    assert scene.turn.rotation == 0
    driver.down(over, button=3)
    driver.up(over, button=3)
    assert isinstance(scene.pointer.drag, TileDrag), "the right-click ended the drag"
    assert (1, 0) not in scene.game.board, "the right-click placed the tile"
    assert scene.turn.rotation == 2  # the cell's other legal rotation
    driver.up(over)
    placed = scene.game.board.tiles[(1, 0)]
    assert placed.tile.id == "U" and placed.rotation == 2


def test_the_wheel_while_dragging_only_turns_the_tile(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    level = scene.camera.zoom
    away = (40, scene.layout_obj.board.centery)  # empty board, far from any lit cell
    driver.down(scene.layout_obj.tray_tile.center)
    driver.move(away, buttons=(1, 0, 0))
    driver.wheel(-1)
    assert scene.turn.rotation == 1 and scene.camera.zoom == level  # turned, not zoomed
    assert isinstance(scene.pointer.drag, TileDrag)
    driver.down(away, button=2)  # a middle press during the drag: nothing
    driver.up(away, button=2)
    assert isinstance(scene.pointer.drag, TileDrag)
    driver.up(away)
    assert scene.pointer.drag is None and len(scene.game.board) == 1


def test_a_right_click_during_a_pan_does_not_end_it(app: App, driver: Driver) -> None:
    scene = start(app)
    start_pos = (200, 500)
    driver.down(start_pos)
    driver.move((260, 520), buttons=(1, 0, 0))
    before = scene.camera.centre
    driver.down((260, 520), button=3)
    driver.up((260, 520), button=3)
    driver.move((300, 540), buttons=(1, 0, 0))
    assert scene.camera.centre != before  # still panning
    driver.up((300, 540))
    assert scene.game.phase == "place" and len(scene.game.board) == 1


def test_a_dialog_during_a_drag_lets_go_of_the_tile(app: App, driver: Driver) -> None:
    scene = start(app)
    away = (40, scene.layout_obj.board.centery)
    driver.down(scene.layout_obj.tray_tile.center)
    driver.move(away, buttons=(1, 0, 0))
    driver.key(pygame.K_s, pygame.KMOD_CTRL)  # the save's name is asked over the drag
    driver.up(away)  # the release goes to the dialog
    driver.key(pygame.K_RETURN)  # the name offered: "Game saved" shows and fades
    assert app.scene is scene and scene.pointer.drag is None
