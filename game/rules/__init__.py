"""The rules core: tile sets in, legal moves and scores out.  Never imports pygame."""

from .actions import Action, Choose, Deploy, Move, Place, Skip, parse_action
from .errors import IllegalAction, RulesError, TileSetError, UnknownOption
from .game import (
    CHOOSE,
    FIGURE,
    OVER,
    PLACE,
    FeatureView,
    Game,
    LegalPlacements,
    ScoreEvent,
    Worth,
)
from .loader import load_tileset, parse_tileset
from .model import TileSet, TileType
from .registry import Registry, default_registry

__all__ = [
    "CHOOSE",
    "FIGURE",
    "OVER",
    "PLACE",
    "Action",
    "Choose",
    "Deploy",
    "FeatureView",
    "Game",
    "IllegalAction",
    "LegalPlacements",
    "Move",
    "Place",
    "Registry",
    "RulesError",
    "ScoreEvent",
    "Skip",
    "TileSet",
    "TileSetError",
    "TileType",
    "UnknownOption",
    "Worth",
    "default_registry",
    "load_tileset",
    "parse_action",
    "parse_tileset",
]
