"""Playing again at a network table from the final scores: both windows go into the table's
next game in the same seats with the finished game kept (the offer in English and French);
the host may begin it without the guest, who joins in later; a table that is gone sets up a
new game instead."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.net.tablefile import FINISHED
from game.store.savefile import Person
from game.ui.app import App
from game.ui.net_link import HOSTED_TABLES
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import TablePlayScene
from game.ui.scenes.setup import SetupScene
from game.words import i18n

from .conftest import Driver, on_top
from .tables import Table, drawn_texts, play_a_turn, two_windows
from .test_network_play import the_host_resigns


def new_game_in(table: Table, app: App, old: TablePlayScene) -> TablePlayScene:
    table.until(lambda: isinstance(app.scene, TablePlayScene) and app.scene is not old,
                "the table's next game in this window")
    return table.play(app)


def test_both_windows_play_again_in_the_same_seats_and_keep_the_game_played(
        tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        host, guest = table.play(table.host), table.play(table.guest)
        code = host.table_session.link.link.code
        the_host_resigns(table)
        finished = {app: app.storage.load(app.storage.autosave_path())
                    for app in table.windows}
        assert all(len(kept.moves) == 2 for kept in finished.values())
        assert "Play again at this table, in the same seats" in drawn_texts(table.guest)
        Driver(table.guest).key(pygame.K_RETURN)  # Play again: accepted
        table.until(lambda: "Bob wants to play again" in drawn_texts(table.host),
                    "the host told the guest accepted")
        assert "Waiting for Ann to answer…" in drawn_texts(table.guest)
        assert isinstance(table.guest.scene, FinalScene)  # waits on its final scores
        try:  # the offer's words are chosen as it is drawn
            i18n.set_language("fr")
            assert "Bob veut rejouer" in drawn_texts(table.host)
            assert "En attente de la réponse de Ann…" in drawn_texts(table.guest)
            assert table.guest.scene.button.label == "En attente…"
        finally:
            i18n.set_language("en")
        Driver(table.host).key(pygame.K_RETURN)  # Play again: everyone has accepted
        again = {app: new_game_in(table, app, old)
                 for app, old in ((table.host, host), (table.guest, guest))}
        for app, scene in again.items():
            net = scene.table_session.link.net
            assert net.round == 2 and scene.table_session.link.link.code == code
            assert [s.name for s in scene.session.seats] == ["Ann", "Bob"]
            assert scene.session.viewer == (0 if app is table.host else 1)
            assert len(scene.game.moves) == 0 and not scene.session.ended()
            kept = app.storage.load(app.storage.autosave_path())  # the finished game's
            assert kept.moves == finished[app].moves and kept.seed == finished[app].seed
            assert kept.resigned == [0]
        assert again[table.host].game.tiles_left == again[table.guest].game.tiles_left
        folder = table.host.storage.data_dir / HOSTED_TABLES
        archived = folder / FINISHED / f"{code}-1.json"  # the table's file kept (written off
        table.until(archived.is_file, "the finished game's table file")  # the window's thread)
        play_a_turn(table, table.host)  # the new game plays on
        table.until(lambda: len(again[table.guest].game.moves) == 2,
                    "the host's move shown to the guest")


def test_the_host_begins_without_the_guest_who_joins_in_later(tmp_path: Path) -> None:
    with two_windows(tmp_path) as table:
        play_a_turn(table, table.host)
        host, guest = table.play(table.host), table.play(table.guest)
        the_host_resigns(table)
        Driver(table.host).key(pygame.K_RETURN)  # accepted
        table.until(lambda: "Waiting for Bob: Start now gives their seat to a computer"
                    in drawn_texts(table.host), "the host waiting for the guest")
        Driver(table.host).key(pygame.K_RETURN)  # Start now
        again = new_game_in(table, table.host, host)
        table.until(lambda: "Ann is playing again: join in" in drawn_texts(table.guest),
                    "the guest told the others play again")
        offer = on_top(table.guest, FinalScene)
        assert offer.button.label == "Join in"
        assert again.table_session.link.net.table.out(1)  # a computer plays Bob meanwhile
        shown = guest.table_session.marks(1)  # the finished board under it: not the new game's
        assert shown is None or (not shown.stand_in and shown.clock is None)
        Driver(table.guest).key(pygame.K_RETURN)  # Join in
        joined = new_game_in(table, table.guest, guest)
        table.until(lambda: not again.table_session.link.net.table.out(1),
                    "the guest's seat taken back from the computer")
        assert joined.session.viewer == 1 and joined.table_session.link.net.round == 2


def test_play_again_once_the_table_is_gone_sets_up_a_new_table(tmp_path: Path) -> None:
    """The host left: the guest's Play again offers the host's seat open, to host a new
    table they join, instead of a game with them as a person at this window."""
    with two_windows(tmp_path, options={"hand": 3}) as table:
        the_host_resigns(table)
        table.host.replace(table.host.routes.title())  # the host's table closes
        table.until(lambda: "Ann left: the table is closed. Play again sets up a new game"
                    in drawn_texts(table.guest), "the guest told the host left")
        try:
            i18n.set_language("fr")
            assert ("Ann a quitté la table : elle est fermée. Rejouer prépare une nouvelle "
                    "partie") in drawn_texts(table.guest)
        finally:
            i18n.set_language("en")
        Driver(table.guest).key(pygame.K_RETURN)  # Play again
        setup = on_top(table.guest, SetupScene)
        assert [(s.name, s.kind) for s in setup.seats] == [("Ann", Person.OPEN),
                                                           ("Bob", Person.HUMAN)]
        assert setup.hosting and setup.options.get("hand") == 3
