"""A game's history: the board as it stood after each turn, rebuilt from the set-up and the
move list (a save holds all it needs)."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules import Action, Game, Place
from game.rules.board import Cell

from .chronicle import replay


class History:
    """States after turn 0 (the start tile alone) to the last turn ended; turn ``t`` ends
    after ``ends[t]`` moves (``turn_ends`` as a ``Chronicle`` counts them)."""

    def __init__(self, game: Game, turn_ends: Sequence[int]) -> None:
        self.game = game
        self.ends = [0, *turn_ends]
        self._players: list[int] = []  # who played each turn, from turn 1
        self.states: list[Game] = []
        wanted = set(self.ends)

        def play(fresh: Game, move: Action) -> None:
            if len(fresh.moves) in wanted and len(self.states) < len(self.ends):
                self._keep(fresh)
            fresh.apply(move)

        end = replay(game, play)
        if len(self.states) < len(self.ends):
            self._keep(end)

    def _keep(self, state: Game) -> None:
        self.states.append(state.copy())
        self._players.append(state.current)

    @property
    def turns(self) -> int:
        """Turns ended (the last position of the slider)."""
        return len(self.ends) - 1

    def state(self, turn: int) -> Game:
        """The game as it stood after ``turn`` (read it, never play on it)."""
        return self.states[turn]

    def moves_of(self, turn: int) -> list[Action]:
        if turn <= 0:
            return []
        return list(self.game.moves[self.ends[turn - 1]:self.ends[turn]])

    def player_of(self, turn: int) -> int | None:
        """Who played ``turn`` (None for turn 0, the start)."""
        if turn <= 0:
            return None
        return self._players[turn - 1]

    def cells_of(self, turn: int) -> list[Cell]:
        """Where the turn's tiles went (two with a bonus tile)."""
        return [m.cell for m in self.moves_of(turn) if isinstance(m, Place)]
