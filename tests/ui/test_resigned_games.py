"""A game ended by resignation stays what it is wherever its save is opened: finished, its
final scores saying who won and who resigned (Continue shows them, Load shows the finished
board, then them), never a game to play on with one person in both seats.  A seat given up
at a table that played on is a computer's when its save is opened again."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from game.ai.random_policy import random_action
from game.store.savefile import SavedGame
from game.ui.app import App
from game.ui.hud import describe_phase
from game.ui.scenes.final import FinalScene, standing
from game.ui.scenes.menus import ConfirmScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene, TablePlayScene
from game.ui.scenes.saves import describe
from game.ui.scenes.title import TitleScene
from game.ui.session import STAND_IN, Actor, Seat, Session

from .conftest import Driver, on_top
from .tables import drawn_texts, play_a_turn, two_windows
from .test_saves import open_list
from .test_scenes import button


def resigned_game(app: App, players: int = 2, resigned: int = 1, moves: int = 24,
                  written_before: bool = False) -> SavedGame:
    """A game of ``players`` people at a network table, played some turns, then given up by
    the seat ``resigned`` (as the table's finished game is saved); ``written_before``: as
    saves said it before they told such a game finished."""
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    colours = ["red", "blue", "green", "yellow"][:players]
    seats = [Seat(n, c) for n, c in zip(names, colours, strict=True)]
    session = Session.new(app.registry, "carcassonne", [], seats, seed=13)
    rng = random.Random(13)
    while len(session.game.moves) < moves:
        session.game.apply(random_action(session.game, rng))
    session.gave_up = (resigned,)
    saved = session.saved()
    if written_before:
        assert saved.summary is not None
        saved.summary["over"] = False
    return saved


def test_continue_opens_a_game_ended_by_resignation_on_its_final_scores(
        app: App, driver: Driver) -> None:
    app.storage.autosave(resigned_game(app, written_before=True), app.registry)
    app.replace(TitleScene(app))
    driver.frames()
    driver.click(button(app.scene, "Continue"))
    final = on_top(app, FinalScene)
    session = final.session
    assert session.ended() and session.actor() is Actor.NOBODY
    assert session.winners() == [0]
    drawn = drawn_texts(app)
    assert "Ann wins!" in drawn and "Bob resigned" in drawn
    driver.key(pygame.K_ESCAPE)  # View board: the finished board, nothing to place
    board = on_top(app, PlayScene)
    assert not board.human_turn
    drawn = drawn_texts(app)
    assert "Game over: Bob resigned" in drawn and "The game is over" in drawn
    assert not any("drag the tile" in text for text in drawn)


def test_load_opens_it_finished_not_as_a_game_one_person_plays_in_both_seats(
        app: App, driver: Driver) -> None:
    saved = resigned_game(app)
    app.storage.save(saved, "given up.json")
    app.replace(TitleScene(app))
    driver.frames()
    load = open_list(app, driver)
    index = next(i for i, e in enumerate(load.entries) if e.path.stem == "given up")
    assert "finished: Bob resigned" in describe(app, load.entries[index])
    driver.click(load._row_rect(index).center)
    play = on_top(app, PlayScene)
    assert play.session.actor() is Actor.NOBODY and not play.human_turn
    assert describe_phase(play.session, pending=False) == "Game over: Bob resigned"
    moves = len(play.game.moves)
    for _ in range(120):
        driver.frames()
        if isinstance(app.scene, FinalScene):
            break
    on_top(app, FinalScene)  # its final scores follow, as a finished game's do
    assert len(play.game.moves) == moves


def test_the_load_list_and_the_kept_game_call_a_resigned_game_finished(app: App) -> None:
    saved = resigned_game(app, written_before=True)
    assert saved.over and saved.resigned_out
    fresh = resigned_game(app)
    assert fresh.summary is not None and fresh.summary["over"] is True


def test_the_final_scores_list_the_winner_first_and_mark_who_resigned(
        app: App, driver: Driver) -> None:
    """The one who resigned had more points: the win is still the other's, listed first."""
    saved = resigned_game(app, moves=40)
    path = app.storage.save(saved, "lead.json")
    session = Session.restore(app.registry, saved, path)
    leader = max(range(2), key=lambda p: session.game.scores[p])
    assert session.game.scores[leader] > session.game.scores[1 - leader]
    session.gave_up = (leader,)
    winner = 1 - leader
    assert session.winners() == [winner]
    assert standing(session) == [winner, leader]
    app.replace(FinalScene(app, session))
    drawn = drawn_texts(app)
    names = [session.seats[p].name for p in (winner, leader)]
    assert f"{names[0]} wins!" in drawn and f"{names[1]} resigned" in drawn
    rows = [drawn.index(name) for name in names]
    assert rows[0] < rows[1]  # the winner's row first
    assert drawn.index("resigned") > rows[1]  # beside the name of the one who resigned


def test_a_seat_given_up_at_a_table_that_played_on_is_played_by_a_computer(
        app: App, tmp_path: Path) -> None:
    saved = resigned_game(app, players=3, resigned=2)
    assert not saved.over
    session = Session.restore(app.registry, saved, tmp_path / "x.json")
    assert [s.kind for s in session.seats] == ["human", "human", STAND_IN]
    assert not session.ended() and session.gave_up == (2,)



def test_after_a_resignation_at_a_table_both_windows_tell_the_same_story(
        tmp_path: Path) -> None:
    """Bob resigns: in both windows the final scores say Ann wins and Bob resigned; the
    board behind them is finished (no tile to place, no word of a computer playing Bob's
    seat, nobody "reconnecting"); Continue opens those final scores again."""
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        guest = table.play(table.guest)
        Driver(table.guest).key(pygame.K_ESCAPE)
        Driver(table.guest).click(button(on_top(table.guest, PauseScene), "Resign"))
        Driver(table.guest).click(button(on_top(table.guest, ConfirmScene), "Resign"))
        table.until(lambda: all(isinstance(a.scene, FinalScene) for a in table.windows),
                    "the final scores in both windows")
        for app in table.windows:
            drawn = drawn_texts(app)
            assert "Ann wins!" in drawn and "Bob resigned" in drawn
            assert drawn.index("Ann") < drawn.index("Bob")
            Driver(app).key(pygame.K_ESCAPE)  # View board
            board = on_top(app, TablePlayScene)
            assert not board.human_turn
            drawn = drawn_texts(app)
            assert "Game over: Bob resigned" in drawn and "The game is over" in drawn
            assert not any("drag the tile" in text for text in drawn)
            assert "You resigned: a computer plays your seat" not in drawn
            # the players' rows: the scores and who resigned, no connection nor clock of a
            # table whose game is over (a player who left it is not "reconnecting")
            assert [board.session.marks(i) for i in range(2)] == [None, None]
            assert "resigned" in drawn
        assert guest.table.rect is None  # nothing of the table's state over the board
        for app in table.windows:
            app.replace(TitleScene(app))
            Driver(app).frames()
            Driver(app).click(button(app.scene, "Continue"))
            final = on_top(app, FinalScene)
            assert final.session.ended() and final.session.winners() == [0]


def test_a_player_who_resigned_at_a_table_that_plays_on_is_told_a_computer_plays_them(
        tmp_path: Path) -> None:
    """Three at the table: Ann resigns, Bob and the computer play on.  On Ann's turns her
    window says a computer plays for her and why (not that she may place the tile), and
    that she resigned."""
    seats = [Seat("Ann", "red"), Seat("Bob", "blue", "open"), Seat("Cid", "green", "easy")]
    with two_windows(tmp_path, seats) as table:
        host = table.play(table.host)
        table.until(lambda: host.human_turn, "Ann's turn")
        Driver(table.host).key(pygame.K_ESCAPE)
        Driver(table.host).click(button(on_top(table.host, PauseScene), "Resign"))
        Driver(table.host).click(button(on_top(table.host, ConfirmScene), "Resign"))
        table.until(lambda: host.session.marks(0) is not None
                    and host.session.marks(0).stand_in  # type: ignore[union-attr]
                    and host.game.current == 0, "the table's computer on Ann's turn")
        assert describe_phase(host.session, pending=False) == (
            "Ann resigned: a computer plays the turn")
        assert not host.human_turn
        assert "You resigned: a computer plays your seat" in drawn_texts(table.host)
