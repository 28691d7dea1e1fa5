"""Each player's chance to win after a turn, read from the review's sampled futures, and the
turns that swung them most (the turning points).  Plain Python, no pygame.

A future of the review (``game.ai.judge``) ends one round after the turn, with every
player's expected points there (their score, and what their features and figures are
likely to bring).  The rounds still to play after it move those points further, more the
more rounds are left: as many steps as rounds, each as wide as the one round the futures
sampled (how much every player's points spread over the futures).  A player's chance is
the share of that spread in which their points come out highest, averaged over the futures.
Once the game is over the chances are its result: the winners share the win.

A reading favours the player whose turn it follows: its futures end one round later, just
after that player's next turn, before the others could answer it (in a game of two the
readings zigzag).  The chances shown after a turn are therefore the mean of the readings of
the round that ends with it (``over_rounds``): every player's turn is in it once, and their
leans cancel.

    reading = win_chances(futures_totals, rounds_left=12)   # (0.62, 0.38)
    chances = over_rounds(readings)                          # as the review shows them
    turning_points(chances)                                  # [14, 31, 52]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

SPREAD = 1.5  # how much one round of the futures counts for every round left (calibrated:
# scripts/bench_chances.py)
DIGITS = 4  # chances are kept to this many decimals
STEP = 0.05  # the integration step over the spread, in standard deviations...
REACH = 8.0  # ... out to this many
TURNING_POINTS = 3  # the largest swings marked, at most...
LEAST_SWING = 0.15  # ... each one moving a player's chance by this much at least


@dataclass(frozen=True)
class Chance:
    """Every player's chance to win after a turn."""

    turn: int  # from 1, as the history counts turns
    moves: int  # the moves played when the turn ended
    chances: tuple[float, ...]  # one per seat, adding up to 1
    result: bool = False  # the game's result (it was over after this turn), not a reading

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "moves": self.moves,
                               "chances": list(self.chances)}
        if self.result:
            out["result"] = True
        return out

    @classmethod
    def from_json(cls, data: Any) -> Chance:
        """A chance read back; ValueError (or KeyError, TypeError) when it is malformed."""
        chances = tuple(float(c) for c in data["chances"])
        if not chances or any(not 0.0 <= c <= 1.0 for c in chances) \
                or abs(sum(chances) - 1.0) > 1e-3:
            raise ValueError("chances")
        return cls(int(data["turn"]), int(data["moves"]), chances,
                   bool(data.get("result", False)))


def win_chances(futures: Sequence[Sequence[float]], rounds_left: float) -> tuple[float, ...]:
    """Each player's chance to win from their expected points in each sampled future, with
    ``rounds_left`` rounds still to play after them."""
    if not futures:
        raise ValueError("no future to read chances from")
    players = len(futures[0])
    if len(futures) > 1:
        spread = sum(_variance([f[p] for f in futures]) for p in range(players)) / players
    else:
        spread = 0.0
    sigma = math.sqrt(SPREAD * max(0.0, rounds_left) * spread)
    sums = [0.0] * players
    for future in futures:
        for p, chance in enumerate(_chances_of(future, sigma)):
            sums[p] += chance
    return rounded([s / len(futures) for s in sums])


def result_chances(scores: Sequence[int]) -> tuple[float, ...]:
    """The chances once the game is over: the winners share the win."""
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    return rounded([1.0 if p in winners else 0.0 for p in range(len(scores))])


def rounded(chances: Sequence[float]) -> tuple[float, ...]:
    """Chances to ``DIGITS`` decimals that still add up to 1 (the largest takes the rest)."""
    total = sum(chances)
    out = [round(c / total, DIGITS) for c in chances]
    top = max(range(len(out)), key=out.__getitem__)
    out[top] = round(1.0 - sum(c for i, c in enumerate(out) if i != top), DIGITS)
    return tuple(out)


def over_rounds(readings: Sequence[Chance]) -> list[Chance]:
    """The chances after each turn as the review shows them: the mean of the readings of
    the turns of the round that ends with it (fewer at the start, or where turns were not
    read); the game's result as it is."""
    out = []
    for i, reading in enumerate(readings):
        if reading.result:
            out.append(reading)
            continue
        players = len(reading.chances)
        round_ = [r for r in readings[max(0, i - players + 1):i + 1]
                  if r.turn > reading.turn - players and not r.result
                  and len(r.chances) == players]
        mean = [sum(r.chances[p] for r in round_) / len(round_) for p in range(players)]
        out.append(Chance(reading.turn, reading.moves, rounded(mean)))
    return out


def turning_points(chances: Sequence[Chance], count: int = TURNING_POINTS,
                   least: float = LEAST_SWING) -> list[int]:
    """The turns whose chances moved most from the turn before (the first from even
    chances), at most ``count``, each moving a player's chance by ``least`` at least, and
    none in the same round as a larger one (the chances shown are a round's mean: one event
    moves them over a round of turns); in the order they were played."""
    swings: list[tuple[float, int]] = []
    before: tuple[float, ...] | None = None
    players = 1
    for chance in chances:
        players = len(chance.chances)
        if before is None or len(before) != players:
            before = tuple(1.0 / players for _ in chance.chances)
        swing = max(abs(a - b) for a, b in zip(chance.chances, before, strict=True))
        if swing >= least:
            swings.append((swing, chance.turn))
        before = chance.chances
    chosen: list[int] = []
    for _swing, turn in sorted(swings, key=lambda st: (-st[0], st[1])):
        if len(chosen) < count and all(abs(turn - t) >= players for t in chosen):
            chosen.append(turn)
    return sorted(chosen)


def _variance(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1)


def _chances_of(points: Sequence[float], sigma: float) -> list[float]:
    """Each player's chance to come out highest when every player's ``points`` move by a
    normal step of ``sigma``: a tie shares, and with no step left the highest wins."""
    players = len(points)
    if sigma < 1e-9:
        best = max(points)
        winners = [p for p in range(players) if points[p] == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
    out = []
    for p in range(players):
        # P(p highest) = ∫ φ(z) Π_q Φ(z + (points[p] - points[q]) / sigma) dz
        gaps = [(points[p] - points[q]) / sigma for q in range(players) if q != p]
        total = 0.0
        for z, density in _GRID:
            weight = density
            for gap in gaps:
                weight *= _phi(z + gap)
            total += weight
        out.append(total)
    return out


def _grid() -> list[tuple[float, float]]:
    """The points the integral is summed over, each with its share of the normal density."""
    steps = round(REACH / STEP)
    return [(i * STEP, STEP * math.exp(-(i * STEP) ** 2 / 2) / math.sqrt(2 * math.pi))
            for i in range(-steps, steps + 1)]


_GRID = _grid()


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2))
