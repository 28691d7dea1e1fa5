"""A seat's default name is its colour's name: it follows the seat's colour and the window's
language, while a name the player typed stays as typed."""

from __future__ import annotations

from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.words import i18n

from .conftest import Driver


def test_default_names_kept_in_english_are_french_in_a_french_window(app: App) -> None:
    # the last game was set up in English: its seats' default names were kept as "Red"...
    app.settings.remember("players", [{"name": "Red", "colour": "red", "kind": "human"},
                                      {"name": "Ann", "colour": "blue", "kind": "human"},
                                      {"name": "Yellow", "colour": "yellow", "kind": "human"}])
    try:
        i18n.set_language("fr")
        setup = SetupScene(app)
        assert [s.name for s in setup.seats] == ["Rouge", "Ann", "Jaune"]
        i18n.set_language("en")  # and back: "Rouge" kept in French is "Red" in English
        app.settings.remember("players", [{"name": "Rouge", "colour": "red", "kind": "human"},
                                          {"name": "Bleu", "colour": "blue", "kind": "human"}])
        assert [s.name for s in SetupScene(app).seats] == ["Red", "Blue"]
    finally:
        i18n.set_language("en")


def test_a_default_name_follows_the_colour_chosen(app: App, driver: Driver) -> None:
    app.settings.remember("players", [{"name": "Red", "colour": "red", "kind": "human"},
                                      {"name": "Ann", "colour": "blue", "kind": "human"}])
    setup = SetupScene(app)
    app.replace(setup)
    driver.frames()
    colour_buttons = [b for b in setup.widgets if b.label == ""]
    driver.click(colour_buttons[0].rect.center)  # red -> yellow (blue is taken)
    driver.click(colour_buttons[1].rect.center)  # blue -> green: Ann stays Ann
    driver.frames()
    assert [(s.name, s.colour) for s in setup.seats] == [("Yellow", "yellow"),
                                                           ("Ann", "green")]
    assert [f.text for f in setup.fields] == ["Yellow", "Ann"]  # the field shows it
