"""What the window shows about a game, as text and plain data: pure Python (no pygame), read
by the window and by tests.  Strings go through ``game.i18n``.

Organised by what it describes: the rule modules' state (``modules``: the lines a module
shows beside the board, the tokens beside a figure, what a move would bring, the details of
its final scoring); the turn log (``chronicle``, told with ``narrate``, ``notices`` and the
words of ``names``); the feature ``cards``; the game's ``history``.

    from game import view
    view.module_lines(game)            # ["Bag: 17 tokens, 2 wolves", ...]
    view.figure_tokens(game, figure)   # ("sheep", 3) or None
    view.move_label(game, move)        # "+2" or None
    view.final_details(game)           # lines for the final scores screen
"""

from __future__ import annotations

from game.rules import Action, Game
from game.rules.features import Figure

from .modules import views_of


def module_lines(game: Game) -> list[str]:
    """Lines about the rule modules' state (a bag of tokens, a bonus pile...)."""
    return [line for view, rule in views_of(game) for line in view.info(game, rule)]


def figure_tokens(game: Game, figure: Figure) -> tuple[str, int] | None:
    """The tokens beside a figure on the board, as (icon name, how many): a shepherd's
    sheep; None for a figure with none."""
    for view, rule in views_of(game):
        tokens = view.figure_tokens(game, rule, figure)
        if tokens is not None:
            return tokens
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


__all__ = ["figure_tokens", "final_details", "module_lines", "move_label"]
