"""Network play in the window, on the loopback address: a host's window and a guest's at one
table, each playing with the mouse and keys; the other's moves shown as they come; a placement
taken back; a guest that leaves and comes back; resigning; the finished game kept."""

from __future__ import annotations

import random
import socket
import time
from pathlib import Path

import pygame
import pytest

from game.ai import choose_action
from game.net.client import Status
from game.review import hints
from game.rules import Phase, Place, Skip
from game.store.storage import save_file_name
from game.ui import clipboard
from game.ui.hud import describe_phase
from game.ui.net_session import NetworkSession
from game.ui.scenes import pause
from game.ui.scenes.final import FinalScene
from game.ui.scenes.menus import ConfirmScene
from game.ui.scenes.play import TablePlayScene, at_table
from game.ui.scenes.play.table_turns import TableTurns
from game.ui.scenes.saves import NameScene
from game.ui.scenes.title import TitleScene
from game.ui.session import SeatMarks, Session
from game.ui.window import MIN_SIZE
from game.words import i18n

from ..waiting import WAIT
from .conftest import Driver, on_top
from .tables import Table, drawn_texts, join_lobby, play_a_turn, two_windows
from .test_hand import tray_tiles
from .test_resting import frames_during_rest
from .test_scenes import button


def marks(session: NetworkSession, seat: int) -> SeatMarks:
    shown = session.marks(seat)
    assert shown is not None
    return shown


def boards(*scenes: TablePlayScene) -> list[dict[tuple[int, int], tuple[str, int]]]:
    return [{c: (p.tile.id, p.rotation) for c, p in s.game.board.tiles.items()}
            for s in scenes]


def test_host_and_guest_play_turns_and_see_each_others_moves(tmp_path: Path) -> None:
    with two_windows(tmp_path, pace="normal") as table:
        host, guest = table.play(table.host), table.play(table.guest)
        assert isinstance(host.session, NetworkSession) and host.session.link.hosting
        assert [s.name for s in guest.session.seats] == ["Ann", "Bob"]
        glides: list[str] = []
        turns = guest.computer
        assert isinstance(turns, TableTurns)
        follow = turns.follow

        def watched(dt: float) -> list[object]:
            out = follow(dt)
            if turns.animation is not None:
                glides.append(str(turns.animation.action))
            return list(out)

        turns.follow = watched  # type: ignore[assignment, method-assign]
        for _ in range(3):
            play_a_turn(table, table.host)
            play_a_turn(table, table.guest)
        table.until(lambda: len(host.game.moves) == len(guest.game.moves) == 12,
                    "both windows showing every move")
        assert boards(host, guest)[0] == boards(host, guest)[1]
        assert host.game.scores == guest.game.scores
        served = host.session.link.server
        assert served is not None
        real = next(iter(served.server.tables.values())).game
        assert real is not None and [str(m) for m in real.moves] == [
            str(m) for m in guest.game.moves]
        # the host's tiles glided into place in the guest's window, as a computer's do
        assert any("@" in g for g in glides)
        # each player's own turn log tells the other's moves too
        assert any("Ann" in line.text for line in guest.feedback.log_lines())


def test_a_placement_taken_back_before_confirming(tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        host, guest = table.play(table.host), table.play(table.guest)
        table.until(lambda: host.human_turn and not host.animating(), "the host's turn")
        handled = host.hand.handled()
        cell = sorted(host.options.legal_cells())[0]
        x, y, w, h = host.camera.cell_rect(cell)
        Driver(table.host).click((x + w // 2, y + h // 2))
        table.until(lambda: len(guest.game.moves) == len(host.game.moves) == 1,
                    "the placement shown in both windows")
        placed = host.game.moves[0]
        assert isinstance(placed, Place) and host.game.phase is Phase.FIGURE
        Driver(table.host).key(pygame.K_BACKSPACE)
        table.until(lambda: not host.game.moves and not guest.game.moves,
                    "the placement taken back everywhere")
        assert len(host.game.board) == len(guest.game.board) == 1
        assert host.hand.handled() == handled and host.turn.rotation == placed.rotation // 90
        play_a_turn(table, table.host)  # and the turn goes on as usual


def test_a_guest_who_leaves_is_waited_for_handed_over_and_takes_the_seat_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(at_table, "TAKEOVER_OFFER", 0.0)  # the host may hand over at once
    with two_windows(tmp_path) as table:
        host = table.play(table.host)
        play_a_turn(table, table.host)
        link = table.play(table.guest).session
        assert isinstance(link, NetworkSession)
        shown = str(link.link.link)
        table.guest.replace(TitleScene(table.guest))  # the guest's window leaves the game
        session = host.session
        assert isinstance(session, NetworkSession)
        table.until(lambda: not marks(session, 1).connected, "the host seeing the guest gone")
        table.step(2)
        assert host.table.rect is not None  # "Bob is reconnecting…", with the hand-over
        drawn = drawn_texts(table.host)  # he left with the menu: not a connection lost
        assert "Bob left the table" in drawn and "left the table" in drawn  # and in his row
        assert "Bob is reconnecting…" not in drawn
        assert session.game.current == 1  # and the banner says so on his turn
        assert describe_phase(session, pending=False) == "Bob left the table"
        [(seat, offer)] = host.table.buttons  # under Bob's line
        assert seat == 1 and offer.rect.y > host.table._lines[0][3] + host.table.rect.y
        Driver(table.host).click(offer.rect.center)
        table.until(lambda: len(host.game.moves) >= 4, "a computer playing Bob's turn")
        assert marks(session, 1).stand_in
        join_lobby(table.guest, shown, "Bob")  # the same computer: its seat back
        table.until(lambda: isinstance(table.guest.scene, TablePlayScene), "the game again")
        guest = table.play(table.guest)
        table.until(lambda: len(guest.game.moves) == len(host.game.moves),
                    "the guest's window where the game stands")
        table.until(lambda: not marks(session, 1).stand_in, "Bob playing again")
        assert isinstance(guest.session, NetworkSession)
        assert guest.session.link.net.seats == (1,)


def test_a_table_its_host_left_under_way_is_served_again_by_continue(tmp_path: Path) -> None:
    """The host's window leaves the game: the table stops, and the guest reads that Ann
    paused it and that it comes back when she opens it again (not a connection lost), her
    row saying she left, the clocks stopped; his window tries again by itself.  The title's
    Continue serves the table again on its port, where its last turn ended; the guest comes
    back by itself and plays on."""
    with two_windows(tmp_path, clock=(300, 0)) as table:
        play_a_turn(table, table.host)
        guest = table.play(table.guest)
        watched = guest.session
        assert isinstance(watched, NetworkSession)
        moves = len(table.play(table.host).game.moves)
        table.until(lambda: len(guest.game.moves) == moves, "the host's turn in the guest's")
        title = TitleScene(table.host)
        table.host.replace(title)  # the hosting window leaves: its table stops
        table.until(lambda: watched.status == Status.PAUSED, "the guest told of the pause")
        # on his turn, the guest's banner no longer asks for a tile that cannot be sent
        assert describe_phase(watched, pending=False) == "The table is paused: Bob's turn waits"
        table.step(2)
        drawn = drawn_texts(table.guest)
        assert "Ann paused the table" in drawn
        assert "Connection lost: reconnecting…" not in drawn
        ann = marks(watched, 0)
        assert not ann.connected and ann.left and not ann.running  # her clock stands
        assert "left the table" in drawn  # in her row
        assert not watched.clock_runs()
        assert not marks(watched, 1).connected  # his own row: away from the table too
        assert title.can_continue and title.table is not None
        Driver(table.host).click(button(title, "Continue"))
        table.until(lambda: isinstance(table.host.scene, TablePlayScene), "the host's game")
        host = table.play(table.host)
        assert isinstance(host.session, NetworkSession) and host.session.link.hosting
        table.until(lambda: len(host.game.moves) == moves, "the game where it was left")
        table.until(lambda: watched.status == Status.PLAYING, "the guest back by itself")
        play_a_turn(table, table.guest)
        table.until(lambda: len(host.game.moves) == len(guest.game.moves) == moves + 2,
                    "both windows where the game stands")
        assert host.session.link.net.seats == (0,)


def test_a_table_served_again_on_another_port_is_joined_by_its_new_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program took the table's port while the host was away: Continue serves it on
    another one.  The host reads that friends need the new link and copies it from the game
    menu; Bob joins with it and gets his seat back."""
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        guest = table.play(table.guest)
        watched = guest.session
        assert isinstance(watched, NetworkSession)
        old = watched.link.link
        title = TitleScene(table.host)
        table.host.replace(title)  # the hosting window leaves: its table stops
        table.until(lambda: watched.status == Status.PAUSED, "the guest told of the pause")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as squatter:
            squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past TIME_WAIT
            squatter.bind((old.host, old.port))  # another program's, meanwhile
            squatter.listen()
            Driver(table.host).click(button(title, "Continue"))
            table.until(lambda: isinstance(table.host.scene, TablePlayScene), "the host's game")
            host = table.play(table.host)
            session = host.session
            assert isinstance(session, NetworkSession) and session.link.moved_from == old.port
            new = session.link.shown
            assert new.port != old.port and new.code == old.code
            table.until(lambda: bool(session.away()), "the host seeing Bob away")
            table.step(2)
            moved = f"The table moved to port {new.port}: friends away need its new link " \
                "(Menu, Copy link)"
            assert moved in " ".join(drawn_texts(table.host))  # wrapped in the box
            copied: list[str] = []

            def copy(text: str) -> bool:
                copied.append(text)
                return True

            monkeypatch.setattr(clipboard, "copy", copy)
            Driver(table.host).key(pygame.K_ESCAPE)
            Driver(table.host).click(button(on_top(table.host, pause.PauseScene), "Copy link"))
            assert copied == [str(new)]
            Driver(table.host).key(pygame.K_ESCAPE)
            join_lobby(table.guest, str(new), "Bob")  # the new link: his seat back
            table.until(lambda: isinstance(table.guest.scene, TablePlayScene), "Bob's game")
            guest = table.play(table.guest)
            assert isinstance(guest.session, NetworkSession)
            assert guest.session.link.net.seats == (1,)
            table.until(lambda: not session.away(), "the host seeing Bob back")
            table.step(2)
            assert moved not in " ".join(drawn_texts(table.host))
            play_a_turn(table, table.guest)


def test_a_player_gone_shows_under_a_prompt_wrapped_on_two_lines(tmp_path: Path) -> None:
    """In French at the smallest window, the host's prompt for a hand of three wraps on two
    lines: "Bob a quitté la table" goes under it, not over its second line."""
    try:
        with two_windows(tmp_path, size=MIN_SIZE, options={"hand": 3}) as table:
            i18n.set_language("fr")
            host = table.play(table.host)
            session = host.session
            assert isinstance(session, NetworkSession)
            table.until(lambda: host.human_turn, "the host's turn")
            table.guest.replace(TitleScene(table.guest))  # the guest's window leaves
            table.until(lambda: not marks(session, 1).connected, "the host seeing Bob gone")
            table.step()
            banner_bottom = host.drawing.banner_bottom
            assert banner_bottom > host.layout_obj.free.y  # the prompt took two lines
            assert host.table.rect is not None and host.table.rect.y > banner_bottom
            assert "Bob a quitté la table" in drawn_texts(table.host)
    finally:
        i18n.set_language("en")


def test_the_guest_resigns_from_the_menu(tmp_path: Path) -> None:
    """The game ends with one player left, who wins: the one who resigned gave it up."""
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        guest = table.play(table.guest)
        Driver(table.guest).key(pygame.K_ESCAPE)
        menu = on_top(table.guest, pause.PauseScene)
        assert menu.title == "The game goes on"  # the host plays on, not paused
        Driver(table.guest).click(button(menu, "Leave the table"))
        leaving = on_top(table.guest, ConfirmScene)  # the way back told: the title's first
        assert leaving.text.startswith("Your seat stays yours: Continue on the title screen")
        Driver(table.guest).key(pygame.K_ESCAPE)
        assert on_top(table.guest, pause.PauseScene) is menu
        Driver(table.guest).click(button(menu, "Resign"))
        asked = on_top(table.guest, ConfirmScene)
        assert asked.text == "Ann is the one player left: the game ends now, and Ann wins."
        Driver(table.guest).click(button(asked, "Resign"))
        table.until(lambda: all(isinstance(a.scene, FinalScene) for a in table.windows),
                    "the final scores in both windows")
        assert guest.session.ended()
        assert guest.game.scores == [0, 0]  # a tie on points: the one who played on wins
        for app in table.windows:
            assert "Ann wins!" in drawn_texts(app)
        path = table.host.storage.autosave_path()
        kept = table.host.storage.load(path)
        assert kept.players == ["Ann", "Bob"] and len(kept.moves) == 2
        assert kept.resigned == [1]  # loaded again later, the game still is Ann's
        assert Session.restore(table.host.registry, kept, path).winners() == [0]


def test_a_dropped_connection_comes_back_by_itself(tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        host, guest = table.play(table.host), table.play(table.guest)
        play_a_turn(table, table.host)
        served = host.session.link.server if isinstance(host.session, NetworkSession) else None
        assert served is not None and isinstance(guest.session, NetworkSession)

        def cut() -> None:  # on the server's loop: the guest's connection breaks
            for peers in served.server.peers.values():
                for peer in list(peers):
                    if peer.seats == [1]:
                        peer.drop(1011, "cut", at_once=True)

        served._call(cut)
        seen: list[Status] = []
        watched = guest.session

        def back() -> bool:
            seen.append(watched.status)
            return Status.RECONNECTING in seen and seen[-1] == Status.PLAYING

        table.until(back, "the guest's window reconnecting, then playing again")
        play_a_turn(table, table.guest)  # the seat is still the guest's
        table.until(lambda: len(host.game.moves) == len(guest.game.moves) == 4,
                    "both windows where the game stands")


def test_a_window_waiting_for_the_table_rests_until_a_move_comes(tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        host, guest = table.play(table.host), table.play(table.guest)
        table.until(lambda: host.human_turn and not host.animating()
                    and not guest.animating(), "the host's turn, both views settled")
        for _ in range(3):  # frames as the window's loop makes them, each then a rest:
            guest.app.step()  # the wake-up a new screen leaves is taken here
            guest.app.rest(time.perf_counter() + 0.02)
        assert guest.wake_in() is None
        drawn, _took = frames_during_rest(table.guest, 0.4)
        assert drawn == 0  # the guest's window waits for the host without drawing
        place = next(iter(host.game.legal_placements()))
        host.play(place)  # the host's tile goes to the table, which tells the guest
        deadline = time.perf_counter() + WAIT  # far beyond the message's way, however busy
        table.guest.rest(deadline)
        assert time.perf_counter() < deadline, "the table's message never woke the window"
        table.until(lambda: len(guest.game.moves) == 1, "the host's tile in the guest's window")


def test_a_turn_clock_runs_on_under_the_game_menu(tmp_path: Path) -> None:
    # The menu takes the events and the updates, but the clocks drawn through it run: the
    # window draws a frame a second for them (it once rested with them stopped), and none
    # without a clock.
    with two_windows(tmp_path, clock=(300, 5)) as table:
        guest = table.play(table.guest)
        session = guest.table_session
        table.until(lambda: session.clock_runs() and not guest.animating(),
                    "the host's clock running, the guest's view settled")
        table.guest.push(pause.PauseScene(table.guest, session))
        for _ in range(3):
            table.guest.step()
            time.sleep(0.02)
        drawn, _took = frames_during_rest(table.guest, 2.5)
        assert 1 <= drawn <= 10  # a frame a second, not one each 60th
        table.guest.pop()
        table.guest.push(pause.PauseScene(table.guest, guest.session))
        session.link.net.table.info["clocks"] = None  # a table without clocks
        for _ in range(3):
            table.guest.step()
            time.sleep(0.02)
        drawn, _took = frames_during_rest(table.guest, 1.2)
        assert drawn == 0


@pytest.mark.slow
def test_a_whole_game_with_hidden_hands_and_sheep_ends_alike_in_both_windows(
        tmp_path: Path) -> None:
    rng = random.Random(5)
    # the smallest window: the whole game reads there too, and is drawn in less time
    with two_windows(tmp_path, expansions=["hills-and-sheep"], options={"hand": 3},
                     size=MIN_SIZE) as table:
        host, guest = table.play(table.host), table.play(table.guest)

        def over() -> bool:
            for app in table.windows:
                scene = app.scene
                if isinstance(scene, TablePlayScene) and scene.human_turn \
                        and not scene.score_show.busy:
                    scene.play(choose_action(scene.game, "random", rng))
            return all(isinstance(app.scene, FinalScene) for app in table.windows)

        table.until(over, "the final scores in both windows", seconds=300)
        assert boards(host, guest)[0] == boards(host, guest)[1]
        kept = [app.storage.load(app.storage.autosave_path()) for app in table.windows]
        assert kept[0].moves == kept[1].moves and kept[0].seed == kept[1].seed
        assert kept[0].summary is not None and kept[0].summary["over"]
        assert kept[0].summary["scores"] == host.game.scores == guest.game.scores


def the_host_resigns(table: Table) -> None:
    """The host resigns from the menu: the game is over in both windows."""
    Driver(table.host).key(pygame.K_ESCAPE)
    Driver(table.host).click(button(on_top(table.host, pause.PauseScene), "Resign"))
    Driver(table.host).click(button(on_top(table.host, ConfirmScene), "Resign"))
    table.until(lambda: all(isinstance(a.scene, FinalScene) for a in table.windows),
                "the final scores in both windows")


def test_every_player_saves_the_finished_game_and_browses_its_history(tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        play_a_turn(table, table.guest)
        the_host_resigns(table)
        for app, name in ((table.host, "at Ann's"), (table.guest, "at Bob's")):
            driver = Driver(app)
            driver.key(pygame.K_ESCAPE)  # View board
            play = on_top(app, TablePlayScene)
            driver.key(pygame.K_s, pygame.KMOD_CTRL)
            asking = on_top(app, NameScene)
            asking.field.text = name
            driver.key(pygame.K_RETURN)
            assert app.scene is play
            kept = app.storage.load(app.storage.saves_dir / save_file_name(name))
            assert kept.players == ["Ann", "Bob"] and kept.seed is not None
            assert len(kept.moves) == 4
            driver.key(pygame.K_v)
            assert play.history.active and play.history.turn == 2  # turn by turn
            driver.key(pygame.K_LEFT)
            assert play.history.turn == 1 and play.history.session is not None
            assert len(play.history.session.game.board.tiles) == 2
        seeds = {app.storage.load(app.storage.saves_dir / save_file_name(n)).seed
                 for app, n in ((table.host, "at Ann's"), (table.guest, "at Bob's"))}
        assert len(seeds) == 1  # the table's game, the same in both


def test_each_player_sees_their_own_hand_of_three_while_the_other_plays(
        tmp_path: Path) -> None:
    """With hands of three, every hand is dealt before the first turn: while the host plays,
    the guest's tray shows the guest's own three tiles (not the host's, face down), and once
    the host's turn is over, the host's tray shows the host's hand, refilled to three."""
    with two_windows(tmp_path, options={"hand": 3}) as table:
        host, guest = table.play(table.host), table.play(table.guest)
        table.until(lambda: host.human_turn, "the host's turn")
        mine = list(guest.game.hands[1])
        assert len(mine) == 3 and guest.session.viewer == 1
        assert tray_tiles(guest) == mine
        assert f"Your tiles   ·   {guest.game.tiles_left} left in the pile" \
            in drawn_texts(table.guest)
        play_a_turn(table, table.host)
        table.until(lambda: guest.human_turn, "the guest's turn")
        refilled = list(host.game.hands[0])
        assert len(refilled) == 3
        assert tray_tiles(host) == refilled


def test_a_player_gone_on_their_turn_is_told_once_until_the_hand_over_is_offered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(at_table, "TAKEOVER_OFFER", 1000.0)  # no hand-over offered yet
    with two_windows(tmp_path) as table:
        host = table.play(table.host)
        play_a_turn(table, table.host)
        table.guest.replace(TitleScene(table.guest))  # Bob's window leaves, on his turn
        session = host.session
        assert isinstance(session, NetworkSession)
        table.until(lambda: not marks(session, 1).connected, "the host seeing the guest gone")
        table.step(2)
        drawn = drawn_texts(table.host)
        assert describe_phase(session, pending=False) == "Bob left the table"
        assert drawn.count("Bob left the table") == 1  # the banner's, not a second line
        assert host.table.buttons == []  # not yet: when it comes, and what to do meanwhile
        said = " ".join(drawn)
        assert "You may let a computer play Bob's turn in 16:" in said
        assert "Meanwhile you may look back over the game (V)" in said


def test_g_at_a_table_plays_the_hints_move_to_the_end_of_the_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint's tile goes to the table and comes back before its figure can be put down:
    the turn still ends, as G ends it on one screen."""
    monkeypatch.setattr(hints, "THINK_SECONDS", 0.0)
    with two_windows(tmp_path) as table:
        host = table.play(table.host)
        table.until(lambda: host.human_turn and not host.animating(), "the host's turn")
        player = host.game.current
        Driver(table.host).key(pygame.K_g)
        table.until(lambda: host.hint.current() is not None or bool(host.game.moves),
                    "the Hint thought of")
        hint = host.hint.current()
        table.until(lambda: host.game.current != player, "the turn ended", seconds=20)
        assert hint is not None and host.game.moves == [hint.place, hint.figure or Skip()]
