"""A held key's repeats move and zoom, but never act twice: with the window's loop stalled (a
busy machine), the repeat of Enter queued behind the press that placed the tile does not also
end the turn, nor press a button a second time; the arrows and zoom keys still repeat."""

from __future__ import annotations

import pygame

from game.rules import Phase
from game.ui.app import App
from game.ui.input import InputMapper
from game.ui.intents import Command, Pan

from .conftest import Driver
from .test_keyboard_turns import a_game, tab


def key_event(kind: int, key: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)


def test_a_repeat_of_enter_queued_behind_its_press_does_not_end_the_turn(
        app: App, driver: Driver) -> None:
    scene = a_game(app)
    game = scene.game
    tab(driver)  # a lit cell chosen
    assert scene.keys.chosen_cell() is not None
    moves = len(game.moves)
    # Enter pressed and held while the loop was stalled: SDL queued its repeat behind it
    pygame.event.post(key_event(pygame.KEYDOWN, pygame.K_RETURN))
    pygame.event.post(key_event(pygame.KEYDOWN, pygame.K_RETURN))
    driver.frames()
    assert len(game.moves) == moves + 1 and game.phase is Phase.FIGURE  # placed, only
    pygame.event.post(key_event(pygame.KEYDOWN, pygame.K_RETURN))  # held on: repeats
    driver.frames(3)
    assert len(game.moves) == moves + 1 and game.phase is Phase.FIGURE
    pygame.event.post(key_event(pygame.KEYUP, pygame.K_RETURN))
    driver.frames()
    driver.key(pygame.K_RETURN)  # pressed anew: the turn ends
    assert len(game.moves) == moves + 2 and game.current != 0


def test_only_moving_zooming_and_going_from_choice_to_choice_repeat() -> None:
    mapper = InputMapper()
    keys = {pygame.K_LEFT: Pan, pygame.K_EQUALS: Command.ZOOM_IN,
            pygame.K_MINUS: Command.ZOOM_OUT, pygame.K_TAB: Command.NEXT,
            pygame.K_RETURN: None, pygame.K_SPACE: None, pygame.K_BACKSPACE: None,
            pygame.K_r: None, pygame.K_1: None, pygame.K_ESCAPE: None}
    for key, again in keys.items():
        first = mapper.one(key_event(pygame.KEYDOWN, key))
        assert first is not None, pygame.key.name(key)
        repeated = mapper.one(key_event(pygame.KEYDOWN, key))
        if again is Pan:
            assert isinstance(repeated, Pan)
        else:
            assert repeated == again, pygame.key.name(key)
        mapper.one(key_event(pygame.KEYUP, key))
        assert mapper.one(key_event(pygame.KEYDOWN, key)) == first  # a new press acts
        mapper.one(key_event(pygame.KEYUP, key))


def test_backspace_held_in_a_text_field_erases_on() -> None:
    mapper = InputMapper()
    mapper.text_focus = True
    for _ in range(3):
        assert mapper.one(key_event(pygame.KEYDOWN, pygame.K_BACKSPACE)) is Command.ERASE
    assert mapper.one(key_event(pygame.KEYDOWN, pygame.K_RETURN)) is Command.CONFIRM
    assert mapper.one(key_event(pygame.KEYDOWN, pygame.K_RETURN)) is None


def test_a_key_released_while_the_window_had_no_focus_acts_again() -> None:
    """Its KEYUP went to another window: the next press is a press, not a repeat."""
    mapper = InputMapper()
    assert mapper.one(key_event(pygame.KEYDOWN, pygame.K_RETURN)) is Command.CONFIRM
    mapper.one(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert mapper.one(key_event(pygame.KEYDOWN, pygame.K_RETURN)) is Command.CONFIRM
