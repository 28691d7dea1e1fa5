"""What each window reads when its table stands still or a computer plays for a player: the
host's window closed (the guest reads that Ann paused the table, not a connection lost), a
hosted lobby closed, a table that cannot save (every window told, moves wait, play resumes),
a player away on their turn (the wait counted down, then a computer plays it and every
window's log and rows say so)."""

from __future__ import annotations

import errno
import random
from pathlib import Path

import pygame
import pytest

from game.ai import random_action
from game.net import tablefile
from game.net.client import Status
from game.net.hosting import LocalServer
from game.net.seats import TableConfig
from game.rules import Game
from game.rules.registry import default_registry
from game.store import storage
from game.ui.hud import describe_phase
from game.ui.net_link import LOOPBACK
from game.ui.net_session import NetworkSession
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import TablePlayScene
from game.ui.scenes.title import TitleScene
from game.ui.seat_marks import clock_line, status_word
from game.ui.session import Seat, SeatMarks
from game.view.chronicle import Chronicle, Tone

from .conftest import Driver
from .tables import Table, drawn_texts, host_lobby, join_lobby, play_a_turn, two_windows


def session_of(app_scene: object) -> NetworkSession:
    assert isinstance(app_scene, TablePlayScene)
    session = app_scene.session
    assert isinstance(session, NetworkSession)
    return session


def test_the_guest_reads_that_the_host_closed_their_window(tmp_path: Path) -> None:
    """The window manager closes the host's window (its close button): the guest reads
    that Ann paused the table and how it comes back, not "Connection lost"."""
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        guest = session_of(table.guest.scene)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        table.host.step()  # the window's close button: the app stops...
        assert not table.host.running
        while table.host.stack:  # ...and every scene ends, as App.close does
            table.host.stack.pop().exit()
        table.windows = [table.guest]
        table.until(lambda: guest.status == Status.PAUSED, "the guest told of the pause")
        table.step(2)
        drawn = drawn_texts(table.guest)
        assert "Ann paused the table" in drawn
        assert any("opens it again" in line for line in drawn)
        assert not any("reconnecting" in line.lower() for line in drawn)
        assert "waiting for the table" in drawn  # his own row: the table stands still


def test_a_guest_in_a_lobby_reads_that_the_host_closed_the_table(tmp_path: Path) -> None:
    table = Table(tmp_path)
    try:
        lobby = host_lobby(table.host, [Seat("Ann", "red"), Seat("Blue", "blue", "open")])
        guest = join_lobby(table.guest, str(lobby.table.shown), "Bob")
        table.until(lambda: guest.table.net.status == Status.LOBBY, "Bob seated")
        Driver(table.host).click(_button(lobby, "Close the table"))
        table.until(lambda: guest.table.net.status == Status.FAILED, "Bob told")
        table.step()
        drawn = drawn_texts(table.guest)
        assert "The host closed the table" in drawn
        assert "The table refused to seat you:" not in drawn
    finally:
        table.close()


def _button(scene: LobbyScene, label: str) -> tuple[int, int]:
    found = next(b for b in scene.buttons if b.label == label)
    return found.rect.center


class FullDisk:
    """The hosted tables' folder is full while ``full`` (each write fails with ENOSPC)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        monkeypatch.setattr(tablefile, "atomic_write", self.write)

    def write(self, path: Path, text: str) -> None:
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        storage.atomic_write(path, text)


def test_every_window_reads_that_the_table_cannot_save_and_play_resumes_once_it_can(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = FullDisk(monkeypatch)
    with two_windows(tmp_path) as table:
        host, guest = session_of(table.host.scene), session_of(table.guest.scene)
        served = host.link.server
        assert served is not None
        served.server._saver.retry = 0.2
        disk.full = True
        play_a_turn(table, table.host)  # the turn stands, but is not on disk
        table.until(lambda: guest.paused is not None and host.paused is not None,
                    "both windows told")
        table.step(2)
        for app in table.windows:
            said = " ".join(drawn_texts(app))
            assert "The table cannot save the game: No space left on device" in said
            assert "Play waits until it can: nothing played is lost" in said
        assert "Make room in" in " ".join(drawn_texts(table.host))  # the host's folder
        assert describe_phase(guest, pending=False) == "The table is paused: Bob's turn waits"
        assert guest.link.net.my_turn() is None  # his turn waits
        menu = PauseScene(table.guest, guest)
        table.guest.push(menu)
        assert menu.title == "The table is paused"  # not "The game goes on"
        table.guest.pop()
        disk.full = False
        table.until(lambda: guest.paused is None and host.paused is None, "play resumed")
        play_a_turn(table, table.guest)
        folder = served.server.folder
        assert folder is not None
        saved = tablefile.load_table(folder / f"{host.link.link.code}.json",
                                     table.host.registry, 0.0, served.seal)
        assert saved.game is not None and len(saved.game.moves) == 4


def test_a_player_away_on_their_turn_is_counted_down_then_played_for_and_it_shows(
        tmp_path: Path) -> None:
    """A table that waits 2 s for a player away: the other reads when a computer plays the
    turn and what to do meanwhile; then the turn is played for Bob, and the log and Bob's
    row say so."""
    windows = Table(tmp_path)
    server = LocalServer(windows.host.registry)  # a server's table: nobody hosts it
    server.start(LOOPBACK, 0)
    code, _key = server.open_table(TableConfig("carcassonne", seats=("open", "open"),
                                               takeover=2))
    try:
        link = str(server.link_for(code, LOOPBACK))
        join_lobby(windows.host, link, "Ann")
        join_lobby(windows.guest, link, "Bob")
        windows.until(lambda: all(isinstance(a.scene, TablePlayScene) for a in windows.windows),
                      "the game begun")
        ann = session_of(windows.host.scene)
        play_a_turn(windows, windows.host)
        windows.guest.replace(TitleScene(windows.guest))  # Bob's window leaves, on his turn
        windows.windows = [windows.host]
        windows.until(lambda: ann.takeover_in() is not None, "the wait counted down")
        windows.step(2)
        said = " ".join(drawn_texts(windows.host))
        assert "A computer plays Bob's turn in 0:0" in said
        assert "Meanwhile you may look back over the game (V)" in said
        windows.until(lambda: len(ann.game.moves) >= 4, "a computer playing Bob's turn")
        scene = windows.host.scene
        assert isinstance(scene, TablePlayScene)
        lines = [line.text for line in scene.feedback.log_lines()]
        assert "Bob is away: a computer plays the turn" in lines
        bob = ann.marks(1)
        assert bob is not None and bob.reason == "away"
        assert not bob.connected and status_word(bob) == "computer plays"  # the dot: away
    finally:
        windows.close()
        server.close()


def test_the_log_says_once_a_turn_when_a_computer_played_it_for_a_player() -> None:
    game = Game(default_registry().ruleset("carcassonne"), ["Ann", "Bob"], seed=3)
    rng = random.Random(1)
    turns: list[int] = []
    while len(turns) < 3:
        before = game.current
        game.apply(random_action(game, rng))
        if game.current != before:
            turns.append(len(game.moves))
    second = range(turns[0], turns[1])  # Bob's first turn, played by a computer

    def played_for(move: int) -> str | None:
        return "clock" if move in second else None

    told = Chronicle.of(game, played_for)
    notes = [e for e in told.entries if e.tone is Tone.NOTICE]
    assert [e.text for e in notes] == ["Bob is out of time: a computer plays the rest of "
                                       "the turn"]
    first_of_turn = next(e for e in told.entries if e.move == turns[0])
    assert first_of_turn is notes[0]  # before what the computer did


@pytest.mark.parametrize(("marks", "clock", "word"), [
    (SeatMarks(True, True, False, 0.0, True, reason="clock"), "out of time", "computer plays"),
    (SeatMarks(False, True, False, 42.0, reason="away"), "0:42", "computer plays"),
    (SeatMarks(True, True, True, reason="resigned"), None, "resigned"),
    (SeatMarks(False, False, False, left=True), None, "left the table"),
    (SeatMarks(False, False, False, 61.0), "1:01", "reconnecting…"),
    (SeatMarks(False, False, False, paused=True), None, "waiting for the table"),
    (SeatMarks(True, False, False, 0.5), "0:01", None),
])
def test_a_players_row_says_who_plays_their_turn(marks: SeatMarks, clock: str | None,
                                                  word: str | None) -> None:
    assert (clock_line(marks), status_word(marks)) == (clock, word)

