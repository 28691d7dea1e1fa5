"""What Hills & Sheep shows: the bag of sheep and wolves, each shepherd's flock, the tiles
under hills."""

from __future__ import annotations

from collections import Counter

from game.i18n import _, ngettext
from game.rules import Game
from game.rules.features import Figure
from game.rules.modules.hills_sheep import SHEEP, SHEPHERD, WOLF, Hills, Shepherds, sheep_in

from . import ModuleView


def _tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


class ShepherdsView(ModuleView[Shepherds]):
    rule = Shepherds

    def info(self, game: Game, rule: Shepherds) -> list[str]:
        counts = Counter(rule.bag)
        wolves = counts[WOLF]
        tokens = ngettext("{n} token", "{n} tokens", len(rule.bag)).format(n=len(rule.bag))
        wolf_text = ngettext("{n} wolf", "{n} wolves", wolves).format(n=wolves)
        sheep = ", ".join(f"{counts[s]}\u00d7{s}" for s in SHEEP if counts[s])
        out = [_("Bag: {tokens}, {wolves}").format(tokens=tokens, wolves=wolf_text),
               _("Sheep: {sheep}").format(sheep=sheep) if sheep else _("Sheep: none")]
        if rule.flocks:
            on_board = sheep_in([t for tokens in rule.flocks.values() for t in tokens])
            shepherds = len(rule.flocks)
            out.append(_("Flocks: {sheep}, {shepherds}").format(
                sheep=ngettext("{n} sheep", "{n} sheep", on_board).format(n=on_board),
                shepherds=ngettext("{n} shepherd", "{n} shepherds",
                                   shepherds).format(n=shepherds)))
        return out

    def figure_tokens(self, game: Game, rule: Shepherds, figure: Figure
                      ) -> tuple[str, int] | None:
        if figure.kind != SHEPHERD:
            return None
        return ("sheep", sheep_in(rule.flocks.get(figure.id, [])))

    def final_details(self, game: Game, rule: Shepherds) -> list[str]:
        if not rule.flocks:
            return []
        left = sheep_in([t for tokens in rule.flocks.values() for t in tokens])
        return [_("Shepherds still out at the end score nothing ({sheep} sheep unherded)")
                .format(sheep=left)]


class HillsView(ModuleView[Hills]):
    rule = Hills

    def info(self, game: Game, rule: Hills) -> list[str]:
        if not rule.under:
            return []
        return [_("Under hills: {tiles}").format(tiles=_tiles(len(rule.under)))]

    def final_details(self, game: Game, rule: Hills) -> list[str]:
        if not rule.under:
            return []
        return [ngettext("{n} tile lay under hills, out of the game",
                         "{n} tiles lay under hills, out of the game",
                         len(rule.under)).format(n=len(rule.under))]
