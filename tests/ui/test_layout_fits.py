"""The title, set-up and play scenes lay out within a 960×640 window at 100 % and within a
1440×960 window at 150 %: every button and panel inside the window, no two buttons
overlapping, every label inside its button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app import App, AppConfig
from game.ui.hud import describe_phase, draw_banner
from game.ui.scenes.play import PlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.ui.widgets import Button
from game.words import i18n

SIZES = [((960, 640), 100, 1.0), ((1440, 960), 150, 1.5)]


@pytest.fixture(params=SIZES, ids=["960x640@100", "1440x960@150"])
def scaled(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    size, setting, scale = request.param
    app = App(AppConfig(size=size, storage_root=tmp_path), SceneRoutes)
    app.settings.set("ui_scale", setting)
    assert app.res.scale == scale
    yield app
    pygame.quit()


def label_width(app: App, button: Button) -> int:
    """How wide the button's label is drawn (the size rule of Button.draw)."""
    height = round(button.rect.h / app.res.scale)
    if button.label[:2] in ("[ ", "[x"):
        text = app.res.font(max(16, min(24, height // 2 + 2)), bold=True).size(button.label[4:])
        return text[0] + app.res.px(42)  # the check box before it
    if button.label in ("up", "down", ""):
        return 0
    return app.res.font(max(16, min(26, height // 2 + 4)), bold=True).size(button.label)[0]


def check(app: App, buttons: list[Button], panels: list[pygame.Rect]) -> None:
    window = app.screen.get_rect()
    for rect in panels:
        assert window.contains(rect), (rect, window)
    for b in buttons:
        assert window.contains(b.rect), (b.label, b.rect, window)
        assert label_width(app, b) <= b.rect.w, (b.label, label_width(app, b), b.rect.w)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.label, a.rect, b.label, b.rect)
    app.step(1 / 60)  # and it draws


def test_the_title_fits(scaled: App) -> None:
    title = TitleScene(scaled)
    scaled.push(title)
    check(scaled, title.buttons, [])


def test_the_set_up_screen_fits_five_players_and_an_expansion(scaled: App) -> None:
    scene = SetupScene(scaled)
    scaled.push(scene)
    scene.game_id = "carcassonne"
    scene.expansions = ["hills-and-sheep"]
    while len(scene.seats) < 5:
        scene._add()
    scene.layout(scaled.screen.get_size())
    check(scaled, scene.widgets, [scene.card])
    for field in scene.fields:
        assert scene.card.contains(field.rect)
    for button in scene.widgets:
        assert scene.card.contains(button.rect), button.label


@pytest.mark.parametrize("players", [2, 5])
def test_the_play_scene_fits(scaled: App, players: int) -> None:
    seats = [Seat(f"Player {i + 1}", c) for i, c in
             enumerate(("red", "blue", "yellow", "green", "black")[:players])]
    scene = PlayScene(scaled, Session.new(scaled.registry, "carcassonne", ["hills-and-sheep"],
                                          seats, seed=4))
    scaled.replace(scene)
    lay = scene.layout_obj
    panels = [lay.players, lay.tray, lay.tray_tile, lay.supply]
    if lay.log.h:
        panels.append(lay.log)
    check(scaled, scene.buttons, panels)
    for b in scene.buttons:
        in_sidebar = b.label in ("Confirm", "Undo")
        assert (lay.tray if in_sidebar else lay.board).contains(b.rect), b.label
    assert lay.players.bottom <= lay.tray.y and lay.tray.bottom <= scaled.screen.get_height()
    assert lay.tray.contains(lay.tray_tile) and lay.tray.contains(lay.confirm)


def test_the_banner_stays_clear_of_the_history_button_in_french(scaled: App) -> None:
    i18n.set_language("fr")
    try:
        scene = PlayScene(scaled, Session.new(scaled.registry, "carcassonne", ["hills-and-sheep"],
                                              [Seat("Bernadette", "red"), Seat("Léo", "blue")],
                                              seed=4))
        scaled.replace(scene)
        board = scene.layout_obj.board
        prompt = describe_phase(scene.session, False, can_move=True)
        assert len(prompt) > 70  # a long prompt: the French one, with a long name
        rect = draw_banner(scaled.screen, scaled.res, board, prompt, (200, 0, 0),
                           clear_of=scene.controls.history_button.rect)
        assert not rect.colliderect(scene.controls.history_button.rect)
        assert board.contains(rect)
    finally:
        i18n.set_language("en")
