"""Nothing a player has is lost when another game starts: Play again and Title keep the
finished game (it loads, and its history shows every turn); a save opened from the list is
the game Continue resumes, and the game the autosave held before is kept."""

from __future__ import annotations

import pygame

from game.store.storage import AUTOSAVE
from game.ui.app import App
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.saves import LoadScene, display_name

from .conftest import Driver
from .test_saves import ctrl_s, open_list, row_of
from .test_scenes import button, new_game, play_turns, title
from .test_score_show import finished


def load_row(app: App, driver: Driver, name: str) -> PlayScene:
    """Open the save the list shows as ``name``."""
    load = open_list(app, driver)
    index = next(i for i, e in enumerate(load.entries) if display_name(e.path) == name)
    while index not in load._visible():
        load.scroll += 1
        load.layout(app.screen.get_size())
    driver.click(load._row_rect(index).center)
    play = app.scene
    assert isinstance(play, PlayScene)
    return play


def check_finished_game_kept(app: App, driver: Driver, moves: list[str]) -> None:
    play = load_row(app, driver, "Finished game")
    assert [str(m) for m in play.game.moves] == moves and play.game.over
    driver.key(pygame.K_v)  # its history, from the first turn
    history = play.history.history
    assert history is not None and history.turns >= 30
    play.history.show(1)
    driver.frames(2)
    assert play.history.session is not None and len(play.history.session.game.board) == 2


def test_play_again_keeps_the_finished_game(app: App, driver: Driver) -> None:
    scene, final = finished(app, driver)
    moves = [str(m) for m in scene.game.moves]
    driver.click(next(b for b in final.buttons if b.label == "Play again").rect.center)
    again = app.scene
    assert isinstance(again, PlayScene) and again.session is not scene.session
    play_turns(again, driver, 2)  # the new game's autosave takes the file's place
    check_finished_game_kept(app, driver, moves)


def test_title_keeps_the_finished_game(app: App, driver: Driver) -> None:
    scene, final = finished(app, driver)
    moves = [str(m) for m in scene.game.moves]
    driver.click(next(b for b in final.buttons if b.label == "Title").rect.center)
    play = new_game(app, driver)
    play_turns(play, driver, 1)
    check_finished_game_kept(app, driver, moves)


def test_continue_after_load_opens_the_game_loaded(app: App, driver: Driver) -> None:
    """A save of turn 15 loaded while the autosave is at turn 17, then straight back to the
    title: Continue is the game loaded; the game at turn 17 is kept."""
    play = new_game(app, driver)
    play_turns(play, driver, 14)
    ctrl_s(driver, "turn 15")
    driver.key(pygame.K_RETURN)
    play_turns(play, driver, 2)
    at_17 = [str(m) for m in play.game.moves]
    loaded = load_row(app, driver, "turn 15")
    at_15 = [str(m) for m in loaded.game.moves]
    assert len(at_15) < len(at_17)
    scene = title(app, driver)
    driver.click(button(scene, "Continue"))
    resumed = app.scene
    assert isinstance(resumed, PlayScene)
    assert [str(m) for m in resumed.game.moves] == at_15
    kept = load_row(app, driver, "Unfinished game")
    assert [str(m) for m in kept.game.moves] == at_17


def test_the_list_names_the_games_kept(app: App, driver: Driver) -> None:
    _, final = finished(app, driver)
    driver.click(next(b for b in final.buttons if b.label == "Play again").rect.center)
    again = app.scene
    assert isinstance(again, PlayScene)
    play_turns(again, driver, 1)
    load = open_list(app, driver)
    assert isinstance(load, LoadScene)
    names = {e.path.name: display_name(e.path) for e in load.entries}
    assert names.pop(AUTOSAVE) == "Last game (autosave)"
    ((file_name, shown),) = names.items()
    assert file_name.startswith("finished-") and shown == "Finished game"
    assert row_of(load, file_name[:-5]) >= 0
    assert isinstance(app.scene, LoadScene) and not isinstance(app.scene, FinalScene)


def test_view_board_of_a_finished_game_continued_shows_its_board(app: App,
                                                                 driver: Driver) -> None:
    """Continue on a finished game opens its final scores over the title; View board (Esc)
    shows the finished board, not the title."""
    scene, final = finished(app, driver)
    moves = [str(m) for m in scene.game.moves]
    driver.click(next(b for b in final.buttons if b.label == "Title").rect.center)
    driver.click(button(title(app, driver), "Continue"))
    assert isinstance(app.scene, FinalScene)
    driver.key(pygame.K_ESCAPE)
    board = app.scene
    assert isinstance(board, PlayScene) and len(app.stack) == 1
    assert [str(m) for m in board.game.moves] == moves and board.game.over
    driver.frames(120)
    assert app.scene is board  # the scores do not come back by themselves
    scores = board.controls.shown(board.history.active, board.finished)[0]
    assert scores.label == "Scores"
    driver.click(scores.rect.center)
    assert isinstance(app.scene, FinalScene)  # and back to the scores
