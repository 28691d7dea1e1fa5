"""What the window shows about a game, as text: pure Python (no pygame), read by the window
and by tests.  Strings go through ``game.i18n``.

Organised by what it describes; today the rule modules' state (``modules``): the lines a
module shows beside the board, a figure's badge, what a move would bring, and the details
of its final scoring.

    from game import view
    view.module_lines(game)          # ["Bag: 17 tokens, 2 wolves", ...]
    view.figure_badge(game, figure)  # "3 sheep" or None
    view.move_label(game, move)      # "+2" or None
    view.final_details(game)         # lines for the final scores screen
"""

from __future__ import annotations

from game.rules import Action, Game
from game.rules.features import Figure

from .modules import views_of


def module_lines(game: Game) -> list[str]:
    """Lines about the rule modules' state (a bag of tokens, a bonus pile...)."""
    return [line for view, rule in views_of(game) for line in view.info(game, rule)]


def figure_badge(game: Game, figure: Figure) -> str | None:
    """A short label beside a figure on the board (a shepherd's sheep), or None."""
    for view, rule in views_of(game):
        badge = view.figure_badge(game, rule, figure)
        if badge:
            return badge
    return None


def move_label(game: Game, move: Action) -> str | None:
    """What a move offered in the figure step would bring, shown on its cell (a hike's
    points), or None."""
    for view, rule in views_of(game):
        label = view.move_label(game, rule, move)
        if label:
            return label
    return None


def final_details(game: Game) -> list[str]:
    """Lines explaining the rule modules' final scoring, for the final scores screen."""
    return [line for view, rule in views_of(game) for line in view.final_details(game, rule)]


__all__ = ["figure_badge", "final_details", "module_lines", "move_label"]
