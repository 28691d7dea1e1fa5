"""The Hint in the window, driven with real events: the button and the ? key light a legal
cell and a legal figure target, never play, and the setting hides them."""

from __future__ import annotations

import pygame

from game.rules import Deploy, Move, Place
from game.ui.app import App

from .conftest import Driver
from .test_hand import hand_game, reveal
from .test_play import centre, screen_of, start
from .test_scenes import button, new_game


def question_mark(driver: Driver) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH,
                                         mod=pygame.KMOD_SHIFT, unicode="?", scancode=0))
    driver.frames()


def test_the_hint_lights_a_legal_cell_and_figure_and_never_plays(app: App,
                                                                 driver: Driver) -> None:
    play = new_game(app, driver)
    game = play.game
    moves = list(game.moves)
    driver.click(button(play, "Hint"))
    hint = play.hint.current()
    assert hint is not None and game.moves == moves
    assert isinstance(hint.place, Place) and hint.place in game.legal_placements()
    after = game.copy()
    after.apply(hint.place)
    assert hint.figure is None or hint.figure in after.legal_actions()
    if isinstance(hint.figure, Deploy):
        assert after.target_feature(hint.figure.target) is not None
    driver.frames(3)  # drawn on the board, and its line under the banner
    assert game.moves == moves
    driver.click(button(play, "Hint"))  # asked again: hidden
    assert play.hint.current() is None
    question_mark(driver)
    assert play.hint.current() == hint  # the same moment: the same plan
    play.place(hint.place.cell, hint.place.rotation // 90)
    driver.frames()
    assert play.hint.current() is None  # a move was made: the hint is gone
    question_mark(driver)
    follow = play.hint.current()
    assert follow is not None and follow.place is None
    assert follow.figure is None or isinstance(follow.figure, (Deploy, Move))
    assert follow.figure is None or follow.figure in game.legal_actions()


def test_the_hints_setting_hides_the_button_and_the_key(app: App, driver: Driver) -> None:
    app.settings.set("hints", False)
    play = new_game(app, driver)
    assert "Hint" not in [b.label for b in play.buttons]
    question_mark(driver)
    assert play.hint.current() is None
    app.settings.set("hints", True)
    play.layout(app.screen.get_size())
    assert "Hint" in [b.label for b in play.buttons]


def test_a_click_on_the_hinted_cell_places_the_hinted_tile_as_hinted(app: App,
                                                                      driver: Driver) -> None:
    scene = start(app, seed=12)  # the hint turns V: turned as in the tray, it fits there too
    question_mark(driver)
    hint = scene.hint.current()
    assert hint is not None and hint.place is not None and hint.place.rotation != 0
    assert 0 in scene.game.legal_placements().rotations(hint.place.cell)
    assert scene.turn.rotation == hint.place.rotation // 90  # the tray shows it turned so
    driver.click(centre(scene, hint.place.cell))
    assert scene.game.moves[-1] == hint.place


def test_the_hint_takes_up_the_hinted_tile_of_a_hand(app: App, driver: Driver) -> None:
    scene = hand_game(app, seed=25)  # the hint places the second tile of the hand
    reveal(app, driver)
    question_mark(driver)
    hint = scene.hint.current()
    assert hint is not None and hint.place is not None
    assert hint.place.tile != scene.game.hand[0]
    driver.click(centre(scene, hint.place.cell))
    assert scene.game.moves[-1] == hint.place


def test_turning_the_tile_takes_the_hint_away(app: App, driver: Driver) -> None:
    scene = start(app, seed=12)
    question_mark(driver)
    assert scene.hint.current() is not None
    driver.key(pygame.K_r)  # what the lit cell shows is no longer what a click places
    assert scene.hint.current() is None


def test_a_figure_put_down_takes_the_hint_away(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "E")  # a city cap on the start tile's city: a figure may go there
    assert scene.place((0, -1), 2)
    question_mark(driver)  # the hint of the figure step
    assert scene.hint.current() is not None
    target = scene.options.targets()[0]
    driver.click(screen_of(scene, (0, -1), target.spot))
    assert scene.turn.pending in target.deploys  # the player acted: the hint is gone
    assert scene.hint.current() is None
