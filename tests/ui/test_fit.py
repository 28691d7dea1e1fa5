"""Every text fits its box: every screen laid out at 960×640 (100 %) and at the largest
interface size (200 %, in a window that holds it), in English and in French, with five
players of long names and each game's longest texts; a text that leaves its box, runs over
another, or is cut short where it could wrap or be set smaller fails (``fit.problems``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game.ai.random_policy import random_action
from game.net.links import Link
from game.net.seats import MAX_NAME
from game.review import hints
from game.rules import Deploy, Move
from game.rules.modules.hills_sheep import WolfDrawn
from game.ui.app import App, AppConfig
from game.ui.scenes import review as review_scene
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.final import FinalScene
from game.ui.scenes.help import CONTROLS, HelpScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menus import ConfirmScene, MessageScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene, TablePlayScene, at_table
from game.ui.scenes.play.feedback import Popup
from game.ui.scenes.play.hover_card import HOVER_DELAY
from game.ui.scenes.play.pass_screen import PassScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.review_summary import ReviewSummaryScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.saves import LoadScene, NameScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.ui.table_options import CLOCKS
from game.view import notices
from game.view.modules import views_of
from game.view.modules.hills_sheep import ShepherdsView
from game.words import i18n

from . import fit, tables
from .conftest import Driver, measured, on_top
from .reviews import made_up_review
from .test_scenes import button

SIZES = {"960x640": ((960, 640), 100), "1920x1280": ((1920, 1280), 200)}
# Five players, the widest names a name field takes (16 letters), some computers.
SEATS = [("WWWWWWWWWWWWWWWW", "red", "human"), ("Bernadette-Amély", "blue", "mcts"),
         ("Maximilien Dupré", "yellow", "human"), ("Ééééééééééééééé", "green", "strong"),
         ("MMMMMMMMMMMMMMMM", "black", "human")]
GAMES = [("carcassonne", ["hills-and-sheep"]), ("carcassonne", []),
         ("hunters-and-gatherers", []), ("over-hill-and-dale", [])]


@contextmanager
def opened(size: tuple[int, int], setting: int, language: str, storage: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A window of this size and interface size speaking this language, recording."""
    app = App(AppConfig(size=size, storage_root=storage), SceneRoutes)
    app.settings.set("ui_scale", setting)
    i18n.set_language(language)
    assert app.res.scale == setting / 100
    with fit.recording(monkeypatch, app.res):
        yield app
    i18n.set_language("en")
    pygame.quit()


@pytest.fixture(params=[(size, lang) for size in SIZES for lang in ("en", "fr")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def window(request: pytest.FixtureRequest, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    name, language = request.param
    size, setting = SIZES[name]
    with opened(size, setting, language, tmp_path, monkeypatch) as app:
        yield app


def check(app: App, what: str, found: list[str]) -> None:
    """Draw the window as it is now and note what does not fit."""
    found.extend(f"{what}: {problem}" for problem in fit.problems(fit.window_frame(app)))


def seats() -> list[Seat]:
    return [Seat(name, colour, kind) for name, colour, kind in SEATS]


def a_game(app: App, game_id: str, expansions: list[str], wanted: str,
           options: dict[str, object] | None = None) -> Session:
    """A game of the five seats played at random up to a moment: a question, a hike, a bonus
    tile, the figure step, or the end."""
    for seed in range(300):
        session = Session.new(app.registry, game_id, expansions, seats(), seed=seed,
                              options=options or {})
        game = session.game
        rng = random.Random(seed)
        while not game.over:
            if len(game.moves) > 40 and (
                    (wanted == "choose" and game.phase == "choose") or (
                    wanted == "move" and game.phase == "figure"
                    and any(isinstance(a, Move) for a in game.legal_actions())) or (
                    wanted == "extra" and game.phase == "place" and game.in_extra) or (
                    wanted == "figure" and game.phase == "figure") or (
                    wanted == "place" and game.phase == "place")):
                session.seats[game.current].kind = "human"  # the window's player acts
                return session
            actions = game.legal_actions()
            deploys = [a for a in actions if isinstance(a, Deploy)]
            game.apply(rng.choice(deploys) if deploys and rng.random() < 0.6
                       else random_action(game, rng))
        if wanted == "over":
            return session
    raise AssertionError(f"no {wanted} in 300 games of {game_id}")


def test_the_title_set_up_and_settings_fit(window: App) -> None:
    app = window
    found: list[str] = []
    driver = Driver(app)
    app.replace(TitleScene(app))
    driver.frames()
    check(app, "title", found)
    setup = SetupScene(app)
    app.push(setup)
    while len(setup.seats) < 5:
        setup._add()
    for seat, (name, _colour, kind) in zip(setup.seats, SEATS, strict=True):
        seat.name, seat.kind = name, kind
    for game in app.registry.games():
        setup.game_id = game.id
        setup.expansions = [e.id for e in app.registry.expansions(game.id)]
        setup.layout(app.screen.get_size())
        driver.frames()
        check(app, f"set-up {game.id}", found)
        for row in setup.option_rows:
            driver.move(row.button.rect.center)
            check(app, f"set-up {game.id}, an option's rulebook sentence", found)
    setup.seats[1].kind = "open"  # hosting: the clock's button, through all its clocks
    for clock in CLOCKS:
        setup.clock = clock
        setup.layout(app.screen.get_size())
        driver.frames()
        check(app, f"set-up of a hosted table, clock {clock}", found)
    app.replace(SettingsScene(app))
    driver.frames()
    check(app, "settings", found)
    assert not found, "\n".join(found)


def test_the_saves_menus_and_messages_fit(window: App) -> None:
    app = window
    found: list[str] = []
    driver = Driver(app)
    for game_id, expansions in GAMES:
        session = a_game(app, game_id, expansions, "figure")
        app.storage.save(session.saved(), "W" * 48 + game_id)
    session = a_game(app, "carcassonne", [], "figure", {"hand": 3})
    app.replace(PlayScene(app, session))
    driver.frames()
    app.push(PassScene(app, session.seats[0], lambda: None, lambda: None))
    check(app, "the pass screen", found)
    app.pop()
    app.push(LoadScene(app))
    driver.frames()
    check(app, "saved games", found)
    app.push(NameScene(app, i18n._("Rename the save"), "W" * 48, lambda name: None))
    driver.frames()
    check(app, "a save's name", found)
    app.pop()
    app.pop()
    app.push(PauseScene(app, session))
    driver.frames()
    check(app, "game menu", found)
    app.pop()
    app.push(MessageScene(app, i18n._("Autosave failed"),
                          "[Errno 28] No space left on device: '" + "/home/WWWWWWWW" * 6 + "'"))
    check(app, "a message", found)
    app.pop()
    app.push(ConfirmScene(app, i18n._("Delete this save?"),
                          i18n._("{name} will be gone for good.").format(name="W" * 48),
                          i18n._("Delete"), lambda: None))
    check(app, "a confirmation", found)
    app.pop()
    app.replace(TitleScene(app))
    app.push(CrashScene(app, "ValueError: " + "a long error message " * 8))
    check(app, "crash", found)
    assert not found, "\n".join(found)


def test_the_rules_pages_fit(window: App) -> None:
    assert rules_pages_problems(window) == []


@pytest.mark.parametrize("size", [(960, 1000), (1700, 640)], ids=["tall", "wide"])
def test_the_rules_pages_fit_a_tall_and_a_wide_window(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another height of the page's view: a picture's points run under its edge as the page
    scrolls, as its text does."""
    with opened(size, 100, "en", tmp_path, monkeypatch) as app:
        assert rules_pages_problems(app) == []


def rules_pages_problems(app: App) -> list[str]:
    """What does not fit on every rules page, scrolled half a view at a time to its end."""
    found: list[str] = []
    driver = Driver(app)
    app.replace(TitleScene(app))
    help_scene = HelpScene(app, CONTROLS)
    app.push(help_scene)
    for topic in help_scene.topics:
        help_scene.show(topic)
        driver.frames()
        while True:
            check(app, f"rules page {topic.key}, at {help_scene.scroll} px", found)
            before = help_scene.scroll
            help_scene.scroll_by(help_scene.view.h // 2)
            if help_scene.scroll == before:
                break
    return found


@pytest.mark.parametrize(("game_id", "expansions"), GAMES, ids=[g for g, _ in GAMES[:1]]
                         + ["carcassonne-base", "hunters", "dale"])
def test_the_play_scene_fits(window: App, game_id: str, expansions: list[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    app = window
    found: list[str] = []
    driver = Driver(app)
    wanted = {"hunters-and-gatherers": "extra", "over-hill-and-dale": "move"}.get(
        game_id, "choose" if expansions else "figure")
    play = PlayScene(app, a_game(app, game_id, expansions, wanted))
    app.replace(play)
    driver.frames(3)
    measured(play.question, driver)
    assert wanted == "figure" or play.question.card.w  # the question, or a line about the turn
    check(app, f"{game_id} {wanted}", found)
    monkeypatch.setattr(hints, "THINK_SECONDS", 60.0)  # thinking all the while it is looked at
    play.toggle_hint()
    driver.frames()
    assert play.hint.thinking()
    check(app, f"{game_id}, the Hint thinking", found)
    play.toggle_hint()  # asked again: it stops
    assert not play.hint.thinking()
    hover_the_busiest_feature(play, driver)
    assert play.hover.shown and play.hover.card is not None
    check(app, f"{game_id}, a feature's card", found)
    driver.move(play.layout_obj.log.center)
    driver.wheel(3)  # the log scrolled back: its way back to the newest shows
    assert not play.feedback.panel.following
    check(app, f"{game_id}, the log scrolled back", found)
    driver.key(pygame.K_t)
    assert play.remaining.shown
    check(app, f"{game_id}, the tiles still to come", found)
    driver.key(pygame.K_t)
    driver.key(pygame.K_v)
    driver.key(pygame.K_LEFT)
    assert play.history.active
    check(app, f"{game_id}, the history", found)
    driver.key(pygame.K_v)
    play.feedback.popups = [Popup(longest_notice(play), play.camera.screen_to_world(
        (play.layout_obj.board.right - 4, play.layout_obj.board.centery)), (216, 52, 40),
        size=24, life=2.6)]
    check(app, f"{game_id}, an announcement at the board's edge", found)
    if game_id == "carcassonne" and not expansions:
        play = PlayScene(app, a_game(app, game_id, [], "place", {"hand": 3}))
        app.replace(play)
        driver.frames(3)
        check(app, "a hand of three", found)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("game_id", "expansions"), GAMES, ids=[g for g, _ in GAMES[:1]]
                         + ["carcassonne-base", "hunters", "dale"])
def test_the_final_screen_fits(window: App, game_id: str, expansions: list[str]) -> None:
    app = window
    found: list[str] = []
    session = a_game(app, game_id, expansions, "over")
    app.replace(FinalScene(app, session))
    Driver(app).frames(3)
    check(app, f"{game_id}, the final scores", found)
    assert not found, "\n".join(found)


def hover_the_busiest_feature(play: PlayScene, driver: Driver) -> None:
    """The pointer on the feature with the most figures (its card names their owners), one of
    them the widest name's if it can."""
    game = play.game
    figures = list(game.figures.values())
    assert figures
    # The widest name's among them first: its card's line is the longest.
    feature = max((game.feature_at(f.cell, f.index) for f in figures),
                  key=lambda v: (any(f.player == 0 for f in v.figures),
                                 len(v.figures)))
    cell, index = min(feature.parts)
    anchor = game.board.tiles[cell].turned.anchors[index]
    play.follow.bring_into_view(cell)
    play.camera.update(10.0)
    x, y = play.camera.local_to_screen(cell, anchor)
    driver.move((round(x), round(y)))
    driver.frames(round(HOVER_DELAY * 60) + 3)


def longest_notice(play: PlayScene) -> str:
    """The longest announcement this game makes: of a whole game played at random, or a
    wolf sending every player's shepherd home."""
    game = play.game
    told = [notices.told(game, n) for n in game.notices]
    if any(isinstance(view, ShepherdsView) for view, _rule in views_of(game)):
        told.append(notices.told(game, WolfDrawn((), 0, (0, 1, 2, 3, 4), 5, 40)))
    return max(told, key=len, default=i18n._("Game over"))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_lobby_and_join_game_fit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     language: str) -> None:
    """At 960×640: the host's lobby with five seats of long names (a guest of the longest
    name a table takes, an open seat, a computer), the guest's lobby, a table that refused
    the join, a dropped player at the table, and Join game with each of its complaints."""
    table = tables.Table(tmp_path, size=(960, 640))
    found: list[str] = []
    try:
        players = seats()
        players[1], players[3] = Seat("", "blue", "open"), Seat("", "green", "open")
        lobby = tables.host_lobby(table.host, players, clock=(300, 5))
        guest = tables.join_lobby(table.guest, str(lobby.table.shown), "W" * MAX_NAME)
        table.until(lambda: len(lobby.seats) == 5 and lobby.seats[1]["connected"],
                    "the guest seated")
        i18n.set_language(language)
        for app in table.windows:
            app.scene.layout(app.screen.get_size())
        shown = lobby.table.shown  # a home network's address: how friends elsewhere join
        lobby.table.shown = Link("192.168.100.200", shown.port, shown.code)
        with fit.recording(monkeypatch, table.host.res):
            check(table.host, "the host's lobby", found)
            Driver(table.host).click(button(lobby, i18n._("Computer")))
            table.until(lambda: lobby.start_button is not None and lobby.start_button.enabled,
                        "every seat taken")
            check(table.host, "the host's lobby, every seat taken", found)
        app = table.guest
        with fit.recording(monkeypatch, app.res):
            check(app, "the guest's lobby", found)
            assert guest.table.net.seats == (1,)
        lobby.start()
        table.until(lambda: all(isinstance(a.scene, TablePlayScene) for a in table.windows),
                    "the game open")
        app.replace(TitleScene(app))  # the guest's window leaves the table
        monkeypatch.setattr(at_table, "TAKEOVER_OFFER", 0.0)
        play = table.play(table.host)
        table.until(lambda: play.table.buttons != [], "the guest seen gone, the hand-over")
        with fit.recording(monkeypatch, table.host.res):
            check(table.host, "a dropped player at the table, with clocks", found)
        with fit.recording(monkeypatch, app.res):
            join = JoinScene(app)
            app.push(join)
            for address, code, name in (("", "", ""), ("a b", "", "Bob"),
                                        ("10.0.0.7", "AB", "Bob"), ("10.0.0.7", "ABCD-EF0I", "Bob"),
                                        ("ws://x", "", "Bob"),
                                        ("10.0.0.7:99999", "ABCD-EFGH", "Bob")):
                join.address.text, join.code.text, join.name.text = address, code, name
                join.join()
                assert join.problem and app.scene is join
                check(app, f"Join game: {join.problem}", found)
            join.address.text = f"ws://127.0.0.1:{lobby.table.link.port}/ZZZZZZZZ"
            join.join()
            refused = app.scene
            assert isinstance(refused, LobbyScene)
            table.until(lambda: refused.table.net.problem is not None, "the table's refusal")
            check(app, "a refused join", found)
    finally:
        table.close()
        i18n.set_language("en")
    assert not found, "\n".join(found)


def test_the_review_and_the_score_chart_fit(window: App, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    """Two players of long names, the game over: the final screen with each chart, the
    review under way, its summary (each player's tab), the history with the review's marks
    and a better move's line."""
    app = window
    found: list[str] = []
    driver = Driver(app)
    session = Session.new(app.registry, "carcassonne", [], seats()[:2], seed=4)
    rng = random.Random(4)
    while not session.game.over:
        session.game.apply(random_action(session.game, rng))
    final = FinalScene(app, session)
    app.replace(final)
    driver.frames(2)
    assert final.charts_shown and final.chart.plot.w
    check(app, "the final scores, the score over the turns", found)
    final._show_chart(False)
    check(app, "the final scores, points by kind", found)
    monkeypatch.setattr(review_scene, "FUTURES", 2)
    monkeypatch.setattr(review_scene, "PROCESSES", 1)
    running = ReviewScene(app, session, lambda: None)
    app.push(running)
    check(app, "the review begins", found)
    monkeypatch.setattr(running.job, "_progress", (17, 36))
    running.update = lambda dt: None  # type: ignore[method-assign]  # held at 17 of 36
    check(app, "the review under way", found)
    running.cancel()
    session.review, mistakes = made_up_review(session, seats=(0, 1), every=4)
    assert len(mistakes) >= 6
    summary = ReviewSummaryScene(app, session, session.review, lambda turn: None)
    app.push(summary)
    for player in (0, 1):
        summary.choose(player)
        check(app, f"the review's summary, player {player + 1}", found)
    app.replace(FinalScene(app, session))
    driver.frames(2)
    assert on_top(app, FinalScene).chances.plot.w
    check(app, "the final scores, the score and the chances to win", found)
    app.replace(PlayScene(app, session))
    play = on_top(app, PlayScene)
    driver.frames()
    play.show_history_at(mistakes[0].turn)
    assert play.history.reviewed.line(mistakes[0].turn)
    check(app, "the history, a mistake's better move", found)
    assert not found, "\n".join(found)
