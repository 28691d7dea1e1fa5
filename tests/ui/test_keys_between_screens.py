"""A press acts on the screen it was made on: presses that come in one batch with the press
that changed the screen, or while the frame that changed it was being made, act on nothing
(a screen that starts something answers only to a press made once it is seen); and Space,
the key that skips the final scoring, never presses Play again, whose button says Enter."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.final import FinalScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene

from .conftest import Driver, on_top
from .test_score_show import near_the_end


def post_key(key: int) -> None:
    """A whole press of ``key`` (down, then up), left in the queue for the next frame."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def at_the_final_scores(app: App, driver: Driver) -> PlayScene:
    """A game played to its end, its final scoring skipped with Space, the final scores
    up."""
    scene = near_the_end(app, seed=4)
    driver.key(pygame.K_RETURN)  # the last turn: the final scoring follows
    driver.frames(3)
    assert scene.score_show.final_running
    driver.key(pygame.K_SPACE)
    driver.frames(60)
    on_top(app, FinalScene)
    return scene


def test_space_pressed_again_and_again_leaves_the_final_scores_up(
        app: App, driver: Driver) -> None:
    scene = at_the_final_scores(app, driver)
    final = app.scene
    for _ in range(3):
        driver.key(pygame.K_SPACE)
        assert app.scene is final
    driver.key(pygame.K_RETURN)  # Enter, as the button says: Play again
    again = on_top(app, PlayScene)
    assert again.session is not scene.session and not again.game.moves


def test_presses_in_the_batch_of_the_one_that_changed_the_screen_act_on_nothing(
        app: App, driver: Driver) -> None:
    """Enter twice in one frame on the title: New game opens, and the second press does
    not start a game on a set-up screen nobody saw."""
    app.replace(TitleScene(app))
    driver.frames()
    post_key(pygame.K_RETURN)
    post_key(pygame.K_RETURN)
    driver.frames()
    setup = on_top(app, SetupScene)
    driver.frames(3)
    assert app.scene is setup
    driver.key(pygame.K_RETURN)  # a press made once it is seen starts the game
    on_top(app, PlayScene)


def test_a_press_made_while_the_final_scores_were_being_shown_acts_on_nothing(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Enter pressed while the frame that brings the final scores up is being made (a slow
    frame) was pressed before the scores showed: it does not play again."""
    scene = near_the_end(app, seed=4)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_SPACE)  # the final scoring skipped: the scores come up soon
    enter = FinalScene.enter

    def pressed_meanwhile(final: FinalScene) -> None:
        enter(final)
        post_key(pygame.K_RETURN)

    monkeypatch.setattr(FinalScene, "enter", pressed_meanwhile)
    for _ in range(120):
        driver.frames()
        if isinstance(app.scene, FinalScene):
            break
    final = on_top(app, FinalScene)
    driver.frames(3)
    assert app.scene is final and final.session is scene.session
    driver.key(pygame.K_RETURN)
    on_top(app, PlayScene)


def test_esc_twice_in_one_frame_opens_the_game_menu_and_leaves_it_open(
        app: App, driver: Driver) -> None:
    scene = near_the_end(app, seed=5)
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_ESCAPE)
    driver.frames()
    menu = on_top(app, PauseScene)
    driver.frames(2)
    assert on_top(app, PauseScene) is menu
    driver.key(pygame.K_ESCAPE)
    assert on_top(app, PlayScene) is scene
