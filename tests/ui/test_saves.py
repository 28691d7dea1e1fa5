"""Saves you can tell apart, driven with real events: Ctrl+S asks for a name, the list shows
game, players, scores and turn, a save is renamed and still loads, deleting asks first.  The
name offered is selected, as is a field's text after Ctrl+A: what is typed replaces it."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.store.storage import save_file_name
from game.ui.app import App
from game.ui.scenes.menus import ConfirmScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.saves import LoadScene, NameScene, describe
from game.ui.scenes.setup import SetupScene
from game.ui.session import Seat, Session
from game.ui.widgets import TextField, draw_toast

from .conftest import Driver, lines_set, on_top
from .test_scenes import button, new_game, play_turns


def type_name(driver: Driver, scene: NameScene, name: str) -> None:
    for _ in range(len(scene.field.text)):
        driver.key(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
    driver.frames()
    driver.key(pygame.K_RETURN)


def ctrl_s(driver: Driver, name: str) -> None:
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    scene = on_top(driver.app, NameScene)
    assert scene.field.text.startswith("Carcassonne ")  # a name is offered
    type_name(driver, scene, name)


def open_list(app: App, driver: Driver) -> LoadScene:
    scene = LoadScene(app)
    app.push(scene)
    driver.frames()
    return scene


def row_of(load: LoadScene, stem: str) -> int:
    return next(i for i, e in enumerate(load.entries) if e.path.stem == stem)


def test_ctrl_s_asks_for_a_name_and_the_list_tells_saves_apart(app: App,
                                                               driver: Driver) -> None:
    play = new_game(app, driver)
    play_turns(play, driver, 3)
    ctrl_s(driver, "Sunday game")
    assert app.scene is play  # no box to close: a message that fades by itself
    assert app.toast is not None and app.toast[0] == "Game saved: Sunday game"
    path = app.storage.saves_dir / "Sunday game.json"
    assert path.exists()
    summary = json.loads(path.read_text(encoding="utf-8"))["summary"]
    assert summary == {"turn": 4, "scores": list(play.game.scores), "over": False}
    ctrl_s(driver, "Sunday game")  # the same name: asked before it is replaced
    on_top(app, ConfirmScene)
    driver.click(button(app.scene, "Replace"))
    assert app.scene is play and app.toast is not None
    load = open_list(app, driver)
    entry = load.entries[row_of(load, "Sunday game")]
    line = describe(app, entry)
    names = play.game.players
    assert line.startswith(f"Carcassonne  ·  {names[0]} {play.game.scores[0]}, "
                           f"{names[1]} {play.game.scores[1]}  ·  turn 4  ·  ")


def test_a_renamed_save_loads(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    play_turns(play, driver, 2)
    ctrl_s(driver, "first")
    driver.key(pygame.K_RETURN)
    moves = list(play.game.moves)
    load = open_list(app, driver)
    i = row_of(load, "first")
    rename = load.row_buttons[2 * (i - load.scroll)]
    assert rename.label == "Rename"
    driver.click(rename.rect.center)
    name = on_top(app, NameScene)
    assert name.field.text == "first"
    type_name(driver, name, "kept for later")
    assert app.scene is load
    assert [e.path.stem for e in load.entries].count("kept for later") == 1
    assert not (app.storage.saves_dir / "first.json").exists()
    driver.click(load._row_rect(row_of(load, "kept for later")).topleft)
    loaded = on_top(app, PlayScene)
    assert loaded.game.moves == moves


def test_deleting_a_save_asks_first(app: App, driver: Driver) -> None:
    new_game(app, driver)
    ctrl_s(driver, "doomed")
    driver.key(pygame.K_RETURN)
    load = open_list(app, driver)
    delete = load.row_buttons[2 * row_of(load, "doomed") + 1]
    assert delete.label == "Delete"
    driver.click(delete.rect.center)
    on_top(app, ConfirmScene)
    driver.key(pygame.K_ESCAPE)  # changed my mind
    assert app.scene is load and (app.storage.saves_dir / "doomed.json").exists()
    delete = load.row_buttons[2 * row_of(load, "doomed") + 1]
    driver.click(delete.rect.center)
    driver.click(button(app.scene, "Delete"))
    assert app.scene is load
    assert not (app.storage.saves_dir / "doomed.json").exists()
    assert "doomed" not in [e.path.stem for e in load.entries]


def test_an_old_save_without_a_summary_is_replayed_for_the_list(app: App,
                                                                driver: Driver) -> None:
    play = new_game(app, driver)
    play_turns(play, driver, 2)
    ctrl_s(driver, "old")
    driver.key(pygame.K_RETURN)
    path = app.storage.saves_dir / "old.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["summary"]
    path.write_text(json.dumps(data), encoding="utf-8")
    load = open_list(app, driver)
    line = describe(app, load.entries[row_of(load, "old")])
    assert "turn 3" in line and f"{play.game.players[0]} {play.game.scores[0]}" in line


def test_game_saved_fades_away_by_itself(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    ctrl_s(driver, "Monday game")
    assert app.scene is play and app.toast is not None  # nothing to close
    text, until = app.toast
    assert text == "Game saved: Monday game" and until > time.perf_counter()

    def brightness(shown: float) -> int:
        surface = pygame.Surface((800, 300))
        draw_toast(surface, app.res, text, shown)
        return sum(surface.get_at((400, y))[0] for y in range(60, 140))

    assert brightness(1.0) > brightness(0.4) > brightness(0.0) == 0  # it fades out
    app.toast = (text, time.perf_counter() - 0.01)  # its time is up
    driver.frames()
    assert app.toast is None


def typed(driver: Driver, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames()


def ctrl_a(driver: Driver) -> None:
    """Ctrl+A as SDL sends it, and, as a platform might, its letter as text too."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a,
                                         mod=pygame.KMOD_LCTRL, unicode="\x01", scancode=4))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a,
                                         mod=pygame.KMOD_LCTRL, unicode="", scancode=4))
    driver.frames()


def test_the_name_offered_is_replaced_by_what_is_typed(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    on_top(app, NameScene)
    typed(driver, "Sheep test mid-game")  # no Backspace first
    driver.key(pygame.K_RETURN)
    assert app.scene is play
    assert [p.name for p in app.storage.saves_dir.glob("*.json")] == ["Sheep test mid-game.json"]
    load = open_list(app, driver)
    rename = load.row_buttons[2 * row_of(load, "Sheep test mid-game")]
    driver.click(rename.rect.center)
    on_top(app, NameScene)
    typed(driver, "Sheep")  # the save's name, offered, is replaced too
    driver.key(pygame.K_RETURN)
    assert [e.path.stem for e in load.entries if e.path.stem.startswith("Sheep")] == ["Sheep"]


def test_enter_right_away_keeps_the_name_offered(app: App, driver: Driver) -> None:
    new_game(app, driver)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    offered = on_top(app, NameScene).field.text
    driver.key(pygame.K_RETURN)
    assert (app.storage.saves_dir / save_file_name(offered)).exists()
    assert app.toast is not None and app.toast[0] == f"Game saved: {offered}"


def test_backspace_clears_the_name_offered_and_a_click_keeps_it(app: App,
                                                                driver: Driver) -> None:
    new_game(app, driver)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    scene = on_top(app, NameScene)
    offered = scene.field.text
    driver.key(pygame.K_BACKSPACE)
    assert scene.field.text == ""
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    field = on_top(app, NameScene).field
    driver.click(field.rect.center)  # the cursor put after the name: typing adds to it
    typed(driver, " b")
    assert field.text == f"{offered} b"
    ctrl_a(driver)  # the whole name again, and no "a" typed
    assert field.text == f"{offered} b"
    driver.key(pygame.K_END)  # the cursor after the name again
    typed(driver, "c")
    assert field.text == f"{offered} bc"


def test_ctrl_a_then_typing_replaces_a_fields_text(app: App, driver: Driver) -> None:
    setup = SetupScene(app)
    app.replace(setup)
    driver.frames()
    field: TextField = setup.fields[0]
    driver.click(field.rect.center)  # a click puts the cursor after the name, selects nothing
    typed(driver, "!")
    assert field.text == "Red!"
    ctrl_a(driver)
    assert field.text == "Red!"  # Ctrl+A typed no "a"
    typed(driver, "Ann")
    assert (field.text, setup.seats[0].name) == ("Ann", "Ann")
    ctrl_a(driver)
    driver.key(pygame.K_DELETE)
    assert setup.seats[0].name == ""


def test_a_saves_details_read_whole_when_the_window_has_room(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Five players with their scores, the turn and the date: the list grows with the window
    and sets the line smaller rather than cutting it short."""
    seats = [Seat(name, colour) for name, colour in (
        ("Amandine", "red"), ("Bartholomew", "blue"), ("Clementine", "yellow"),
        ("Dominique", "green"), ("Evangeline", "black"))]
    session = Session.new(app.registry, "carcassonne", ["hills-and-sheep"], seats, seed=4)
    path = app.storage.save(session.saved(), save_file_name("five players"))
    drawn = lines_set(app, monkeypatch)
    load = open_list(app, driver)
    line = describe(app, load.entries[row_of(load, path.stem)])
    assert line in drawn and not any(text.endswith("…") for text in drawn)


def test_a_save_cannot_take_the_autosave_s_name(app: App, driver: Driver) -> None:
    """A save named "autosave" was written over the autosave: the game it held was lost
    (not kept as Unfinished game, as a new game's first autosave keeps it), and the save
    itself was written over at the next turn.  The name is refused, and says why."""
    from .test_scenes import title
    play = new_game(app, driver)
    play_turns(play, driver, 2)
    held = app.storage.load(app.storage.autosave_path()).moves
    assert held
    driver.click(button(title(app, driver), "New game"))
    driver.click(button(app.scene, "Start game"))
    on_top(app, PlayScene)  # a new game, not autosaved before its first turn
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    scene = on_top(app, NameScene)
    type_name(driver, scene, "AutoSave")
    if isinstance(app.scene, ConfirmScene):  # "Replace the save?": the player says yes
        driver.key(pygame.K_RETURN)
    assert app.scene is scene and "autosave" in scene.problem
    kept = [app.storage.load(p).moves for p in app.storage.saves_dir.glob("*.json")]
    assert held in kept
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="1"))
    driver.frames()
    assert not scene.problem  # the name changed: the problem is gone
    driver.key(pygame.K_RETURN)
    assert (app.storage.saves_dir / "AutoSave1.json").exists()


def test_the_list_of_many_saves_scrolls_with_the_wheel_and_the_arrows(app: App,
                                                                       driver: Driver) -> None:
    play = new_game(app, driver)
    play_turns(play, driver, 1)
    saved = play.session.saved()
    for i in range(30):
        app.storage.save(saved, f"Game {i:02d}.json")
    load = open_list(app, driver)
    rows = len(load._visible())
    assert len(load.entries) >= 30 and rows < len(load.entries) and load.scroll == 0
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert load.scroll == 2 and load._visible()[0] == 2
    driver.key(pygame.K_UP)
    assert load.scroll == 1
    for _ in range(len(load.entries) + 3):  # held down: it stops at the last save
        driver.key(pygame.K_DOWN)
    assert load.scroll == len(load.entries) - rows
    driver.wheel(2)  # the wheel away from you goes back up
    assert load.scroll == len(load.entries) - rows - 2
