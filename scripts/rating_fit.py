"""The arithmetic of scripts/rate_levels.py: a Bradley-Terry rating fit on the Elo scale from
the games of a round robin, and 95% intervals by resampling its seat-swapped pairs.  Pure
arithmetic: no game is played here.

A level's rating is fixed by one anchor level (it keeps the anchor's rating exactly): every
other rating, and its interval, says how far that level stands from the anchor.  Each
pairing's games carry one virtual drawn game (half a point each way), so that a pairing won
every time still gives a finite rating; with tens of games it moves a rating little.  In the
same way each pairing's pairs are resampled from a pool holding one drawn pair more: a
pairing won every time then still varies between resamples, and its interval says how
far the games seen leave room for (a resample of only its own won pairs would give an
interval of nothing).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

VIRTUAL_DRAW = 0.5  # points added to each side of every pairing played
ELO_PER_NEPER = 400.0 / math.log(10.0)

# A pairing's games: for each seat-swapped pair of games (one seed, seats swapped), the
# points the first level of the pairing scored in it (0 to 2, ties counting a half).
Pairs = Mapping[tuple[str, str], Sequence[float]]


@dataclass(frozen=True)
class Rating:
    level: str
    rating: float
    low: float  # the 95% interval
    high: float
    games: int  # games the level played
    score: float  # its points in them (ties a half)


def fit(levels: Sequence[str], points: Mapping[tuple[str, str], tuple[float, int]],
        anchor: str, anchor_rating: float, rounds: int = 10_000) -> dict[str, float]:
    """Ratings of ``levels`` from each pairing's (points of its first level, games):
    maximum likelihood of the logistic model by minorization-maximization (Hunter, 2004),
    ``anchor`` set to ``anchor_rating``.  A level that played no game is left out."""
    wins = {level: 0.0 for level in levels}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (scored, n) in points.items():
        if n == 0 or a == b:
            continue
        wins[a] += scored + VIRTUAL_DRAW
        wins[b] += n - scored + VIRTUAL_DRAW
        games[(a, b)] = games.get((a, b), 0.0) + n + 2 * VIRTUAL_DRAW
    played = [lv for lv in levels if any(lv in pair for pair in games)]
    if anchor not in played:
        raise ValueError(f"the anchor {anchor!r} played no game")
    strength = {lv: 1.0 for lv in played}
    for _ in range(rounds):
        moved = 0.0
        for lv in played:
            denom = sum(n / (strength[a] + strength[b])
                        for (a, b), n in games.items() if lv in (a, b))
            new = wins[lv] / denom
            moved = max(moved, abs(math.log(new / strength[lv])))
            strength[lv] = new
        if moved < 1e-12:
            break
    base = math.log(strength[anchor])
    return {lv: anchor_rating + ELO_PER_NEPER * (math.log(strength[lv]) - base)
            for lv in played}


def totals(pairs: Pairs) -> dict[tuple[str, str], tuple[float, int]]:
    """Each pairing's points of its first level and its games."""
    return {key: (sum(ps), 2 * len(ps)) for key, ps in pairs.items() if ps}


def resample(pairs: Pairs, rng: random.Random) -> dict[tuple[str, str], list[float]]:
    """Each pairing's pairs drawn again, as many, with replacement, from its own pairs
    and one drawn pair (1 point of 2)."""
    return {key: [rng.choice([*ps, 1.0]) for _ in ps] for key, ps in pairs.items() if ps}


def ratings(levels: Sequence[str], pairs: Pairs, anchor: str, anchor_rating: float,
            resamples: int = 1000, seed: int = 1) -> list[Rating]:
    """Each level's rating with its 95% interval: the 2.5th and 97.5th percentiles of the
    ratings fitted to ``resamples`` round robins whose every pairing draws its seat-swapped
    pairs again (``resample``: the pairs are the independent samples, the two games of a
    pair sharing their tiles)."""
    point = fit(levels, totals(pairs), anchor, anchor_rating)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {lv: [] for lv in point}
    for _ in range(resamples):
        for lv, r in fit(levels, totals(resample(pairs, rng)), anchor, anchor_rating).items():
            draws[lv].append(r)
    out = []
    for lv in levels:
        if lv not in point:
            continue
        low, high = middle_95(draws[lv])
        n = sum(2 * len(ps) for key, ps in pairs.items() if lv in key)
        scored = sum(sum(ps) if key[0] == lv else 2 * len(ps) - sum(ps)
                     for key, ps in pairs.items() if lv in key)
        out.append(Rating(lv, point[lv], low, high, n, scored))
    return out


def gap_interval(levels: Sequence[str], pairs: Pairs, below: str, above: str,
                 resamples: int = 1000, seed: int = 1) -> tuple[float, float, float]:
    """How many rating points ``above`` stands over ``below``, with the 95% interval of that
    gap over the same resampled round robins as ``ratings``."""
    point = fit(levels, totals(pairs), below, 0.0)[above]
    rng = random.Random(seed)
    gaps = []
    for _ in range(resamples):
        gaps.append(fit(levels, totals(resample(pairs, rng)), below, 0.0)[above])
    return (point, *middle_95(gaps))


def middle_95(values: Sequence[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of ``values`` (the nearest values outward)."""
    ordered = sorted(values)
    return (ordered[int(0.025 * (len(ordered) - 1))],
            ordered[math.ceil(0.975 * (len(ordered) - 1))])
