"""The screens around network play: New game's open seats and table options (remembered for
the next game), the lobby's seats and link, Join game's link pasted whole, a game without
aids, the clocks beside the scores, and ``--join`` from the command line."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.net.client import Status
from game.net.hosting import LocalServer
from game.net.links import Link
from game.net.sealed import Seal
from game.net.seats import TableConfig
from game.net.table_server import TableServer
from game.net.tokens import Tokens
from game.rules import Place
from game.rules.registry import default_registry
from game.ui import clipboard
from game.ui.app import App
from game.ui.net_link import home_network_only
from game.ui.net_session import NetworkSession
from game.ui.scenes.join import JoinScene, read_link
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.play import PlayScene, TablePlayScene
from game.ui.scenes.setup import SetupScene
from game.ui.seat_marks import clock_text
from game.ui.session import Seat, Session
from game.view.cards import feature_card
from game.words import i18n

from .conftest import Driver, on_top
from .tables import Table, drawn_texts, host_lobby, join_lobby, play_a_turn, two_windows, window
from .test_scenes import button, title

ROOT = Path(__file__).resolve().parents[2]


def test_new_game_offers_an_open_seat_and_remembers_every_choice(app: App,
                                                                 driver: Driver) -> None:
    driver.click(button(title(app, driver), "New game"))
    setup = on_top(app, SetupScene)
    assert "Clock: none" not in [b.label for b in setup.widgets]  # no open seat yet
    setup.expansions = ["hills-and-sheep"]
    setup._build()
    driver.click(button(setup, "[ ] No aids"))
    setup.seats[1].kind = "open"
    setup._build()
    assert button(setup, "Host game") and len(setup.fields) == 1  # the open seat: no name
    driver.click(button(setup, "Clock: none"))
    driver.click(button(setup, "Clock: 5 + 5 s"))
    setup.seats[1].kind = "strong"  # no open seat: a game on this screen again
    setup._build()
    driver.click(button(setup, "Start game"))
    play = on_top(app, PlayScene)
    assert not play.session.aids and play.session.expansions == ["hills-and-sheep"]
    again = SetupScene(app)
    assert again.expansions == ["hills-and-sheep"] and not again.aids
    assert again.clock == (600, 10) and [s.kind for s in again.seats] == ["human", "strong"]


def test_a_game_without_aids_hides_the_hint_the_tiles_to_come_and_the_worth(
        app: App, driver: Driver) -> None:
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=4,
                                       aids=False))
    app.replace(scene)
    driver.frames()
    labels = [b.label for b in scene.controls.buttons]
    assert "Hint" not in labels and "Tiles" not in labels
    driver.key(pygame.K_t)
    assert not scene.remaining.shown
    scene.play(Place(*next((p.tile, p.x, p.y, p.rotation)
                           for p in scene.game.legal_placements())))
    feature = next(f for f in scene.game.all_features() if not f.complete)
    with_worth = feature_card(scene.game, feature)
    without = feature_card(scene.game, feature, worth=False)
    assert any("Worth" in line.text for line in with_worth.lines)
    assert not any("Worth" in line.text for line in without.lines)
    kept = scene.session.saved()
    assert not kept.aids and '"aids": false' in kept.to_json()
    assert '"aids"' not in Session.new(app.registry, "carcassonne", [], seats).saved().to_json()


def test_join_game_takes_a_link_pasted_whole(app: App, driver: Driver,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    driver.click(button(title(app, driver), "Join game"))
    join = on_top(app, JoinScene)
    monkeypatch.setattr(clipboard, "paste", lambda: " carcassonne://10.0.0.7:7500/abcd-efgh ")
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert (join.address.text, join.code.text) == ("10.0.0.7:7500", "ABCD-EFGH")
    link = read_link(join.address.text, join.code.text)
    assert (link.host, link.port, link.code) == ("10.0.0.7", 7500, "ABCDEFGH")
    join.address.text = "not an address!"
    join.name.text = "Bob"
    driver.click(button(join, "Join"))
    assert "address" in join.problem and app.scene is join  # told, nothing joined
    with pytest.raises(ValueError):
        read_link("10.0.0.7", "AB")
    assert read_link("[::1]:7417", "abcd efgh").code == "ABCDEFGH"
    with pytest.raises(ValueError, match="this one has 7"):  # a letter left out
        read_link("10.0.0.7", "ABCD-EFG")
    with pytest.raises(ValueError, match="no 0, 1, O"):  # letters no code has
        read_link("10.0.0.7", "ABCD-EF0I")


def test_a_refused_join_says_why_in_the_players_language_and_goes_back_to_the_form(
        tmp_path: Path) -> None:
    """A code no table has: the lobby says so in French (the table words it in English), and
    Retour brings back Join game, filled in as it was, with the reason."""
    table = Table(tmp_path)
    try:
        lobby = host_lobby(table.host, [Seat("Ann", "red"), Seat("Blue", "blue", "open")])
        i18n.set_language("fr")
        guest = table.guest
        Driver(guest).click(button(title(guest, Driver(guest)), "Rejoindre une partie"))
        join = on_top(guest, JoinScene)
        address = f"127.0.0.1:{lobby.table.link.port}"
        join.address.text, join.code.text, join.name.text = address, "ZZZZ-ZZZZ", "Bob"
        Driver(guest).click(button(join, "Rejoindre"))
        refused = on_top(guest, LobbyScene)
        table.until(lambda: refused.table.net.problem is not None, "the table's refusal")
        assert refused.table.net.problem == "no table has that join code"
        reason = "Aucune table n'a ce code : vérifiez-le auprès de l'hôte"
        assert reason in drawn_texts(guest)
        Driver(guest).click(button(refused, "Retour"))
        again = on_top(guest, JoinScene)
        assert (again.address.text, again.code.text, again.name.text) == (
            address, "ZZZZ-ZZZZ", "Bob")
        assert again.problem == reason
        assert again.code.focused and again.code.selected  # typing replaces the code
    finally:
        i18n.set_language("en")
        table.close()


def test_the_hosts_lobby_tells_how_friends_in_another_home_reach_it(tmp_path: Path) -> None:
    """A home network's address in the link: the lobby says the router must forward the
    port; this computer's own address (the tests' loopback) or a name: nothing to say."""
    assert home_network_only("192.168.1.20") and home_network_only("10.0.0.7")
    assert home_network_only("fd00::7")
    assert not home_network_only("127.0.0.1") and not home_network_only("::1")
    assert not home_network_only("8.8.8.8")  # an internet address (only looked at)
    assert not home_network_only("carcassonne.example.org")
    table = Table(tmp_path)
    try:
        lobby = host_lobby(table.host, [Seat("Ann", "red"), Seat("Blue", "blue", "open")])
        table.until(lambda: lobby.table.net.status == Status.LOBBY, "the host seated")
        away = "Friends in another home"
        assert not any(away in text for text in drawn_texts(table.host))
        port = lobby.table.shown.port
        lobby.table.shown = Link("192.168.1.20", port, lobby.table.shown.code)
        said = " ".join(drawn_texts(table.host))
        assert f"{away}: have your router forward TCP port {port} to this computer" in said
        assert "(192.168.1.20)" in said
    finally:
        table.close()


def test_the_lobby_hands_an_open_seat_to_a_computer_and_its_moves_are_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(tmp_path)
    try:
        lobby = host_lobby(table.host, [Seat("Ann", "red"), Seat("Blue", "blue", "open")])
        assert lobby.table.shown.host == "127.0.0.1" and lobby.table.code in str(
            lobby.table.shown)
        assert lobby.start_button is not None and not lobby.start_button.enabled
        table.until(lambda: bool(lobby.seats), "the table described")
        Driver(table.host).click(button(lobby, "Computer"))
        table.until(lambda: lobby.start_button is not None and lobby.start_button.enabled,
                    "the open seat given to a computer")
        copied: list[str] = []

        def copy(text: str) -> bool:
            copied.append(text)
            return True

        monkeypatch.setattr(clipboard, "copy", copy)
        Driver(table.host).key(pygame.K_c, pygame.KMOD_CTRL)
        assert copied == [str(lobby.table.shown)]
        Driver(table.host).click(button(lobby, "Start game"))
        table.until(lambda: isinstance(table.host.scene, TablePlayScene), "the game")
        play = on_top(table.host, TablePlayScene)
        assert play.session.seats[1].label == "Blue (Medium)"
        table.until(lambda: play.human_turn, "the host's turn")
        play.play(next(iter(play.game.legal_placements())))
        table.until(lambda: len(play.game.moves) == 1, "the host's tile back from the table")
        play.confirm()
        table.until(lambda: len(play.game.moves) >= 4 and play.game.current == 0,
                    "the table's computer playing its turn")
    finally:
        table.close()


def test_a_clock_shows_beside_each_score_and_runs_for_the_player_to_act(
        tmp_path: Path) -> None:
    assert [clock_text(s) for s in (600, 59.2, 0.2, 0, 3725)] == [
        "10:00", "1:00", "0:01", "0:00", "1:02:05"]
    with two_windows(tmp_path, clock=(300, 5)) as table:
        host = table.play(table.host)
        session = host.session
        assert isinstance(session, NetworkSession)
        def told() -> bool:
            marks = session.marks(0)
            return marks is not None and marks.clock is not None

        table.until(told, "the clocks told")
        first = session.marks(0)
        assert first is not None and first.running and first.clock is not None
        assert 0 < first.clock <= 300
        other = session.marks(1)
        assert other is not None and not other.running and other.clock == 300
        wait = host.wake_in()
        assert wait is not None and wait <= 1.01  # the running clock is redrawn each second
        drawn: list[str] = []
        text = host.app.res.text

        def spy(shown: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            drawn.append(shown)
            return text(shown, *args, **kwargs)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(host.app.res, "text", spy)
            table.step()
        shown = [t for t in drawn if t == "5:00" or t.startswith("4:")]
        assert len(shown) == 2  # each player's clock beside their score


def test_join_from_the_command_line_opens_the_window_at_the_table(tmp_path: Path) -> None:
    server = LocalServer(default_registry())
    port = server.start("127.0.0.1", 0)
    try:
        code, _key = server.open_table(TableConfig("carcassonne", seats=("open", "open"),
                                                   auto_start=False))
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "CARCASSONNE_HOME": str(tmp_path)}
        shot = tmp_path / "joined.png"
        done = subprocess.run([sys.executable, "-m", "game", "--join",
                               f"ws://127.0.0.1:{port}/{code}", "--name", "Zoe",
                               "--quit-after", "3", "--screenshot", str(shot)],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert shot.exists()
        seats = server.server.tables[code].seats
        assert seats[0].name == "Zoe" and seats[0].kind == "player"
        tokens = list((tmp_path / "data" / "tables").glob("*.token"))
        assert len(tokens) == 1  # started again, the window takes the seat back
    finally:
        server.close()
    bad = subprocess.run([sys.executable, "-m", "game", "--join", "http://x/ABCD"], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "ws://" in bad.stderr


def test_a_guest_who_leaves_the_lobby_frees_the_seat_for_the_host_to_open(
        tmp_path: Path) -> None:
    table = Table(tmp_path)
    try:
        lobby = host_lobby(table.host, [Seat("Ann", "red"), Seat("Blue", "blue", "open")])
        link = str(lobby.table.shown)
        guest = join_lobby(table.guest, link, "Bob")
        table.until(lambda: lobby.start_button is not None and lobby.start_button.enabled,
                    "Bob seated")
        Driver(table.guest).click(button(guest, "Leave"))
        table.until(lambda: not lobby.seats[1]["connected"], "Bob gone")
        table.step()
        Driver(table.host).click(button(lobby, "Reopen"))
        table.until(lambda: lobby.seats[1]["kind"] == "open", "the seat open again")
        again = join_lobby(table.guest, link, "Cid")  # its old token takes nothing now
        table.until(lambda: lobby.seats[1]["kind"] == "player" and again.retried
                    and again.table.net.seats == (1,), "Cid seated afresh")
        assert lobby.seats[1]["name"] == "Cid"
    finally:
        table.close()


def test_a_hosted_table_is_saved_and_its_host_keeps_a_token_for_a_restarted_server(
        tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        session = table.play(table.host).session
        assert isinstance(session, NetworkSession)
        code, port = session.link.link.code, session.link.link.port
    folder = tmp_path / "host" / "data" / "hosted-tables"
    # its seed sealed with the key of the host's config folder (game.net.sealed)
    again = TableServer(default_registry(), folder, seal=Seal.kept_in(tmp_path / "host" /
                                                                      "config"))
    assert again.load_tables() == []
    resumed = again.tables[code]
    assert resumed.game is not None and len(resumed.game.moves) == 2
    token = Tokens(tmp_path / "host" / "data" / "tables").get(
        Link("127.0.0.1", port, code), 0)
    assert token is not None and resumed.join("", None, token, None)[0] == [0]


def test_guests_join_by_address_and_code_or_a_pasted_ws_link_and_the_lobby_shows_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(tmp_path)
    third = window(tmp_path / "third")
    table.windows.append(third)
    try:
        lobby = host_lobby(table.host, [Seat("Ann", "red"), Seat("Blue", "blue", "open"),
                                        Seat("Green", "green", "open")])
        shown = lobby.table.shown
        # Bob types the address and the code (in small letters, a space for the dash).
        driver = Driver(table.guest)
        driver.click(button(title(table.guest, driver), "Join game"))
        join = on_top(table.guest, JoinScene)
        code = lobby.table.code.lower().replace("-", " ")
        join.address.text, join.code.text = f"{shown.host}:{shown.port}", code
        join.name.text = "Bob"
        driver.click(button(join, "Join"))
        bob = on_top(table.guest, LobbyScene)
        # Cid pastes the whole ws:// link.
        driver = Driver(third)
        driver.click(button(title(third, driver), "Join game"))
        join = on_top(third, JoinScene)
        monkeypatch.setattr(clipboard, "paste", lambda: f"ws://{shown.host}:{shown.port}/"
                                                        f"{lobby.table.link.code}")
        driver.key(pygame.K_v, pygame.KMOD_CTRL)
        join.name.text = "Cid"
        driver.click(button(join, "Join"))
        cid = on_top(third, LobbyScene)
        table.until(lambda: [s["name"] for s in lobby.seats] == ["Ann", "Bob", "Cid"]
                    and all(s["connected"] for s in lobby.seats), "both guests seated")
        assert bob.table.net.seats == (1,) and cid.table.net.seats == (2,)
        drawn = drawn_texts(table.host)
        assert "Bob" in drawn and "Cid" in drawn and drawn.count("joined") == 2
        assert "Open seat" not in drawn
        assert "Waiting for the host to start the game…" in drawn_texts(third)
        table.step()
        assert lobby.start_button is not None and lobby.start_button.enabled
        Driver(table.host).key(pygame.K_RETURN)  # Enter starts, as the button does
        table.until(lambda: all(isinstance(a.scene, TablePlayScene) for a in table.windows),
                    "the game open in the three windows")
        names = [s.name for s in table.play(third).session.seats]
        assert names == ["Ann", "Bob", "Cid"]
    finally:
        table.close()



def test_listen_names_where_a_hosted_table_listens() -> None:
    from game.commands.play import listen_on
    assert listen_on("127.0.0.1") == ("127.0.0.1", None)
    assert listen_on("127.0.0.1:7500") == ("127.0.0.1", 7500)
    assert listen_on("[::1]:80") == ("::1", 80) and listen_on("::1") == ("::1", None)
    for wrong in ("x:abc", "x:99999", ":80", "[::1]x"):
        with pytest.raises(argparse.ArgumentTypeError):
            listen_on(wrong)
