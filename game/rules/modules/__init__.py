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
    from ..actions import Action
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

    def end_worth(self, feature: FeatureData) -> int | None:
        """What this module's final scoring would give the feature's leaders for it as the
        game stands (a field's farmers, a meadow's hunt); None when it gives it nothing."""
        return None

    def tokens(self, player: int) -> dict[str, int]:
        """Tokens the player holds (harvest tokens, sheep...), by name."""
        return {}

    def held_points(self, player: int) -> int:
        """Points the player's figures hold that only a later action turns into score (a
        shepherd's flock, herded on a later turn) and that the final scoring does not count.
        Computer players weigh them; the rules never read them."""
        return 0

    # -- turn hooks, in the order the engine calls them
    def after_place(self, placed: PlacedTile) -> None:
        """Right after the turn's tile is placed (a hill takes a tile under it; a shepherd's
        owner is asked to grow or herd via ``game.request_choice``)."""

    def on_choice(self, key: str, choice: str) -> None:
        """The answer to a question this module asked with ``game.request_choice``."""

    def extra_actions(self) -> list[Action]:
        """Actions besides placing a figure in the figure step (a hike)."""
        return []

    def apply_extra(self, action: Action) -> bool:
        """Carry out one of ``extra_actions``; True when this module handled it."""
        return False

    def on_deploy(self, figure: Figure, placed: PlacedTile) -> None:
        """A figure was just placed (a shepherd draws a token)."""

    def on_scored(self, feature: FeatureData, completed: bool, winners: list[int],
                  points: int) -> None:
        """A feature was scored (before its figures go home)."""

    def after_scoring(self, placed: PlacedTile) -> None:
        """All features the turn completed are scored (a bonus tile may be granted with
        ``game.grant_extra_placement``)."""

    def defers_returns(self) -> bool:
        """True: figures of scored features go home only at the end of the turn."""
        return False

    def info(self) -> list[str]:
        """Lines the window shows about this module's state (the bag, a bonus pile...)."""
        return []

    def figure_badge(self, figure: Figure) -> str | None:
        """A short label the window shows beside a figure (a shepherd's sheep count)."""
        return None

    def move_label(self, move: Action) -> str | None:
        """What a Move would bring, shown on its target cell (a hike's points)."""
        return None

    def final_details(self) -> list[str]:
        """Lines explaining this module's final scoring, for the final scores screen."""
        return []


def _registry() -> dict[str, type[RuleModule]]:
    """Every RuleModule subclass with a name, from every file of this package: adding a
    module file is all it takes to make its modules available to tile sets."""
    import importlib
    import pkgutil

    found: dict[str, type[RuleModule]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        importlib.import_module(f"{__name__}.{info.name}")

    def walk(cls: type[RuleModule]) -> None:
        for sub in cls.__subclasses__():
            if sub.name and sub.__module__.startswith(__name__ + "."):
                if sub.name in found and found[sub.name] is not sub:
                    raise RuntimeError(f"two rule modules are named '{sub.name}'")
                found[sub.name] = sub
            walk(sub)

    walk(RuleModule)
    return found


MODULES: dict[str, type[RuleModule]] = _registry()
