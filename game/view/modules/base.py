"""What the base game's rule modules show: the farmers' points at the end, told as the cities
they supplied, in a column of their own on the final screen (Carcassonne rulebook, 'Évaluation
finale')."""

from __future__ import annotations

from game.rules import Game, ScoreEvent
from game.rules.modules.base import FIELD, Farmers
from game.words.i18n import _

from ..phrases import tiles
from . import ModuleView


class FarmersView(ModuleView[Farmers]):
    rule = Farmers

    def award(self, game: Game, rule: Farmers, event: ScoreEvent) -> str | None:
        if event.category != FIELD:
            return None
        return _("farmers supplying a city of {tiles}").format(tiles=tiles(len(event.cells)))

    def categories(self, game: Game, rule: Farmers) -> list[str]:
        return [FIELD] if FIELD in game.kinds else []

    def category_title(self, game: Game, rule: Farmers, category: str) -> str | None:
        return _("Farms") if category == FIELD else None
