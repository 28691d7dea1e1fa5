"""The tactical variant's hand of three tiles in the window: every tile in the tray, any of
them played by dragging it (or picked with 1, 2, 3 and Tab), and a "pass the mouse" screen
that keeps a hand private between two people."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Deploy, Place
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.pass_screen import PassScene
from game.ui.session import Seat, Session

from .conftest import Driver, on_top
from .test_play import centre
from .test_saves import open_list, row_of


def hand_game(app: App, kinds: tuple[str, str] = ("human", "human"), hand: int = 3,
              seed: int = 5) -> PlayScene:
    seats = [Seat("Red", "red", kinds[0]), Seat("Blue", "blue", kinds[1])]
    session = Session.new(app.registry, "carcassonne", [], seats, options={"hand": hand}, seed=seed)
    scene = PlayScene(app, session)
    app.replace(scene)
    app.step(1 / 60)
    return scene


def tray_tiles(scene: PlayScene) -> list[str]:
    """The tiles one frame of the scene's window draws in its tray, in order."""
    drawn: list[str] = []
    art = scene.view.art
    tile = art.tile

    def spy(kind: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(kind.id)
        return tile(kind, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(art, "tile", spy)
        surface = pygame.Surface(scene.app.screen.get_size())
        scene.drawing.sidebar.draw(surface, scene.frame())
    return drawn


def reveal(app: App, driver: Driver) -> None:
    on_top(app, PassScene)
    driver.click((app.screen.get_width() // 2, app.screen.get_height() // 2))
    on_top(app, PlayScene)


def test_every_tile_of_the_hand_is_a_tile_in_the_tray(app: App, driver: Driver) -> None:
    scene = hand_game(app)
    reveal(app, driver)
    lay = scene.layout_obj
    slots = scene.hand.slots(lay.tray_tile, lay.tray)
    assert scene.hand.tiles() == list(scene.game.hand) and len(slots) == 3
    assert all(lay.tray.contains(r) for r in slots)
    assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])


def test_drag_the_third_tile_of_the_hand(app: App, driver: Driver) -> None:
    scene = hand_game(app)
    reveal(app, driver)
    game = scene.game
    third = game.hand[2]
    move = next(iter(game.legal_placements(third)))
    lay = scene.layout_obj
    start = scene.hand.slots(lay.tray_tile, lay.tray)[2].center

    def turn() -> None:
        for _ in range(4):
            if scene.turn.rotation * 90 == move.rotation:
                break
            driver.key(pygame.K_r)

    driver.drag(start, centre(scene, move.cell), between=turn)
    assert game.moves[-1] == Place(third, move.x, move.y, move.rotation)


def test_keys_pick_the_tile_and_the_lit_cells_follow_it(app: App, driver: Driver) -> None:
    scene = hand_game(app, seed=11)
    reveal(app, driver)
    game = scene.game
    picked = []
    # N: the next tile of the hand (Tab goes through the lit cells)
    for key in (pygame.K_2, pygame.K_3, pygame.K_n, pygame.K_n, pygame.K_1):
        driver.key(key)
        picked.append(scene.hand.selected)
        tile = game.hand[scene.hand.selected]
        assert scene.options.legal_cells() == set(game.legal_placements(tile).cells())
    assert picked == [1, 2, 0, 1, 0]
    driver.key(pygame.K_2)
    second = game.hand[1]
    cell = next(iter(scene.options.legal_cells()))
    driver.click(centre(scene, cell))  # a click places the tile being handled
    last = game.moves[-1]
    assert isinstance(last, Place) and last.tile == second


def test_a_pass_screen_hides_the_next_players_hand_until_they_click(
        app: App, driver: Driver) -> None:
    scene = hand_game(app)
    reveal(app, driver)  # Red takes the mouse
    game = scene.game
    move = next(iter(game.legal_placements(game.hand[0])))
    scene.turn.select(0)
    scene.place(move.cell, move.rotation // 90)
    driver.key(pygame.K_RETURN)
    assert game.current == 1
    assert on_top(app, PassScene).seat.name == "Blue"
    assert scene.hand.face_down
    driver.key(pygame.K_r)  # keys go to the pass screen, not to the hidden hand
    assert scene.turn.rotation == 0
    driver.key(pygame.K_RETURN)
    assert app.scene is scene and not scene.hand.face_down


def test_no_pass_screen_when_the_setting_is_off(app: App, driver: Driver) -> None:
    app.settings.set("pass_screen", False)
    scene = hand_game(app)
    assert app.scene is scene and not scene.hand.face_down


def test_no_pass_screen_with_one_tile_in_hand_or_one_person(app: App) -> None:
    scene = hand_game(app, hand=1)
    assert app.scene is scene
    scene = hand_game(app, kinds=("human", "random"))
    assert app.scene is scene and not scene.hand.face_down


def test_a_computers_hand_is_face_down(app: App, driver: Driver) -> None:
    scene = hand_game(app, kinds=("random", "human"))
    assert not scene.human_turn and scene.hand.face_down
    scene.computer.cancel()


def test_the_one_person_sees_their_own_hand_while_a_computer_plays(app: App) -> None:
    """Every hand is dealt before the first turn: while the computer plays, the tray shows
    the person's own three tiles, never the computer's."""
    scene = hand_game(app, kinds=("random", "human"))
    assert not scene.human_turn and scene.session.viewer == 1
    assert tray_tiles(scene) == list(scene.game.hands[1])
    scene.computer.cancel()


def test_the_click_that_opens_a_saved_game_leaves_the_hand_hidden(app: App,
                                                                  driver: Driver) -> None:
    """A save opens on the press of a click in the list; the pass screen it brings takes no
    notice of that click's release, so the hand stays face down until someone clicks."""
    scene = hand_game(app)
    app.storage.save(scene.session.saved(), "Hands.json")
    load = open_list(app, driver)
    driver.click(load._row_rect(row_of(load, "Hands")).center)
    assert on_top(app, PassScene).seat.name == "Red"
    loaded = app.stack[-2]
    assert isinstance(loaded, PlayScene) and loaded.hand.face_down
    reveal(app, driver)
    assert not loaded.hand.face_down


@pytest.mark.parametrize("window", ["app", "small"])
def test_the_numbers_under_the_hand_stay_above_the_figures_row(
        window: str, request: pytest.FixtureRequest) -> None:
    """Once the turn's tile is down, the two tiles left are drawn larger: their numbers stay
    clear of the figures and their "drag onto a lit area" beneath (they ran into it)."""
    app = request.getfixturevalue(window)
    driver = Driver(app)
    scene = hand_game(app)
    reveal(app, driver)
    game = scene.game
    move = next(iter(game.legal_placements(game.hand[0])))
    scene.turn.select(0)
    scene.place(move.cell, move.rotation // 90)
    driver.frames()
    lay = scene.layout_obj
    slots = scene.hand.slots(lay.tray_tile, lay.tray)
    assert len(slots) == 2
    number_height = app.res.px(24)  # the numbers' line: centred 13 px under a tile
    assert all(r.bottom + number_height <= lay.supply.y for r in slots)


def test_the_pass_screen_shows_the_scores_settled(app: App, driver: Driver) -> None:
    """A turn that scored ends on the pass screen: the players' counters show the new
    scores under it, as the log does, not the old ones until the next player clicks."""
    scene = hand_game(app)
    reveal(app, driver)
    game = scene.game
    rng = random.Random(3)
    while not game.over:
        before = list(game.scores)
        mover = game.current
        while game.current == mover and not game.over:
            deploys = [a for a in game.legal_actions() if isinstance(a, Deploy)]
            scene.play(rng.choice(deploys) if deploys and rng.random() < 0.6
                       else random_action(game, rng))
        if game.scores != before and isinstance(app.scene, PassScene):
            assert scene.score_show.shown_scores() == game.scores
            return
        reveal(app, driver)
    raise AssertionError("no turn scored")
