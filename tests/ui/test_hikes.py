"""Hikes (Over Hill and Dale) in the window: a click on a hike's badge is that hike, even
where the badge lies over the new tile's areas; the prompt names hiking; the hiker is drawn
where it would stop until the turn is confirmed; and a click anywhere does what the
highlight under the pointer shows."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Deploy, Move
from game.ui.app import App
from game.ui.resources import Resources
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play import drawing as drawing_module
from game.ui.scenes.play.options import Target
from game.ui.session import Seat, Session

from .conftest import Driver


def hike_onto_the_new_tile(app: App) -> tuple[PlayScene, Move]:
    """A game of random moves played until the player to act may hike onto the tile just
    placed (its badge then lies over that tile's areas)."""
    for seed in range(200):
        seats = [Seat("Red", "red"), Seat("Blue", "blue")]
        session = Session.new(app.registry, "over-hill-and-dale", [], seats, seed=seed)
        game = session.game
        rng = random.Random(seed)
        while not game.over:
            if game.phase == "figure":
                hikes = [a for a in game.legal_actions()
                         if isinstance(a, Move) and a.cell == game.last_cell]
                if hikes:
                    scene = PlayScene(app, session)
                    app.replace(scene)
                    scene.camera.fit([hikes[0].cell], margin=1.0, immediate=True)
                    app.step(1 / 60)
                    return scene, hikes[0]
            game.apply(random_action(game, rng))
    raise AssertionError("no hike onto a new tile in 200 random games")


def badge_centre(scene: PlayScene, move: Move) -> tuple[int, int]:
    x, y, w, h = scene.options.badge_rect(move.cell)
    return (x + w // 2, y + h // 2)


def test_a_click_on_a_hike_badge_is_that_hike(app: App, driver: Driver) -> None:
    scene, hike = hike_onto_the_new_tile(app)
    game = scene.game
    (fid, end), = scene.options.moved_figures(hike).items()
    driver.click(badge_centre(scene, hike))
    assert scene.turn.pending == hike, "the click chose something else than the hike"
    driver.key(pygame.K_RETURN)
    assert hike in game.moves
    assert fid not in game.figures or game.figures[fid].cell == end.cell


def test_the_prompt_names_hiking(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, _ = hike_onto_the_new_tile(app)
    shown: list[str] = []

    def banner(surface: pygame.Surface, res: Resources, board: pygame.Rect, text: str,
               colour: tuple[int, int, int], **_kw: object) -> pygame.Rect:
        shown.append(text)
        return pygame.Rect(0, 0, 10, 10)

    monkeypatch.setattr(drawing_module, "draw_banner", banner)
    scene.draw(app.screen)
    assert "hike" in shown[-1]


def test_the_hiker_is_drawn_where_the_hike_ends(app: App, driver: Driver,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    scene, hike = hike_onto_the_new_tile(app)
    driver.click(badge_centre(scene, hike))
    ends = scene.options.moved_figures(hike)
    assert ends, "the hike moves no figure"
    (fid, end), = ends.items()
    assert end.cell == hike.cell and scene.game.figures[fid].cell != hike.cell
    drawn: list[tuple[tuple[int, int], int, int]] = []
    view = scene.view
    original = view.draw_figure

    def spy(surface: pygame.Surface, cam: object, kind: str, colour: object,
            cell: tuple[int, int], index: int, alpha: int = 255, scale: float = 0.34,
            spot: object = None) -> None:
        drawn.append((cell, index, alpha))
        original(surface, cam, kind, colour, cell, index, alpha, scale, spot)  # type: ignore[arg-type]

    monkeypatch.setattr(view, "draw_figure", spy)
    scene.draw(app.screen)
    assert (end.cell, end.index, 255) in drawn


def test_a_click_does_what_the_highlight_under_the_pointer_shows(app: App,
                                                                  driver: Driver) -> None:
    scene, hike = hike_onto_the_new_tile(app)
    x, y, w, h = scene.camera.cell_rect(hike.cell)
    checked = 0
    for i in range(1, 12):
        for j in range(1, 12):
            pos = (x + w * i // 12, y + h * j // 12)
            lit = scene.options.pick_at(pos)  # what the drawing lights there
            scene.turn.pending = None
            driver.click(pos)
            if isinstance(lit, Move):
                assert scene.turn.pending == lit, pos
            elif isinstance(lit, Target):
                pending = scene.turn.pending
                assert isinstance(pending, Deploy) and pending in lit.deploys, pos
            else:
                assert scene.turn.pending is None, pos
            checked += 1
    assert checked == 121
