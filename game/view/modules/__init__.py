"""Views of rule modules: one small view per rule module that shows something, registered
by the module it shows.  A new view file is found by itself, like a rule module file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar

from game.rules import Action, Game
from game.rules.features import Figure
from game.rules.modules import RuleModule

M = TypeVar("M", bound=RuleModule)


class ModuleView(Generic[M]):
    """What one rule module shows; every method answers nothing unless overridden."""

    rule: ClassVar[type[RuleModule]]  # the rule module this view shows

    def info(self, game: Game, rule: M) -> list[str]:
        """Lines about the module's state, beside the board."""
        return []

    def figure_tokens(self, game: Game, rule: M, figure: Figure) -> tuple[str, int] | None:
        """The tokens beside a figure: (icon name, how many)."""
        return None

    def move_label(self, game: Game, rule: M, move: Action) -> str | None:
        """What a move of the figure step would bring."""
        return None

    def final_details(self, game: Game, rule: M) -> list[str]:
        """Lines explaining the module's final scoring."""
        return []


def _registry() -> dict[str, ModuleView[Any]]:
    import importlib
    import pkgutil

    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        importlib.import_module(f"{__name__}.{info.name}")
    found: dict[str, ModuleView[Any]] = {}
    for cls in ModuleView.__subclasses__():
        name = cls.rule.name
        if name in found:
            raise RuntimeError(f"two views show the rule module '{name}'")
        found[name] = cls()
    return found


VIEWS: dict[str, ModuleView[Any]] = _registry()


def views_of(game: Game) -> Iterator[tuple[ModuleView[Any], RuleModule]]:
    """Each rule module of the game that has a view, with its view."""
    for rule in game.modules:
        view = VIEWS.get(rule.name)
        if view is not None and isinstance(rule, view.rule):
            yield view, rule
