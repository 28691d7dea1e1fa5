"""The camera in a game: the opening view, Fit, following placements, refitting after a
resize or Continue, and the board that never leaves the screen."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pygame

from game.ai.random_policy import random_action
from game.ui.app import App
from game.ui.camera import ZOOM_SCALES, Camera
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.computer_turns import PACES
from game.ui.scenes.play.follow import MAX_FIT_ZOOM, WATCH_ZOOM
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session

from ..waiting import wait_until
from .conftest import Driver, on_top
from .test_play import centre, start
from .test_user_tilesets import resize


def in_free_area(scene: PlayScene, cells: Iterable[tuple[int, int]]) -> bool:
    free = scene.layout_obj.free
    return all(free.contains(pygame.Rect(scene.camera.cell_rect(c))) for c in cells)


def shown(scene: PlayScene) -> set[tuple[int, int]]:
    """The placed tiles and the lit cells."""
    return set(scene.game.board.tiles) | scene.options.legal_cells()


def settle(app: App, scene: PlayScene) -> None:
    for _ in range(240):
        app.step(1 / 60)
        if not scene.animating():
            return
    raise AssertionError("the camera never settled")


def test_a_new_game_opens_on_the_start_tile_and_every_lit_cell(app: App) -> None:
    scene = start(app)
    assert scene.options.legal_cells()
    assert in_free_area(scene, shown(scene))
    assert 96 <= scene.camera.scale <= ZOOM_SCALES[MAX_FIT_ZOOM]


def test_fit_shows_the_placed_tiles_and_the_lit_cells(app: App, driver: Driver) -> None:
    scene = start(app)
    driver.drag((300, 500), (900, 700))  # pan far away
    driver.wheel(3)
    driver.frames(30)
    assert not in_free_area(scene, shown(scene))
    driver.key(pygame.K_HOME)
    settle(app, scene)
    assert in_free_area(scene, shown(scene))


def test_panning_stops_before_the_board_leaves_the_screen(app: App, driver: Driver) -> None:
    scene = start(app)
    for _ in range(12):
        driver.drag((100, 400), (900, 400))
    board = scene.layout_obj.board
    x0 = scene.camera.cell_rect((0, 0))[0]
    assert x0 < board.right - 100, "the start tile left the screen"
    before = scene.camera.centre
    driver.drag((100, 400), (900, 400))
    assert scene.camera.centre == before  # held at the limit


def test_the_view_follows_a_computer_placement_out_of_sight(app: App, driver: Driver) -> None:
    app.config.computer_pace = "instant"
    seats = [Seat("Red", "red"), Seat("Blue", "blue", "random")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=12))
    app.replace(scene)
    game = scene.game
    rng = random.Random(1)
    while len(game.board) < 25:  # a board larger than the view at the current zoom
        game.apply(random_action(game, rng))
    while game.current != 0 or game.phase != "place":
        game.apply(random_action(game, rng))
    scene.camera.set_zoom(11)  # close up on one corner: most of the board is out of sight
    scene.camera.centre = min(game.board.tiles)
    cell = next(iter(scene.options.legal_cells()))
    scene.place(cell, scene.options.fitting_rotation(cell, 0) or 0)
    driver.key(pygame.K_RETURN)  # Blue (a computer) plays at once
    play_until(app, lambda: game.current == 0, "Blue's turn played")
    settle(app, scene)
    newest = max(game.board.tiles.values(), key=lambda t: t.order).cell
    assert in_free_area(scene, [newest])


def test_the_players_own_view_is_kept_until_the_next_turn(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    driver.drag((200, 600), (700, 650))  # the player moves the view during the turn
    settle(app, scene)
    moved_to = scene.camera.centre
    scene.follow.placing((9, 9))  # a placement far away, during that turn
    settle(app, scene)
    assert scene.camera.centre == moved_to
    driver.key(pygame.K_RETURN)  # the next turn: the view comes back to the board
    settle(app, scene)
    assert in_free_area(scene, [(1, 0)])


def test_the_view_is_fitted_again_after_a_resize(app: App, driver: Driver) -> None:
    scene = start(app)
    driver.drag((300, 500), (900, 700))
    resize(app, driver, (1600, 1000))
    settle(app, scene)
    assert in_free_area(scene, shown(scene))


def test_continue_opens_on_the_whole_board(app: App, driver: Driver) -> None:
    scene = start(app, seed=9)
    game = scene.game
    rng = random.Random(2)
    while len(game.board) < 30:
        game.apply(random_action(game, rng))
    while game.phase != "place":
        game.apply(random_action(game, rng))
    app.storage.autosave(scene.session.saved(), app.registry)
    app.replace(TitleScene(app))
    driver.key(pygame.K_RETURN)  # Continue
    resumed = on_top(app, PlayScene)
    assert resumed is not scene
    assert len(resumed.game.board) == len(game.board)
    assert in_free_area(resumed, shown(resumed))


def test_keep_in_view_moves_only_when_needed() -> None:
    cam = Camera((0, 0, 1000, 800))
    cam.free = (0, 60, 1000, 670)
    cam.set_zoom(7)
    cam.centre = (0.5, 0.5)
    assert not cam.keep_in_view((0.0, 0.0, 2.0, 2.0), min_zoom=5)  # already in sight
    assert cam.keep_in_view((8.0, 0.0, 9.0, 1.0), min_zoom=5)
    for _ in range(200):
        cam.update(1 / 60)
    right = cam.world_to_screen((9.0, 1.0))[0]
    assert 999.0 <= right <= 1000.5 and cam.zoom == 7  # just far enough, no zoom needed


def play_until(app: App, done: Callable[[], bool], what: str, seconds: float = 60) -> None:
    """Frames while the computers play, until ``done()``; past ``seconds``, the test
    fails naming ``what``."""
    wait_until(done, what, seconds, step=lambda: app.step(1 / 60), every=0.001)


def test_a_game_watched_keeps_the_whole_board_in_sight(app: App) -> None:
    app.config.computer_pace = "instant"
    seats = [Seat("Red", "red", "random"), Seat("Blue", "blue", "random")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=4))
    app.replace(scene)
    game = scene.game
    for size in (8, 20, 35):
        play_until(app, lambda n=size: len(game.board) >= n,  # type: ignore[misc]
                   f"a board of {size} tiles")
        scene.computer.pace = lambda: PACES["relaxed"]  # time to settle, no move meanwhile
        settle(app, scene)
        assert in_free_area(scene, game.board.tiles), f"the board of {size} tiles"
        scene.computer.pace = lambda: PACES["instant"]


def test_a_large_board_watched_keeps_its_middle_and_the_newest_tile(app: App) -> None:
    app.config.computer_pace = "instant"
    seats = [Seat("Red", "red", "random"), Seat("Blue", "blue", "random")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=4))
    app.replace(scene)
    resize(app, Driver(app), (960, 640))
    game = scene.game
    play_until(app, lambda: len(game.board) >= 60, "a board of 60 tiles")
    scene.computer.pace = lambda: PACES["relaxed"]
    settle(app, scene)
    newest = max(game.board.tiles.values(), key=lambda t: t.order).cell
    assert in_free_area(scene, [newest])
    assert scene.camera.zoom >= WATCH_ZOOM  # still readable
    xs = [c[0] for c in game.board.tiles]
    ys = [c[1] for c in game.board.tiles]
    middle = ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)
    free = scene.layout_obj.free
    assert free.collidepoint(scene.camera.world_to_screen(middle))


def test_fit_stays_fitted_until_the_player_pans(app: App, driver: Driver) -> None:
    app.config.computer_pace = "instant"
    seats = [Seat("Red", "red"), Seat("Blue", "blue", "random"), Seat("Green", "green", "random")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=12))
    app.replace(scene)
    game = scene.game
    rng = random.Random(1)
    while len(game.board) < 20:
        game.apply(random_action(game, rng))
    while game.current != 0 or game.phase != "place":
        game.apply(random_action(game, rng))
    driver.key(pygame.K_c)  # Fit
    for turn in range(3):
        cell = max(scene.options.legal_cells(), key=lambda c: (abs(c[0]) + abs(c[1]), c))
        scene.place(cell, scene.options.fitting_rotation(cell, 0) or 0)
        driver.key(pygame.K_RETURN)  # the two computers play
        play_until(app, lambda: game.current == 0 and game.phase == "place",
                   "the player's turn again")
        settle(app, scene)
        assert in_free_area(scene, shown(scene)), f"turn {turn}"
    driver.drag((300, 500), (500, 560))  # the player pans: the view is theirs again
    settle(app, scene)
    moved_to = scene.camera.centre
    scene.follow.placing(max(scene.options.legal_cells()))
    settle(app, scene)
    assert scene.camera.centre == moved_to


def test_a_cell_under_the_toolbar_is_brought_into_the_free_board(app: App) -> None:
    """What the Hint looks at is brought out from under the toolbar: a cell visible in the
    window but behind the buttons is not in view."""
    scene = start(app)
    cam = scene.camera
    fx, fy, _fw, fh = cam.free_rect()
    cell = (0, 0)
    x, y, w, h = cam.cell_rect(cell)
    scene.follow.moved_by_player()
    cam.pan_pixels(fx + w - x, fy + fh - h // 2 - y)  # its lower half behind the toolbar
    x, y, w, h = cam.cell_rect(cell)
    assert y + h > fy + fh and y < fy + fh
    scene.follow.bring_into_view(cell)
    assert pygame.Rect(cam.free_rect()).contains(pygame.Rect(cam.cell_rect(cell)))
