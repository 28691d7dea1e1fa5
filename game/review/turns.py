"""A review read turn by turn, as the history shows it: the verdict of each judged turn
(for the slider's marks), the decision a turn is shown with, and the position it was made
from (for the better move's ghost).  Plain Python, no pygame."""

from __future__ import annotations

from game.rules import Game
from game.view.chronicle import new_like

from . import Decision, Review, Verdict

RANK = {v: rank for rank, v in enumerate(Verdict)}  # 0 for good, then worse and worse


def turn_verdicts(review: Review) -> dict[int, Verdict]:
    """Each judged turn's verdict: the worst of its decisions (a turn may hold an answer
    and a figure step judged apart)."""
    out: dict[int, Verdict] = {}
    for d in review.decisions:
        found = out.get(d.turn)
        if found is None or RANK[d.verdict] > RANK[found]:
            out[d.turn] = d.verdict
    return out


def decision_of_turn(review: Review, turn: int) -> Decision | None:
    """The decision a turn is shown with: its worst (the most points lost among the worst
    verdict), None for a turn not judged."""
    judged = [d for d in review.decisions if d.turn == turn]
    if not judged:
        return None
    return max(judged, key=lambda d: (RANK[d.verdict], d.lost))


def position_before(game: Game, move: int) -> Game:
    """The game as it stood before its move ``move`` (a new game, rebuilt from the set-up,
    the forced outcomes and the moves before it)."""
    fresh = new_like(game)
    forced = sorted(game.forced, key=lambda f: f[0])
    for i, action in enumerate(game.moves[:move]):
        for when, what, value in forced:
            if when == i:
                fresh.force(what, value)
        fresh.apply(action)
    for when, what, value in forced:
        if when == move:
            fresh.force(what, value)
    return fresh
