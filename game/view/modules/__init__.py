"""Views of rule modules: everything the players see of one rule module, in one file beside
its siblings, registered by the module it shows.

A view tells its module's state (lines beside the board, tokens beside a figure, what a move
brings), its announcements (the records its module emits, and the sound each plays), what its
points were for (in the turn log, the Hint and the final screen's columns and details), its
prompts and answers, and the rows it adds to the controls page.  Generic code (the rest of
``game.view``, the window, the Hint) asks the views through ``game.view`` and never names a
module's things; the words for the tile set's own kinds, figures and icons come from
``game.words.vocabulary``.

A new view file in this package is found by itself, like a rule module file; views kept
elsewhere (a game in a package of its own) are found with ``discover(package)``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar

from game.rules import Action, FeatureView, Game, Notice, ScoreEvent
from game.rules.features import Figure
from game.rules.modules import RuleModule

M = TypeVar("M", bound=RuleModule)


class ModuleView(Generic[M]):
    """What one rule module shows; every method answers nothing unless overridden."""

    rule: ClassVar[type[RuleModule]]  # the rule module this view shows
    sounds: ClassVar[tuple[str, ...]] = ()  # every sound ``sound`` may name
    # (what, how) rows it adds to the controls page, marked with N_ and translated there
    controls: ClassVar[tuple[tuple[str, str], ...]] = ()

    # -- its state, beside the board
    def info(self, game: Game, rule: M) -> list[str]:
        """Lines about the module's state."""
        return []

    def figure_tokens(self, game: Game, rule: M, figure: Figure) -> tuple[str, int] | None:
        """The tokens beside a figure: (icon name, how many)."""
        return None

    def card_lines(self, game: Game, rule: M, feature: FeatureView) -> list[str]:
        """Lines the card of a hovered feature adds, after its figures."""
        return []

    def idle_at_end(self, game: Game, rule: M, figure: Figure) -> bool:
        """The figure scores nothing at the end of the game, whatever its feature is worth."""
        return False

    def move_label(self, game: Game, rule: M, move: Action) -> str | None:
        """What a move of the figure step would bring (its cell's badge)."""
        return None

    def move_name(self, game: Game, rule: M, move: Action) -> str | None:
        """A move of the figure step in words, for the card of the keys' choice."""
        return None

    # -- prompts and the turn log
    def move_prompt(self, game: Game, rule: M, player: str) -> str | None:
        """The banner when the player may move a figure instead of placing one."""
        return None

    def extra_prompt(self, game: Game, rule: M, player: str) -> str | None:
        """The banner when the player places the second tile of a turn this module granted."""
        return None

    def placed_extra(self, game: Game, rule: M, player: str,
                     figure: tuple[str, str] | None) -> str | None:
        """The log's line for that second tile placed, with ``figure`` (the figure and the
        feature it went on, in a sentence) when one was placed on it."""
        return None

    def answered(self, game: Game, rule: M, player: str, key: str, choice: str) -> str | None:
        """The log's line for the answer to the module's question ``key``."""
        return None

    def told(self, game: Game, rule: M, notice: Notice) -> str | None:
        """One of the module's announcements, in a sentence."""
        return None

    def sound(self, game: Game, rule: M, notice: Notice) -> str | None:
        """The sound one of its announcements plays (one of ``sounds``)."""
        return None

    def logged(self, game: Game, rule: M, notice: Notice) -> bool:
        """Whether the turn log tells one of its announcements: not when the line of the
        points it came with says it all (it is still floated over the board)."""
        return True

    # -- points
    def award(self, game: Game, rule: M, event: ScoreEvent) -> str | None:
        """What points the module awarded were for ("a flock of 5 sheep")."""
        return None

    def hint_award(self, game: Game, rule: M, category: str) -> str | None:
        """What the Hint calls the module's points of ``category`` ("a hike")."""
        return None

    def categories(self, game: Game, rule: M) -> list[str]:
        """Score categories the final screen shows as columns even when nothing scored."""
        return []

    def category_title(self, game: Game, rule: M, category: str) -> str | None:
        """A column title of the final screen for one of its categories ("Hikes")."""
        return None

    def final_details(self, game: Game, rule: M) -> list[str]:
        """Lines explaining the module's final scoring."""
        return []


def discover(package: str) -> dict[str, ModuleView[Any]]:
    """The views of every file of ``package`` (a package name), by the name of the rule
    module each shows."""
    root = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda i: i.name):
        importlib.import_module(f"{package}.{info.name}")
    found: dict[str, ModuleView[Any]] = {}
    for cls in _subclasses(ModuleView):
        if not cls.__module__.startswith(package + ".") or "rule" not in vars(cls):
            continue
        name = cls.rule.name
        if name in found:
            raise RuntimeError(f"two views show the rule module '{name}'")
        found[name] = cls()
    return found


def _subclasses(cls: type[ModuleView[Any]]) -> Iterator[type[ModuleView[Any]]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


VIEWS: dict[str, ModuleView[Any]] = discover(__name__)


def views_of(game: Game) -> Iterator[tuple[ModuleView[Any], RuleModule]]:
    """Each rule module of the game that has a view, with its view."""
    for rule in game.modules:
        view = VIEWS.get(rule.name)
        if view is not None and isinstance(rule, view.rule):
            yield view, rule
