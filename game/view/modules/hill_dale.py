"""What Over Hill and Dale shows: the harvest tokens left and taken, a hike (its badge, its
prompt, its row on the controls page, its points), and how the harvest and the stables scored
at the end."""

from __future__ import annotations

from game.rules import Action, Game, Move, Notice, ScoreEvent
from game.rules.modules.hill_dale import (
    CROPS,
    HARVEST,
    HARVEST_AWARD,
    HIKE,
    SET_BONUS,
    STABLE,
    HillDale,
    NoTokenLeft,
    TokenTaken,
    harvest_sets,
    stable_animals,
)
from game.words.i18n import N_, _, ngettext
from game.words.vocabulary import icons_counted

from ..phrases import tiles
from . import ModuleView

# Harvest tokens: (one as it is taken, none left)
_TOKENS: dict[str, tuple[str, str]] = {
    "apple": (N_("an apple token"), N_("No apple token left")),
    "strawberry": (N_("a strawberry token"), N_("No strawberry token left")),
    "pumpkin": (N_("a pumpkin token"), N_("No pumpkin token left")),
    "sunflower": (N_("a sunflower token"), N_("No sunflower token left")),
    "wheat": (N_("a wheat token"), N_("No wheat token left")),
    "scarecrow": (N_("a scarecrow token"), N_("No scarecrow token left")),
}


class HillDaleView(ModuleView[HillDale]):
    rule = HillDale
    controls = ((N_("Hike"), N_("click a lit cell's badge, drag your hiker there, or Tab "
                                "to it and Enter")),)

    def info(self, game: Game, rule: HillDale) -> list[str]:
        left = [icons_counted(game.tileset, name, rule.supply[name]) for name in HARVEST]
        return [_("Harvest tokens left:"), ", ".join(left[:3]), ", ".join(left[3:])]

    def move_label(self, game: Game, rule: HillDale, move: Action) -> str | None:
        hike = rule.hikes(game.host).get(move.cell) if isinstance(move, Move) else None
        return None if hike is None else f"+{hike.tiles}"

    def move_name(self, game: Game, rule: HillDale, move: Action) -> str | None:
        worth = self.move_label(game, rule, move)
        return _("a hike, {worth}").format(worth=worth) if worth else None

    def move_prompt(self, game: Game, rule: HillDale, player: str) -> str | None:
        return _("{player}: hike (click a badge) or place a figure; Enter ends the "
                 "turn").format(player=player)

    def told(self, game: Game, rule: HillDale, notice: Notice) -> str | None:
        match notice:
            case TokenTaken(player=player, token=token):
                known = _TOKENS.get(token)
                what = _(known[0]) if known else _("a {name} token").format(name=token)
                return _("{player} took {token}").format(player=game.players[player],
                                                        token=what)
            case NoTokenLeft(token=token):
                known = _TOKENS.get(token)
                return _(known[1]) if known else _("No {name} token left").format(name=token)
        return None

    def award(self, game: Game, rule: HillDale, event: ScoreEvent) -> str | None:
        if event.category == HIKE:
            return _("a hike of {tiles}").format(tiles=tiles(event.points))
        if event.category == STABLE:
            return _("a stable among {animals}").format(animals=ngettext(
                "{n} animal", "{n} animals", event.points).format(n=event.points))
        if event.category == HARVEST_AWARD:
            return _("the harvest tokens")
        return None

    def hint_award(self, game: Game, rule: HillDale, category: str) -> str | None:
        return {HIKE: _("a hike"), HARVEST_AWARD: _("harvest")}.get(category)

    def category_title(self, game: Game, rule: HillDale, category: str) -> str | None:
        return {HIKE: _("Hikes"), STABLE: _("Stables"), HARVEST_AWARD: _("Harvest")}.get(
            category)

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
        if len(stables) == 1:
            lines.append(ngettext("{name}: a stable with {n} animal",
                                  "{name}: a stable with {n} animals",
                                  stables[0]).format(name=name, n=stables[0]))
        elif stables:
            lines.append(_("{name}: stables with {animals} animals").format(
                name=name, animals=" + ".join(map(str, stables))))
        return lines
