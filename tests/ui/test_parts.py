"""The play scene's parts decide and never act: a gesture, an answer or a computer's turn
comes back as requests that the scene carries out; the session says who acts now."""

from __future__ import annotations

import random

from game.ai.random_policy import random_action
from game.rules import Choose, Phase, Place
from game.ui.app import App
from game.ui.intents import PointerDown, PointerUp
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.requests import KeepInSight, PlaceTile, Play, ShowRotation
from game.ui.session import Actor, Seat, Session

from ..waiting import wait_until
from .conftest import Driver, measured
from .test_play import centre, start
from .test_questions import play_until


def test_a_click_on_a_lit_cell_comes_back_as_the_tile_placed_there(app: App) -> None:
    scene = start(app)
    scene.game.force("tile", "U")  # a straight road: fits east of the start tile
    moves = list(scene.game.moves)
    at = centre(scene, (1, 0))
    assert scene.pointer.down(PointerDown(at, 1), scene.frame()) == []
    asked = scene.pointer.up(PointerUp(at, 1), scene.frame())
    assert asked == [ShowRotation(0), PlaceTile((1, 0), 0)]
    assert scene.game.moves == moves  # the pointer asked; nothing was played
    scene.act(asked)
    assert scene.game.moves == [*moves, Place("U", 1, 0, 0)]


def test_an_answer_clicked_comes_back_as_the_choice_to_play(app: App, driver: Driver) -> None:
    play = play_until(app, "carcassonne", ["hills-and-sheep"], "choose")
    driver.frames()
    measured(play.question, driver)
    herd = play.question.buttons[1].rect.center
    moves = len(play.game.moves)
    assert play.question.handle(PointerDown(herd, 1)) == []
    assert play.question.handle(PointerUp(herd, 1)) == [Play(Choose("herd"))]
    assert len(play.game.moves) == moves


def test_a_computer_tile_is_kept_in_sight_before_it_is_played(app: App) -> None:
    app.config.computer_pace = "instant"
    seats = [Seat("Red", "red", "random"), Seat("Blue", "blue", "random")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=4))
    app.replace(scene)
    # frames until the computer has chosen (it thinks off the frame loop)
    asked = wait_until(lambda: list(scene.computer.update(1 / 60)), "the computer's choice",
                       every=0.005)
    place = next(r.action for r in asked if isinstance(r, Play))
    assert isinstance(place, Place) and asked == [KeepInSight(place.cell), Play(place)]
    assert scene.game.moves == []  # handed back, not played


def test_the_session_says_who_acts_now(app: App) -> None:
    seats = [Seat("Red", "red"), Seat("Blue", "blue", "quick")]
    session = Session.new(app.registry, "carcassonne", [], seats, seed=1)
    game = session.game
    assert session.actor() is Actor.PERSON
    rng = random.Random(1)
    while game.current == 0:
        game.apply(random_action(game, rng))
    assert session.actor() is Actor.COMPUTER
    while not game.over:
        game.apply(random_action(game, rng))
    assert game.phase is Phase.OVER and session.actor() is Actor.NOBODY
