"""Orchard, the tiny game of docs/adding-a-game.md, played in the window from its first tile
to its final screen: the scored features and its rule module's award with no tiles shown in
the final scoring, the final scores, the history of the finished game and its review."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame
import pytest

from game.ai import choose_action
from game.ui.app import LONGEST_STEP, App, AppConfig
from game.ui.scenes import review as review_scene
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import PlayScene, score_show
from game.ui.scenes.review_summary import ReviewSummaryScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.session import Seat, Session
from game.ui.widgets import Button
from tests.tiny_game import TILESETS, plug_in
from tests.tiny_game.orchard import PICKED

from ..waiting import wait_until
from .conftest import Driver, on_top

WAIT = 60.0  # seconds at most for the final scores and the review (never reached)


@pytest.fixture
def orchard_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A window whose games include Orchard: its rule module and view plugged in, its
    tile sets folder read as a player's own."""
    plug_in(monkeypatch)
    monkeypatch.setattr(review_scene, "FUTURES", 2)
    monkeypatch.setattr(review_scene, "PROCESSES", 1)
    monkeypatch.setattr(score_show, "FINAL_STEP", 0.2)  # each step still drawn, sooner
    application = App(AppConfig(size=(1280, 800), storage_root=tmp_path,
                                extra_tileset_dirs=[TILESETS]), SceneRoutes)
    yield application
    pygame.quit()


def button(buttons: Sequence[Button], label: str) -> Button:
    return next(b for b in buttons if b.label == label)


def until(app: App, done: Callable[[], bool], what: str) -> None:
    """Frames of the longest step the window takes until ``done()``, for at most ``WAIT``
    seconds (a thread given time between them)."""
    wait_until(done, what, timeout=WAIT, step=lambda: app.step(LONGEST_STEP), every=0.005)


def test_orchard_plays_to_its_final_screen_history_and_review_in_the_window(
        orchard_app: App) -> None:
    app = orchard_app
    assert "tiny-orchard" in app.registry.sets, app.registry.errors
    driver = Driver(app)
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "tiny-orchard", [], seats, seed=4))
    app.replace(scene)
    game = scene.game
    rng = random.Random(4)
    while not game.over:  # each move played as the window plays it, the board drawn after
        scene.play(choose_action(game, "quick", rng))
        driver.frames()
    # The final scoring is shown step by step, the apples picked last, on no tile at all.
    assert scene.score_show.final_running
    awards = [s for s in [scene.score_show.current, *scene.score_show.queue]
              if s is not None and s.events[0].category == PICKED]
    assert awards and all(s.cells == () and s.parts == () for s in awards)
    until(app, lambda: isinstance(app.scene, FinalScene), "the final screen")
    final = on_top(app, FinalScene)
    assert scene.score_show.shown_scores() == game.scores
    driver.frames(3)
    # The finished board, then its history from the first turn to the last.
    driver.click(button(final.buttons, "View board").rect.center)
    board = on_top(app, PlayScene)
    driver.click(button(board.buttons, "History").rect.center)
    history = board.history
    assert history.active and history.history is not None
    for turn in range(history.history.turns + 1):
        history.show(turn)
        driver.frames()
    board.show_final()
    final = on_top(app, FinalScene)
    driver.frames()
    # The review of the person's decisions, then its summary.
    driver.click(button(final.buttons, "Review game").rect.center)
    until(app, lambda: isinstance(app.scene, ReviewSummaryScene), "the review's summary")
    assert scene.session.review is not None and scene.session.review.complete
    driver.frames(3)
