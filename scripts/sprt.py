"""The statistics of scripts/bench_ai.py's sequential test (--sprt): the pentanomial model of
seat-swapped game pairs, its generalized log-likelihood ratio between two Elo differences,
Wald's bounds, and the Elo a count of pairs says.  Pure arithmetic: no game is played here."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

# ------------------------------------------------------------------ the sequential test
# A pair (two games on one seed, the seats swapped) scores 0, 1/2, 1, 3/2 or 2 for the first
# level: the five outcomes of the pentanomial model, here as points per game.  Pairs, not
# games, are the independent samples: the two games of a pair share their tiles, and their
# results are correlated by them.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
# A thousandth of a pair added to every outcome keeps each outcome possible under both
# hypotheses (a test that has seen only won pairs still has a finite ratio).
PRIOR = 1e-3


def expected_score(elo: float) -> float:
    """The score per game of a player ``elo`` points stronger (the logistic Elo curve)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of(score: float) -> float:
    """The inverse of ``expected_score`` (infinite at a score of 0 or 1)."""
    if score <= 0.0 or score >= 1.0:
        return math.copysign(math.inf, score - 0.5)
    return -400.0 * math.log10(1.0 / score - 1.0)


def closest_law(freqs: Sequence[float], mean: float) -> list[float]:
    """The law on ``PAIR_SCORES`` with the given mean under which the observed frequencies
    are likeliest.  Maximising sum f_i log p_i under sum p_i = 1 and sum p_i a_i = mean gives
    p_i = f_i / (1 + t (a_i - mean)), t the root of sum f_i (a_i - mean) / (1 + t (a_i - mean))
    = 0; that sum falls with t over the span where every p_i is positive, so halving the span
    finds it."""
    seen = [a for f, a in zip(freqs, PAIR_SCORES, strict=True) if f > 0]
    if not seen or not min(seen) < mean < max(seen):
        raise ValueError(f"no law of mean {mean} gives the outcomes seen")
    low, high = -1.0 / (max(seen) - mean), 1.0 / (mean - min(seen))
    for _ in range(200):
        t = (low + high) / 2
        if t in (low, high):  # the floats between them are used up
            break
        slope = sum(f * (a - mean) / (1 + t * (a - mean))
                    for f, a in zip(freqs, PAIR_SCORES, strict=True) if f > 0)
        low, high = (t, high) if slope > 0 else (low, t)
    t = (low + high) / 2
    return [f / (1 + t * (a - mean)) for f, a in zip(freqs, PAIR_SCORES, strict=True)]


def llr(counts: Sequence[float], elo0: float, elo1: float, prior: float = PRIOR) -> float:
    """The generalized log-likelihood ratio of H1 (the first level ``elo1`` stronger) against
    H0 (``elo0`` stronger) given ``counts`` of pairs scoring 0, 1/2, 1, 3/2, 2: the log of how
    much likelier the pairs are under the best pentanomial law of H1's mean score than under
    the best of H0's."""
    if sum(counts) == 0:
        return 0.0
    counts = [c + prior for c in counts]
    total = sum(counts)
    freqs = [c / total for c in counts]

    def fit(elo: float) -> float:
        law = closest_law(freqs, expected_score(elo))
        return sum(c * math.log(p) for c, p in zip(counts, law, strict=True) if c > 0)
    return fit(elo1) - fit(elo0)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The LLR below which H0 is accepted and above which H1 is (Wald's bounds): ``alpha`` is
    the chance of accepting a change that is not stronger, ``beta`` of refusing one that is."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def pentanomial(shares: Mapping[int, float], pairs: int) -> list[int]:
    """How many of the first ``pairs`` pairs scored 0, 1/2, 1, 3/2 and 2 (``shares``: the first
    level's win share in each game by number)."""
    counts = [0] * 5
    for k in range(pairs):
        counts[round(2 * (shares[2 * k] + shares[2 * k + 1]))] += 1
    return counts


def elo_interval(counts: Sequence[int]) -> tuple[float, float, float]:
    """The Elo the pairs say, with its 95% interval (over the pairs)."""
    n = sum(counts)
    if n == 0:
        return 0.0, -math.inf, math.inf
    mean = sum(c * a for c, a in zip(counts, PAIR_SCORES, strict=True)) / n
    var = sum(c * (a - mean) ** 2 for c, a in zip(counts, PAIR_SCORES, strict=True)) / n
    half = 1.96 * math.sqrt(var / n)
    return elo_of(mean), elo_of(mean - half), elo_of(mean + half)


def signed(elo: float) -> str:
    return "0" if abs(elo) < 0.5 else f"{elo:+.0f}"  # never "-0"


def complete_pairs(games: Mapping[int, object]) -> int:
    """How many pairs from the first are finished, both games: the test judges only those,
    in order, so that the order games happen to end in cannot steer where it stops."""
    k = 0
    while 2 * k in games and 2 * k + 1 in games:
        k += 1
    return k
