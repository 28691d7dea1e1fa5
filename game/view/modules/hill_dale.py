"""What Over Hill and Dale shows: the harvest tokens left, what a hike brings, and how the
harvest and the stables scored at the end."""

from __future__ import annotations

from game.i18n import _, ngettext
from game.rules import Action, Game, Move
from game.rules.modules.hill_dale import (
    CROPS,
    HARVEST,
    SET_BONUS,
    STABLE,
    HillDale,
    harvest_sets,
    stable_animals,
)

from ..names import counted
from . import ModuleView


class HillDaleView(ModuleView[HillDale]):
    rule = HillDale

    def info(self, game: Game, rule: HillDale) -> list[str]:
        left = [counted(name, rule.supply[name]) for name in HARVEST]
        return [_("Harvest tokens left:"), ", ".join(left[:3]), ", ".join(left[3:])]

    def move_label(self, game: Game, rule: HillDale, move: Action) -> str | None:
        hike = rule.hikes(game.host).get(move.cell) if isinstance(move, Move) else None
        return None if hike is None else f"+{hike.tiles}"

    def final_details(self, game: Game, rule: HillDale) -> list[str]:
        lines = [_("Harvest: 1 a token, +5 a set of 5 different crops (scarecrows fill "
                   "gaps). Stables: 1 an animal on 9 tiles.")]
        for p, name in enumerate(game.players):
            lines.extend(self._player_details(game, rule, p, name))
        return lines

    def _player_details(self, game: Game, rule: HillDale, p: int, name: str) -> list[str]:
        """One player's harvest and stables, one whole sentence a line."""
        held = rule.held[p]
        count = sum(held.values())
        sets = harvest_sets(held)
        lines = [ngettext("{name}: {n} harvest token", "{name}: {n} harvest tokens",
                          count).format(name=name, n=count)]
        if sets:
            lines.append(ngettext("{name}: {n} set of five crops, +{bonus}",
                                  "{name}: {n} sets of five crops, +{bonus}",
                                  sets).format(name=name, n=sets, bonus=SET_BONUS * sets))
            jokers = sum(max(0, sets - held[crop]) for crop in CROPS)
            if jokers:
                lines.append(ngettext("{name}: {n} scarecrow stood in for a crop",
                                      "{name}: {n} scarecrows stood in for crops",
                                      jokers).format(name=name, n=jokers))
        stables = [stable_animals(game.host, f.cell) for f in game.figures.values()
                   if f.kind == STABLE and f.player == p]
        if stables:
            lines.append(_("{name}: stables with {animals} animals").format(
                name=name, animals=" + ".join(map(str, stables))))
        return lines
