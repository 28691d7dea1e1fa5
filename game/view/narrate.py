"""Sentences for the turn log: what a player did and what they scored, in the player's
language, from the tile set's own names (never a tile id or a port name)."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _
from game.rules import Game, ScoreEvent, TileSet
from game.rules.board import Cell

from . import names


def placed_tile(player: str, bonus: bool) -> str:
    if bonus:
        return _("{player} placed the bonus tile").format(player=player)
    return _("{player} placed a tile").format(player=player)


def placed_tile_and_figure(player: str, bonus: bool, figure: str, kind: str,
                           tileset: TileSet | None = None) -> str:
    what = {"player": player, "figure": names.a_figure(figure, tileset),
            "feature": names.the_kind(kind, tileset)}
    if bonus:
        return _("{player} placed the bonus tile and {figure} on {feature}").format(**what)
    return _("{player} placed a tile and {figure} on {feature}").format(**what)


def placed_figure(player: str, figure: str, kind: str, tileset: TileSet | None = None) -> str:
    return _("{player} placed {figure} on {feature}").format(
        player=player, figure=names.a_figure(figure, tileset),
        feature=names.the_kind(kind, tileset))


def moved_figure(player: str, figure: str, kind: str, tileset: TileSet | None = None) -> str:
    return _("{player} moved {figure} along {feature}").format(
        player=player, figure=names.a_figure(figure, tileset),
        feature=names.the_kind(kind, tileset))


def answered(player: str, key: str, choice: str) -> str:
    """The answer to a rule module's question."""
    if key == "flock" and choice == "grow":
        return _("{player} let the flock grow").format(player=player)
    if key == "flock" and choice == "herd":
        return _("{player} herded the flock").format(player=player)
    return _("{player} chose: {choice}").format(player=player, choice=choice)


def scored(game: Game, ev: ScoreEvent) -> str:
    """ "Blue +8: city of 4 tiles and 2 shields"."""
    return _("{player} +{points}: {what}").format(
        player=game.players[ev.player], points=ev.points, what=award(game, ev))


def award(game: Game, ev: ScoreEvent) -> str:
    """What points were for: the feature with its size and icons, or a rule module's
    award."""
    n = len(ev.cells)
    module_award = _MODULE_AWARDS.get(ev.category)
    if module_award is not None and ev.category not in game.kinds:
        return module_award(ev.points, n)
    if ev.category == "field" and "farmers" in game.tileset.rules:
        return _("farmers supplying a city of {tiles}").format(tiles=names.tiles(n))
    kind = game.kinds.get(ev.category)
    if kind is None or kind.completion == "surrounded":
        return names.kind_noun(ev.category, game.tileset)
    icons = _icons_of(game, ev.category, ev.cells)
    what = _("{kind} of {tiles}").format(kind=names.kind_noun(ev.category, game.tileset),
                                       tiles=names.tiles(n))
    if icons:
        what = names.listed([what, *icons])
    return what


def _icons_of(game: Game, kind: str, cells: Sequence[Cell]) -> list[str]:
    """The icons of the feature of ``kind`` on exactly these tiles, counted."""
    wanted = set(cells)
    for view in game.all_features():
        if view.kind == kind and {c for c, _p in view.parts} == wanted:
            return [names.counted(icon, k) for icon, k in sorted(view.icons.items())
                    if k and icon not in names.UNCOUNTED]
    return []


def _sheep(points: int, tiles: int) -> str:
    return _("a flock of {sheep}").format(sheep=names.counted("sheep", points))


def _hike(points: int, tiles: int) -> str:
    return _("a hike of {tiles}").format(tiles=names.tiles(points))


def _huts(points: int, tiles: int) -> str:
    return _("huts on a river network with {fish}").format(fish=names.counted("fish", points))


def _hunters(points: int, tiles: int) -> str:
    return _("hunters in a meadow of {tiles}").format(tiles=names.tiles(tiles))


def _stable(points: int, tiles: int) -> str:
    return _("a stable among {animals}").format(animals=names.counted("animal", points))


def _harvest(points: int, tiles: int) -> str:
    return _("the harvest tokens")


_MODULE_AWARDS = {"sheep": _sheep, "hike": _hike, "huts": _huts, "hunters": _hunters,
                  "stable": _stable, "harvest": _harvest}
