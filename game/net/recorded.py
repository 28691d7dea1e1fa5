"""The table's game: a game that notes, as it plays, what each action revealed and dealt.

``TableGame`` is the rules core's ``Game`` with two hooks observed: every random outcome a
rule module draws (``draw``: a sheep token, a bonus tile) and every deal at the start of a
turn (``_begin_turn``: the one place tiles leave the draw pile for a hand or are set aside).
``play`` applies an action and returns what it revealed, from which the table builds the
``Step`` it sends.  A tile a module takes from the pile unseen (``draw_from_deck``: under a
hill) is deliberately not noted: nobody may know it.  Copies (a computer player's look-ahead)
note nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Self

from game.rules import Action, Game, ScoreEvent, TileSet
from game.rules.model import OptionValue, StartDef

from .steps import Deal


class TableGame(Game):
    _noted: list[tuple[str, str]] | None
    _deals: list[Deal] | None

    def __init__(self, tileset: TileSet, players: Sequence[str], seed: int,
                 options: Mapping[str, OptionValue] | None = None,
                 start: StartDef | None = None, *, earlier_dealing: bool = False,
                 order: Sequence[str] = ()) -> None:
        self._noted = []
        self._deals = []
        super().__init__(tileset, players, seed, options, start,
                         earlier_dealing=earlier_dealing, order=order)

    def copy(self) -> Self:
        out = super().copy()
        out._noted = None
        out._deals = None
        return out

    def take_opening(self) -> Deal:
        """The deal the game began with (once, after construction)."""
        _, deals = self._take()
        if len(deals) != 1:
            raise RuntimeError("the opening deal is taken once, before any action")
        return deals[0]

    def play(self, action: Action) -> tuple[list[ScoreEvent], tuple[tuple[str, str], ...],
                                            tuple[Deal, ...]]:
        """Apply a legal action (checked: ``IllegalAction`` changes nothing); its score
        events, the outcomes it drew and the deals it caused."""
        self._noted = []
        self._deals = []
        events = self.apply(action)
        outcomes, deals = self._take()
        return events, outcomes, deals

    def _take(self) -> tuple[tuple[tuple[str, str], ...], tuple[Deal, ...]]:
        outcomes, deals = tuple(self._noted or ()), tuple(self._deals or ())
        self._noted = []
        self._deals = []
        return outcomes, deals

    # -- the observed hooks
    def draw(self, what: str, population: Sequence[str]) -> str:
        value = super().draw(what, population)
        if self._noted is not None:
            self._noted.append((what, value))
        return value

    def _begin_turn(self) -> None:
        aside = len(self.set_aside)
        super()._begin_turn()
        if self._deals is not None:
            self._deals.append(Deal.of(self, aside))
