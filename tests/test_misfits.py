"""Why a placement is refused: the rules core names the cell taken, the cell beside no tile,
or the first edge of the tile that meets a neighbour's edge of another kind, and the view says
it in the tile set's words, in English and French."""

from __future__ import annotations

import random

import pytest

from game.ai.random_policy import random_action
from game.rules import CellTaken, EdgesDiffer, Game, NoNeighbour, Place, Registry
from game.view.misfits import misfit_text, place_first
from game.words import i18n

GAMES = ("carcassonne", "hunters-and-gatherers", "over-hill-and-dale")


@pytest.fixture(autouse=True)
def english() -> object:
    yield
    i18n.set_language("en")


def test_each_kind_of_misfit_on_a_constructed_position(registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["Red", "Blue"], seed=5)
    # The start tile: a city to the north, a road from west to east, a field to the south.
    # U is a straight road from west to east: north of the start tile its field would meet
    # the city, turned a quarter its road would.
    assert game.misfit(Place("U", 0, -1, 0)) == EdgesDiffer((0, -1), 2, "field", "city")
    assert game.misfit(Place("U", 0, -1, 90)) == EdgesDiffer((0, -1), 2, "road", "city")
    assert game.misfit(Place("U", 0, 0, 0)) == CellTaken((0, 0))
    assert game.misfit(Place("U", 4, 4, 0)) == NoNeighbour((4, 4))
    assert game.misfit(Place("U", 1, 0, 0)) is None  # east of it: road meets road
    assert game.misfit(Place("U", 0, 1, 90)) == EdgesDiffer((0, 1), 0, "road", "field")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_placement_is_legal_exactly_when_nothing_misfits(registry: Registry,
                                                           game_id: str) -> None:
    game = Game(registry.ruleset(game_id), ["Red", "Blue"], seed=3)
    rng = random.Random(3)
    checked = 0
    while len(game.board) < 25 and not game.over:
        if game.phase == "place":
            legal = game.legal_placements()
            for cell in list(game.board.demands)[:12]:
                for degrees in (0, 90, 180, 270):
                    place = Place(legal.tile, cell[0], cell[1], degrees)
                    assert (game.misfit(place) is None) == (place in legal), place
                    checked += 1
        game.apply(random_action(game, rng))
    assert checked > 500


def test_the_misfit_in_the_tile_sets_words(registry: Registry) -> None:
    tileset = registry.ruleset("carcassonne")
    misfit = EdgesDiffer((0, -1), 2, "road", "city")
    assert misfit_text(tileset, misfit) == "The road edge does not match the city next to it"
    i18n.set_language("fr")
    assert misfit_text(tileset, misfit) == "Le côté chemin ne prolonge pas la ville d'à côté"
    assert place_first() == "Posez d'abord la tuile"
    assert misfit_text(tileset, CellTaken((0, 0))) == "Il y a déjà une tuile ici"
    meadows = registry.ruleset("hunters-and-gatherers")
    text = misfit_text(meadows, EdgesDiffer((0, 0), 1, "river", "meadow"))
    assert text == "Le côté rivière ne prolonge pas la prairie d'à côté"
