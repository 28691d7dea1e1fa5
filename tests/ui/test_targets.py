"""Figure targets come from the painted tile: a region is the pixels its feature shows, its
highlight has no seam across it, and ghost figures never overlap while every target stays
clickable."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import pygame
import pytest

from game.rules import Deploy
from game.rules.geometry import point_in_polygon
from game.rules.registry import default_registry
from game.ui.app import App
from game.ui.art.figures import FigureArt
from game.ui.art.tiles import TileArt
from game.ui.board_view import figure_rect
from game.ui.scenes.play.ghosts import GHOST_SCALE, place_ghosts, sprite_corner
from game.ui.scenes.play.hover_card import HOVER_DELAY
from game.ui.scenes.play.options import GHOST_PX, ROLE_ORDER

from .conftest import Driver
from .test_play import screen_of, start


@pytest.fixture(scope="module")
def base_art() -> TileArt:
    return TileArt(default_registry().ruleset("carcassonne"))


def test_tile_rs_field_is_the_grass_not_the_lower_half(app: App, base_art: TileArt) -> None:
    tile = next(t for t in base_art.tileset.tiles if t.id == "R")
    regions = base_art.regions(tile, 0, 160)
    city, field = (next(f.index for f in tile.features if f.kind == kind)
                   for kind in ("city", "field"))
    shapes = tile.rotations[0].shapes
    # Every pixel of the field region lies outside the city's polygon (and its wall).
    mask = regions.mask(field)
    for x, y in itertools.product(range(0, 160, 2), range(0, 160, 2)):
        if mask.get_at((x, y)):
            assert not point_in_polygon(((x + 0.5) / 160, (y + 0.5) / 160), shapes[city])
    # The middle of the lower half is city (the field polygon lies under it): it is the city.
    assert regions.at((0.5, 0.6)) == city and regions.at((0.5, 0.97)) == field


def test_a_highlight_has_no_seam_across_it(app: App, base_art: TileArt) -> None:
    for tile in base_art.tileset.tiles:
        regions = base_art.regions(tile, 0, 96)
        for f in tile.features:
            lit = regions.highlight(f.index, (200, 40, 40), 110, edge=2)
            region = regions.mask(f.index)
            core = region.copy()  # the region less 3 pixels along its outline
            for offset in itertools.product((-3, 0, 3), repeat=2):
                core = core.overlap_mask(region, offset)
            colours = {tuple(lit.get_at((x, y))) for x in range(96) for y in range(96)
                       if core.get_at((x, y))}
            # Inside the region, away from its outline, the highlight is one flat colour.
            assert len(colours) <= 1, (tile.id, f.kind, colours)


def all_tiles() -> list[tuple[str, str]]:
    registry = default_registry()
    out = []
    for game_id in ("carcassonne", "hunters-and-gatherers", "over-hill-and-dale"):
        tileset = registry.ruleset(game_id)
        out += [(game_id, t.id) for t in tileset.tiles]
    return out


def test_ghost_figures_stand_inside_their_own_areas_and_never_overlap(app: App) -> None:
    """Every ghost's silhouette, on every tile of every game turned every way: inside its
    own region (a line's: on the line, over its verges at most), clear of every other."""
    registry = default_registry()
    figures = FigureArt()
    shrunk = 0
    for game_id, tile_id in all_tiles():
        tileset = registry.ruleset(game_id)
        art = TileArt(tileset)
        tile = next(t for t in tileset.tiles if t.id == tile_id)
        roles = {f.index: tileset.kinds[f.kind].role for f in tile.features}
        for q in range(4):
            regions = art.regions(tile, q, GHOST_PX)
            indices = sorted(roles, key=lambda i: ROLE_ORDER[roles[i]])

            def footprint(index: int, px: int, roles: Mapping[int, str] = roles
                          ) -> pygame.mask.Mask:
                lying = roles[index] == "background"
                return pygame.mask.from_surface(
                    figures.figure("follower", (200, 180, 40), px, lying=lying), 127)

            lines = {i for i in indices if roles[i] == "line"}
            ghosts = place_ghosts(indices, tile.rotations[q].anchors, regions, footprint, lines)
            drawn = {}
            for i, ghost in ghosts.items():
                px = round(ghost.size * GHOST_PX)
                shape = footprint(i, px)
                corner = sprite_corner(ghost.spot, shape.get_size(), px, GHOST_PX)
                inside = regions.mask(i).overlap_area(shape, corner)
                where = (game_id, tile_id, q, i, roles[i])
                if i in lines:
                    assert regions.at(ghost.spot) == i, where
                else:
                    assert inside == shape.count(), where
                drawn[i] = (shape, corner)
                shrunk += ghost.size < GHOST_SCALE
            for a, b in itertools.combinations(drawn, 2):
                (sa, ca), (sb, cb) = drawn[a], drawn[b]
                assert not sa.overlap(sb, (cb[0] - ca[0], cb[1] - ca[1])), (tile_id, q, a, b)
    assert shrunk > 10  # crowded tiles had their ghosts made smaller


def test_the_card_under_a_ghost_is_what_a_click_there_chooses(app: App,
                                                                driver: Driver) -> None:
    """A three-sided city whose corner fields are narrow: wherever the pointer rests on
    the faint figures, the card names the feature a click there takes."""
    scene = start(app)
    scene.game.force("tile", "T")
    place = next(iter(scene.game.legal_placements()))
    scene.place(place.cell, place.rotation // 90)
    scene.camera.set_zoom(11)
    scene.camera.centre = (place.cell[0] + 0.5, place.cell[1] + 0.5)
    driver.frames(2)
    cam = scene.camera
    checked = 0
    for t in scene.options.targets():
        px = max(12, round(cam.scale * t.ghost))
        lying = scene.view.lies_down(place.cell, t.index, t.deploys[0].figure)
        shape = scene.view.figure_mask(t.deploys[0].figure, px, lying)
        rect = figure_rect(shape.get_size(), cam.local_to_screen(place.cell, t.spot), px)
        points = [(rect.x + x, rect.y + y) for x in range(0, rect.w, 4)
                  for y in range(0, rect.h, 4) if shape.get_at((x, y))]
        for pos in points[::3]:
            scene.turn.pending = None
            driver.move(pos)
            driver.wait(HOVER_DELAY)
            assert scene.hover.feature is not None, pos
            shown = scene.hover.feature.id
            driver.click(pos)
            assert isinstance(scene.turn.pending, Deploy), pos
            chosen = scene.game.board.tiles[place.cell].fids[
                scene.game.target_feature(scene.turn.pending.target) or 0]
            assert scene.game.feature_at(place.cell, t.index).id == shown, (pos, t.index)
            assert scene.game.features.find(chosen) == shown, pos
            checked += 1
    assert checked > 10


def test_every_ghost_can_be_clicked_on_a_crowded_tile(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "X")  # a crossroads: four roads, four fields
    move = next(iter(scene.game.legal_placements()))
    scene.place(move.cell, move.rotation // 90)
    targets = scene.options.targets()
    assert len(targets) >= 7
    for t in targets:
        scene.turn.pending = None
        driver.click(screen_of(scene, move.cell, t.spot))
        assert scene.turn.pending in t.deploys, t.index
