"""What stands beside a figure on the board: tokens it keeps (a shepherd's sheep)."""

from __future__ import annotations

from game.rules import Game
from game.rules.features import Figure


def figure_tokens(game: Game, figure: Figure) -> tuple[str, int] | None:
    """The tokens beside a figure, as (icon name, how many), or None."""
    shepherds = game.module("shepherds")
    flocks = getattr(shepherds, "flocks", None)
    if figure.kind != "shepherd" or flocks is None:
        return None
    sheep = sum(int(t) for t in flocks.get(figure.id, ()) if t.isdigit())
    return ("sheep", sheep)
