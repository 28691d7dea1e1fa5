"""The art layer: tiles, icons and figures drawn from the tile set's geometry, headless."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from game.rules import TileSet, TileType, default_registry
from game.rules.looks import token_letters
from game.rules.model import TEXTURES, Icon, IconLook, Looks, Role
from game.ui import palette as pal
from game.ui.art import textures
from game.ui.art.figures import FigureArt
from game.ui.art.loading import sprites_dir
from game.ui.art.tiles import TileArt

Colour = tuple[int, int, int]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


@pytest.fixture(scope="module")
def art(base: TileSet) -> TileArt:
    return TileArt(base)


@pytest.fixture(scope="module")
def figures() -> FigureArt:
    return FigureArt()


def _tile(ts: TileSet, tile_id: str) -> TileType:
    return next(t for t in ts.tiles if t.id == tile_id)


def _mean(surface: pygame.Surface, x: int, y: int, r: int = 3) -> Colour:
    """The mean colour of a small square patch (textures make single pixels noisy)."""
    total = [0, 0, 0]
    n = 0
    for py in range(y - r, y + r + 1):
        for px in range(x - r, x + r + 1):
            c = surface.get_at((px, py))
            total[0] += c.r
            total[1] += c.g
            total[2] += c.b
            n += 1
    return (total[0] // n, total[1] // n, total[2] // n)


def _is_city(c: Colour) -> bool:  # warm stone and terracotta roofs
    r, g, b = c
    return r - b > 50 and r - g > 20


def _is_road(c: Colour) -> bool:  # pale sand
    r, g, b = c
    return abs(r - g) < 22 and b < g and r + g + b > 480


def _is_field(c: Colour) -> bool:  # grass green
    r, g, b = c
    return g > r + 20 and g > b + 30


# --- tiles ------------------------------------------------------------------------------------


def test_every_base_tile_renders_in_every_rotation(art: TileArt, base: TileSet) -> None:
    for tile in base.tiles:
        for rotation in range(4):
            for size in (48, 160):
                img = art.tile(tile, rotation, size)
                assert img.get_size() == (size, size)
                assert img.get_at((size // 2, size // 2)).a == 255  # opaque


def test_cache_returns_the_same_surface(art: TileArt, base: TileSet) -> None:
    tile = _tile(base, "D")
    first = art.tile(tile, 1, 64)
    assert art.tile(tile, 1, 64) is first
    assert art.tile(tile, 5, 64) is first  # rotations are quarter turns modulo 4
    assert art.tile(tile, 2, 64) is not first
    assert art.icons.icon("shield", 20) is art.icons.icon("shield", 20)
    assert art.back(40) is art.back(40)


def test_clear_drops_the_caches(base: TileSet) -> None:
    art = TileArt(base)
    tile = _tile(base, "E")
    first = art.tile(tile, 0, 40)
    art.clear()
    again = art.tile(tile, 0, 40)
    assert again is not first
    assert again.get_size() == (40, 40)


def test_tile_d_city_north_road_west_east_field_south(art: TileArt, base: TileSet) -> None:
    img = art.tile(_tile(base, "D"), 0, 100)
    assert _is_city(_mean(img, 50, 7)), _mean(img, 50, 7)
    assert _is_road(_mean(img, 10, 50, 2)), _mean(img, 10, 50, 2)
    assert _is_field(_mean(img, 50, 88)), _mean(img, 50, 88)
    assert not _is_city(_mean(img, 93, 50))


def test_rotation_turns_the_city_to_the_east(art: TileArt, base: TileSet) -> None:
    img = art.tile(_tile(base, "D"), 1, 100)
    assert _is_city(_mean(img, 93, 50)), _mean(img, 93, 50)
    assert _is_road(_mean(img, 50, 10, 2)), _mean(img, 50, 10, 2)
    assert _is_field(_mean(img, 12, 50)), _mean(img, 12, 50)
    assert not _is_city(_mean(img, 50, 7))


def test_city_wall_is_a_dark_band_with_light_stone_on_top(art: TileArt,
                                                          base: TileSet) -> None:
    img = art.tile(_tile(base, "E"), 0, 200)
    # the cap's wall crosses the middle column at y = 0.27 tile
    column = [sum(img.get_at((100, y))[:3]) for y in range(44, 64)]
    field = sum(_mean(img, 100, 120))
    assert min(column) < field - 80
    assert max(column) > 520  # the wall walk
    assert not _is_city(_mean(img, 100, 120)) and _is_field(_mean(img, 100, 120))


def _blue(c: pygame.Color) -> bool:
    return c.b > c.r + 60 and c.b > c.g + 25


@pytest.mark.parametrize(("tile_id", "rotation"), [("C", 0), ("M", 1), ("Q", 2), ("S", 3)])
def test_shield_is_drawn_at_its_icon_point(art: TileArt, base: TileSet, tile_id: str,
                                           rotation: int) -> None:
    tile = _tile(base, tile_id)
    x, y = next(p for pts in tile.rotations[rotation].icon_points for p in pts if p is not None)
    img = art.tile(tile, rotation, 120)
    cx, cy = round(x * 120), round(y * 120)
    blue = sum(_blue(img.get_at((px, py)))
               for px in range(cx - 6, cx + 7) for py in range(cy - 6, cy + 7))
    assert blue > 40
    # and nowhere near the opposite corner of the tile
    ox, oy = 120 - cx, 120 - cy
    far = sum(_blue(img.get_at((min(119, max(0, px)), min(119, max(0, py)))))
              for px in range(ox - 6, ox + 7) for py in range(oy - 6, oy + 7))
    assert far < blue


def test_tiles_without_shields_have_no_shield_blue(art: TileArt, base: TileSet) -> None:
    img = art.tile(_tile(base, "R"), 0, 80)
    assert sum(_blue(img.get_at((x, y))) for x in range(0, 80, 2) for y in range(0, 80, 2)) == 0


def test_junction_and_cloister_buildings_sit_in_the_middle(art: TileArt, base: TileSet) -> None:
    plain = art.tile(_tile(base, "U"), 1, 120)  # a straight road: sand in the middle
    for tile_id in ("B", "L", "W"):
        img = art.tile(_tile(base, tile_id), 0, 120)
        assert _mean(img, 60, 58) != _mean(plain, 60, 58)
        assert not _is_road(_mean(img, 60, 52, 4)) and not _is_field(_mean(img, 60, 52, 4))


def test_back_of_a_tile(art: TileArt) -> None:
    img = art.back(64)
    assert img.get_size() == (64, 64)
    assert img.get_at((32, 32)).a == 255


def test_icons(art: TileArt) -> None:
    shield = art.icons.icon("shield", 32)
    assert shield.get_size() == (32, 32)
    assert shield.get_bounding_rect().height >= 28
    for name in ("hill", "vineyard", "fish", "pig"):
        assert art.icons.icon(name, 24).get_bounding_rect().width > 12
    dot = art.icons.icon("no-such-icon", 24)  # a labelled dot
    assert dot.get_size() == (24, 24)
    assert dot.get_bounding_rect().width > 16


def _renamed(base: TileSet, looks: Looks) -> tuple[TileSet, TileType]:
    """The base set with tile D alone, its kinds renamed (city: bastion, road: canal, field:
    heath) and a zebra on its bastion, drawn as ``looks`` say."""
    d = _tile(base, "D")
    renames = {"city": "bastion", "road": "canal", "field": "heath"}
    kinds = {new: replace(base.kinds[old], name=new) for old, new in renames.items()}
    features = tuple(replace(f, kind=renames[f.kind],
                             icons=(Icon("zebra", (0.5, 0.12)),) if f.kind == "city" else ())
                     for f in d.features)
    odd = replace(d, id="D-odd", features=features)
    return replace(base, kinds=kinds, tiles=(odd,), looks=looks), odd


def test_a_kind_is_drawn_as_its_look_says_whatever_its_name(base: TileSet) -> None:
    """The city's look given to a kind named otherwise draws it as a city; the name "city"
    with no look draws nothing of a city."""
    own = base.looks.kinds
    ts, odd = _renamed(base, Looks(kinds={"bastion": own["city"], "canal": own["road"],
                                          "heath": own["field"]}))
    renamed = TileArt(ts).tile(odd, 0, 100)
    assert _is_city(_mean(renamed, 50, 12)) and _is_field(_mean(renamed, 50, 88))
    assert _is_road(_mean(renamed, 50, 50, 2))
    plain = replace(base, looks=Looks())
    assert TileArt(plain).style("city") == pal.FALLBACK_STYLES["area"]
    assert not _is_city(_mean(TileArt(plain).tile(_tile(base, "D"), 0, 100), 50, 12))


def test_a_kind_without_a_look_is_drawn_flat_by_its_role(base: TileSet) -> None:
    ts, odd = _renamed(base, Looks())
    art = TileArt(ts)
    roles: tuple[tuple[str, Role], ...] = (("bastion", "area"), ("canal", "line"),
                                           ("heath", "background"))
    for kind, role in roles:
        assert art.style(kind) == pal.FALLBACK_STYLES[role]
        assert art.style(kind).texture == "plain" and not art.style(kind).wall
    img = art.tile(odd, 0, 100)
    assert img.get_size() == (100, 100)
    heath = pal.FALLBACK_STYLES["background"].fill
    assert all(abs(a - b) < 12 for a, b in zip(_mean(img, 50, 88), heath, strict=True))
    assert _mean(img, 50, 50, 2) != _mean(img, 50, 88, 2)  # the line is drawn


def test_an_icon_is_drawn_as_its_look_says(art: TileArt, base: TileSet) -> None:
    """Its own drawing by default, another drawing or letters when its look says so; an icon
    without a drawing is a token with its name's first letters."""
    looks = Looks(icons={"zebra": IconLook(sprite="fish"), "nugget": IconLook(letters="Au")})
    icons = TileArt(replace(base, looks=looks)).icons
    pixels = pygame.image.tobytes
    assert pixels(icons.icon("zebra", 32), "RGBA") == pixels(art.icons.icon("fish", 32), "RGBA")
    assert pixels(icons.icon("nugget", 32), "RGBA") != pixels(icons.icon("horse", 32), "RGBA")
    assert token_letters("zebra") == "Ze" and token_letters("x") == "X"


def test_the_built_in_looks() -> None:
    registry = default_registry()
    looks = {sid: ts.looks for sid, ts in registry.sets.items()}
    assert looks["carcassonne"].kinds["city"].wall
    assert looks["carcassonne"].kinds["cloister"].building
    assert looks["carcassonne"].icons["shield"].size == 0.22
    assert looks["hills-and-sheep"].icons["hill"].relief == "hill"
    assert not looks["hunters-and-gatherers"].kinds["lake"].building
    assert looks["hunters-and-gatherers"].kinds["river"].end == "spring"
    assert looks["over-hill-and-dale"].figures["meeple"].sprite == "follower"
    for ts in registry.sets.values():
        assert set(ts.looks.kinds) == set(ts.kinds), ts.id


def test_the_textures_a_look_may_name_are_those_the_window_paints() -> None:
    assert set(TEXTURES) == set(textures._MAKERS)


def test_sprites_dir() -> None:
    assert sprites_dir().name == "sprites"
    assert (sprites_dir() / "icons" / "shield.svg").is_file()
    assert (sprites_dir() / "figures" / "follower.svg").is_file()


# --- figures ----------------------------------------------------------------------------------


def _dominant(img: pygame.Surface) -> Colour:
    counts: Counter[Colour] = Counter()
    for y in range(img.get_height()):
        for x in range(img.get_width()):
            c = img.get_at((x, y))
            if c.a == 255:
                counts[(c.r, c.g, c.b)] += 1
    return counts.most_common(1)[0][0]


@pytest.mark.parametrize(("name", "rgb"), pal.PLAYER_COLOURS)
def test_meeple_is_tinted_to_the_player_colour(figures: FigureArt, name: str,
                                               rgb: Colour) -> None:
    img = figures.figure("follower", rgb, 40)
    box = img.get_bounding_rect()
    assert box.width > 20 and box.height > 25
    assert 34 <= img.get_height() <= 46
    body = pygame.Rect(0, 0, box.w // 2, box.h // 2)  # the middle of the body, no outline
    body.center = box.center
    dom = _dominant(img.subsurface(body))
    assert sum(abs(a - b) for a, b in zip(dom, rgb, strict=True)) < 30, (name, dom)


def test_lying_meeple_is_wider_than_tall(figures: FigureArt) -> None:
    standing = figures.figure("follower", (216, 52, 40), 48).get_bounding_rect()
    lying = figures.figure("follower", (216, 52, 40), 48, lying=True).get_bounding_rect()
    assert lying.width > lying.height
    assert standing.height > standing.width


def test_figure_kinds_differ_and_unknown_kinds_are_meeples(figures: FigureArt) -> None:
    blue = (38, 104, 206)

    def shape(kind: str) -> bytes:
        img = figures.figure(kind, blue, 40)
        return bytes(img.get_at((x, y)).a > 128 for y in range(img.get_height())
                     for x in range(img.get_width()))

    meeple = shape("follower")
    assert shape("no-such-figure") == meeple
    shapes = {k: shape(k) for k in ("hut", "stable", "shepherd")}
    assert len({meeple, *shapes.values()}) == 4
    assert figures.figure("follower", blue, 40) is figures.figure("follower", blue, 40)


def test_figures_have_an_outline_and_a_shadow(figures: FigureArt) -> None:
    img = figures.figure("follower", (250, 202, 38), 60)
    colours = {tuple(img.get_at((x, y))) for y in range(img.get_height())
               for x in range(img.get_width())}
    assert any(a == 255 and r + g + b < 200 for r, g, b, a in colours)  # dark outline
    assert any(0 < a < 200 for *_, a in colours)  # soft shadow


def test_art_works_with_a_display_mode_set(base: TileSet) -> None:
    pygame.display.set_mode((64, 64))
    try:
        art = TileArt(base)
        assert art.tile(_tile(base, "A"), 0, 32).get_size() == (32, 32)
        assert FigureArt().figure("follower", (46, 46, 52), 20).get_width() > 0
    finally:
        pygame.display.quit()
        pygame.display.init()
