"""The computer levels as players read them: Easy, Medium and Hard on the set-up screen
(then Open: someone joining over the network; Monte Carlo only from the command line), and
the level beside a computer seat's name during the game."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui.app import App
from game.ui.hud import describe_phase
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.session import Seat, Session

from .conftest import Driver, lines_set
from .test_scenes import button


def test_the_set_up_screen_names_the_levels(app: App, driver: Driver) -> None:
    setup = SetupScene(app)
    app.replace(setup)
    driver.frames()
    setup.seats[1].kind = "human"
    setup._build()
    seen: dict[str, str] = {}
    label = "Human"
    for _ in range(6):
        driver.click(button(setup, label))
        label = next(b.label for b in setup.widgets if b.label in
                     {"Human", "Easy", "Medium", "Hard", "Monte Carlo", "Open"})
        seen[label] = setup.seats[0].kind
    assert seen == {"Easy": "easy", "Medium": "quick", "Hard": "strong", "Open": "open",
                    "Human": "human"}
    # A Monte Carlo seat remembered from an older version is offered no more: a click on it
    # goes back to Human.
    setup.seats[0].kind = "mcts"
    setup._build()
    driver.click(button(setup, "Monte Carlo"))
    assert setup.seats[0].kind == "human"


def test_a_computer_seat_shows_its_level_in_the_panel_and_prompt(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    seats = [Seat("Blue", "blue", "strong"), Seat("Red", "red", "human")]
    session = Session.new(app.registry, "carcassonne", [], seats, seed=2)
    assert [s.label for s in seats] == ["Blue (Hard)", "Red"]
    assert session.game.current == 0
    assert describe_phase(session, pending=False) == "Blue (Hard) is thinking…"
    drawn: list[str] = []
    text = app.res.text

    def recording(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(s)
        return text(s, *args, **kwargs)

    monkeypatch.setattr(app.res, "text", recording)
    scene = PlayScene(app, session)
    app.replace(scene)
    driver.frames(2)
    scene.computer.cancel()
    assert "Blue (Hard)" in drawn and "Red" in drawn


def test_the_set_up_screen_tells_how_to_seat_a_computer(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = SetupScene(app)
    app.replace(setup)
    drawn = lines_set(app, monkeypatch)
    driver.frames()
    told = " ".join(drawn)
    assert "To play against the computer, click “Human”" in told
    while len(setup.seats) < 5:  # five rows still leave it room, clear of the buttons
        setup._add()
    drawn.clear()
    driver.frames()
    assert "To play against the computer, click “Human”" in " ".join(drawn)
