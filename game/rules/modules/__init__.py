"""Rule modules: the named pieces of game behaviour that data cannot express.

A tile set switches modules on by name (``rules: [small-city, farmers]``).  Each module is a
small class whose hooks the engine calls at fixed points of a turn, each with the game's
``Host`` (what a hook may read and do); the engine calls only the hooks a module overrides.
The hooks are declared once, as the methods of ``RuleModule`` (all but ``clone``): ``HOOKS``
is read from the class, and a game keeps, for each hook, the modules that override it
(``hooks_of``), which the engine looks up by the base class's method
(``game.hooks[RuleModule.after_place]``, checked by the type checker).
A module keeps its own state (a bag of tokens, a bonus pile) and never the game: ``clone``
copies that state for a copy of the game (a module without state returns itself).

What modules show the players (state lines, announcements, awards, prompts...) is not here:
each module's view in ``game.view.modules`` tells it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from typing import Self

    from ..actions import Action
    from ..board import PlacedTile
    from ..features import Feature, Figure
    from ..host import Host, TurnKey
    from ..model import FigureDef

Hook = Callable[..., Any]  # a hook, named by its method on RuleModule: RuleModule.after_place


@dataclass(frozen=True, slots=True)
class Holding:
    """Points a player's figure holds that only a later action of theirs turns into score (a
    shepherd's flock), told as plain data so that computer players can value them without
    knowing the game: what cashing in scores, the feature the player's own tile must extend
    to be offered the choice, and what growing once more may bring."""

    points: int  # what cashing in now scores
    feature: int  # the feature (its root) whose extension by the player offers the choice
    growth: tuple[tuple[int, float], ...]  # growing once: (points added, chance) pairs...
    lost: float  # ... and the chance that growing loses the whole holding
    category: str = ""  # what cashing in scores, as its score events name it
    now: bool = False  # the player is being asked now: cash in or grow
    kept: bool = False  # True: the final scoring counts it; False: lost unless cashed in
    figure: str = ""  # the kind of the figure that goes home when growing loses it all


class RuleModule:
    name: ClassVar[str] = ""
    options: ClassVar[tuple[str, ...]] = ()  # options of the tile set it reads
    turn_keys: ClassVar[tuple[TurnKey, ...]] = ()  # scenario turn keys it owns
    __slots__ = ()

    def __init__(self, host: Host) -> None:
        """Set up for a new game (the host gives the tile set, options and players)."""

    def clone(self) -> Self:
        """This module for a copy of the game: its state copied (a module without state,
        like this base class, is shared)."""
        return self

    @classmethod
    def overrides(cls, hook: Hook) -> bool:
        """Whether this class has its own ``hook`` (a method of ``RuleModule``)."""
        return getattr(cls, hook.__name__) is not hook

    # -- asked once when the game is set up
    def hand_size(self, host: Host) -> int | None:
        """How many tiles a player holds; None leaves the decision to other modules."""
        return None

    def defers_returns(self, host: Host) -> bool:
        """True: figures of scored features go home only at the end of the turn."""
        return False

    # -- scoring
    def adjust_points(self, host: Host, feature: Feature, completed: bool, points: int) -> int:
        """Points a feature is worth: ``points``, as its kind's own points count it, adjusted."""
        return points

    def adjust_winners(self, host: Host, figures: Sequence[Figure], winners: list[int]
                       ) -> list[int]:
        """The players who score a feature holding ``figures``; ``winners`` has the majority."""
        return winners

    def may_deploy(self, host: Host, figure: FigureDef, placed: PlacedTile, index: int) -> bool:
        """Whether ``figure`` may go on feature ``index`` of the tile just placed."""
        return True

    def final_scoring(self, host: Host) -> None:
        """Award this module's points at the end of the game (via ``host.award``)."""

    def end_worth(self, host: Host, feature: Feature) -> int | None:
        """What this module's final scoring would give the feature's leaders for it as the
        game stands (a field's farmers, a meadow's hunt); None when it gives it nothing.
        Asked by ``feature_worth`` (the window's feature card), never by the engine."""
        return None

    # -- questions for computer players and the window
    def tokens(self, host: Host, player: int) -> dict[str, int]:
        """Tokens the player holds (harvest tokens, sheep...), by name."""
        return {}

    def held_points(self, host: Host, player: int) -> int:
        """Points the player's figures hold that only a later action turns into score (a
        shepherd's flock, herded on a later turn) and that the final scoring does not count.
        Computer players weigh them; the rules never read them."""
        return 0

    def holding(self, host: Host, player: int) -> Holding | None:
        """What ``held_points`` rest on, for computer players to value (None: nothing held).
        The rules never read it."""
        return None

    # -- turn hooks, in the order the engine calls them
    def after_place(self, host: Host, placed: PlacedTile) -> None:
        """Right after the turn's tile is placed (a hill takes a tile under it; a shepherd's
        owner is asked to grow or herd via ``host.request_choice``)."""

    def on_choice(self, host: Host, key: str, choice: str) -> None:
        """The answer to a question this module asked with ``host.request_choice``."""

    def extra_actions(self, host: Host) -> list[Action]:
        """Actions besides placing a figure in the figure step (a hike)."""
        return []

    def apply_extra(self, host: Host, action: Action) -> bool:
        """Carry out one of ``extra_actions``; True when this module handled it."""
        return False

    def on_deploy(self, host: Host, figure: Figure, placed: PlacedTile) -> None:
        """A figure was just placed (a shepherd draws a token)."""

    def on_scored(self, host: Host, feature: Feature, completed: bool, winners: list[int],
                  points: int) -> None:
        """A feature was scored (before its figures go home)."""

    def after_scoring(self, host: Host, placed: PlacedTile) -> None:
        """All features the turn completed are scored (a bonus tile may be granted with
        ``host.grant_extra_placement``)."""


# What a game keeps of its modules' hooks: for each hook, the modules (indices into the game's
# modules, in order) that override it.
Hooks = Mapping[Hook, tuple[int, ...]]

# Every hook, as RuleModule declares it: its public methods but ``clone`` (how a game's copy
# gets the module; every module is asked, whether it overrides it or not).
HOOKS: tuple[Hook, ...] = tuple(
    method for name, method in vars(RuleModule).items()
    if inspect.isfunction(method) and not name.startswith("_") and name != "clone")


def hooks_of(modules: Sequence[type[RuleModule]]) -> Hooks:
    """For each hook, the modules of these classes (by index) that override it."""
    return {hook: tuple(i for i, cls in enumerate(modules) if cls.overrides(hook))
            for hook in HOOKS}


def discover(package: str) -> dict[str, type[RuleModule]]:
    """Every RuleModule subclass with a name from every file of ``package`` (a package name):
    adding a module file to this package is all it takes to make its modules available to
    tile sets.  A game kept in a package of its own (a test's) is added to ``MODULES`` from
    ``discover(its package)``."""
    import importlib
    import pkgutil

    root = importlib.import_module(package)
    found: dict[str, type[RuleModule]] = {}
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda i: i.name):
        importlib.import_module(f"{package}.{info.name}")

    def walk(cls: type[RuleModule]) -> None:
        for sub in cls.__subclasses__():
            if sub.name and sub.__module__.startswith(package + "."):
                if sub.name in found and found[sub.name] is not sub:
                    raise RuntimeError(f"two rule modules are named '{sub.name}'")
                found[sub.name] = sub
            walk(sub)

    walk(RuleModule)
    return found


MODULES: dict[str, type[RuleModule]] = discover(__name__)
