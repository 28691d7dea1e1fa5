"""Figures read on every terrain and for every eye: an outline of a dark and a light ring, kept
whole on faint figures; a pattern per player colour on figures and marks, so that players
are told apart without their hues."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.rules import default_registry
from game.ui.art.figures import FigureArt, pattern_of
from game.ui.art.primitives import luma
from game.ui.palette import PLAYER_COLOURS, TABLETOP, Colour

# Every ground a figure stands on: each kind's colour and edge in the built-in games' looks,
# and the table.
GROUNDS = sorted({c for ts in default_registry().sets.values() for k in ts.looks.kinds.values()
                  for c in (k.colour, k.edge, k.roof)} | {TABLETOP})


@pytest.fixture(scope="module")
def figures() -> FigureArt:
    pygame.display.init()
    return FigureArt()


def grey(colour: pygame.Color) -> float:
    return luma((colour.r, colour.g, colour.b))


def opaque_lumas(img: pygame.Surface) -> list[float]:
    w, h = img.get_size()
    return [grey(img.get_at((x, y))) for x in range(w) for y in range(h)
            if img.get_at((x, y))[3] >= 220]


@pytest.mark.parametrize("body_alpha", [255, 110])
@pytest.mark.parametrize("lying", [False, True])
def test_every_figure_stands_out_on_every_ground(figures: FigureArt, body_alpha: int,
                                                 lying: bool) -> None:
    for (name, rgb), size in itertools.product(PLAYER_COLOURS, (16, 30, 54)):
        lumas = opaque_lumas(figures.figure("follower", rgb, size, lying, body_alpha))
        for ground in GROUNDS:
            # Some of its solid outline is far lighter or darker than the ground.
            assert max(abs(v - luma(ground)) for v in lumas) >= 100, (name, size, ground)


def test_a_faint_figure_keeps_its_outline_and_fades_its_body(figures: FigureArt) -> None:
    solid = figures.figure("follower", PLAYER_COLOURS[2][1], 40)
    faint = figures.figure("follower", PLAYER_COLOURS[2][1], 40, body_alpha=110)
    w, h = solid.get_size()
    centre = faint.get_at((w // 2, h // 2))
    assert centre[3] <= 120  # the body is see-through
    assert len(opaque_lumas(faint)) >= len(opaque_lumas(solid)) // 3  # its rings are not


def test_players_are_told_apart_without_hue(figures: FigureArt) -> None:
    """Drawn in greys alone (no hue, each figure's mean lightness taken away), every two
    players' figures, and their marks, still differ."""
    assert len({pattern_of(rgb) for _, rgb in PLAYER_COLOURS}) == len(PLAYER_COLOURS)

    def greys(img: pygame.Surface) -> list[float]:
        w, h = img.get_size()
        inside = [(x, y) for x in range(w) for y in range(h) if img.get_at((x, y))[3] == 255]
        values = [grey(img.get_at(p)) for p in inside]
        mean = sum(values) / len(values)
        return [v - mean for v in values]

    def figure(rgb: Colour) -> pygame.Surface:
        return figures.figure("follower", rgb, 40)

    def mark(rgb: Colour) -> pygame.Surface:
        return figures.mark(rgb, 9)

    for made in (figure, mark):
        seen = {name: greys(made(rgb)) for name, rgb in PLAYER_COLOURS}
        for a, b in itertools.combinations(seen, 2):
            diff = sum(abs(x - y) for x, y in zip(seen[a], seen[b], strict=False))
            assert diff / len(seen[a]) >= 6, (a, b)
