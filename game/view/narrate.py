"""Sentences for the turn log: what a player did and what they scored, in the player's
language, from the tile set's own names (never a tile id or a port name); what a rule module
adds (its awards, its answers, the second tile it grants) its view says."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules import Game, ScoreEvent
from game.rules.board import Cell
from game.words.i18n import _
from game.words.vocabulary import a_figure, counts_icon, icons_counted, kind_word, the_kind

from .modules import views_of
from .phrases import listed, tiles


def placed_tile(game: Game, player: str, extra: bool) -> str:
    """A tile placed (``extra``: the second tile of the turn, which a rule module granted)."""
    if extra:
        return _placed_extra(game, player, None)
    return _("{player} placed a tile").format(player=player)


def stood_in(player: str, reason: str) -> str:
    """A computer plays a player's turn at a network table, and why ("clock": their time
    ran out, "resigned", else they are away)."""
    if reason == "clock":
        return _("{player} is out of time: a computer plays the rest of the turn").format(
            player=player)
    if reason == "resigned":
        return _("{player} resigned: a computer plays the turn").format(player=player)
    return _("{player} is away: a computer plays the turn").format(player=player)


def placed_tile_and_figure(game: Game, player: str, extra: bool, figure: str, kind: str) -> str:
    what = (a_figure(game.tileset, figure), the_kind(game.tileset, kind))
    if extra:
        return _placed_extra(game, player, what)
    return _("{player} placed a tile and {figure} on {feature}").format(
        player=player, figure=what[0], feature=what[1])


def _placed_extra(game: Game, player: str, figure: tuple[str, str] | None) -> str:
    for view, rule in views_of(game):
        text = view.placed_extra(game, rule, player, figure)
        if text is not None:
            return text
    if figure is None:
        return _("{player} placed a second tile").format(player=player)
    return _("{player} placed a second tile and {figure} on {feature}").format(
        player=player, figure=figure[0], feature=figure[1])


def placed_figure(game: Game, player: str, figure: str, kind: str) -> str:
    return _("{player} placed {figure} on {feature}").format(
        player=player, figure=a_figure(game.tileset, figure),
        feature=the_kind(game.tileset, kind))


def moved_figure(game: Game, player: str, figure: str, kind: str) -> str:
    return _("{player} moved {figure} along {feature}").format(
        player=player, figure=a_figure(game.tileset, figure),
        feature=the_kind(game.tileset, kind))


def answered(game: Game, player: str, key: str, choice: str) -> str:
    """The answer to a rule module's question."""
    for view, rule in views_of(game):
        text = view.answered(game, rule, player, key, choice)
        if text is not None:
            return text
    return _("{player} chose: {choice}").format(player=player, choice=choice)


def scored(game: Game, ev: ScoreEvent) -> str:
    """ "Blue +8: city of 4 tiles and 2 shields"."""
    return _("{player} +{points}: {what}").format(
        player=game.players[ev.player], points=ev.points, what=award(game, ev))


def award(game: Game, ev: ScoreEvent) -> str:
    """What points were for: a rule module's award as its view tells it, else the feature
    with its size and icons."""
    for view, rule in views_of(game):
        text = view.award(game, rule, ev)
        if text is not None:
            return text
    kind = game.kinds.get(ev.category)
    if kind is None or kind.completion == "surrounded":
        return kind_word(game.tileset, ev.category)
    icons = _icons_of(game, ev.category, ev.cells)
    what = _("{kind} of {tiles}").format(kind=kind_word(game.tileset, ev.category),
                                       tiles=tiles(len(ev.cells)))
    if icons:
        what = listed([what, *icons])
    return what


def _icons_of(game: Game, kind: str, cells: Sequence[Cell]) -> list[str]:
    """The icons of the feature of ``kind`` on exactly these tiles, counted."""
    wanted = set(cells)
    for view in game.all_features():
        if view.kind == kind and {c for c, _p in view.parts} == wanted:
            return [icons_counted(game.tileset, icon, k)
                    for icon, k in sorted(view.icons.items())
                    if k and counts_icon(game.tileset, icon)]
    return []
