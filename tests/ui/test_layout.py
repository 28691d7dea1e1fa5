"""Panels that fit: the rules' question never covers the tray, the tiles still to come fit the
window (or scroll), and dialogs hide what lies under them."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Choose
from game.rules.modules.hill_dale import HARVEST
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.scenes.saves import LoadScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.ui.window import MIN_SIZE
from game.words import i18n

from .conftest import Driver
from .test_user_tilesets import resize


def test_the_grow_or_herd_question_leaves_the_tray_alone(app: App, driver: Driver) -> None:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    for seed in range(100):
        session = Session.new(app.registry, "carcassonne", ["hills-and-sheep"], seats, seed=seed)
        game = session.game
        rng = random.Random(seed)
        while not game.over and game.phase != "choose":
            game.apply(random_action(game, rng))
        if game.phase == "choose":
            break
    else:
        raise AssertionError("no question in 100 random games")
    scene = PlayScene(app, session)
    app.replace(scene)
    driver.frames(2)
    question = scene.question
    assert len(question.buttons) == len(game.choices[0].options)
    lay = scene.layout_obj
    for rect in [question.card, *(b.rect for b in question.buttons)]:
        assert not rect.colliderect(lay.tray) and lay.board.contains(rect)
        assert not rect.colliderect(lay.toolbar)
    option = game.choices[0].options[-1]
    driver.click(question.buttons[-1].rect.center)
    assert game.moves[-1] == Choose(option)


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800)])
def test_the_tiles_still_to_come_fit_the_window(app: App, driver: Driver,
                                                size: tuple[int, int]) -> None:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "hunters-and-gatherers", [], seats, seed=1))
    app.replace(scene)
    resize(app, driver, size)
    driver.key(pygame.K_t)
    panel = scene.remaining.grid
    assert panel is not None
    lay = scene.layout_obj
    assert lay.board.contains(panel.rect)
    assert not panel.rect.colliderect(lay.toolbar)
    if panel.rows > panel.shown_rows:  # too many for this window: the wheel shows the rest
        driver.move(panel.rect.center)
        driver.wheel(-panel.rows)
        assert scene.remaining.scroll == panel.rows - panel.shown_rows


def test_a_dialog_hides_the_title_buttons_under_it(app: App, driver: Driver) -> None:
    title = TitleScene(app)
    app.replace(title)
    driver.frames()
    load = LoadScene(app)
    app.push(load)
    driver.frames()
    under = [b.rect for b in title.buttons if load.rect.contains(b.rect)]
    assert under
    screen = app.screen
    fill = screen.get_at((load.rect.x + 20, load.rect.centery))
    for rect in under:  # the buttons' edges are drawn over, in the panel's own colour
        assert screen.get_at((rect.x + 2, rect.centery)) == fill


def test_a_harvest_of_every_kind_shows_whole_in_the_players_row(
        small: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six kinds of harvest tokens beside a computer's long label, in French, at the
    smallest window: the icons are set smaller and every one shows, none hidden behind an
    ellipsis."""
    i18n.set_language("fr")
    seats = [Seat("Rouge", "red"), Seat("Bleu", "blue", "strong")]
    session = Session.new(small.registry, "over-hill-and-dale", [], seats, seed=2)
    harvest = {kind: 12 for kind in HARVEST}
    assert len(harvest) == 6
    monkeypatch.setattr(session.game, "tokens", lambda player: harvest)
    scene = PlayScene(small, session)
    small.replace(scene)
    drawn: list[str] = []
    real = small.res.text

    def recording(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(text)
        return real(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(small.res, "text", recording)
    scene.draw(small.screen)
    assert "…" not in drawn
