"""Figure targets come from the painted tile: a region is the pixels its feature shows, its
highlight has no seam across it, and ghost figures never overlap while every target stays
clickable."""

from __future__ import annotations

import itertools
import math

import pytest

from game.rules.geometry import point_in_polygon
from game.rules.registry import default_registry
from game.ui.app import App
from game.ui.art.tiles import TileArt
from game.ui.scenes.play.ghosts import GHOST_SCALE, ROOM, spread

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


def test_ghost_figures_never_overlap_and_each_stands_in_its_area() -> None:
    registry = default_registry()
    spread_out = 0
    for game_id, tile_id in all_tiles():
        tileset = registry.ruleset(game_id)
        art = TileArt(tileset)
        tile = next(t for t in tileset.tiles if t.id == tile_id)
        regions = art.regions(tile, 0, 96)
        indices = [f.index for f in tile.features]
        spots, size = spread(indices, tile.rotations[0].anchors, regions)
        anchors = tile.rotations[0].anchors
        for a, b in itertools.combinations(indices, 2):
            assert math.dist(spots[a], spots[b]) >= size * ROOM - 1e-6, (tile_id, a, b)
        for i in indices:  # moved only within its own area
            assert spots[i] == anchors[i] or regions.at(spots[i]) == i, (tile_id, i)
        spread_out += size < GHOST_SCALE or any(spots[i] != anchors[i] for i in indices)
    assert spread_out > 10  # crowded tiles had their ghosts moved apart


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
