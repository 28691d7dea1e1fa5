"""No network table is lost: a table its host left stays in the Load list after another game
was played here, and opens again from it; a guest's window started again offers to take its
seat back from the title."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from game.net.client import Status
from game.net.links import Link
from game.ui.kept_tables import LOOPBACK, KeptTable
from game.ui.net_link import kept_tables
from game.ui.net_session import NetworkSession
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.play import PlayScene, TablePlayScene
from game.ui.scenes.saves import LoadScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.words import i18n

from .conftest import Driver, on_top
from .tables import Table, drawn_texts, play_a_turn, two_windows, window
from .test_scenes import button


def after_the_hosts_turn(table: Table) -> tuple[NetworkSession, str]:
    """The host plays a turn, shown in the guest's window: the guest's session and the
    table's code."""
    play_a_turn(table, table.host)
    guest = table.play(table.guest)
    watched = guest.session
    assert isinstance(watched, NetworkSession)
    table.until(lambda: len(guest.game.moves) == 2, "the host's turn in the guest's")
    return watched, watched.link.link.code


def test_a_table_left_under_way_is_listed_after_another_game_and_opens_again(
        tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        watched, code = after_the_hosts_turn(table)
        moves = len(table.play(table.host).game.moves)
        table.host.replace(TitleScene(table.host))  # the host leaves: the table pauses
        table.until(lambda: watched.status == Status.PAUSED, "the guest told of the pause")
        # another game on the host's computer: Continue is that one now
        local = Session.new(table.host.registry, "carcassonne", [],
                            [Seat("Ann", "red"), Seat("Cid", "blue", "easy")], seed=4)
        table.host.replace(PlayScene(table.host, local))
        assert local.autosave(table.host.storage, table.host.registry) is None
        title = TitleScene(table.host)
        table.host.replace(title)
        assert title.can_continue and title.table is None
        Driver(table.host).click(button(title, "Load game"))
        load = on_top(table.host, LoadScene)
        first = load.listed[0]
        assert isinstance(first, KeptTable) and first.code == code and first.hosting
        assert f"Your table {code[:4]}-{code[4:]} (under way)" in drawn_texts(table.host)
        load.load(first)  # clicked: the table is served again, its game where it stood
        table.until(lambda: isinstance(table.host.scene, TablePlayScene), "the host's game")
        host = table.play(table.host)
        table.until(lambda: len(host.game.moves) == moves, "the game where it was left")
        table.until(lambda: watched.status == Status.PLAYING, "the guest back by itself")
        play_a_turn(table, table.guest)


def test_a_guests_window_started_again_offers_to_take_the_seat_back(tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        _watched, code = after_the_hosts_turn(table)
        while table.guest.stack:  # the guest's window closes...
            table.guest.pop()
        again = window(tmp_path / "guest")  # ...and is started again
        table.guest = again
        table.windows = [table.host, again]
        title = TitleScene(again)
        again.replace(title)
        assert title.can_continue and title.table is not None
        assert title.table.code == code and not title.table.hosting
        again.step()
        shown = f"Continue takes your seat back at table {code[:4]}-{code[4:]}"
        assert shown in drawn_texts(again)
        Driver(again).click(button(title, "Continue"))
        table.until(lambda: isinstance(again.scene, TablePlayScene), "the guest's game again")
        back = table.play(again)
        assert isinstance(back.session, NetworkSession)
        assert back.session.link.net.seats == (1,)  # his seat, taken back
        play_a_turn(table, again)


def test_a_seat_taken_back_while_the_table_is_away_says_it_does_not_answer(
        tmp_path: Path) -> None:
    """Continue at a table whose host has not served it again yet: the lobby says the table
    does not answer and keeps trying, rather than that a connection was lost."""
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    app = window(tmp_path)
    try:
        tables = kept_tables(app.storage)
        table = KeptTable(Link(LOOPBACK, port, "ZZZZ2222"), False, 1, "Bob", "carcassonne",
                          (), ("Ann", "Bob"))
        tables.put(table)
        tables.tokens.put(table.link, 1, "t" * 32)
        title = TitleScene(app)
        app.replace(title)
        Driver(app).click(button(title, "Continue"))
        lobby = on_top(app, LobbyScene)
        deadline = time.monotonic() + 30
        while lobby.table.net.status != Status.RECONNECTING:
            assert time.monotonic() < deadline, "waited 30 s for the first try to fail"
            app.step()
            time.sleep(0.01)
        app.step()
        assert "The table does not answer (is its host away?): trying again…" \
            in drawn_texts(app)
    finally:
        while app.stack:
            app.pop()


def test_a_guests_window_started_again_while_the_host_is_away_says_the_host_paused_it(
        tmp_path: Path) -> None:
    """The host left the game: the guest's window remembers that Ann paused the table.
    Closed and started again while she is away, it says so (in French too), not that the
    table does not answer; once she serves it again, the guest is back by itself."""
    with two_windows(tmp_path) as table:
        watched, code = after_the_hosts_turn(table)
        table.host.replace(TitleScene(table.host))  # the host leaves: the table pauses
        table.until(lambda: watched.status == Status.PAUSED, "the guest told of the pause")
        kept = kept_tables(table.guest.storage).get(code)
        assert kept is not None and (kept.paused, kept.paused_by) == ("host", "Ann")
        while table.guest.stack:  # the guest's window closes...
            table.guest.pop()
        again = window(tmp_path / "guest")  # ...and is started again
        table.guest = again
        table.windows = [table.host, again]
        title = TitleScene(again)
        again.replace(title)
        Driver(again).click(button(title, "Continue"))
        lobby = on_top(again, LobbyScene)
        table.until(lambda: lobby.table.net.status == Status.RECONNECTING,
                    "the guest's first try unanswered")
        drawn = drawn_texts(again)
        assert "Ann paused the table" in drawn
        assert any("when Ann opens it again" in line for line in drawn)
        assert not any("does not answer" in line for line in drawn)
        try:
            i18n.set_language("fr")
            assert "Ann a mis la table en pause" in drawn_texts(again)
        finally:
            i18n.set_language("en")
        host_title = TitleScene(table.host)
        table.host.replace(host_title)
        Driver(table.host).click(button(host_title, "Continue"))  # served again
        table.until(lambda: isinstance(again.scene, TablePlayScene), "the guest back")
        table.until(lambda: getattr(kept_tables(again.storage).get(code), "paused", "?")
                    is None, "the guest's record: the table plays on")
