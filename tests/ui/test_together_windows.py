"""At a table together, in the window: a table made on a table server from New game, found by
a friend in the server's public list, a chat line typed in one window read in the other,
the window asking for its player's attention when their turn comes, Your tables telling
whose turn it is; a spectator's window that shows the game and never plays."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.net.table_server import TableServer
from game.ui.app import App
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.play import TablePlayScene
from game.ui.scenes.public_tables import PublicTablesScene
from game.ui.scenes.server_choice import ServerChoiceScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.your_tables import YourTablesScene
from game.ui.seat_marks import clock_text
from game.ui.session import Seat

from .conftest import Driver, on_top
from .tables import LIMIT, Table, host_lobby, join_lobby, play_a_turn, two_windows, window
from .test_scenes import button

LOOPBACK = "127.0.0.1"


@contextmanager
def club_server() -> Iterator[int]:
    """A table server with a lobby on the loopback address, in a thread: its port."""
    from game.rules.registry import default_registry

    ready = threading.Event()
    port: list[int] = []
    stop: list[asyncio.Event] = []

    async def main() -> None:
        server = TableServer(default_registry(), None, lobby=True, processes=1)
        stop.append(asyncio.Event())
        port.append(await server.start(LOOPBACK, 0))
        ready.set()
        try:
            await stop[0].wait()
        finally:
            await server.close()

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(LIMIT), "the table server started"
    try:
        yield port[0]
    finally:
        loop.call_soon_threadsafe(stop[0].set)
        thread.join(LIMIT)


def typed(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(1 / 60)


def test_a_table_made_on_a_server_found_in_its_lobby_chatted_at_and_peeked(
        tmp_path: Path) -> None:
    with club_server() as port:
        table = Table(tmp_path)
        host, guest = table.host, table.guest
        try:
            # New game: the table on the server, public, its spectators may chat
            driver = Driver(host)
            host.replace(TitleScene(host))
            driver.click(button(host.scene, "New game"))
            setup = on_top(host, SetupScene)
            setup.seats = [Seat("Ann", "red"), Seat("Bob", "blue", "open")]
            setup._build()
            driver.click(button(setup, "Table on: this computer"))
            choice = on_top(host, ServerChoiceScene)
            driver.click(button(choice, "( ) A table server"))
            choice.address.text = f"{LOOPBACK}:{port}"
            driver.click(button(choice, "OK"))
            assert setup.server == f"{LOOPBACK}:{port}"
            driver.click(button(setup, "[ ] Public"))
            driver.click(button(setup, "Clock: none"))
            assert setup.clock is not None  # a turn clock, then the days a move
            while setup.per_move is None:
                driver.click(button(setup, setup._clock_label()))
            driver.click(button(setup, "Host game"))
            lobby = on_top(host, LobbyScene)
            table.until(lambda: bool(lobby.table.link.code) and lobby.start_button is not None,
                        "the server made the table")
            assert lobby.table.host_powers and not lobby.table.hosting
            # the friend finds it in the server's public tables and joins
            guest.replace(TitleScene(guest))
            Driver(guest).click(button(guest.scene, "Join game"))
            join = on_top(guest, JoinScene)
            join.address.text, join.name.text = f"{LOOPBACK}:{port}", "Bob"
            Driver(guest).click(button(join, "Public tables of this server"))
            public = on_top(guest, PublicTablesScene)
            table.until(lambda: bool(public.tables), "the public list")
            assert [t["code"] for t in public.tables] == [lobby.table.link.code]
            Driver(guest).click(button(public, "Join"))
            table.until(lambda: lobby.start_button is not None and lobby.start_button.enabled,
                        "the friend seated")
            Driver(host).click(button(lobby, "Start game"))
            table.until(lambda: all(isinstance(a.scene, TablePlayScene)
                                    for a in table.windows), "the game opened")
            ann, bob = table.play(host), table.play(guest)
            assert ann.table_session.link.net.table.per_move == setup.per_move
            # a chat line typed in Ann's window shows, as typed, in Bob's
            Driver(host).click(ann.chat.field.rect.center)
            assert ann.chat.typing and host.input.text_focus
            typed(host, "<b>hi</b> Bob")
            Driver(host).key(pygame.K_RETURN)
            table.until(lambda: [line.text for line in bob.table_session.link.net.chat]
                        == ["<b>hi</b> Bob"], "the line in Bob's window")
            assert ann.chat.field.text == "" and ann.game.moves == []  # typing played nothing
            assert any("<b>hi</b> Bob" in line.text for line in bob.chat.lines())
            Driver(host).key(pygame.K_ESCAPE)
            assert not ann.chat.typing
            # Ann plays: Bob's window asks for his attention, his Your tables says his turn
            asked = guest.attention_asked
            play_a_turn(table, host)
            table.until(lambda: guest.attention_asked > asked, "Bob's window calling him")
            guest.replace(TitleScene(guest))  # (Bob leaves the table: his seat is kept)
            Driver(guest).click(button(guest.scene, "Your tables"))
            mine = on_top(guest, YourTablesScene)
            table.until(lambda: mine._read, "the server's answer")
            assert [mine.status(t)[0].split(":")[0] for t in mine.tables] == ["Your turn"]
        finally:
            table.close()


def test_a_spectator_window_shows_the_game_and_never_plays(tmp_path: Path) -> None:
    table = Table(tmp_path)
    watcher = window(tmp_path / "watcher")
    table.windows.append(watcher)
    try:
        lobby = host_lobby(table.host, [Seat("Ann", "red"), Seat("Bob", "blue", "open")],
                           watchers="watch")
        join_lobby(table.guest, str(lobby.table.shown), "Bob")
        watcher.replace(TitleScene(watcher))
        Driver(watcher).click(button(watcher.scene, "Join game"))
        join = on_top(watcher, JoinScene)
        join.address.text, join.name.text = str(lobby.table.shown), "Zoé"
        Driver(watcher).click(button(join, "Watch"))
        table.until(lambda: lobby.start_button is not None and lobby.start_button.enabled
                    and lobby.table.net.table.watching == 1, "Bob seated, Zoé watching")
        Driver(table.host).click(button(lobby, "Start game"))
        table.until(lambda: all(isinstance(a.scene, TablePlayScene) for a in table.windows),
                    "the game opened in the three windows")
        zoe = on_top(watcher, TablePlayScene)
        assert zoe.table_session.link.net.seats == ()
        assert zoe.chat.refusal() == "Spectators only watch at this table"
        play_a_turn(table, table.host)
        table.until(lambda: len(zoe.game.moves) >= 2, "Ann's turn shown to Zoé")
        assert not zoe.human_turn and watcher.attention_asked == 0
        Driver(watcher).click(zoe.chat.field.rect.center)
        assert not zoe.chat.typing  # nothing to type: the field says why
    finally:
        table.close()


def test_the_chat_shares_the_logs_room_on_the_smallest_window(tmp_path: Path) -> None:
    with two_windows(tmp_path, size=(960, 640)) as table:
        scene = table.play(table.host)
        log, chat = scene.layout_obj.log, scene.chat.rect
        assert log.h > 0 and chat.h > 0 and log.bottom < chat.top
        scene.feedback.toggle_log()
        table.step(2)
        assert scene.chat.rect.h > chat.h  # the log hidden: the chat has its room


def test_a_clock_of_days_reads_in_days_and_hours() -> None:
    assert clock_text(2 * 86400 + 5 * 3600 + 59) == "2 d 5 h"
    assert clock_text(86399) == "23:59:59" and clock_text(65) == "1:05"
