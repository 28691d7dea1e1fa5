"""The card shown for a hovered feature: its kind, size and icons, whether it is complete,
its owners and their figures, and what it is worth now if completed and at the end (the rules
core's own count, so that every kind of every game is right).  A feature the tile of the turn
completed is scored when the turn is confirmed: until then its card says what it will score."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.rules import FeatureView, Game
from game.words.i18n import _, ngettext
from game.words.vocabulary import a_figure, counts_icon, figures_counted, icons_counted, kind_title

from .modules import views_of
from .phrases import listed, tiles


@dataclass(frozen=True)
class CardLine:
    text: str
    player: int | None = None  # the line is about this player (drawn with their colour)
    strong: bool = False


@dataclass(frozen=True)
class Card:
    title: str
    lines: tuple[CardLine, ...]


def feature_card(game: Game, feature: FeatureView, worth: bool = True) -> Card:
    """The card of a feature; without ``worth`` (a game without aids) a projected worth is
    left out (what it scored stays)."""
    kind = game.kinds[feature.kind]
    scored = feature.complete and game.feature(feature.id).done
    lines: list[CardLine] = [CardLine(_size(game, feature))]
    if kind.completion == "closed":
        if feature.complete:
            lines.append(CardLine(_("Completed")))
        else:
            lines.append(CardLine(ngettext("Open: {n} edge to close",
                                           "Open: {n} edges to close", feature.open)
                                  .format(n=feature.open)))
    elif kind.completion == "surrounded":
        cell = next(iter(feature.parts))[0]
        around = game.board.count_neighbours8(cell)
        lines.append(CardLine(_("Completed") if around == 8 else
                              _("{n} of the 8 tiles around it").format(n=around)))
    lines.extend(_owners(game, feature))
    for view, rule in views_of(game):
        lines.extend(CardLine(text) for text in view.card_lines(game, rule, feature))
    if worth or scored or game.over:
        lines.extend(_worth(game, feature, scored))
    return Card(kind_title(game.tileset, feature.kind), tuple(lines))


def _size(game: Game, feature: FeatureView) -> str:
    parts = [tiles(feature.tiles)]
    parts += [icons_counted(game.tileset, icon, n) for icon, n in sorted(feature.icons.items())
              if n and counts_icon(game.tileset, icon)]
    return _(", ").join(parts)


def _owners(game: Game, feature: FeatureView) -> list[CardLine]:
    if not feature.figures:
        return [CardLine(_("No figures"))]
    winners = set(game.winners(list(feature.figures)))
    out = []
    by_player: dict[int, Counter[str]] = {}
    for fig in feature.figures:
        by_player.setdefault(fig.player, Counter())[fig.kind] += 1
    for player in sorted(by_player):
        figures = listed([figures_counted(game.tileset, kind, n)
                          for kind, n in sorted(by_player[player].items())])
        text = (_("{player}: {figures}, leads") if player in winners
                else _("{player}: {figures}")).format(player=game.players[player],
                                                      figures=figures)
        out.append(CardLine(text, player))
    return out


def _worth(game: Game, feature: FeatureView, scored: bool) -> list[CardLine]:
    worth = game.feature_worth(feature.id)
    out = []
    if feature.complete:
        if worth.completed is not None:
            text = (_("Scored {points} when completed") if scored
                    else _("Scores {points} when the turn is confirmed"))
            out.append(CardLine(text.format(points=worth.completed), strong=True))
        return out
    idle = [f for f in feature.figures
            if any(view.idle_at_end(game, rule, f) for view, rule in views_of(game))]
    idle_only = bool(feature.figures) and len(idle) == len(feature.figures)
    if game.over:  # the game is finished: what the final scoring gave, no longer a worth
        if not idle_only and feature.figures and worth.final is not None:
            out.append(CardLine(_("Scored {points} at the end").format(points=worth.final),
                                strong=True))
        else:
            out.append(CardLine(_("Scored nothing")))
        return out
    if worth.completed is not None:
        out.append(CardLine(_("Worth {points} if completed now").format(
            points=worth.completed), strong=True))
    if worth.final is not None and idle_only:
        # A shepherd's flock is not the field's worth: say whose it is not, lest its owner
        # read the field's final count as theirs.
        kinds = sorted({f.kind for f in idle})
        out.append(CardLine(_("Worth {points} at the end, not to {figures}").format(
            points=worth.final, figures=listed([a_figure(game.tileset, k) for k in kinds])),
            strong=True))
    elif worth.final is not None:
        out.append(CardLine(_("Worth {points} at the end").format(points=worth.final),
                            strong=True))
    if worth.completed is None and worth.final is None:
        out.append(CardLine(_("Scores nothing itself")))
    return out
