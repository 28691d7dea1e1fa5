"""The game's history in the window, driven with real events: the turn slider and the arrow
keys show the board after any earlier turn, read only, with the turn's log lines lit."""

from __future__ import annotations

import random

import pygame

from game.ai.random_policy import random_action
from game.rules import Deploy, Game
from game.ui import palette as pal
from game.ui.app import App
from game.ui.hud import player_row
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.view.chronicle import replay

from .conftest import Driver, on_top


def played(app: App, driver: Driver, turns: int, seed: int = 6) -> PlayScene:
    """A game of ``turns`` turns played through the window, saved, and continued from the
    title (so that it is a replayed save)."""
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=seed))
    app.replace(scene)
    game = scene.game
    rng = random.Random(seed)
    while len(scene.feedback.chronicle.turn_ends) < turns:
        actions = game.legal_actions()
        deploys = [a for a in actions if isinstance(a, Deploy)]
        scene.play(rng.choice(deploys) if deploys and rng.random() < 0.6
                   else random_action(game, rng))
    scene.score_show.skip()
    title = TitleScene(app)
    app.replace(title)
    driver.frames()
    driver.click(next(b for b in title.buttons if b.label == "Continue").rect.center)
    resumed = on_top(app, PlayScene)
    assert resumed.game.moves == game.moves
    return resumed


def after(game: Game, moves: int) -> Game:
    """The game replayed to its first ``moves`` moves."""
    short = Game(game.tileset, game.players, game.seed, game.chosen_options, game.start)
    for move in game.moves[:moves]:
        short.apply(move)
    return short


def test_the_slider_shows_the_board_after_turn_5_of_a_replayed_save(app: App,
                                                                     driver: Driver) -> None:
    scene = played(app, driver, turns=12)
    game = scene.game
    history_button = next(b for b in scene.buttons if b.label == "History")
    driver.click(history_button.rect.center)
    mode = scene.history
    assert mode.active and mode.history is not None and mode.turn == 12
    track = mode._track(scene.layout_obj)
    x = track.x + round(track.w * 5 / mode.history.turns)
    driver.click((x, track.centery))
    assert mode.turn == 5
    shown = mode.history.state(5)
    ends = scene.feedback.chronicle.turn_ends
    expected = after(game, ends[4])
    assert set(shown.board.tiles) == set(expected.board.tiles)
    assert len(shown.board.tiles) == 6  # the start tile and five turns' tiles
    assert sorted((f.player, f.cell, f.index) for f in shown.figures.values()) == \
        sorted((f.player, f.cell, f.index) for f in expected.figures.values())
    assert shown.scores == expected.scores
    assert mode.view is not None and mode.view.game is shown
    # the turn's lines are lit in the log, and only they
    lines = scene.feedback.log_lines(mode.turn)
    lit = [line.text for line in lines if line.marked]
    told = [e.text for e in scene.feedback.chronicle.entries if e.turn == 5]
    assert lit == told and lit[0].startswith(("Red placed", "Blue placed"))
    # the live game is untouched
    assert len(game.board.tiles) == 13
    driver.frames(2)


def test_arrow_keys_step_through_the_turns_and_esc_returns(app: App, driver: Driver) -> None:
    scene = played(app, driver, turns=8)
    driver.key(pygame.K_v)
    mode = scene.history
    assert mode.active and mode.turn == 8
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    assert mode.turn == 6
    driver.key(pygame.K_RIGHT)
    assert mode.turn == 7
    for _ in range(12):
        driver.key(pygame.K_LEFT)
    assert mode.turn == 0 and mode.history is not None
    assert list(mode.history.state(0).board.tiles) == [(0, 0)]
    driver.key(pygame.K_ESCAPE)
    assert not mode.active and scene.human_turn


def lit_rows(app: App, scene: PlayScene) -> list[bool]:
    """Which players' rows are lit, as drawn."""
    panel = scene.layout_obj.players
    seats = len(scene.session.seats)
    rows = [player_row(app.res, panel, i, seats) for i in range(seats)]
    spot = [(row.x + app.res.px(42), row.centery) for row in rows]
    return [tuple(app.screen.get_at(xy))[:3] == pal.CURRENT_ROW for xy in spot]


def test_the_history_lights_the_player_of_the_turn_it_shows(app: App,
                                                            driver: Driver) -> None:
    scene = played(app, driver, turns=8)
    driver.frames()
    assert lit_rows(app, scene) == [True, False]  # Red plays turn 9
    driver.key(pygame.K_v)
    driver.key(pygame.K_LEFT)
    mode = scene.history
    assert mode.turn == 7 and mode.history is not None and mode.history.player_of(7) == 0
    driver.frames()
    assert lit_rows(app, scene) == [True, False]  # Red's turn 7, as the banner says
    assert "turn 7 of 8, Red" in mode.banner()
    driver.key(pygame.K_LEFT)
    driver.frames()
    assert lit_rows(app, scene) == [False, True]  # Blue's turn 6
    for _ in range(6):
        driver.key(pygame.K_LEFT)
    driver.frames()
    assert mode.turn == 0 and lit_rows(app, scene) == [False, False]  # the start: no one's


def test_the_board_in_the_history_is_read_only(app: App, driver: Driver) -> None:
    scene = played(app, driver, turns=4)
    game = scene.game
    moves = list(game.moves)
    driver.key(pygame.K_v)
    assert not scene.human_turn
    # a click on a legal cell, a drag from the tray, Enter: nothing happens to the game
    legal = next(iter(game.legal_placements()))
    x, y, w, h = scene.camera.cell_rect(legal.cell)
    driver.click((x + w // 2, y + h // 2))
    driver.drag(scene.layout_obj.tray_tile.center, (x + w // 2, y + h // 2))
    driver.key(pygame.K_RETURN)
    assert game.moves == moves
    # the board still pans
    centre = scene.camera.centre
    board = scene.layout_obj.board.center
    driver.drag(board, (board[0] + 100, board[1]))
    assert scene.camera.centre != centre
    driver.key(pygame.K_v)
    assert not scene.history.active


def test_replay_gives_the_states_the_history_keeps(app: App, driver: Driver) -> None:
    scene = played(app, driver, turns=6)
    driver.key(pygame.K_v)
    mode = scene.history
    assert mode.history is not None
    last = mode.history.state(mode.history.turns)
    again = replay(scene.game)
    assert set(last.board.tiles) == set(again.board.tiles) and last.scores == again.scores


def hidden(scene: PlayScene, cell: tuple[int, int]) -> bool:
    """The cell lies, at least in part, under the history's slider or its chart."""
    tile = pygame.Rect(scene.camera.cell_rect(cell))
    return tile.collidelist(scene.history.covers(scene.layout_obj)) >= 0


def test_the_turn_shown_comes_out_from_under_the_chart_and_the_slider(
        app: App, driver: Driver) -> None:
    scene = played(app, driver, turns=8)
    driver.key(pygame.K_v)
    mode = scene.history
    assert mode.history is not None
    driver.frames(30)
    assert not any(hidden(scene, cell) for cell in mode.history.cells_of(8))  # on opening
    for cover in mode.covers(scene.layout_obj):
        driver.key(pygame.K_LEFT)
        turn = mode.turn
        cell = mode.history.cells_of(turn)[0]
        # the view moved so that the previous turn's tile lies under the panel's middle
        x, y, w, h = scene.camera.cell_rect(cell)
        scene.follow.moved_by_player()
        scene.camera.pan_pixels(cover.centerx - (x + w / 2), cover.centery - (y + h / 2))
        driver.frames(2)
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_LEFT)  # back to it: the view glides it out
        assert mode.turn == turn
        driver.wait(1.0)
        assert not hidden(scene, cell)


def test_a_turn_stepped_to_far_off_the_view_is_brought_into_it(app: App,
                                                               driver: Driver) -> None:
    """The view panned far away from the board: stepping to a turn brings its tile into the
    free area of the board, not only out from under the panels."""
    scene = played(app, driver, turns=8)
    driver.key(pygame.K_v)
    mode = scene.history
    assert mode.history is not None
    driver.frames(30)
    scene.follow.moved_by_player()
    scene.camera.pan_pixels(-5000, -3000)  # the board is out of the window
    driver.frames(2)
    driver.key(pygame.K_LEFT)
    driver.wait(1.0)
    tile = pygame.Rect(scene.camera.cell_rect(mode.history.cells_of(mode.turn)[0]))
    assert pygame.Rect(scene.camera.free_rect()).contains(tile)
    assert not hidden(scene, mode.history.cells_of(mode.turn)[0])


def test_fit_in_the_history_leaves_the_turn_shown_in_sight(app: App, driver: Driver) -> None:
    scene = played(app, driver, turns=30)
    driver.key(pygame.K_v)
    mode = scene.history
    assert mode.history is not None
    under = []
    for turn in range(1, 31):
        mode.show(turn)
        driver.key(pygame.K_HOME)
        driver.wait(1.0)
        under += [turn for cell in mode.history.cells_of(turn) if hidden(scene, cell)]
    assert under == []


def test_the_chart_takes_clicks_and_the_wheel_and_leaves_the_board_unzoomed(
        app: App, driver: Driver) -> None:
    scene = played(app, driver, turns=8)
    driver.key(pygame.K_v)
    mode = scene.history
    driver.frames(2)
    plot = mode.chart.plot
    assert plot.w and mode.turn == 8
    driver.click((plot.x + plot.w // 4, plot.centery))
    assert mode.turn == 2
    level = scene.camera.zoom
    driver.move(plot.center)
    driver.wheel(1)
    assert mode.turn == 3 and scene.camera.zoom == level
    driver.wheel(-1)
    assert mode.turn == 2 and scene.camera.zoom == level


def test_leaving_the_history_gives_back_the_board_as_it_was(app: App, driver: Driver) -> None:
    """A turn opened far off (from the review's costliest moves, say) moves the view; back
    from the history, the board is where the player left it, not at that turn."""
    scene = played(app, driver, turns=14)
    cam = scene.camera
    driver.wait(2)
    before, level = cam.centre, cam.zoom
    scene.show_history_at(1)
    driver.wait(2)
    assert (cam.zoom, cam.centre) != (level, before)
    driver.key(pygame.K_ESCAPE)
    assert not scene.history.active
    driver.wait(3)
    assert cam.zoom == level
    assert abs(cam.centre[0] - before[0]) < 0.05 and abs(cam.centre[1] - before[1]) < 0.05
    scene.show_history_at(2)  # and by the History button
    driver.wait(2)
    driver.click(next(b for b in scene.buttons if b.label == "History").rect.center)
    assert not scene.history.active
    driver.wait(3)
    assert cam.zoom == level
    assert abs(cam.centre[0] - before[0]) < 0.05 and abs(cam.centre[1] - before[1]) < 0.05
