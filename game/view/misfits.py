"""Why an action the player tried did nothing, in one line of the player's language: a tile
dropped where the placing rules refuse it (which edge meets which, in the tile set's words),
a turn ended before its tile was placed."""

from __future__ import annotations

from typing import assert_never

from game.rules import CellTaken, EdgesDiffer, Misfit, NoNeighbour, TileSet
from game.words.i18n import _
from game.words.vocabulary import kind_word, the_kind


def misfit_text(tileset: TileSet, misfit: Misfit) -> str:
    """"The city edge does not match the road next to it"."""
    match misfit:
        case EdgesDiffer(_cell, _side, mine, theirs):
            return _("The {mine} edge does not match {theirs} next to it").format(
                mine=kind_word(tileset, mine), theirs=the_kind(tileset, theirs))
        case CellTaken():
            return _("A tile is already there")
        case NoNeighbour():
            return _("A tile goes next to one already placed")
        case _:
            assert_never(misfit)


def place_first() -> str:
    """The turn cannot end before its tile is placed."""
    return _("Place the tile first")
