"""Keys of the player's choosing (Settings → Keys): any action's key changed or added, a key
another action holds refused with that action, the defaults back on Reset, the keys kept in
the settings file and named by every label; and Reduce motion: no glides, no drift, no
blinking, scores at once."""

from __future__ import annotations

import pygame

from game.rules import Place
from game.store.storage import Storage
from game.ui import keymap
from game.ui.app import App
from game.ui.intents import Command, PickTile
from game.ui.keymap import Bindings, Taken
from game.ui.scenes.help import controls
from game.ui.scenes.keys import KeysScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.computer_turns import PACES
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import Settings
from game.ui.widgets import TextField

from .conftest import Driver, on_top
from .test_keyboard_turns import a_game


def keys_screen(app: App, driver: Driver) -> KeysScene:
    settings = SettingsScene(app)
    app.push(settings)
    driver.frames()
    driver.click(settings.keys.rect.center)
    return on_top(app, KeysScene)


def change(driver: Driver, keys: KeysScene, action: str, key: int, add: bool = False) -> None:
    """Change (or Add) on the action's row, then the key."""
    while not any(a.name == action for a, _c, _a in keys.rows):
        driver.key(pygame.K_DOWN)
    row = next(r for r in keys.rows if r[0].name == action)
    driver.click((row[2] if add else row[1]).rect.center)
    driver.key(key)


def test_a_key_changed_is_the_actions_kept_and_named(app: App, driver: Driver) -> None:
    keys = keys_screen(app, driver)
    change(driver, keys, "rotate", pygame.K_t)  # T: the tiles to come
    assert keys.said == "T is already the key of “Tiles to come”"
    assert keymap.current().keys("rotate") == ("r", "e")
    change(driver, keys, "rotate", pygame.K_y)
    assert keymap.current().keys("rotate") == ("y",)
    change(driver, keys, "rotate", pygame.K_u, add=True)
    assert keymap.current().label("rotate") == "Y or U"
    assert app.settings.recall(keymap.SETTINGS_KEY) == {"rotate": ["y", "u"]}
    assert any("Y or U, right-click" in how for _what, how in controls())  # the rules pages
    # in a game: Y turns the tile, R no more
    scene = a_game(app)
    driver.key(pygame.K_r)
    assert scene.turn.rotation == 0
    driver.key(pygame.K_y)
    assert scene.turn.rotation == 1
    # the next start reads them from the settings file
    kept = Settings(Storage(app.config.storage_root)).recall(keymap.SETTINGS_KEY)
    assert Bindings(kept).keys("rotate") == ("y", "u")


def test_a_fixed_key_is_refused_and_esc_leaves_the_key_as_it_was(
        app: App, driver: Driver) -> None:
    keys = keys_screen(app, driver)
    change(driver, keys, "undo", pygame.K_TAB)
    assert keys.said == "Tab is already the key of “Next choice”"
    change(driver, keys, "undo", pygame.K_ESCAPE)
    assert keymap.current().keys("undo") == ("backspace",)
    assert not app.input.capture and app.scene is keys


def test_the_keys_screen_names_the_fixed_key_an_action_has_too(
        app: App, driver: Driver) -> None:
    """Enter confirms whatever Confirm's keys are, as its button says: the Keys screen
    names it beside Space, and alone once Space is taken away."""
    keys = keys_screen(app, driver)
    row = {a.name: a for a, _c, _a in keys.rows}
    assert keys.keys_shown(row["confirm"]) == "Space, and Enter always"
    assert keys.keys_shown(row["rotate"]) == "R or E"
    keymap.install(Bindings({"confirm": []}))  # a settings file edited by hand
    assert keys.keys_shown(row["confirm"]) == "Enter"


def test_reset_gives_every_action_its_first_keys(app: App, driver: Driver) -> None:
    keys = keys_screen(app, driver)
    change(driver, keys, "history", pygame.K_j)
    assert keymap.current().keys("history") == ("j",)
    driver.click(keys.reset.rect.center)
    assert keymap.current().keys("history") == ("v",)
    assert app.settings.recall(keymap.SETTINGS_KEY) == {}


def test_the_buttons_name_the_players_keys(app: App, driver: Driver) -> None:
    keymap.current().assign("undo", "z")
    scene = a_game(app)
    assert scene.controls.undo_button.hotkey == "Z"


def test_a_hand_edited_file_keeps_what_makes_sense() -> None:
    bindings = Bindings({"rotate": ["t"], "nothing": ["x"], "undo": ["tab"], "hint": "?",
                         "log": ["k", "k"]})
    assert bindings.keys("rotate") == ("t",)
    assert bindings.keys("tiles") == ()  # T went to the turn, which comes first
    assert bindings.keys("undo") == ("backspace",)  # Tab is every screen's
    assert bindings.keys("hint") == ("?",)
    assert bindings.keys("log") == ("k",)
    try:
        bindings.assign("farms", "t")
    except Taken as refused:
        assert refused.holder == "Turn the tile"
    else:
        raise AssertionError("a key taken was given")


def test_reduce_motion_stills_the_camera_the_scores_and_the_cursor(
        app: App, driver: Driver) -> None:
    app.settings.set("reduce_motion", True)
    scene = a_game(app)
    cam = scene.camera
    cam.fit([(20, 20)], immediate=False)  # the camera's own move
    driver.frames()
    assert not cam.moving()  # there at once
    scene.zoom(-2)
    driver.frames()
    assert not cam.moving()
    assert scene.pace().glide == 0 and scene.pace().drop == 0
    assert scene.pace().delay == PACES["normal"].delay  # a computer's move, in its time
    # a placement and its scores: at once
    tile = scene.hand.handled()
    assert tile is not None
    cell = next(iter(scene.options.legal_cells()))
    rotation = scene.game.legal_placements(tile).rotations(cell)[0]
    place = Place(tile, cell[0], cell[1], rotation)
    scene.play(place)
    assert not scene.score_show.moving()
    field = TextField(pygame.Rect(0, 0, 100, 30), "", focused=True)
    assert field.next_blink() is None  # the cursor does not blink


def test_motion_as_ever_without_the_setting(app: App, driver: Driver) -> None:
    scene = a_game(app)
    cam = scene.camera
    cam.fit([(20, 20)], immediate=False)
    driver.frames()
    assert cam.moving()


def test_the_settings_screen_opens_keys(app: App, driver: Driver) -> None:
    settings = SettingsScene(app)
    app.push(settings)
    driver.frames()
    driver.click(settings.keys.rect.center)
    on_top(app, KeysScene)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is settings
    assert not isinstance(app.scene, PlayScene)


def test_a_sign_is_known_by_what_it_types(app: App, driver: Driver) -> None:
    keys = keys_screen(app, driver)
    row = next(r for r in keys.rows if r[0].name == "take_hint")
    driver.click(row[1].rect.center)
    for key, typed in ((pygame.K_LSHIFT, ""), (pygame.K_1, "!")):  # Shift, then 1: "!"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_SHIFT,
                                             unicode=typed, scancode=0))
    for key in (pygame.K_1, pygame.K_LSHIFT):  # both released
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                             scancode=0))
    driver.frames()
    assert keymap.current().keys("take_hint") == ("!",)
    events = [pygame.event.Event(kind, key=pygame.K_1, mod=pygame.KMOD_SHIFT, unicode="!",
                                 scancode=0) for kind in (pygame.KEYDOWN, pygame.KEYUP)]
    app.input.capture = False
    assert app.input.translate(events) == [Command.TAKE_HINT]
    events = [pygame.event.Event(kind, key=pygame.K_1, mod=0, unicode="1", scancode=0)
              for kind in (pygame.KEYDOWN, pygame.KEYUP)]
    assert app.input.translate(events) == [PickTile(0)]  # 1 alone: the hand's first tile
