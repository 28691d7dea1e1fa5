#!/usr/bin/env python3
"""Computer-player strength: 2-player games per pairing, seat order alternated, in every game
of the registry and in each game with each of its expansions.  Games come in pairs on the
same seed (the same tiles in the same order) with the seats swapped, so that the luck of the
draw cancels out.  Prints the first level's win rate (ties split) with a 95% confidence
interval (Wilson), its mean score margin with a 95% interval over the pairs, mean scores,
and each level's thinking time per move: the median and the longest (answers a level gives
at once from the plan of its turn are not moves it thought about).

    python scripts/bench_ai.py --jobs 2             # the targets' table: 200 games a pairing
    python scripts/bench_ai.py --games 40 --budget 1 --pairings strong:quick --jobs 2
    python scripts/bench_ai.py --pairings quick:random --game carcassonne --json out.json

The targets (every game): strong beats quick at least 65% of the games (interval above 55%)
and mcts 70% (above 60%), both searching 0.3 s a move; quick beats easy 75%, easy beats
random 90%; quick's median move takes at most 30 ms and no strong move more than its budget
and 100 ms.  --check exits 1 when a pairing's interval does not lie above 50%.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import TileSet, default_registry
from game.sim import play_game, win_shares


@dataclass
class Result:
    label: str
    first: str
    second: str
    games: int
    share: float  # the first level's win rate, ties split
    low: float
    high: float
    margin: float  # the first level's mean score lead
    margin_half: float  # half-width of its 95% interval, over the seat-swapped pairs
    first_mean: float
    second_mean: float
    seconds: float
    first_times: list[float]  # seconds per move thought: median, 99th percentile, longest
    second_times: list[float]


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pair_margin(leads: Sequence[int]) -> tuple[float, float]:
    """Mean lead and the half-width of its 95% interval, the seat-swapped pairs (same seed)
    being the independent samples."""
    pairs = [(leads[i] + leads[i + 1]) / 2 for i in range(0, len(leads) - 1, 2)]
    if not pairs:
        return (float(leads[0]) if leads else 0.0), float("inf")
    mean = sum(pairs) / len(pairs)
    if len(pairs) < 2:
        return mean, float("inf")
    var = sum((x - mean) ** 2 for x in pairs) / (len(pairs) - 1)
    return mean, 1.96 * math.sqrt(var / len(pairs))


@functools.lru_cache(maxsize=8)
def _tileset(game_id: str, expansions: tuple[str, ...]) -> TileSet:
    return default_registry().ruleset(game_id, expansions)


def time_figures(times: Sequence[float]) -> list[float]:
    """Median, 99th percentile and longest of thinking times (zeros when there are none)."""
    if not times:
        return [0.0, 0.0, 0.0]
    ordered = sorted(times)
    n = len(ordered)
    median = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    return [median, ordered[min(n - 1, math.ceil(0.99 * n) - 1)], ordered[-1]]


def one_game(args: tuple[str, tuple[str, ...], str, str, int, float | None]
             ) -> tuple[float, int, int, list[float], list[float]]:
    """Play game ``i`` of a pairing; returns (first's share, first's score, second's, first's
    thinking times, second's).  Games ``2k`` and ``2k + 1`` share their seed and swap the
    seats."""
    game_id, expansions, first, second, i, budget = args
    tileset = _tileset(game_id, expansions)
    seats = [first, second] if i % 2 == 0 else [second, first]
    times: dict[int, list[float]] = {}
    game = play_game(tileset, seats, seed=10_000 + i // 2, budget=budget, think_times=times)
    me = seats.index(first)
    return (win_shares(game.scores)[me], game.scores[me], game.scores[1 - me],
            times.get(me, []), times.get(1 - me, []))


def run_pairing(game_id: str, expansions: Sequence[str], first: str, second: str, games: int,
                budget: float | None, jobs: int) -> Result:
    work = [(game_id, tuple(expansions), first, second, i, budget) for i in range(games)]
    t0 = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(one_game, work))
    else:
        results = [one_game(w) for w in work]
    seconds = time.perf_counter() - t0
    share = sum(r[0] for r in results) / games
    low, high = wilson(share, games)
    margin, half = pair_margin([r[1] - r[2] for r in results])
    label = game_id + "".join(f" + {e}" for e in expansions)
    return Result(label, first, second, games, share, low, high, margin, half,
                  sum(r[1] for r in results) / games, sum(r[2] for r in results) / games,
                  seconds, time_figures([t for r in results for t in r[3]]),
                  time_figures([t for r in results for t in r[4]]))


def _ms(figures: Sequence[float]) -> str:
    return "/".join(f"{1000 * t:.0f}" for t in figures)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200,
                        help="games per pairing (an even number: seat-swapped pairs)")
    parser.add_argument("--budget", type=float, default=0.3,
                        help="thinking time per move of strong and mcts, seconds (the window "
                             "gives them 1)")
    parser.add_argument("--pairings", default="strong:quick,strong:mcts,quick:easy,easy:random",
                        help="comma-separated first:second level pairs")
    parser.add_argument("--game", action="append", default=None,
                        help="only this game (repeatable); default: every game")
    parser.add_argument("--no-expansions", action="store_true",
                        help="only the games themselves, not each game with each expansion")
    parser.add_argument("--expansions-only", action="store_true",
                        help="only each game with each of its expansions")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--json", type=Path, default=None, help="also write results here")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless every first level's interval lies above 50%%")
    args = parser.parse_args(argv)
    registry = default_registry()
    for err in registry.errors:
        print(f"warning: {err}", file=sys.stderr)
    configs: list[tuple[str, list[str]]] = []
    for tileset in registry.games():
        if args.game and tileset.id not in args.game:
            continue
        if not tileset.players[0] <= 2 <= tileset.players[1]:
            continue
        if not args.expansions_only:
            configs.append((tileset.id, []))
        if not args.no_expansions:
            configs.extend((tileset.id, [e.id]) for e in registry.expansions(tileset.id))
    pairings = [tuple(p.split(":", 1)) for p in args.pairings.split(",")]
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number (seat-swapped pairs on one seed)")
    print(f"{args.games} games per pairing, pairs on one seed with the seats swapped, strong "
          f"and mcts at {args.budget:g} s per move, {args.jobs} job(s)")
    print(f"{'game':34} {'pairing':16} {'first wins':>10} {'95% CI':>15} {'lead':>13}"
          f" {'mean scores':>13} {'time':>7}  ms per move (median/p99/max): first; second")
    results: list[Result] = []
    for game_id, expansions in configs:
        try:
            _tileset(game_id, tuple(expansions))
        except Exception as exc:  # a tile set being edited: report it, bench the rest
            print(f"{game_id} {expansions}: skipped: {exc}", flush=True)
            continue
        for first, second in pairings:
            r = run_pairing(game_id, expansions, first, second, args.games, args.budget,
                            args.jobs)
            results.append(r)
            print(f"{r.label:34} {first + ' v ' + second:16} {100 * r.share:9.1f}% "
                  f"[{100 * r.low:5.1f}, {100 * r.high:5.1f}]% "
                  f"{r.margin:+6.1f} ±{r.margin_half:<5.1f}"
                  f"{r.first_mean:6.1f}-{r.second_mean:<6.1f} {r.seconds:6.0f}s  "
                  f"{_ms(r.first_times)}; {_ms(r.second_times)}", flush=True)
            if args.json is not None:  # after every pairing: a long run killed keeps its rows
                args.json.write_text(json.dumps({"games": args.games, "budget": args.budget,
                                                 "results": [r.__dict__ for r in results]},
                                                indent=1))
    if args.check and any(r.low <= 0.5 for r in results):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
