"""What Hunters & Gatherers shows: the bonus pile and the bonus tile (its prompt, its line
in the log), gold found, and how each meadow with hunters and each river network with huts
scored at the end."""

from __future__ import annotations

from game.rules import Game, Notice, ScoreEvent
from game.rules.modules.hunters import (
    HUNTERS,
    HUTS,
    GoldAgain,
    GoldFound,
    HuntersGatherers,
    MeadowScore,
    NetworkScore,
    NoBonusLeft,
)
from game.words.i18n import _, ngettext

from ..phrases import tiles
from . import ModuleView

DETAIL_LINES = 16  # the final screen shows this many lines of details (two columns)


def _fish(n: int) -> str:
    return ngettext("{n} fish", "{n} fish", n).format(n=n)


class HuntersView(ModuleView[HuntersGatherers]):
    rule = HuntersGatherers

    def info(self, game: Game, rule: HuntersGatherers) -> list[str]:
        lines = [_("Bonus tiles: {n} left").format(n=len(rule.pile))]
        if game.in_extra and game.extra_tile is not None:
            lines.append(_("A bonus tile to place now"))
        return lines

    def extra_prompt(self, game: Game, rule: HuntersGatherers, player: str) -> str | None:
        return _("{player}: bonus tile! Drag it onto a lit cell").format(player=player)

    def placed_extra(self, game: Game, rule: HuntersGatherers, player: str,
                     figure: tuple[str, str] | None) -> str | None:
        if figure is None:
            return _("{player} placed the bonus tile").format(player=player)
        return _("{player} placed the bonus tile and {figure} on {feature}").format(
            player=player, figure=figure[0], feature=figure[1])

    def told(self, game: Game, rule: HuntersGatherers, notice: Notice) -> str | None:
        match notice:
            case GoldFound(player=player):
                return _("{player} found gold: a bonus tile!").format(
                    player=game.players[player])
            case GoldAgain(player=player):
                return _("{player} found gold again, but a turn has one bonus tile at "
                         "most").format(player=game.players[player])
            case NoBonusLeft(player=player):
                return _("{player} found gold, but the bonus pile is empty").format(
                    player=game.players[player])
        return None

    def award(self, game: Game, rule: HuntersGatherers, event: ScoreEvent) -> str | None:
        if event.category == HUTS:
            return _("huts on a river network with {fish}").format(fish=_fish(event.points))
        if event.category == HUNTERS:
            return _("hunters in a meadow of {tiles}").format(tiles=tiles(len(event.cells)))
        return None

    def category_title(self, game: Game, rule: HuntersGatherers, category: str
                       ) -> str | None:
        return {HUTS: _("Huts"), HUNTERS: _("Hunters")}.get(category)

    def final_details(self, game: Game, rule: HuntersGatherers) -> list[str]:
        """One line per meadow with hunters and per river network with huts, the best scores
        first; when they do not fit the final screen, the rest is summed up in a last line."""
        names = game.players
        entries: list[tuple[int, int, str]] = []  # (points, points awarded, line)
        for m in rule.meadows:
            entries.append((m.points, m.points * len(m.winners), _meadow(m, names)))
        for n in rule.networks:
            entries.append((n.fish, n.fish * len(n.winners), _network(n, names)))
        entries.sort(key=lambda e: -e[0])  # stable: meadows before networks on a tie
        lines = [line for _points, _awarded, line in entries]
        if len(lines) > DETAIL_LINES:
            rest = entries[DETAIL_LINES - 1:]  # two at least
            points = sum(e[1] for e in rest)
            lines = [*lines[:DETAIL_LINES - 1],
                     ngettext("… {n} more meadows and networks: {points} point in all",
                              "… {n} more meadows and networks: {points} points in all",
                              points).format(n=len(rest), points=points)]
        return lines


def _meadow(m: MeadowScore, names: tuple[str, ...]) -> str:
    parts = []  # the animals it has: a count of none is left out
    if m.deer:
        parts.append(ngettext("{n} deer", "{n} deer", m.deer).format(n=m.deer))
    if m.tigers:
        tigers = ngettext("{n} tiger", "{n} tigers", m.tigers).format(n=m.tigers)
        parts.append(_("{tigers} (fled the fire)").format(tigers=tigers) if m.fire else tigers)
    elif m.fire:
        parts.append(_("fire"))
    if m.mammoths:
        parts.append(ngettext("{n} mammoth", "{n} mammoths", m.mammoths).format(n=m.mammoths))
    if m.aurochs:
        parts.append(ngettext("{n} aurochs", "{n} aurochs", m.aurochs).format(n=m.aurochs))
    if not parts:
        parts.append(_("no animals"))
    who = _(" and ").join(names[p] for p in m.winners) or _("nobody")
    if m.cult is not None:
        who = _("{who} (cult site)").format(who=who)
    return _("Meadow of {tiles}: {animals}: {points} to {who}").format(
        tiles=tiles(len(m.cells)), animals=", ".join(parts), points=m.points, who=who)


def _network(n: NetworkScore, names: tuple[str, ...]) -> str:
    who = _(" and ").join(names[p] for p in n.winners)
    fishes = _fish(n.fish)
    return _("Huts on a river network of {tiles}: {fishes}: {fish} to {who}").format(
        tiles=tiles(len(n.cells)), fishes=fishes, fish=n.fish, who=who)
