"""Marks a player must be able to read at every zoom: hills drawn as land, icons that keep
their drawing on small tiles, shepherds standing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from game.rules import Game, Place, TileSet, TileType
from game.rules.registry import Registry
from game.ui.art.loading import sprites_dir
from game.ui.art.primitives import luma
from game.ui.art.tiles import TileArt
from game.ui.board_view import BoardView
from game.ui.resources import Resources

PARCHMENT = (246, 237, 214)  # the token most icons sit on


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


@pytest.fixture(scope="module")
def hills(registry: Registry) -> TileSet:
    return registry.ruleset("carcassonne", ["hills-and-sheep"])


@pytest.fixture(scope="module")
def dale(registry: Registry) -> TileSet:
    return registry.ruleset("over-hill-and-dale")


def _tile(ts: TileSet, tile_id: str) -> TileType:
    return next(t for t in ts.tiles if t.id == tile_id)


def _luma(img: pygame.Surface, x: float, y: float) -> float:
    """Mean brightness of a patch around the point (x, y) in unit tile coordinates."""
    w = img.get_width()
    r = max(1, w // 24)
    cx, cy = round(x * w), round(y * w)
    values = [luma(tuple(img.get_at((px, py)))[:3])  # type: ignore[arg-type]
              for py in range(cy - r, cy + r + 1) for px in range(cx - r, cx + r + 1)]
    return sum(values) / len(values)


@pytest.mark.parametrize("size", [24, 48, 96, 192])
def test_a_hill_is_a_lit_mound_standing_out_from_the_meadow(hills: TileSet, size: int) -> None:
    # HS06: cities N and S, meadow between, the hill mark at (0.74, 0.5).
    tile = _tile(hills, "HS06")
    flat = replace(tile, id="HS06-flat", icons=())
    img = TileArt(hills).tile(tile, 0, size)
    plain = TileArt(hills).tile(flat, 0, size)
    # The mound sits between the mark and the tile centre: lit on its top-left slope, in
    # shade on its bottom-right one.
    lit, shaded = (0.55, 0.38), (0.8, 0.62)
    assert _luma(img, *lit) - _luma(img, *shaded) > 25
    assert _luma(img, *lit) > _luma(plain, *lit) + 8
    assert _luma(img, *shaded) < _luma(plain, *shaded) - 8


def _count(img: pygame.Surface, near: tuple[int, int, int], tolerance: int = 14) -> int:
    w, h = img.get_size()
    out = 0
    for y in range(h):
        for x in range(w):
            c = img.get_at((x, y))
            if c.a > 200 and all(abs(a - b) <= tolerance for a, b in zip(c[:3], near,
                                                                          strict=True)):
                out += 1
    return out


def test_a_small_icon_drops_its_token_and_its_drawing_fills_it(dale: TileSet) -> None:
    icons = TileArt(dale).icons
    token = icons.icon("pig", 18)
    bare = icons.icon("pig", 18, bare=True)
    assert _count(token, PARCHMENT) > 30
    assert _count(bare, PARCHMENT) < 5
    pink = (244, 180, 176)
    assert _count(bare, pink, 30) > 1.3 * _count(token, pink, 30)


def test_icons_on_a_fitted_board_are_drawn_large_and_bare(dale: TileSet) -> None:
    # Tile C of Over Hill and Dale: a pig at (0.24, 0.66) in the meadow.  At 56 px (a whole
    # board in the window) the pig is about 17 px wide and has no token.
    img = TileArt(dale).tile(_tile(dale, "C"), 0, 56)
    x, y = round(0.24 * 56), round(0.66 * 56)
    patch = img.subsurface(pygame.Rect(x - 10, y - 10, 20, 20))
    assert _count(patch, PARCHMENT) < 5
    assert _count(patch, (244, 180, 176), 30) > 20


def test_the_icon_sprites_that_have_a_token_all_lose_it_when_small(dale: TileSet) -> None:
    icons = TileArt(dale).icons
    for path in sorted((sprites_dir() / "icons").glob("*.svg")):
        if 'fill="#f6edd6"' in path.read_text():
            token = _count(icons.icon(path.stem, 20), PARCHMENT)
            assert _count(icons.icon(path.stem, 20, bare=True), PARCHMENT) < token / 2, path.stem


def test_a_shepherd_stands_in_its_field_where_a_farmer_lies(hills: TileSet) -> None:
    pygame.display.set_mode((10, 10))
    game = Game(hills, ["Red", "Blue"], seed=1)
    view = BoardView(Resources(), game)
    start = game.board.tiles[(0, 0)]  # tile D: a city, a road, two fields
    field = next(f.index for f in start.tile.features if f.kind == "field")
    road = next(f.index for f in start.tile.features if f.kind == "road")
    assert view.lies_down((0, 0), field, "follower")
    assert not view.lies_down((0, 0), field, "shepherd")
    assert not view.lies_down((0, 0), road, "follower")


def _placements(game: Game, tile: str) -> list[Place]:
    return list(game.legal_placements(tile))


def _asks(game: Game, tile: str, place: Place) -> bool:
    """Whether placing ``tile`` there extends the player's shepherd's field."""
    trial = game.copy()
    trial.force("tile", tile)
    trial.apply(place)
    return bool(trial.choices)


def _white_beside(surface: pygame.Surface, x: float, y: float, scale: float) -> int:
    """Near-white pixels in the box right of a figure (where its tokens go)."""
    box = pygame.Rect(round(x + scale * 0.12), round(y - scale * 0.4), round(scale * 0.6),
                      round(scale * 0.7))
    out = 0
    for py in range(box.top, box.bottom):
        for px in range(box.left, box.right):
            c = surface.get_at((px, py))
            if c.r > 235 and c.g > 235 and c.b > 225:
                out += 1
    return out


@pytest.mark.parametrize(("draws", "icons"), [(["3"], (1.8, 3.9)), (["3", "4"], (0.6, 2.5))])
def test_sheep_stand_as_tokens_beside_their_shepherd(hills: TileSet, draws: list[str],
                                                     icons: tuple[float, float]) -> None:
    """Three sheep: three tokens; seven: one token and a count badge (not seven tokens)."""
    from game.rules import Choose, Deploy
    from game.ui.camera import Camera
    from game.view import figure_tokens

    pygame.display.set_mode((10, 10))
    game = Game(hills, ["Red", "Blue"], seed=1)
    game.force("tile", "F")  # a city band with fields either side, run north-south
    game.apply(Place("F", 0, -1, 90))
    port = next(d.target for d in game.deploy_options() if d.figure == "shepherd")
    game.force("draws", draws[0])
    game.apply(Deploy("shepherd", port))
    if len(draws) > 1:  # Blue plays elsewhere; Red extends the field and grows the flock
        game.force("tile", "U")
        game.apply(Place("U", 1, 0, 0))
        game.apply(next(a for a in game.legal_actions() if not isinstance(a, Deploy)))
        found = next((tid, place) for tid in sorted(set(game.deck))
                     for place in _placements(game, tid) if _asks(game, tid, place))
        game.force("tile", found[0])
        game.force("draws", draws[1])
        game.apply(found[1])
        game.apply(Choose("grow"))
    shepherd = next(f for f in game.figures.values() if f.kind == "shepherd")
    sheep = sum(int(d) for d in draws)
    assert figure_tokens(game, shepherd) == ("sheep", sheep)
    view = BoardView(Resources(), game)
    cam = Camera((0, 0, 600, 600))
    cam.centre = (shepherd.cell[0] + 0.5, shepherd.cell[1] + 0.5)
    cam.set_zoom(10)
    surface = pygame.Surface((600, 600))
    view.draw_tiles(surface, cam)
    bare = surface.copy()
    view.draw_figures(surface, cam, [(216, 52, 40), (38, 104, 206)])
    x, y = view.figure_point(cam, shepherd)
    one = view.art.icons.icon("sheep", max(14, round(cam.scale * 0.24)))
    white_one = sum(1 for px in range(one.get_width()) for py in range(one.get_height())
                    if (c := one.get_at((px, py))).a > 200 and c.r > 235 and c.g > 235
                    and c.b > 225)
    added = _white_beside(surface, x, y, cam.scale) - _white_beside(bare, x, y, cam.scale)
    # each token drawn adds about one icon's white (heaped tokens overlap a little)
    assert icons[0] * white_one < added < icons[1] * white_one
