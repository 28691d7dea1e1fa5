"""A player's tile set whose rules page asks for too much: the help screen opens it, draws
what is within the bounds and shows a line where it left something out."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.system.paths import tilesets_dir
from game.ui.app import App, AppConfig
from game.ui.pages import MAX_HEIGHT
from game.ui.scenes.help import HelpScene
from game.ui.scenes.routes import SceneRoutes

from .conftest import Driver

PAGE = ("# Mine\n\nA page of a player's tile set.\n\n"
        "```board\nE 100000,100000\n```\n\n"  # the 42-byte picture: Out of memory
        "```board\nE " + "9" * 4000 + ",0\n```\n\n"  # a ValueError
        "```board\nE 0,0\nE 1,0\n```\n\n"  # within the bounds
        + "```board\nE 0,0\n```\n" * 10_000)  # 13 s and 2.9 GB


@pytest.fixture
def mine(tmp_path: Path) -> Iterator[App]:
    """A window whose user tile sets hold 'mine' (the base game under another id) with its
    rules page."""
    folder = tmp_path / "data" / "tilesets"
    (folder / "help").mkdir(parents=True)
    text = (tilesets_dir() / "carcassonne.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^id: carcassonne$", "id: mine", text)
    (folder / "mine.yaml").write_text(text, encoding="utf-8")
    (folder / "help" / "mine.en.md").write_text(PAGE, encoding="utf-8")
    app = App(AppConfig(size=(1280, 800), storage_root=tmp_path), SceneRoutes)
    yield app
    pygame.quit()


def test_a_page_over_the_bounds_shows_lines_saying_so(mine: App) -> None:
    assert "mine" in mine.registry.sets
    driver = Driver(mine)
    scene = HelpScene(mine, "mine")
    mine.push(scene)
    driver.frames(2)
    rendered = scene.rendered(scene.current)
    assert scene.current.key == "mine"
    problems = rendered.problems
    assert "more than 999 cells from 0,0" in problems[0]
    assert "more than 999 cells from 0,0" in problems[1]
    assert problems[2].endswith("the page has 10,003 pictures: the first 24 are drawn")
    assert len(problems) == 3
    assert rendered.surface.get_height() < mine.res.px(MAX_HEIGHT)
    driver.frames(2)
    assert mine.scene is scene


def test_a_page_of_endless_text_stops_and_says_so(mine: App) -> None:
    (mine.storage.user_tilesets_dir / "help" / "mine.en.md").write_text(
        "# Mine\n\n" + "Words of a very long page.\n\n" * 6_000, encoding="utf-8")
    scene = HelpScene(mine, "mine")
    mine.push(scene)
    rendered = scene.rendered(scene.current)
    assert rendered.problems and "longer than" in rendered.problems[-1]
    assert rendered.surface.get_height() <= mine.res.px(MAX_HEIGHT) + mine.res.px(200)
