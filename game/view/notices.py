"""The rules' announcements (a wolf, a flock herded, a harvest token taken, gold found) told in
the player's language, and the sounds they play: each announcement is a record its rule module
defines, and that module's view tells it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.rules import Game, Notice

from .modules import views_of


def told(game: Game, notice: Notice) -> str:
    """The announcement in the player's language (a record no view tells reads as its type's
    name: a module that announces something needs a view that tells it)."""
    for view, rule in views_of(game):
        text = view.told(game, rule, notice)
        if text is not None:
            return text
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type(notice).__name__).capitalize()


def logged(game: Game, notice: Notice) -> bool:
    """Whether the turn log tells the announcement (see ``ModuleView.logged``)."""
    return all(view.logged(game, rule, notice) for view, rule in views_of(game))


def sounds(game: Game, notices: Sequence[Notice]) -> list[str]:
    """The sounds announcements play (names of sound files, each once, in order)."""
    out: dict[str, None] = {}
    for notice in notices:
        for view, rule in views_of(game):
            name = view.sound(game, rule, notice)
            if name is not None:
                out[name] = None
    return list(out)
