"""The rules' questions in the window, driven with real events: each answer says what it does
and what it would score now, and a click answers; a hike and a bonus tile are explained."""

from __future__ import annotations

import random
import threading
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.review import answers
from game.review.answers import Outcome
from game.rules import Action, Choose, Game, Move
from game.ui.app import App
from game.ui.board_view import BoardView
from game.ui.camera import Camera
from game.ui.scenes.menus import MessageScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play import question as question_module
from game.ui.scenes.saves import NameScene
from game.ui.session import Seat, Session

from .conftest import Driver, measured, on_top


def play_until(app: App, game_id: str, expansions: list[str], wanted: str) -> PlayScene:
    for seed in range(200):
        session = Session.new(app.registry, game_id, expansions, [Seat("Red", "red"),
                                                          Seat("Blue", "blue")], seed=seed)
        game = session.game
        rng = random.Random(seed)
        while not game.over:
            if (wanted == "choose" and game.phase == "choose") or (
                    wanted == "move" and game.phase == "figure"
                    and any(isinstance(a, Move) for a in game.legal_actions())) or (
                    wanted == "extra" and game.phase == "place" and game.in_extra):
                play = PlayScene(app, session)
                app.replace(play)
                return play
            game.apply(random_action(game, rng))
    raise AssertionError(f"no {wanted} in 200 games of {game_id}")


def test_grow_or_herd_says_what_each_does_and_scores(app: App, driver: Driver) -> None:
    play = play_until(app, "carcassonne", ["hills-and-sheep"], "choose")
    driver.frames()
    question = play.question
    measured(question, driver)
    driver.frames()
    assert question.prompt == "Your tile extends the field of your shepherd"
    assert [label for label, _ in question.answers] == ["Grow", "Herd"]
    assert all(explain for _, explain in question.answers)
    assert question.outcomes["herd"].endswith("now")
    assert "risk your shepherd goes home" in question.outcomes["grow"]
    herd = question.buttons[1]
    assert herd.label == "Herd" and question.card.contains(herd.rect)
    moves = len(play.game.moves)
    driver.click(herd.rect.center)
    assert play.game.moves[moves] == Choose("herd")
    driver.frames()
    assert question.buttons == [] and question.answers == []


def test_answers_are_measured_again_when_an_undo_comes_back_to_the_question(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile taken back while the answers are being measured, then put down again just
    as it was: the same question, measured anew, never left at "measuring…"."""
    held, released = threading.Event(), threading.Event()
    real = answers.outcome

    def held_at_first(game: Game, action: Action, **kwargs: Any) -> Outcome:
        if not held.is_set():
            held.set()
            released.wait(5)
        return real(game, action, **kwargs)

    monkeypatch.setattr(question_module, "outcome", held_at_first)
    play = play_until(app, "carcassonne", ["hills-and-sheep"], "choose")
    question = play.question  # it asks: its answers are being measured, held at the first
    assert held.wait(5)
    game = play.game
    place = game.moves[-1]
    game.undo()
    released.set()  # the measuring finds the game moved on
    worker = question._worker
    assert worker is not None
    worker.join(5)
    game.apply(place)  # the same tile, the same place: the same question again
    measured(question, driver)
    assert set(question.outcomes) == {"grow", "herd"}


def test_the_tile_asked_about_is_outlined_in_its_players_colour(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """During the question the newest tile is the asked player's, not the previous one's."""
    play = play_until(app, "carcassonne", ["hills-and-sheep"], "choose")
    outlined: list[tuple[tuple[int, int], tuple[int, int, int]]] = []
    real = BoardView.outline

    def recording(view: BoardView, surface: pygame.Surface, cam: Camera,
                  cell: tuple[int, int], colour: tuple[int, int, int], **kwargs: Any) -> None:
        outlined.append((cell, colour))
        real(view, surface, cam, cell, colour, **kwargs)

    monkeypatch.setattr(BoardView, "outline", recording)
    driver.frames()
    game = play.game
    assert game.last_cell is not None
    asked = play.session.seats[game.current].rgb
    assert (game.last_cell, asked) in outlined


def test_the_question_stays_under_a_dialog_that_follows_another(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    play = play_until(app, "carcassonne", ["hills-and-sheep"], "choose")
    driver.frames()

    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(app.storage, "save", full)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)  # a name asked, then a message that it failed
    on_top(app, NameScene)
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    on_top(app, MessageScene)  # not the crash screen
    assert len(play.question.buttons) == len(play.question.answers) == 2


def test_a_hike_and_a_bonus_tile_are_explained(app: App, driver: Driver) -> None:
    play = play_until(app, "over-hill-and-dale", [], "move")
    driver.frames()
    assert play.question.info.startswith("Or hike")
    assert play.question.card.top >= 40 and play.question.below_banner(app.res) > 58
    play = play_until(app, "hunters-and-gatherers", [], "extra")
    driver.frames()
    assert play.question.info.startswith("Bonus tile")


def test_the_tile_asked_about_glides_out_from_under_the_card(app: App, driver: Driver) -> None:
    # A small window: there the card covers the most of the board.
    pygame.display.set_mode((960, 640), pygame.RESIZABLE)
    app.resized()
    for seed in range(40):
        session = Session.new(app.registry, "carcassonne", ["hills-and-sheep"],
                              [Seat("Red", "red"), Seat("Blue", "blue")], seed=seed)
        game = session.game
        rng = random.Random(seed)
        while not game.over and game.phase != "choose":
            game.apply(random_action(game, rng))
        if game.over:
            continue
        play = PlayScene(app, session)
        app.replace(play)
        newest = max(game.board.tiles.values(), key=lambda t: t.order).cell
        card = play.question.card
        if not card.colliderect(play.camera.cell_rect(newest)):
            continue  # the opening view already shows it clear of the card
        driver.frames(90)  # the glide
        assert not play.question.card.colliderect(play.camera.cell_rect(newest))
        assert play.camera.free is not None
        assert play.camera.free[1] + play.camera.free[3] <= play.question.card.top
        return
    raise AssertionError("no question with its tile under the card in 40 games")
