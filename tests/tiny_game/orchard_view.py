"""What Orchard's rule module shows: the basket, the apples picked (told in the log), their
column on the final screen and a line per player there.  (A game of the repository keeps its
view in ``game/view/modules/``, where its strings get their French from the catalog.)"""

from __future__ import annotations

from game.rules import Game, Notice, ScoreEvent
from game.view.modules import ModuleView
from game.words.i18n import _
from game.words.vocabulary import icons_counted

from .orchard import APPLE, PICKED, Apples, ApplesPicked


class ApplesView(ModuleView[Apples]):
    rule = Apples

    def info(self, game: Game, rule: Apples) -> list[str]:
        return [_("Apples in the basket: {n}").format(n=rule.basket)]

    def told(self, game: Game, rule: Apples, notice: Notice) -> str | None:
        match notice:
            case ApplesPicked(player=player, apples=apples):
                return _("{player} picked {apples}").format(
                    player=game.players[player],
                    apples=icons_counted(game.tileset, APPLE, apples))
        return None

    def award(self, game: Game, rule: Apples, event: ScoreEvent) -> str | None:
        return _("the apples picked") if event.category == PICKED else None

    def categories(self, game: Game, rule: Apples) -> list[str]:
        return [PICKED]

    def category_title(self, game: Game, rule: Apples, category: str) -> str | None:
        return _("Apples") if category == PICKED else None

    def final_details(self, game: Game, rule: Apples) -> list[str]:
        return [_("{player}: {apples} picked").format(
            player=name, apples=icons_counted(game.tileset, APPLE, rule.picked[p]))
            for p, name in enumerate(game.players)]
