"""Rule modules: the named pieces of game behaviour that data cannot express.

A tile set switches modules on by name (``rules: [small-city, farmers]``).  Each module is a
small class whose hooks the engine calls at fixed points of a turn; a hook that a module does
not override changes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ..board import PlacedTile
    from ..features import FeatureData, Figure
    from ..game import Game
    from ..model import FigureDef


class RuleModule:
    name: ClassVar[str] = ""
    options: ClassVar[tuple[str, ...]] = ()  # options of the tile set it reads

    def __init__(self, game: Game) -> None:
        self.game = game

    def copy_for(self, game: Game) -> RuleModule:
        """This module's state, for a copy of the game (stateful modules deep-copy)."""
        out = copy.copy(self)
        out.game = game
        return out

    def hand_size(self) -> int | None:
        """How many tiles a player holds; None leaves the decision to other modules."""
        return None

    def adjust_points(self, feature: FeatureData, completed: bool, points: int) -> int:
        """Points a feature is worth, after the kind's table gave ``points``."""
        return points

    def adjust_winners(self, figures: Sequence[Figure], winners: list[int]) -> list[int]:
        """The players who score a feature holding ``figures``; ``winners`` has the majority."""
        return winners

    def may_deploy(self, figure: FigureDef, placed: PlacedTile, index: int) -> bool:
        """Whether ``figure`` may go on feature ``index`` of the tile just placed."""
        return True

    def final_scoring(self) -> None:
        """Award this module's points at the end of the game (via ``game.award``)."""

    def tokens(self, player: int) -> dict[str, int]:
        """Tokens the player holds (harvest tokens, sheep...), by name."""
        return {}


def _registry() -> dict[str, type[RuleModule]]:
    from .base import Farmers, Hand, SmallCity
    return {m.name: m for m in (SmallCity, Farmers, Hand)}


MODULES: dict[str, type[RuleModule]] = _registry()
