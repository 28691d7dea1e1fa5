"""What Hills & Sheep shows: the bag of sheep and wolves, each shepherd's flock, the tiles
under hills; the sheep drawn, the wolf and the flocks herded, told in the log (the wolf with
its own sound); the answers to grow or herd, and the herding's points."""

from __future__ import annotations

from collections import Counter

from game.rules import FeatureView, Game, Notice, ScoreEvent
from game.rules.features import Figure
from game.rules.modules.hills_sheep import (
    FLOCK_KEY,
    GROW,
    HERD,
    HERDED,
    SHEEP,
    SHEPHERD,
    WOLF,
    FlockHerded,
    Hills,
    SheepDrawn,
    Shepherds,
    WolfDrawn,
    sheep_in,
)
from game.words.i18n import _, ngettext

from ..phrases import listed, tiles
from . import ModuleView

WOLF_SOUND = "wolf"  # sprites/sounds/wolf.wav


def _sheep(n: int) -> str:
    return ngettext("{n} sheep", "{n} sheep", n).format(n=n)


class ShepherdsView(ModuleView[Shepherds]):
    rule = Shepherds
    sounds = (WOLF_SOUND,)

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
                sheep=_sheep(on_board),
                shepherds=ngettext("{n} shepherd", "{n} shepherds",
                                   shepherds).format(n=shepherds)))
        return out

    def figure_tokens(self, game: Game, rule: Shepherds, figure: Figure
                      ) -> tuple[str, int] | None:
        if figure.kind != SHEPHERD:
            return None
        return ("sheep", sheep_in(rule.flocks.get(figure.id, [])))

    def card_lines(self, game: Game, rule: Shepherds, feature: FeatureView) -> list[str]:
        shepherds = [f for f in feature.figures if f.kind == SHEPHERD]
        if not shepherds:
            return []
        flock = sheep_in([t for f in shepherds for t in rule.flocks.get(f.id, [])])
        return [_("Flock: {sheep}").format(sheep=_sheep(flock))]

    def idle_at_end(self, game: Game, rule: Shepherds, figure: Figure) -> bool:
        return figure.kind == SHEPHERD  # a flock scores only when herded

    def answered(self, game: Game, rule: Shepherds, player: str, key: str, choice: str
                 ) -> str | None:
        if key == FLOCK_KEY and choice == GROW:
            return _("{player} let the flock grow").format(player=player)
        if key == FLOCK_KEY and choice == HERD:
            return _("{player} herded the flock").format(player=player)
        return None

    def told(self, game: Game, rule: Shepherds, notice: Notice) -> str | None:
        names = game.players
        match notice:
            case SheepDrawn(player=player, sheep=n):
                return ngettext("{player} drew {n} sheep", "{player} drew {n} sheep",
                                n).format(player=names[player], n=n)
            case WolfDrawn(owners=owners, shepherds=shepherds, lost=lost):
                home = ngettext("Wolf! The shepherd of {owners} goes home",
                                "Wolf! The shepherds of {owners} go home",
                                shepherds).format(owners=listed([names[p] for p in owners]))
                if not lost:
                    return home
                return _("{wolf}, {sheep} lost").format(wolf=home, sheep=_sheep(lost))
            case FlockHerded(herders=herders, sheep=n):
                who = listed([names[p] for p in herders])
                if len(herders) > 1:
                    return ngettext("{players} herded {n} sheep: +{n} each",
                                    "{players} herded {n} sheep: +{n} each",
                                    n).format(players=who, n=n)
                return ngettext("{players} herded {n} sheep: +{n}",
                                "{players} herded {n} sheep: +{n}", n).format(players=who, n=n)
        return None

    def sound(self, game: Game, rule: Shepherds, notice: Notice) -> str | None:
        return WOLF_SOUND if isinstance(notice, WolfDrawn) else None

    def logged(self, game: Game, rule: Shepherds, notice: Notice) -> bool:
        # A herded flock is told by its points' line ("+4: a flock of 4 sheep").
        return not isinstance(notice, FlockHerded)

    def award(self, game: Game, rule: Shepherds, event: ScoreEvent) -> str | None:
        if event.category != HERDED:
            return None
        return _("a flock of {sheep}").format(sheep=_sheep(event.points))

    def hint_award(self, game: Game, rule: Shepherds, category: str) -> str | None:
        return _("herding") if category == HERDED else None

    def category_title(self, game: Game, rule: Shepherds, category: str) -> str | None:
        return _("Sheep") if category == HERDED else None

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
        return [_("Under hills: {tiles}").format(tiles=tiles(len(rule.under)))]

    def final_details(self, game: Game, rule: Hills) -> list[str]:
        if not rule.under:
            return []
        return [ngettext("{n} tile lay under hills, out of the game",
                         "{n} tiles lay under hills, out of the game",
                         len(rule.under)).format(n=len(rule.under))]
