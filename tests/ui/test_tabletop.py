"""The board lies on a tabletop: wooden boards drawn once for the window's size, dark and quiet
(nothing on the board is near its tones), under the board at every zoom and behind the title."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.art.primitives import luma
from game.ui.art.tabletop import make_tabletop
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene

from .conftest import Driver
from .test_play import start


def lumas(surface: pygame.Surface, rect: pygame.Rect, step: int = 3) -> list[float]:
    return [luma(tuple(surface.get_at((x, y)))[:3])  # type: ignore[arg-type]
            for x in range(rect.x, rect.right, step) for y in range(rect.y, rect.bottom, step)]


def empty_corner(scene: PlayScene) -> pygame.Rect:
    """A part of the board area that no tile, lit cell or panel covers."""
    board = scene.layout_obj.board
    return pygame.Rect(board.x + 10, board.y + 90, 120, 120)


def test_the_empty_board_is_a_quiet_wooden_tabletop_at_every_zoom(app: App,
                                                                    driver: Driver) -> None:
    scene = start(app)
    for level in (0, 6, 13):
        scene.camera.set_zoom(level)
        scene.camera.centre = (0.5, 0.5)
        driver.frames(2)
        seen = lumas(app.screen, empty_corner(scene))
        assert len({round(v) for v in seen}) >= 8, level  # grain, not a flat fill
        assert max(seen) < 90 and max(seen) - min(seen) < 50, level  # dark and quiet


def test_the_tabletop_is_drawn_once_for_a_size(app: App, driver: Driver) -> None:
    start(app)
    first = app.res.tabletop(app.screen.get_size())
    driver.frames(3)
    assert app.res.tabletop(app.screen.get_size()) is first


def test_the_title_sits_on_the_same_tabletop(app: App, driver: Driver) -> None:
    app.replace(TitleScene(app))
    driver.frames()
    backdrop = app.scene.backdrop  # type: ignore[attr-defined]
    assert isinstance(backdrop, pygame.Surface)
    tabletop = make_tabletop(backdrop.get_size(), app.res.scale)
    corner = pygame.Rect(2, 2, 60, 60)  # off the title's board of tiles
    # The veil dims the tabletop evenly: the grain is still there, in the same places.
    ours, theirs = lumas(backdrop, corner, 2), lumas(tabletop, corner, 2)
    assert len({round(v) for v in ours}) >= 6
    darker = [a / max(1.0, b) for a, b in zip(ours, theirs, strict=True)]
    assert max(darker) - min(darker) < 0.25
