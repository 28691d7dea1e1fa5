"""A save whose seat is a computer level this version does not have: opening it asks first,
and the seat is then played by a person; the game never reaches the crash screen, and the
file is kept as it was when the player goes back."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.rules import Game
from game.store.savefile import Person, SavedGame
from game.ui.app import App
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.menus import ConfirmScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Session

from .conftest import Driver
from .test_scenes import button, title


def write_autosave(app: App, seats: list[str]) -> bytes:
    game = Game(app.registry.ruleset("carcassonne"), ["Ana", "Bo"], seed=3)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    saved = SavedGame.of(game, "carcassonne", [], ["red", "blue"], seats)
    path = app.storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saved.to_json(), encoding="utf-8")
    return path.read_bytes()


def test_the_seats_of_a_save_are_people_or_known_levels() -> None:
    saved = SavedGame("carcassonne", [], ["Ana", "Bo", "Cy"], [], 1, {}, [],
                      seats=["human", "overlord"])
    assert saved.unknown_seats() == [1]
    assert saved.seat_kinds() == ["human", "human", "human"]
    saved.seats = ["strong", "quick", "random"]
    assert saved.unknown_seats() == [] and saved.seat_kinds() == ["strong", "quick", "random"]


def test_continue_asks_then_a_person_plays_the_unknown_seat(app: App, driver: Driver) -> None:
    write_autosave(app, ["human", "overlord"])
    scene = title(app, driver)
    assert scene.can_continue
    driver.click(button(scene, "Continue"))
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    assert "Bo was played by a computer level" in ask.text and "overlord" in ask.text
    driver.key(pygame.K_RETURN)  # Open anyway
    play = app.scene
    assert isinstance(play, PlayScene)
    assert [seat.kind for seat in play.session.seats] == ["human", "human"]
    while play.game.current != 1:  # Ana plays: then the seat that used to crash the game
        place = next(iter(play.game.legal_placements()))
        play.place(place.cell, place.rotation // 90)
        driver.key(pygame.K_RETURN)
    driver.frames(30)
    assert app.scene is play and not any(isinstance(s, CrashScene) for s in app.stack)
    assert play.human_turn


def test_going_back_keeps_the_file_as_it_was(app: App, driver: Driver) -> None:
    before = write_autosave(app, ["overlord", "human"])
    scene = title(app, driver)
    driver.click(button(scene, "Continue"))
    assert isinstance(app.scene, ConfirmScene)
    driver.key(pygame.K_ESCAPE)  # Back
    assert isinstance(app.scene, TitleScene)
    assert app.storage.autosave_path().read_bytes() == before
    assert json.loads(before)["seats"] == ["overlord", "human"]


def test_a_seat_is_saved_as_a_person_or_its_level_with_the_words_saves_always_had(
        app: App) -> None:
    session = Session.seated(app.registry, [Person.HUMAN, "quick"], seed=3)
    text = session.saved().to_json()
    assert json.loads(text)["seats"] == ["human", "quick"]
    again = SavedGame.from_json(text, app.storage.autosave_path())
    assert again.seat_kinds() == [Person.HUMAN, "quick"]
    assert [s.label for s in Session.restore(app.registry, again, Path("x.json")).seats] == \
        ["Red", "Blue (Medium)"]
