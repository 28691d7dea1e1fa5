"""The computer levels as players read them: Easy, Medium and Hard on the set-up screen
(then Open: someone joining over the network; Monte Carlo only from the command line), and
the level beside a computer seat's name during the game."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.review.ladder import Ladder, Rated
from game.store.level_results import LevelResults
from game.ui import palette as pal
from game.ui.app import App
from game.ui.hud import describe_phase
from game.ui.ladder_view import draw_ladder
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.session import Seat, Session

from .conftest import Driver, lines_set, on_top
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


def test_the_set_up_screen_shows_the_ladder_with_the_chosen_game_s_ratings(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = SetupScene(app)
    setup.ladder = Ladder({
        "carcassonne": {"easy": Rated(1010, 850, 1200, 40), "quick": Rated(1500, 1500, 1500, 40),
                        "strong": Rated(1655, 1590, 1720, 40)},
        "carcassonne+hills-and-sheep": {"easy": Rated(990, 800, 1210, 40),
                                        "quick": Rated(1500, 1500, 1500, 40),
                                        "strong": Rated(1670, 1600, 1740, 40)}})
    setup.game_id = "carcassonne"
    setup.seats[1].kind = "strong"
    app.replace(setup)
    drawn: list[tuple[str, Any]] = []
    text = app.res.text

    def recording(s: str, size: int, colour: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append((s, colour))
        return text(s, size, colour, *args, **kwargs)

    monkeypatch.setattr(app.res, "text", recording)
    driver.frames()
    said = dict(drawn)
    assert "Computer levels" in said and "rating in this game, Medium = 1500" in said
    # Weakest first, each with its rating; the level seated in full colour, the others dim.
    below = drawn[[s for s, _c in drawn].index("Computer levels"):]
    order = [s for s, _c in below if s in {"Easy", "Medium", "Hard", "1010", "1500", "1655"}]
    assert order == ["Easy", "1010", "Medium", "1500", "Hard", "1655"]
    assert said["Hard"] == pal.TEXT and said["1655"] == pal.TEXT
    assert said["Easy"] == pal.TEXT_DIM and said["Medium"] == pal.TEXT_DIM
    assert any("imagined futures" in s for s in said)
    # Hills & Sheep has its own ratings; a game the ladder does not rate shows none.
    setup.expansions = ["hills-and-sheep"]
    drawn.clear()
    driver.frames()
    assert "1670" in dict(drawn) and "1655" not in dict(drawn)
    setup.game_id, setup.expansions = "over-hill-and-dale", []
    drawn.clear()
    driver.frames()
    said = dict(drawn)
    assert "Hard" in said and not any(s.isdigit() for s in said)


def test_the_ladder_is_left_out_where_the_rows_leave_it_no_room(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = SetupScene(app)
    app.replace(setup)
    drawn = lines_set(app, monkeypatch)
    driver.frames()
    assert "Computer levels" in drawn
    while len(setup.seats) < 6:
        setup._add()
    setup.seats[0].kind = "open"  # a hosted table: two rows more of its options
    setup._build()
    drawn.clear()
    driver.frames()
    assert "Computer levels" not in drawn


def played_out(app: App, kinds: list[str], seed: int) -> Session:
    """A game of Carcassonne between ``kinds``, played to its end at random."""
    seats = [Seat(name, colour, kind) for (name, colour), kind
             in zip((("Red", "red"), ("Blue", "blue"), ("Green", "green")), kinds, strict=False)]
    session = Session.new(app.registry, "carcassonne", [], seats, seed=seed)
    rng = random.Random(seed)
    while not session.game.over:
        session.game.apply(random_action(session.game, rng))
    return session


def test_a_finished_game_against_the_computer_counts_on_the_ladder(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    session = played_out(app, ["human", "strong"], seed=5)
    won = session.game.scores[0] > session.game.scores[1]
    scene = PlayScene(app, session)
    app.replace(scene)
    scene.show_final()
    # The final scores tell the player's games against the level met, this one counted.
    said = f"Your games against Hard in this game: {int(won)} won, {1 - int(won)} lost"
    assert said in on_top(app, FinalScene).climbed
    drawn_final = lines_set(app, monkeypatch)
    driver.frames()
    assert said in drawn_final
    monkeypatch.undo()
    scene.show_final()  # the same game shown again (opened from its save): counted once
    PlayScene(app, played_out(app, ["human", "human", "strong"], seed=6)).show_final()
    assert on_top(app, FinalScene).climbed == []  # hot seat: nobody's record
    kept = LevelResults.load(app.storage)
    assert kept.of("carcassonne", "strong").games == 1
    assert kept.of("carcassonne", "strong").won == int(won)
    setup = SetupScene(app)
    app.replace(setup)
    drawn = lines_set(app, monkeypatch)
    driver.frames()
    assert ("you 1–0" if won else "you 0–1") in drawn
    # Another game, where the player never met Hard: no record shown.
    setup.game_id = "over-hill-and-dale"
    drawn.clear()
    driver.frames()
    assert not any(line.startswith("you ") for line in drawn)


@pytest.mark.parametrize("data", [b"[1, 2", b"[" * 100_000, b"\xff\xfe not text",
                                  b'{"format": 1, "counted": {}, "games": {}}',
                                  b'{"format": 1, "counted": [], "games": {"g": {"easy": [1]}}}'])
def test_a_broken_results_file_is_told_on_the_set_up(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    path = app.storage.data_dir / "levels.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    setup = SetupScene(app)
    app.replace(setup)
    drawn = lines_set(app, monkeypatch)
    driver.frames()
    told = " ".join(drawn)
    assert "Your results against the computer cannot be read" in told
    assert "levels-kept-" in told


def test_the_pointer_on_a_level_tells_what_its_rating_rests_on(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = SetupScene(app)
    setup.ladder = Ladder({"carcassonne": {"quick": Rated(1500, 1500, 1500, 80),
                                           "strong": Rated(1690, 1610, 1770, 80)}})
    setup.game_id = "carcassonne"
    app.replace(setup)
    driver.frames()
    rows = dict(setup.ladder_rows)
    assert set(rows) == {"easy", "quick", "strong"}
    drawn = lines_set(app, monkeypatch)
    driver.move(rows["strong"].center)
    driver.frames()
    told = " ".join(drawn)
    assert "Rated 1690 (95% interval 1610–1770) from 80 games" in told
    drawn.clear()
    driver.move(rows["easy"].center)  # not rated in this ladder: nothing to tell
    driver.frames()
    assert not any(line.startswith("Rated ") for line in drawn)


@pytest.mark.parametrize("seats", [2, 3])
def test_the_ladder_is_shown_in_the_smallest_window(small: App, seats: int) -> None:
    setup = SetupScene(small)
    small.replace(setup)
    while len(setup.seats) < seats:
        setup._add()
    setup.layout(small.screen.get_size())
    small.draw()
    rows = dict(setup.ladder_rows)
    assert set(rows) == {"easy", "quick", "strong"}, f"no ladder with {seats} seats"
    assert max(r.bottom for r in rows.values()) <= setup.buttons_top


def test_where_the_whole_ladder_has_no_room_it_keeps_names_and_ratings(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    surface = pygame.Surface((800, 600))
    drawn = lines_set(app, monkeypatch)
    levels = ("easy", "quick", "strong")
    rated = Ladder({"carcassonne": {lv: Rated(1500 + i, 1500, 1600, 20)
                                    for i, lv in enumerate(levels)}})

    def ladder(width: int, height: int) -> list[tuple[str, pygame.Rect]]:
        drawn.clear()
        return draw_ladder(surface, app.res, rated, ("carcassonne", ()), levels, (),
                           pygame.Rect(0, 0, width, height))

    whole = ladder(300, 400)  # narrow: the lines on how each level plays wrap
    assert [lv for lv, _r in whole] == list(levels) and max(r.h for _l, r in whole) > 19
    assert any(line.startswith("tries its best moves") for line in drawn)
    short = ladder(300, 30 + 3 * 25)  # room for a line each: names and ratings, nothing cut
    assert [lv for lv, _r in short] == list(levels) and all(r.h == 19 for _l, r in short)
    assert {"Easy", "1500", "Hard", "1502"} <= set(drawn)
    assert not any(line.startswith("tries") or line.endswith("…") for line in drawn)
    assert ladder(300, 30 + 3 * 25 - 1) == []  # not even that: nothing


def test_the_pointer_on_a_level_tells_how_it_plays(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = SetupScene(app)
    app.replace(setup)
    driver.frames()
    drawn = lines_set(app, monkeypatch)
    driver.move(dict(setup.ladder_rows)["easy"].center)
    driver.frames()
    assert any(line.startswith("Often picks a lesser move") for line in drawn)
