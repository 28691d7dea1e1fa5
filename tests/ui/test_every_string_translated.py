"""No visible string escapes translation: in a pseudo-language, every screen is driven with
real events (title, set-up of every game, settings, saves, rules pages, play with each game's
questions, the hint, the feature cards, the history and the log, the game menu, the final
scores, the crash screen) and every string any font renders must be in it, except player
names, numbers and names from data."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Move
from game.store import logs
from game.ui.app import App
from game.ui.keymap import ACTIONS, key_name_label
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.help import HelpScene
from game.ui.scenes.keys import KeysScene
from game.ui.scenes.menus import ConfirmScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.hover_card import HOVER_DELAY
from game.ui.scenes.play.pass_screen import PassScene
from game.ui.scenes.saves import NameScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.session import Seat, Session
from game.words.vocabulary import set_name

from .conftest import Driver, measured, on_top
from .pseudo import Drawn, Pseudo, pseudo, speaking_pseudo
from .test_hint import question_mark
from .test_saves import open_list
from .test_scenes import button, title

NAMES = ("Ada", "Bob")


@pytest.fixture
def drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    with speaking_pseudo(monkeypatch, app.res) as found:
        found.allowed.update(NAMES)
        for tileset in app.registry.sets.values():  # names a tile set gives in its own words
            found.allowed.add(tileset.name)
            found.allowed.update(tile.id for tile in tileset.tiles)
        # the letters on the keys (R, F11): named as the keyboard names them
        found.allowed.update(key_name_label(k) for a in ACTIONS for k in a.defaults)
        yield found


def test_a_string_left_out_of_the_catalog_is_found() -> None:
    drawn = Drawn()
    drawn.allowed.update({"Ada", "Over Hill and Dale"})
    drawn.strings += [pseudo("Players"), "Ada +3", "Over Hill and Dale", "Players",
                      pseudo("{player} wins!").format(player="Bob")]
    assert drawn.escapes() == ["Players", "Bob ｗｉｎｓ!"]  # Bob is no name of this game
    assert Pseudo().gettext("a text built at run time") == "a text built at run time"
    assert Pseudo().gettext("Players") == pseudo("Players") == "Ｐｌａｙｅｒｓ"


def a_game_at(app: App, game_id: str, expansions: list[str], wanted: str) -> Session:
    """A game of two people played at random up to a moment: a question to answer, a hike
    to offer, a bonus tile, or the end."""
    for seed in range(200):
        session = Session.new(app.registry, game_id, expansions,
                              [Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], seed=seed)
        game = session.game
        rng = random.Random(seed)
        while not game.over:
            if (wanted == "choose" and game.phase == "choose") or (
                    wanted == "move" and game.phase == "figure"
                    and any(isinstance(a, Move) for a in game.legal_actions())) or (
                    wanted == "extra" and game.phase == "place" and game.in_extra):
                return session
            game.apply(random_action(game, rng))
        if wanted == "over":
            return session
    raise AssertionError(f"no {wanted} in 200 games of {game_id}")


def play_screens(app: App, driver: Driver, session: Session) -> None:
    """The board with its panels, the hint, the log, the tiles to come, the menu."""
    play = PlayScene(app, session)
    app.replace(play)
    driver.frames(3)
    measured(play.question, driver)
    question_mark(driver)
    driver.frames(3)
    for key in (pygame.K_t, pygame.K_f, pygame.K_l):
        driver.key(key)
        driver.frames(2)
        driver.key(key)
    cell, placed = max(play.game.board.tiles.items(), key=lambda item: item[1].order)
    for anchor in placed.turned.anchors:  # the card of every feature of the newest tile
        x, y = play.camera.local_to_screen(cell, anchor)
        driver.move((round(x), round(y)))
        driver.frames(round(HOVER_DELAY * 60) + 3)
    driver.key(pygame.K_v)  # the history, a turn back
    driver.key(pygame.K_LEFT)
    driver.frames(2)
    driver.key(pygame.K_v)
    driver.key(pygame.K_ESCAPE)  # the game menu
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)


def saves_screens(app: App, driver: Driver) -> None:
    """Save with a name, the list of saves, renaming and deleting one."""
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    on_top(app, NameScene)
    driver.frames(2)
    driver.key(pygame.K_RETURN)  # the name offered: the game's and the time
    driver.frames(2)  # the toast that it is saved
    load = open_list(app, driver)
    driver.frames(2)
    rename, delete = load.row_buttons[:2]
    driver.click(rename.rect.center)
    on_top(app, NameScene)
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)
    driver.click(delete.rect.center)
    on_top(app, ConfirmScene)
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)


@pytest.mark.slow
def test_every_screen_speaks_through_the_catalog(app: App, driver: Driver,
                                                 drawn: Drawn) -> None:
    driver.click(button(title(app, driver), pseudo("New game")))
    setup = on_top(app, SetupScene)
    for game in app.registry.games():
        driver.click(button(setup, set_name(game)))
        for expansion in app.registry.expansions(game.id):
            driver.click(button(setup, "[ ] " + set_name(expansion)))
        for option in list(setup.option_rows):
            drawn.quoted.add(option.source)
            driver.move(option.button.rect.center)  # its rulebook sentence on hover
            driver.frames(2)
    driver.key(pygame.K_F1)
    help_scene = on_top(app, HelpScene)
    for _topic, row in list(help_scene.rows):
        driver.click(row.rect.center)
    driver.key(pygame.K_ESCAPE)
    app.push(SettingsScene(app))
    driver.frames(2)
    app.push(KeysScene(app))
    driver.frames(2)
    driver.click(on_top(app, KeysScene).rows[0][1].rect.center)  # Change
    driver.key(pygame.K_t)  # taken: refused, with the action that has it
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)

    for game_id, expansions, wanted in (("carcassonne", ["hills-and-sheep"], "choose"),
                                        ("over-hill-and-dale", [], "move"),
                                        ("hunters-and-gatherers", [], "extra"),
                                        ("carcassonne", [], "over")):
        play_screens(app, driver, a_game_at(app, game_id, expansions, wanted))
        if wanted == "choose":
            saves_screens(app, driver)
    driver.frames(200)  # the final scores come up
    app.push(PassScene(app, Seat(NAMES[0], "red"), lambda: None, lambda: None))
    driver.frames(2)
    error = "ValueError: a test"
    drawn.quoted.add(error)  # the error itself is told as Python tells it
    drawn.quoted.add(str(logs.current_file()))
    app.replace(CrashScene(app, error))
    driver.frames(2)

    assert len(drawn.strings) > 600 and drawn.escapes() == []  # each line set once, kept
