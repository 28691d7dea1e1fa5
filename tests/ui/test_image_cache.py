"""One bounded image cache for the whole window, and sprites read only from the sprites
folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rules.registry import Registry
from game.ui.art.cache import ImageCache
from game.ui.art.figures import FigureArt
from game.ui.art.icons import IconArt
from game.ui.art.loading import load_sprite, load_svg, sprites_dir
from game.ui.resources import Resources


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


def _image(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)


def test_the_least_recently_used_images_go_first_once_over_budget() -> None:
    cache = ImageCache(budget=3 * 100 * 100 * 4)
    for key in "abc":
        cache.put(key, _image(100))
    assert cache.get("a") is not None  # now the most recently used
    cache.put("d", _image(100))
    assert cache.get("b") is None and all(cache.get(k) is not None for k in "acd")
    assert cache.bytes == 3 * 100 * 100 * 4 and len(cache) == 3
    cache.put("huge", _image(400))  # over budget alone: kept, everything else goes
    assert len(cache) == 1 and cache.get("huge") is not None


def test_every_game_shares_one_budget(registry: Registry) -> None:
    res = Resources()
    res.images.budget = 2_000_000
    sets = [registry.ruleset(g.id) for g in registry.games()]
    assert len(sets) >= 3
    for ts in sets:
        art = res.tile_art(ts)
        assert art.images is res.images
        for tile in ts.tiles[:10]:
            for size in (64, 96, 160):
                art.tile(tile, 0, size)
                assert res.images.bytes <= res.images.budget
        res.figures.figure("follower", (200, 30, 30), 48)
    assert res.figures.images is res.images
    assert res.images.bytes <= res.images.budget


@pytest.fixture
def sprites(tmp_path: Path) -> Path:
    """A sprites folder with one real icon, and beside it a red square nobody may read."""
    folder = tmp_path / "sprites"
    (folder / "icons").mkdir(parents=True)
    (folder / "figures").mkdir()
    shutil.copy(sprites_dir() / "icons" / "shield.svg", folder / "icons" / "shield.svg")
    (tmp_path / "outside.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<rect width="10" height="10" fill="#ff0000"/></svg>', encoding="utf-8")
    return folder


def _red(img: pygame.Surface) -> bool:
    c = img.get_at((img.get_width() // 2, img.get_height() // 2))
    return c.r > 200 and c.g < 60 and c.b < 60


def test_a_sprite_name_that_is_a_path_is_never_read(sprites: Path) -> None:
    assert load_sprite(sprites, "icons", "shield", (32, 32)) is not None
    outside = load_svg(sprites.parent / "outside.svg", (32, 32))
    assert outside is not None and _red(outside)  # drawable: refusing it is the check's doing
    for name in ("../../outside", "../outside", str(sprites.parent / "outside")):
        assert load_sprite(sprites, "icons", name, (32, 32)) is None
        assert not _red(IconArt(sprites, ImageCache()).icon(name, 32))  # a labelled token
        assert not _red(FigureArt(sprites).figure(name, (255, 255, 255), 40))


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need POSIX")
def test_a_sprite_linked_out_of_the_sprites_folder_is_not_read(sprites: Path) -> None:
    (sprites / "icons" / "evil.svg").symlink_to(sprites.parent / "outside.svg")
    assert load_sprite(sprites, "icons", "evil", (32, 32)) is None
    (sprites / "icons" / "inside.svg").symlink_to(sprites / "icons" / "shield.svg")
    assert load_sprite(sprites, "icons", "inside", (32, 32)) is not None
