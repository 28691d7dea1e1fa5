"""The rules core: tile sets in, legal moves and scores out.  Never imports pygame."""

from .actions import Action, Choose, Deploy, Move, Place, Skip, parse_action
from .errors import IllegalAction, RulesError, TileSetError, UnknownOption
from .events import (
    CellTaken,
    ChoiceRequest,
    EdgesDiffer,
    FeatureView,
    Misfit,
    NoNeighbour,
    Notice,
    ScoreEvent,
    Worth,
)
from .game import Game
from .host import Form, Host, Phase, TurnKey
from .loader import load_tileset, parse_tileset
from .model import TileSet, TileType
from .placing import LegalPlacements
from .registry import Registry, default_registry

__all__ = [
    "Action",
    "CellTaken",
    "ChoiceRequest",
    "Choose",
    "Deploy",
    "EdgesDiffer",
    "FeatureView",
    "Form",
    "Game",
    "Host",
    "IllegalAction",
    "LegalPlacements",
    "Misfit",
    "Move",
    "NoNeighbour",
    "Notice",
    "Phase",
    "Place",
    "Registry",
    "RulesError",
    "ScoreEvent",
    "Skip",
    "TileSet",
    "TileSetError",
    "TileType",
    "TurnKey",
    "UnknownOption",
    "Worth",
    "default_registry",
    "load_tileset",
    "parse_action",
    "parse_tileset",
]
