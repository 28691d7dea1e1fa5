"""Moves (such as a hike) in the window: lit target cells with their label, a drag of one's
own figure onto one, Enter to confirm.  Driven by a small rule module made for the test."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pygame
import pytest

from game.rules import Deploy, Game, Host, Move, Place, Skip
from game.rules.actions import Action
from game.rules.modules import MODULES, RuleModule
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.session import Seat, Session
from game.view.modules import VIEWS, ModuleView

from .conftest import Driver

TARGET = (3, 0)


class Stroll(RuleModule):
    """Offers one move to TARGET whenever the player has a figure on the board."""

    name = "stroll"
    __slots__ = ()

    def extra_actions(self, host: Host) -> list[Action]:
        mine = any(f.player == host.current for f in host.figures.values())
        return [Move(*TARGET)] if mine else []

    def apply_extra(self, host: Host, action: Action) -> bool:
        if isinstance(action, Move):
            host.award(host.current, 2, "stroll", [action.cell])
            return True
        return False


class StrollView(ModuleView[Stroll]):
    rule = Stroll

    def move_label(self, game: Game, rule: Stroll, move: Action) -> str | None:
        return "+2"


@pytest.fixture
def stroll_game(app: App) -> Iterator[PlayScene]:
    MODULES["stroll"] = Stroll
    VIEWS["stroll"] = StrollView()
    base = app.registry.ruleset("carcassonne")
    tileset = dataclasses.replace(base, rules=(*base.rules, "stroll"))
    game = Game(tileset, ["Red", "Blue"], seed=3)
    session = Session(game, "carcassonne", [], [Seat("Red", "red"), Seat("Blue", "blue")])
    scene = PlayScene(app, session)
    app.replace(scene)
    app.step(1 / 60)
    yield scene
    del MODULES["stroll"], VIEWS["stroll"]


def test_drag_a_figure_onto_a_lit_move_cell(stroll_game: PlayScene, driver: Driver) -> None:
    scene = stroll_game
    game = scene.game
    game.force("tile", "U")
    game.apply(Place("U", 1, 0, 0))
    game.apply(Deploy("follower", "E"))  # Red has a figure on the road
    game.force("tile", "U")
    game.apply(Place("U", -1, 0, 0))
    game.apply(Skip())  # Blue passes
    first = next(iter(game.legal_placements()))
    scene.place(first.cell, first.rotation // 90)  # Red's turn again
    assert scene.options.moves() == [Move(*TARGET)]
    fig = next(f for f in game.figures.values() if f.player == 0)
    fx, fy = scene.view.figure_point(scene.camera, fig)
    x, y, w, h = scene.camera.cell_rect(TARGET)
    driver.drag((round(fx), round(fy)), (x + w // 2, y + h // 2))
    assert scene.turn.pending == Move(*TARGET)
    before = game.scores[0]
    driver.key(pygame.K_RETURN)
    assert game.scores[0] == before + 2 and game.current == 1


def test_no_moves_without_a_figure(stroll_game: PlayScene) -> None:
    game = stroll_game.game
    game.force("tile", "U")
    stroll_game.place((1, 0), 0)
    assert stroll_game.options.moves() == []
