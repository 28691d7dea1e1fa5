"""A window at a table that lies (tests/net/lying.py serves it on the loopback address): a
wrong seed at the end, nonsense in its messages.  The window never goes to the crash screen:
it says what it could not verify and keeps the game as it saw it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.store.savefile import SavedGame
from game.store.storage import UNVERIFIED
from game.ui import clipboard
from game.ui.app import App
from game.ui.net_session import NetworkSession
from game.ui.scenes.final import FinalScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menus import MessageScene
from game.ui.scenes.play import TablePlayScene
from game.ui.scenes.title import TitleScene

from ..net.lying import HANG_UP, HOSTILE, Script, honest_game, lying
from ..net.tls import make_certificates
from ..waiting import wait_until
from .conftest import FRAME, Driver, on_top
from .tables import drawn_texts, join_lobby, window
from .test_scenes import button

LIMIT = 30.0  # seconds any one wait may take


def until(app: App, done: Callable[[], bool], what: str) -> None:
    def frame() -> None:
        assert app.crash_screen is None, "the window went to the crash screen"
        app.step(FRAME)

    wait_until(done, what, timeout=LIMIT, step=frame, every=0.002)  # the connection's turn


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = window(tmp_path)
    yield made
    while made.stack:
        made.pop()
    pygame.quit()


def board(game: object) -> dict[tuple[int, int], tuple[str, int]]:
    tiles = game.board.tiles  # type: ignore[attr-defined]
    return {cell: (p.tile.id, p.rotation) for cell, p in tiles.items()}


def played_to_the_end(app: App, script: Script) -> NetworkSession:
    """The window joins the lying table and shows its game until it is over."""
    with lying(script) as table:
        join_lobby(app, str(table.link), "Bob")
        until(app, lambda: isinstance(app.scene, TablePlayScene), "the game opened")
        play = on_top(app, TablePlayScene)
        session = play.table_session
        until(app, session.ended, "every move shown")
        until(app, lambda: isinstance(app.scene, (MessageScene, FinalScene)),
              "the end said")
        return session


def test_an_honest_table_s_game_is_kept_as_the_real_game(app: App) -> None:
    script = honest_game(8, resign=True)
    session = played_to_the_end(app, script)
    assert isinstance(app.scene, FinalScene) and session.mismatch() is None
    saved = app.storage.load(app.storage.autosave_path())
    assert saved.seed == script.seed and not saved.forced  # the table's game, as it was


def test_a_wrong_seed_at_the_end_is_said_and_the_game_kept_as_seen(app: App) -> None:
    """The table's ``over`` names another seed: its moves do not replay from it."""
    script = honest_game(8, resign=True).edited()
    assert script.over is not None
    script.over["seed"] += 1
    session = played_to_the_end(app, script)
    message = on_top(app, MessageScene)
    assert message.title == "The game could not be verified"
    assert "The table's account of the game could not be verified" in message.text
    assert "marked unverified" in message.text
    seen = board(session.game)
    app.step(FRAME)
    assert any("could not be verified" in t for t in drawn_texts(app))
    # kept as a save of its own (never the autosave), which opens on the board seen
    [kept] = app.storage.saves_dir.glob(f"{UNVERIFIED}-*.json")
    assert "in Load game as “Unverified game” of " in message.text  # as the list names it
    assert not app.storage.autosave_path().exists()
    saved = SavedGame.from_json(kept.read_text(), kept)
    assert board(saved.restore(app.registry, kept)) == seen
    app.pop()  # OK: the final scores of the game as seen
    until(app, lambda: isinstance(app.scene, FinalScene), "the final scores")
    assert app.crash_screen is None


def test_a_table_gone_before_the_final_scores_showed_says_its_host_left(app: App) -> None:
    """The host left the final scores at once (the table closed as it stopped, while this
    window was still showing the last moves): its final scores say so, not nothing."""
    script = honest_game(8, resign=True).edited()
    script.welcome["table"]["seats"][0]["kind"] = "host"  # Ann hosts it from her window
    with lying(lambda n: [*script.messages(n), HANG_UP]) as table:
        join_lobby(app, str(table.link), "Bob")
        until(app, lambda: isinstance(app.scene, FinalScene), "the final scores")
        app.step(FRAME)
        assert "Ann left: the table is closed. Play again sets up a new game" \
            in drawn_texts(app)


def lie_in(edit: Callable[[Script], None], moves: int = 6) -> Script:
    script = honest_game(moves, resign=True).edited()
    edit(script)
    return script


def set_over(**fields: object) -> Callable[[Script], None]:
    def edit(script: Script) -> None:
        assert script.over is not None
        script.over.update(fields)
    return edit


def scores_lie(script: Script) -> None:
    assert script.over is not None
    script.over["scores"] = [s + 7 for s in script.over["scores"]]


@pytest.mark.parametrize("edit, words", [
    (scores_lie, "its final scores are not the game's"),
    (set_over(reason="end"), "it ended a game that goes on"),
])
def test_other_lies_at_the_end_are_said(app: App, edit: Callable[[Script], None],
                                        words: str) -> None:
    session = played_to_the_end(app, lie_in(edit))
    message = on_top(app, MessageScene)
    assert words in message.text, message.text
    assert session.mismatch() is not None


def test_an_end_before_the_game_began_is_said_in_the_lobby(app: App) -> None:
    script = honest_game(2, resign=True).edited()
    with lying(lambda n: [script.welcome, script.over] if script.over else []) as table:
        lobby = join_lobby(app, str(table.link), "Bob")
        until(app, lambda: lobby.table.net.end is not None, "the table's end")
        app.step(FRAME)
        assert "The table ended the game before it began." in drawn_texts(app)
        assert isinstance(app.scene, LobbyScene)


@pytest.mark.parametrize("lie, words", [
    ("fingerprints", "The table plays another version of the tile set Carcassonne"),
    ("seat out of range", "The table gave you seats it does not have"),
    ("giant table", "a game of 2 players at a table of 8 seats"),
    ("move for seat 8", "step 0 by seat 7 does not come now"),
    ("illegal sync", "the table's moves and this copy's differ"),
    ("digests disagree", "this copy differs from the table's game"),
])
def test_nonsense_from_the_table_is_said_and_the_window_kept_alive(
        app: App, lie: str, words: str) -> None:
    with lying(HOSTILE[lie]) as table:
        join_lobby(app, str(table.link), "Bob")
        until(app, lambda: words in " ".join(drawn_texts(app)), f"the window saying "
              f"{words!r}")
    assert app.crash_screen is None


def test_a_wss_link_pasted_in_join_game_joins_over_tls(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The form keeps the link's wss:// with the address: the table is joined over TLS,
    its private authority trusted through SSL_CERT_FILE."""
    certificates = make_certificates(tmp_path / "tls")
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates.authority))
    with lying(honest_game(4), tls=certificates.server_context()) as table:
        monkeypatch.setattr(clipboard, "paste", lambda: f" {table.link} ")
        app.replace(TitleScene(app))
        Driver(app).click(button(app.scene, "Join game"))
        join = on_top(app, JoinScene)
        join.paste()
        assert join.address.text == f"wss://127.0.0.1:{table.port}"
        join.name.text = "Bob"
        Driver(app).click(button(join, "Join"))
        until(app, lambda: isinstance(app.scene, TablePlayScene), "the game over TLS")
        assert table.joins


def test_a_table_whose_certificate_is_not_trusted_says_so(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A wss:// table signed by an authority this computer does not know answers, but is
    not trusted: the lobby says so and names what to do, not that the host may be away."""
    certificates = make_certificates(tmp_path / "tls")
    other = make_certificates(tmp_path / "other")  # another authority than the table's
    monkeypatch.setenv("SSL_CERT_FILE", str(other.authority))
    with lying(honest_game(4), tls=certificates.server_context()) as table:
        lobby = join_lobby(app, str(table.link), "Bob")
        until(app, lambda: lobby.table.net.down_reason is not None, "the first try refused")
        drawn = " ".join(drawn_texts(app))
        assert "The table's certificate is not trusted: trying again…" in drawn
        assert "does not answer" not in drawn and "SSL_CERT_FILE" in drawn
        assert not table.joins
