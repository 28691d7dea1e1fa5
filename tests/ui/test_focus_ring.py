"""Every screen from the keyboard: Tab and Shift+Tab bring a ring to each button (text
field, row of a list) of the screen on top, in the order it is drawn, Enter or Space press
the one in the ring, Esc goes back; a list scrolls as the ring goes past its last row
shown; the ring shows only once Tab is pressed on a screen, so a key that changed the
screen never acts on the next."""

from __future__ import annotations

import pygame

from game.ui import palette as pal
from game.ui.app import App
from game.ui.scenes.help import HelpScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene

from .conftest import Driver, on_top
from .test_saves import ctrl_s, open_list
from .test_scenes import new_game, title


def tab(driver: Driver, back: bool = False) -> None:
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)


def ring_on(app: App) -> pygame.Rect:
    """Where the ring stands (it must show)."""
    ring = app.focus
    assert ring.visible and ring.current is not None
    return ring.current.rect


def test_tab_brings_a_visible_ring_to_each_button_and_enter_presses_it(
        app: App, driver: Driver) -> None:
    scene = title(app, driver)
    shown = [b for b in scene.buttons if b.enabled]
    assert app.focus.current is None  # no ring before Tab
    tab(driver)
    assert ring_on(app) == shown[0].rect
    top = ring_on(app).top - app.res.px(3)
    assert app.screen.get_at((ring_on(app).centerx, top))[:3] == pal.HIGHLIGHT  # drawn
    tab(driver)
    assert ring_on(app) == shown[1].rect
    tab(driver, back=True)
    tab(driver, back=True)  # before the first: the last
    assert ring_on(app) == app.focus.spots[-1].rect
    while app.focus.current is not None and app.focus.current.label != "New game":
        tab(driver)
    driver.key(pygame.K_RETURN)
    on_top(app, SetupScene)
    assert not app.focus.visible  # a new screen: no ring until Tab there


def test_space_presses_the_button_in_the_ring_and_a_click_hides_it(
        app: App, driver: Driver) -> None:
    title(app, driver)
    while app.focus.current is None or app.focus.current.label != "Settings":
        tab(driver)
    driver.key(pygame.K_SPACE)
    settings = on_top(app, SettingsScene)
    tab(driver)
    assert app.focus.visible
    driver.click((2, 2))
    assert not app.focus.visible
    driver.key(pygame.K_ESCAPE)  # Esc goes back
    assert app.scene is not settings


def test_enter_without_the_ring_does_what_it_did(app: App, driver: Driver) -> None:
    title(app, driver)
    driver.key(pygame.K_RETURN)  # the title's main button: New game
    on_top(app, SetupScene)


def test_the_settings_list_scrolls_as_the_ring_goes_past_its_last_row(
        app: App, driver: Driver) -> None:
    pygame.display.set_mode((960, 640))
    app.resized()
    settings = SettingsScene(app)
    app.push(settings)
    driver.frames()
    assert settings._max_scroll() > 0  # a window too small for every setting
    seen: list[str] = []
    for _ in range(20):
        tab(driver)
        seen.append(app.focus.current.label if app.focus.current else "")
    assert settings.scroll == settings._max_scroll()  # every setting came into sight
    shown = {s.key for s, _b in settings.rows}
    assert "volume" in shown
    assert "Keys" in seen and "Done" in seen


def test_each_round_of_the_ring_comes_to_every_setting(app: App, driver: Driver) -> None:
    """Round again past Done, the ring is on the first setting, its list back at the top;
    round the other way, on the last one: none is left out of sight and out of reach."""
    pygame.display.set_mode((960, 640))
    app.resized()
    settings = SettingsScene(app)
    app.push(settings)
    driver.frames()
    assert settings._max_scroll() > 0  # a window too small for every setting
    while app.focus.current is None or app.focus.current.owner is not settings.close:
        tab(driver)
    assert settings.scroll == settings._max_scroll()
    tab(driver)
    driver.frames()
    assert settings.scroll == 0
    first, button = settings.rows[0]
    assert first.key == "language" and app.focus.current is not None \
        and app.focus.current.owner is button
    tab(driver, back=True)  # round the other way: Done, Keys, then the last setting
    assert app.focus.current is not None and app.focus.current.owner is settings.close
    tab(driver, back=True)
    tab(driver, back=True)
    driver.frames()
    last, button = settings.rows[-1]
    assert last.key == "volume" and app.focus.current is not None \
        and app.focus.current.owner is button


def test_the_ring_stays_on_a_button_that_moved(app: App, driver: Driver) -> None:
    """Add player puts a row above it: the ring goes down with the button, rather than stay
    where it stood, on the new player's name (a field that would not take the typing)."""
    title(app, driver)
    driver.key(pygame.K_RETURN)
    setup = on_top(app, SetupScene)
    while app.focus.current is None or app.focus.current.label != "Add player":
        tab(driver)
    before = ring_on(app).copy()
    driver.key(pygame.K_RETURN)
    driver.frames()
    assert len(setup.seats) == 3
    assert app.focus.current is not None and app.focus.current.label == "Add player"
    assert ring_on(app).y > before.y


def test_a_save_is_loaded_from_the_keys(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    driver.frames()
    ctrl_s(driver, "From the keys")
    app.replace(TitleScene(app))
    load = open_list(app, driver)
    tab(driver)
    assert app.focus.current is not None and app.focus.current.owner is load.entries[0]
    tab(driver)
    assert app.focus.current is not None and app.focus.current.label == "Rename"
    tab(driver, back=True)
    driver.key(pygame.K_RETURN)
    loaded = on_top(app, PlayScene)
    assert loaded.session.game.seed == play.session.game.seed


def test_the_ring_types_in_a_text_field(app: App, driver: Driver) -> None:
    app.settings.remember("join", {"address": "", "code": "", "name": ""})
    join = JoinScene(app)
    app.push(join)
    driver.frames()
    assert join.address.focused  # the first field has the typing
    tab(driver)
    assert join.code.focused and not join.address.focused
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ABCD"))
    driver.frames()
    assert join.code.text == "ABCD" and join.address.text == ""
    tab(driver, back=True)
    assert join.address.focused and not join.code.focused


def test_the_rules_pages_follow_the_ring(app: App, driver: Driver) -> None:
    title(app, driver)
    help_scene = HelpScene(app, "carcassonne")
    app.push(help_scene)
    driver.frames()
    tab(driver)
    assert help_scene.current.key != "carcassonne"  # the next topic shows
    shown = help_scene.current
    driver.frames()
    assert app.focus.current is not None and app.focus.current.label == \
        help_scene.title_of(shown)
    driver.key(pygame.K_ESCAPE)
    on_top(app, TitleScene)


def test_the_board_keeps_tab_for_its_cells(app: App, driver: Driver) -> None:
    play = new_game(app, driver)
    driver.frames()
    tab(driver)
    assert not app.focus.visible
    assert play.keys.chosen_cell() is not None
