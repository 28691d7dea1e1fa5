"""A key that skips an animation never acts on the screen that follows: Space held through the
final scoring (SDL repeats it while it is down) skips it, and the final scores stay up; a
fresh press acts again.  Play again keeps the finished game."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.pass_screen import PassScene

from .conftest import Driver
from .test_hand import hand_game, reveal
from .test_score_show import near_the_end

REPEAT_FRAMES = 3  # SDL repeats a held key every 40 ms: about every third frame


def key_down(driver: Driver, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=" ",
                                         scancode=0))
    driver.frames()


def key_up(driver: Driver, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=" ",
                                         scancode=0))
    driver.frames()


def hold(driver: Driver, key: int, frames: int) -> None:
    """The key held for ``frames`` frames after its first press: its repeats keep coming."""
    for _ in range(frames // REPEAT_FRAMES):
        driver.frames(REPEAT_FRAMES - 1)
        key_down(driver, key)


def test_space_held_through_the_final_scoring_leaves_the_final_scores_up(
        app: App, driver: Driver) -> None:
    scene = near_the_end(app, seed=4)
    driver.key(pygame.K_RETURN)  # the last turn: the final scoring follows
    driver.frames(3)
    assert scene.score_show.final_running
    finished = scene.session
    key_down(driver, pygame.K_SPACE)  # skips to the end...
    assert not scene.score_show.busy
    hold(driver, pygame.K_SPACE, 150)  # ...and is held on while the final scores come up
    final = app.scene
    assert isinstance(final, FinalScene) and final.session is finished
    key_up(driver, pygame.K_SPACE)
    assert app.scene is final
    driver.key(pygame.K_SPACE)  # a new press of the key that skips: the scores stay up
    assert app.scene is final
    driver.key(pygame.K_RETURN)  # Enter, as the button says: Play again
    again = app.scene
    assert isinstance(again, PlayScene) and again.session is not finished


def test_a_key_held_when_a_screen_opens_acts_again_once_released(app: App,
                                                                 driver: Driver) -> None:
    """Esc held opens the menu once; its repeats do not close it; a new press does."""
    scene = near_the_end(app, seed=5)
    key_down(driver, pygame.K_ESCAPE)
    menu = app.scene
    assert menu is not scene
    hold(driver, pygame.K_ESCAPE, 30)
    assert app.scene is menu
    key_up(driver, pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is scene


def test_enter_held_to_end_a_turn_never_opens_the_next_hand(app: App,
                                                            driver: Driver) -> None:
    """Hands of three between two people: Enter ends Red's turn and the pass screen comes
    up; Enter still held does not show Blue's hand to Red."""
    scene = hand_game(app)
    reveal(app, driver)  # Red takes the mouse
    game = scene.game
    move = next(iter(game.legal_placements(game.hand[0])))
    scene.turn.select(0)
    scene.place(move.cell, move.rotation // 90)
    key_down(driver, pygame.K_RETURN)
    assert game.current == 1
    passing = app.scene
    assert isinstance(passing, PassScene) and scene.hand.face_down
    hold(driver, pygame.K_RETURN, 60)
    assert app.scene is passing and scene.hand.face_down
    key_up(driver, pygame.K_RETURN)
    driver.key(pygame.K_RETURN)  # Blue, pressing anew
    assert app.stack[-1] is scene and not scene.hand.face_down
