"""The rule module of Orchard: apples picked from a basket.

When an orchard is completed, each player leading it picks its apples (one per apple icon)
from a shared basket of twelve while any are left; at the end every apple picked scores 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.rules.board import Cell
from game.rules.modules import RuleModule

if TYPE_CHECKING:
    from game.rules.features import Feature
    from game.rules.host import Host

ORCHARD, APPLE = "orchard", "apple"
PICKED = "picked"  # the score category of the apples picked, awarded at the end
BASKET = 12


class ApplesPicked(NamedTuple):
    """A player picked apples from a completed orchard."""

    cells: tuple[Cell, ...]  # the orchard
    player: int
    apples: int


class Apples(RuleModule):
    name = "apples"

    def __init__(self, host: Host) -> None:
        self.basket = BASKET
        self.picked = [0 for _ in host.players]

    def clone(self) -> Apples:
        out = Apples.__new__(Apples)
        out.basket = self.basket
        out.picked = list(self.picked)
        return out

    def on_scored(self, host: Host, feature: Feature, completed: bool, winners: list[int],
                  points: int) -> None:
        if not completed or feature.kind != ORCHARD:
            return
        for player in winners:
            apples = min(self.basket, feature.icons.get(APPLE, 0))
            if apples:
                self.basket -= apples
                self.picked[player] += apples
                host.notice(ApplesPicked(tuple(sorted(feature.cells)), player, apples))

    def final_scoring(self, host: Host) -> None:
        for player, apples in enumerate(self.picked):
            host.award(player, apples, PICKED, [])

    def tokens(self, host: Host, player: int) -> dict[str, int]:
        return {APPLE: self.picked[player]} if self.picked[player] else {}
