"""Each player's score over the turns, for the score chart of the final screen and the
history: rebuilt from the game's set-up and move list, as the history is (plain data, no
pygame).

    series = score_series(game)     # series[t][p]: player p's score after turn t
    series[0]                       # every player at 0: the start tile alone
    series[-1] == game.scores       # the last turn's points, the final scoring with them

Turns are counted as the history counts them (``chronicle.ends_turn``), so ``series[t]`` is
the score of the board the history shows at turn ``t``.  A game its moves do not rebuild
gives the series as far as they do."""

from __future__ import annotations

import contextlib

from game.rules import Action, Game, RulesError

from .chronicle import ends_turn, replay

Series = list[tuple[int, ...]]


def score_series(game: Game) -> Series:
    """Every player's score at the start and after each turn ended."""
    series: Series = [tuple(0 for _ in game.players)]

    def play(fresh: Game, move: Action) -> None:
        fresh.apply(move)
        if ends_turn(fresh):
            series.append(tuple(fresh.scores))

    with contextlib.suppress(RulesError):  # a game changed by hand: what its moves rebuild
        replay(game, play)
    return series


def score_range(series: Series) -> tuple[int, int]:
    """The lowest and highest score of the series (0 at least at the bottom, and a range of
    one point at least), for the chart's axis."""
    low = min(0, *(min(s) for s in series))
    high = max(low + 1, *(max(s) for s in series))
    return low, high


def axis_steps(high: int, most: int = 6) -> int:
    """A round step for the axis (1, 2, 5, 10, 20, 50...) giving at most ``most`` steps to
    ``high``."""
    step = 1
    while high / step > most:
        for factor in (2, 5 / 2, 2):
            step = round(step * factor)
            if high / step <= most:
                break
    return step
