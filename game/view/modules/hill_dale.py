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

from . import ModuleView


def token_names() -> dict[str, str]:
    """The harvest tokens' names in the players' language."""
    return {"apple": _("apple"), "strawberry": _("strawberry"), "pumpkin": _("pumpkin"),
            "sunflower": _("sunflower"), "wheat": _("wheat"), "scarecrow": _("scarecrow")}


class HillDaleView(ModuleView[HillDale]):
    rule = HillDale

    def info(self, game: Game, rule: HillDale) -> list[str]:
        names = token_names()
        left = [f"{rule.supply[name]} {names[name]}" for name in HARVEST]
        return [_("Harvest tokens left:"), ", ".join(left[:3]), ", ".join(left[3:])]

    def move_label(self, game: Game, rule: HillDale, move: Action) -> str | None:
        hike = rule.hikes(game.host).get(move.cell) if isinstance(move, Move) else None
        return None if hike is None else f"+{hike.tiles}"

    def final_details(self, game: Game, rule: HillDale) -> list[str]:
        lines = [_("Harvest: 1 a token, +5 a set of 5 different crops (scarecrows fill "
                   "gaps). Stables: 1 an animal on 9 tiles.")]
        for p, name in enumerate(game.players):
            held = rule.held[p]
            count = sum(held.values())
            sets = harvest_sets(held)
            text = ngettext("{name}: {n} token", "{name}: {n} tokens", count).format(
                name=name, n=count)
            if sets:
                text += ngettext(" + {n} set x 5 = {total}", " + {n} sets x 5 = {total}",
                                 sets).format(n=sets, total=count + SET_BONUS * sets)
                jokers = sum(max(0, sets - held[crop]) for crop in CROPS)
                if jokers:
                    text += ngettext(" ({n} scarecrow as joker)", " ({n} scarecrows as jokers)",
                                     jokers).format(n=jokers)
            stables = [stable_animals(game.host, f.cell) for f in game.figures.values()
                       if f.kind == STABLE and f.player == p]
            if stables:
                text += _("; stables {animals} animals").format(
                    animals=" + ".join(map(str, stables)))
            lines.append(text)
        return lines
