"""Whole turns from the keyboard alone, in every game: Tab chooses a lit cell (the nearest the
last placement first) and the tile shows there with its card, the arrow keys go to the
nearest lit cell that way, R turns the tile among the rotations that fit there, Enter places
it; then Tab goes through the figures, the hikes and "no figure", and Enter ends the turn
with the one chosen.  The answers to the rules' question, a tile of a hand of three and the
Hint's move are a key away too."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.review import hints
from game.rules import Action, Choose, Deploy, Game, Move, Phase, Place, Skip
from game.ui.app import App
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.keyboard import cells_in_order, nearest_towards
from game.ui.session import Seat, Session

from .conftest import Driver, measured, on_top
from .test_hikes import hike_onto_the_new_tile
from .test_hint import a_river_tile_to_place, settled
from .test_questions import play_until


def a_game(app: App, game_id: str = "carcassonne", expansions: tuple[str, ...] = (),
           hand: int = 1, seed: int = 3) -> PlayScene:
    app.settings.set("pass_screen", False)
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    options = {"hand": hand} if hand > 1 else {}
    session = Session.new(app.registry, game_id, list(expansions), seats, options=options,
                          seed=seed)
    scene = PlayScene(app, session)
    app.replace(scene)
    app.step(1 / 60)
    return scene


def tab(driver: Driver, back: bool = False) -> None:
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)


def tab_until(driver: Driver, done: object, most: int = 80) -> None:
    """Tab until ``done()`` holds, at most ``most`` times."""
    assert callable(done)
    for _ in range(most):
        tab(driver)
        if done():
            return
    raise AssertionError("Tab never came to it")


def keyed_turn(scene: PlayScene, driver: Driver) -> None:
    """One whole turn with the keys: the first lit cell, turned once, placed; the first
    figure chosen; the turn ended."""
    game = scene.game
    player = game.current
    tile = scene.hand.handled()
    assert tile is not None
    tab(driver)
    cell = scene.keys.chosen_cell()
    assert cell is not None
    assert cell == cells_in_order(scene.options.legal_cells(), scene.keys.origin())[0]
    frame = scene.frame()
    assert frame.keyed and frame.hovered_cell == cell  # shown there, as on a hovered cell
    assert scene.keys.told() is not None  # and its card says which and what keys go on
    driver.key(pygame.K_r)
    assert scene.options.rotation_fits(cell, scene.turn.rotation)
    rotation = scene.turn.rotation
    driver.key(pygame.K_RETURN)
    assert game.moves[-1] == Place(tile, cell[0], cell[1], rotation * 90)
    assert game.phase is Phase.FIGURE
    tab(driver)
    held = scene.turn.pending
    assert scene.keys.chosen_figure() == (held, True)
    driver.key(pygame.K_RETURN)
    assert game.moves[-1] == (held if held is not None else Skip())
    assert game.current != player or game.over


@pytest.mark.parametrize("game_id", ["carcassonne", "hunters-and-gatherers",
                                     "over-hill-and-dale"])
def test_whole_turns_from_the_keys(app: App, driver: Driver, game_id: str) -> None:
    scene = a_game(app, game_id)
    for _ in range(3):
        keyed_turn(scene, driver)
    assert len(scene.game.moves) == 6


def test_a_hand_of_three_and_grow_or_herd_from_the_keys(app: App, driver: Driver) -> None:
    scene = a_game(app, "carcassonne", ("hills-and-sheep",), hand=3)
    game = scene.game
    driver.key(pygame.K_2)  # the second tile of the hand
    second = game.hand[1]
    keyed_turn(scene, driver)
    placed = game.moves[-2]
    assert isinstance(placed, Place) and placed.tile == second
    # grow or herd: Tab goes through the answers, Enter gives the one chosen
    play = play_until(app, "carcassonne", ["hills-and-sheep"], "choose")
    driver.frames()
    measured(play.question, driver)
    driver.frames()
    options = play.question.options
    tab(driver)
    tab(driver)
    assert play.keys.answer == 1
    moves = len(play.game.moves)
    driver.key(pygame.K_RETURN)
    assert play.game.moves[moves] == Choose(options[1])


def test_a_rivers_hut_from_the_keys(app: App, driver: Driver) -> None:
    scene = a_river_tile_to_place(app)
    game = scene.game
    tab_until(driver, lambda: scene.keys.chosen_cell() == (0, 1))
    for _ in range(4):
        if scene.turn.rotation == 1:
            break
        driver.key(pygame.K_r)
    driver.key(pygame.K_RETURN)
    assert game.moves[-1] == Place("H05", 0, 1, 90)
    target = next(t for t in scene.options.targets()
                  if {d.figure for d in t.deploys} == {"follower", "hut"})
    hut = next(d for d in target.deploys if d.figure == "hut")
    tab_until(driver, lambda: scene.turn.pending == hut)
    assert scene.hover.card is not None  # the river's card, as when hovered
    driver.key(pygame.K_RETURN)
    assert game.moves[-1] == hut


def test_a_hike_from_the_keys(app: App, driver: Driver) -> None:
    scene, hike = hike_onto_the_new_tile(app)
    tab_until(driver, lambda: scene.turn.pending == hike)
    driver.key(pygame.K_RETURN)
    assert hike in scene.game.moves


def test_no_figure_is_a_choice_and_shift_tab_goes_back(app: App, driver: Driver) -> None:
    scene = a_game(app)
    tab(driver)
    driver.key(pygame.K_RETURN)
    choices = scene.keys.figures()
    assert choices[-1] is None  # "no figure", last
    tab(driver, back=True)  # from nothing chosen, Shift+Tab: the last, no figure
    assert scene.keys.chosen_figure() == (None, True)
    assert scene.keys.told() is not None
    tab(driver, back=True)
    assert scene.turn.pending == choices[-2]
    tab(driver)
    driver.key(pygame.K_RETURN)
    assert scene.game.moves[-1] == Skip()


def test_the_arrows_go_to_the_nearest_lit_cell_that_way_else_move_the_board(
        app: App, driver: Driver) -> None:
    scene = a_game(app, seed=8)
    centre = scene.camera.centre
    driver.key(pygame.K_LEFT)  # no cell chosen: the board moves
    assert scene.camera.centre != centre
    tab(driver)
    lit = scene.options.legal_cells()
    for key, way in ((pygame.K_RIGHT, (1, 0)), (pygame.K_DOWN, (0, 1)),
                     (pygame.K_LEFT, (-1, 0)), (pygame.K_UP, (0, -1))):
        before = scene.keys.chosen_cell()
        assert before is not None
        wanted = nearest_towards(lit, before, way) or before
        centre = scene.camera.centre
        driver.key(key)
        assert scene.keys.chosen_cell() == wanted
        x, y, w, h = scene.camera.cell_rect(wanted)
        assert scene.layout_obj.board.contains(pygame.Rect(x, y, w, h))


def test_the_chosen_cell_is_kept_in_view(app: App, driver: Driver) -> None:
    scene = a_game(app)
    scene.camera.pan_pixels(5000, 3000)  # the lit cells far out of sight
    driver.frames()
    tab(driver)
    cell = scene.keys.chosen_cell()
    assert cell is not None
    x, y, w, h = scene.camera.cell_rect(cell)
    assert scene.layout_obj.board.contains(pygame.Rect(x, y, w, h))


def test_esc_drops_the_keys_choice_then_opens_the_menu(app: App, driver: Driver) -> None:
    scene = a_game(app)
    tab(driver)
    driver.key(pygame.K_ESCAPE)
    assert scene.keys.chosen_cell() is None and app.scene is scene
    driver.key(pygame.K_ESCAPE)
    on_top(app, PauseScene)


def test_the_pointer_takes_the_board_back(app: App, driver: Driver) -> None:
    scene = a_game(app)
    tab(driver)
    assert scene.frame().keyed
    driver.move((5, 5))
    driver.move((15, 15))
    assert not scene.frame().keyed and scene.keys.chosen_cell() is None
    driver.key(pygame.K_RETURN)  # Enter without a cell chosen places nothing
    assert not scene.game.moves


def test_g_plays_the_hints_move(app: App, driver: Driver,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints, "THINK_SECONDS", 0.0)
    scene = a_game(app)
    game = scene.game
    player = game.current
    driver.key(pygame.K_g)  # asked before the Hint was shown: taken once thought of
    settled(driver)
    deadline = time.monotonic() + 10
    while game.current == player and time.monotonic() < deadline:
        driver.frames()
    assert game.current != player
    assert isinstance(game.moves[0], Place)
    assert len(game.moves) == 2 and isinstance(game.moves[1], (Deploy, Move, Skip))


def before_a_question(app: App) -> tuple[PlayScene, Place]:
    """A game of Hills & Sheep at a placement that asks the rules' question (grow or herd
    the flock), and that placement."""
    app.settings.set("pass_screen", False)
    for seed in range(200):
        session = Session.new(app.registry, "carcassonne", ["hills-and-sheep"],
                              [Seat("Red", "red"), Seat("Blue", "blue")], seed=seed)
        game = session.game
        rng = random.Random(seed)
        while not game.over:
            if game.phase is Phase.PLACE:
                for place in (a for a in game.legal_actions() if isinstance(a, Place)):
                    after = game.copy()
                    after.apply(place)
                    if after.phase is Phase.CHOOSE:
                        play = PlayScene(app, session)
                        app.replace(play)
                        app.step(1 / 60)
                        return play, place
            game.apply(random_action(game, rng))
    raise AssertionError("no placement asks the question in 200 games")


def test_g_plays_through_the_rules_question_to_the_end_of_the_turn(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint's placement asks grow or herd: G goes on with the Hint of that question,
    then with the Hint of the figure, and ends the turn, rather than leave the player at
    the question (or end the turn on the answer, the figure never weighed)."""
    monkeypatch.setattr(hints, "THINK_SECONDS", 0.0)
    play, place = before_a_question(app)
    real = hints.advise
    figures_hinted: list[Action] = []

    def advise(game: Game, *args: Any, **kwargs: Any) -> hints.Hint | None:
        if game.phase is Phase.PLACE:  # the placement that asks
            return hints.hint_for(game, (place,), seed=len(game.moves))
        if game.phase is Phase.FIGURE:  # a figure put down, which a pass would not be
            figure = next(a for a in game.legal_actions() if isinstance(a, (Deploy, Move)))
            figures_hinted.append(figure)
            return hints.hint_for(game, (figure,), seed=len(game.moves))
        return real(game, *args, **kwargs)

    monkeypatch.setattr(hints, "advise", advise)
    game = play.game
    player, made = game.current, len(game.moves)
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_g, mod=0, unicode="g",
                                             scancode=0))
    deadline = time.monotonic() + 20
    while game.current == player and time.monotonic() < deadline:
        app.step(1 / 60)
        # the question shows in the very frame it is asked: a window resting then would
        # show no card until some other event came
        assert game.phase is not Phase.CHOOSE or play.question.card.w > 0
        time.sleep(0.005)
    assert game.current != player, f"the turn stopped at {game.phase}"
    first, answer, figure = game.moves[made:made + 3]
    assert first == place and isinstance(answer, Choose)
    assert figures_hinted and figure == figures_hinted[-1]
