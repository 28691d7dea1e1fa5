"""The rules' announcements floated over the board: read whole, even near its edge."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.feedback import Popup
from game.ui.session import Seat, Session

from .conftest import Driver

WOLF = "Wolf! The shepherd of Blue goes home, 2 sheep lost"


def drawn_columns(scene: PlayScene, screen_x: int) -> tuple[pygame.Rect, list[int]]:
    """The board's area and the columns an announcement over ``screen_x`` painted."""
    board = scene.layout_obj.board
    world = scene.camera.screen_to_world((screen_x, board.centery))
    scene.feedback.popups = [Popup(WOLF, world, (255, 255, 255), size=28, life=2.6)]
    surface = pygame.Surface(scene.app.screen.get_size())
    surface.fill((0, 0, 0))
    surface.set_clip(board)
    scene.feedback.draw_popups(surface, scene.app.res)
    columns = [x for x in range(surface.get_width())
               if any(surface.get_at((x, y))[:3] != (0, 0, 0)
                      for y in range(board.centery - 30, board.centery + 30))]
    return board, columns


def test_an_announcement_near_the_boards_edge_stays_on_the_board(app: App,
                                                                  driver: Driver) -> None:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", ["hills-and-sheep"], seats,
                                       seed=3))
    app.replace(scene)
    driver.frames(2)
    for x in (scene.layout_obj.board.right - 4, scene.layout_obj.board.left + 4):
        board, columns = drawn_columns(scene, x)
        assert columns, "the announcement is drawn"
        assert board.left + 3 < columns[0] and columns[-1] < board.right - 3
        assert columns[-1] - columns[0] > 200  # the whole sentence, not a clipped piece


def test_announcements_made_together_never_cover_one_another(app: App, driver: Driver) -> None:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", ["hills-and-sheep"], seats,
                                       seed=3))
    app.replace(scene)
    scene.camera.set_zoom(2)  # zoomed out: the plates rise only a few pixels apart
    driver.frames(2)
    world = scene.camera.screen_to_world(scene.layout_obj.board.center)
    # three at one spot, each told 0.45 s after the one before, as the game floats them
    scene.feedback.popups = [Popup(text, world, (255, 255, 255), age=-0.45 * i, size=24,
                                   life=2.6)
                             for i, text in enumerate((WOLF, "Blue herded 4 sheep: 4 points",
                                                       "Red drew 3 sheep"))]
    together = 0
    for _ in range(240):  # the last is told at 0.9 s and lives 2.6 s
        driver.frames()
        plates = scene.feedback.plates
        assert not any(a.colliderect(b) for i, a in enumerate(plates) for b in plates[i + 1:])
        together += len(plates) == 3
    assert together > 60 and not scene.feedback.popups  # all shown at once, then gone
