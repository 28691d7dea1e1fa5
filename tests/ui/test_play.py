"""The play scene driven with real mouse and keyboard events, headless."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.rules import Deploy, Phase, Place
from game.ui import hud
from game.ui.app import App
from game.ui.camera import ZOOM_SCALES
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import PlayScene, drawing
from game.ui.scenes.play.sidebar import supply_slots
from game.ui.session import Seat, Session

from ..waiting import wait_until
from .conftest import Driver, on_top
from .test_user_tilesets import drawn_texts


def start(app: App, seed: int = 5, players: int = 2) -> PlayScene:
    seats = [Seat(n.capitalize(), n) for n in ("red", "blue", "yellow", "green")[:players]]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=seed))
    app.replace(scene)
    app.step(1 / 60)
    return scene


def centre(scene: PlayScene, cell: tuple[int, int]) -> tuple[int, int]:
    x, y, w, h = scene.camera.cell_rect(cell)
    return (x + w // 2, y + h // 2)


def screen_of(scene: PlayScene, cell: tuple[int, int], local: tuple[float, float]
              ) -> tuple[int, int]:
    x, y = scene.camera.local_to_screen(cell, local)
    return (round(x), round(y))


def test_drag_a_tile_onto_a_legal_cell(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")  # a straight road: fits east of the start tile turned 0/180
    tray = scene.layout_obj.tray_tile.center
    target = centre(scene, (1, 0))
    driver.drag(tray, target)
    placed = scene.game.board.tiles.get((1, 0))
    assert placed is not None and placed.tile.id == "U"
    assert scene.game.phase is Phase.FIGURE


def test_a_drop_on_an_illegal_cell_returns_the_tile(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    driver.drag(scene.layout_obj.tray_tile.center, centre(scene, (0, -1)))  # would meet the city
    assert (0, -1) not in scene.game.board
    assert scene.game.phase is Phase.PLACE


def test_rotate_while_dragging(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "E")  # a city cap: fits north of the start tile only turned 180
    seen: list[int] = []

    def rotate() -> None:
        seen.append(scene.turn.rotation)
        driver.down(driver.pos, button=3)  # right-click turns the dragged tile
        driver.up(driver.pos, button=3)
        seen.append(scene.turn.rotation)
        driver.key(pygame.K_r)
        seen.append(scene.turn.rotation)

    driver.drag(scene.layout_obj.tray_tile.center, centre(scene, (0, -1)), between=rotate)
    # Hovering the cell showed its only legal rotation without taking it for the player's;
    # turning there chose among the legal ones.
    assert seen == [0, 2, 2]
    placed = scene.game.board.tiles[(0, -1)]
    assert placed.tile.id == "E" and placed.rotation == 2


def test_a_dragged_tile_keeps_its_rotation_across_a_cell_it_does_not_fit(
        app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "E")  # a city cap: north of the start tile only turned 180
    crossed, target = (0, -1), (0, 1)
    legal = scene.game.legal_placements("E")
    driver.move((5, 700))
    driver.key(pygame.K_r)  # the player's rotation: fits the target, not the crossed cell
    assert scene.turn.rotation == 1
    assert 90 in legal.rotations(target) and 90 not in legal.rotations(crossed)
    driver.down(scene.layout_obj.tray_tile.center)
    driver.move(centre(scene, crossed), buttons=(1, 0, 0))
    assert scene.options.fitting_rotation(crossed, scene.turn.rotation) == 2  # shown there
    driver.move(centre(scene, target), buttons=(1, 0, 0))
    driver.up(centre(scene, target))
    placed = scene.game.board.tiles[target]
    assert placed.tile.id == "E" and placed.rotation == 1


def test_rotate_in_the_tray_cycles_all_four(app: App, driver: Driver) -> None:
    scene = start(app)
    driver.move((5, 700))
    turns = []
    for _ in range(4):
        driver.key(pygame.K_r)
        turns.append(scene.turn.rotation)
    assert turns == [1, 2, 3, 0]


def test_click_a_lit_cell_places_the_tile(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (-1, 0)))
    assert scene.game.board.tiles[(-1, 0)].tile.id == "U"


def test_drop_a_meeple_on_a_region_then_confirm(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    targets = scene.options.targets()
    assert {t.role for t in targets} == {"line", "background"}
    road = next(t for t in targets if t.role == "line")
    supply_slot = supply_slots(scene.game, scene.layout_obj.supply)[0][1].center
    anchor = scene.game.board.tiles[(1, 0)].turned.anchors[road.index]
    driver.drag(supply_slot, screen_of(scene, (1, 0), anchor))
    pending = scene.turn.pending
    assert isinstance(pending, Deploy) and pending.target == "E"  # the road W-E
    driver.key(pygame.K_RETURN)
    assert scene.game.supply[0]["follower"] == 6
    fig = next(iter(scene.game.figures.values()))
    assert fig.cell == (1, 0) and fig.index == road.index
    assert scene.game.current == 1 and scene.game.phase is Phase.PLACE


def test_click_a_field_then_undo_the_figure_then_the_tile(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    driver.click(screen_of(scene, (1, 0), (0.5, 0.85)))  # the south field
    pending = scene.turn.pending
    assert isinstance(pending, Deploy) and pending.target in ("ER", "SL", "SR", "WL")
    driver.key(pygame.K_BACKSPACE)
    assert (scene.turn.pending, scene.game.phase) == (None, Phase.FIGURE)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert (1, 0) not in scene.game.board and scene.game.phase is Phase.PLACE
    assert scene.game.current_tile == "U"


def test_pan_by_dragging_empty_board(app: App, driver: Driver) -> None:
    scene = start(app)
    before = scene.camera.centre
    scale = scene.camera.scale
    driver.drag((200, 600), (300, 650))
    after = scene.camera.centre
    assert after[0] == pytest.approx(before[0] - 100 / scale)
    assert after[1] == pytest.approx(before[1] - 50 / scale)
    assert scene.game.phase is Phase.PLACE  # a drag is not a click


def test_pan_with_keys(app: App, driver: Driver) -> None:
    scene = start(app)
    before = scene.camera.centre
    driver.key(pygame.K_RIGHT)
    assert scene.camera.centre[0] > before[0]


def test_zoom_about_the_cursor(app: App, driver: Driver) -> None:
    scene = start(app)
    cam = scene.camera
    point = (300, 250)
    driver.move(point)
    world = cam.screen_to_world(point)
    level = cam.zoom
    driver.wheel(1)
    driver.frames(40)  # let the zoom ease in
    assert cam.zoom == level + 1 and cam.scale == ZOOM_SCALES[level + 1]
    assert cam.world_to_screen(world) == pytest.approx(point, abs=0.5)
    driver.wheel(-2)
    driver.frames(40)
    assert cam.zoom == level - 1
    assert cam.world_to_screen(world) == pytest.approx(point, abs=0.5)


def test_autosave_after_each_confirmed_turn(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    assert not app.storage.autosave_path().exists()
    driver.key(pygame.K_RETURN)
    saved = app.storage.load(app.storage.autosave_path())
    assert saved.moves == ["U@1,0r0", "pass"]


def play_turn_through_the_ui(scene: PlayScene, driver: Driver, turn: int) -> None:
    """Place the tile in hand by dragging it (rotating with R as needed), sometimes drop a
    figure by clicking a lit area, then confirm with Enter."""
    game = scene.game
    legal = list(game.legal_placements())
    choice: Place = legal[(turn * 7919) % len(legal)]
    tray = scene.layout_obj.tray_tile.center
    scene.camera.fit(game.board.tiles.keys(), margin=1.0, immediate=True)
    target = centre(scene, choice.cell)

    def turn_to_choice() -> None:
        for _ in range(4):
            if scene.turn.rotation * 90 == choice.rotation:
                break
            driver.key(pygame.K_r)

    driver.drag(tray, target, steps=3, between=turn_to_choice)
    assert game.moves[-1] == choice, (turn, choice, game.moves[-1])
    targets = scene.options.targets()
    if targets and turn % 3 == 0:
        t = targets[turn % len(targets)]
        # The new tile in the middle of the board, clear of the toolbar's buttons.
        x, y = centre(scene, choice.cell)
        scene.camera.pan_pixels(scene.layout_obj.board.centerx - x,
                                scene.layout_obj.board.centery - y)
        anchor = game.board.tiles[choice.cell].turned.anchors[t.index]
        driver.click(screen_of(scene, choice.cell, anchor))
        assert scene.turn.pending is not None
    driver.key(pygame.K_RETURN)


@pytest.mark.slow
def test_a_whole_two_player_game_through_the_ui(app: App, driver: Driver) -> None:
    scene = start(app, seed=21)
    turn = 0
    while not scene.game.over:
        play_turn_through_the_ui(scene, driver, turn)
        turn += 1
    assert turn >= 60
    assert not isinstance(app.scene, FinalScene)  # the final scoring is being shown
    driver.key(pygame.K_SPACE)  # skips it
    driver.frames(60)  # the final scores come up after a short pause
    final = on_top(app, FinalScene)
    assert final.session.game.scores == scene.game.scores
    # Back to the title, where Continue offers the finished game's scores.
    driver.click(next(b for b in final.buttons if b.label == "Title").rect.center)
    from game.ui.scenes.title import TitleScene
    on_top(app, TitleScene)


def test_a_computer_seat_plays_its_turn_while_frames_go_on(app: App, driver: Driver) -> None:
    seats = [Seat("Red", "red"), Seat("Blue", "blue", "quick")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=9))
    app.replace(scene)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    driver.key(pygame.K_RETURN)
    assert scene.game.current == 1
    frames = 0

    def frame() -> None:
        nonlocal frames
        app.step(1 / 60)  # the search runs in its own thread; frames keep coming
        frames += 1

    wait_until(lambda: scene.game.current == 0, "the computer's turn played", step=frame,
               every=0.005)
    assert len(scene.game.board) == 3 and frames > 10


def test_a_tile_dropped_where_it_does_not_fit_says_why(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")  # a straight road: north of the start tile it meets the city
    driver.drag(scene.layout_obj.tray_tile.center, centre(scene, (0, -1)))
    assert scene.game.phase is Phase.PLACE
    note = scene.misfit_note.note
    assert note is not None
    assert note.text == "The field edge does not match the city next to it"
    assert note.cell == (0, -1) and note.side == 2  # its south edge is marked on the cell
    assert note.text in drawn_texts(app, driver)
    driver.frames(3 * 60)  # it fades by itself
    assert scene.misfit_note.note is None


def test_a_click_on_an_unlit_cell_says_why(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "X")  # a crossroads: it fits nowhere south of the start tile
    assert (0, 1) not in scene.options.legal_cells()
    driver.click(centre(scene, (0, 1)))
    note = scene.misfit_note.note
    assert note is not None and note.text.endswith("does not match the field next to it")


def test_enter_before_the_tile_is_placed_says_so(app: App, driver: Driver) -> None:
    scene = start(app)
    driver.move(centre(scene, (2, 2)))
    driver.key(pygame.K_RETURN)
    note = scene.misfit_note.note
    assert note is not None and note.text == "Place the tile first"
    assert scene.game.phase is Phase.PLACE


def test_with_no_figure_to_place_the_prompt_says_enter_ends_the_turn(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player with every figure on the board is not asked to place one."""
    scene = start(app)
    game = scene.game
    for kind in game.supply[game.current]:
        game.supply[game.current][kind] = 0
    move = next(iter(game.legal_placements(game.hand[0])))
    scene.place(move.cell, move.rotation // 90)
    prompts: list[str] = []
    real = hud.draw_banner

    def recording(surface: pygame.Surface, res: Any, board: pygame.Rect, text: str,
                  *args: Any, **kwargs: Any) -> pygame.Rect:
        prompts.append(text)
        return real(surface, res, board, text, *args, **kwargs)

    monkeypatch.setattr(drawing, "draw_banner", recording)
    scene.draw(app.screen)
    assert prompts == ["Red: no figure can go on this tile; Enter ends the turn"]
