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
    python scripts/bench_ai.py --first-pair 50 --games 100 --json b.json  # games 100-199
    python scripts/bench_ai.py --merge a.json b.json   # one table from runs on other seeds
    python scripts/bench_ai.py --pairings strong:mcts@3 --processor-time   # mcts at 3 s

A long run can be split: ``--first-pair`` starts at a later seed, ``--json`` keeps every
game, and ``--merge`` recomputes the table from the games of several files (the same budget
and clock, no game twice), as if they had been one run.  A level written ``LEVEL@SECONDS``
in a pairing thinks that long instead of ``--budget``.  ``--processor-time`` counts budgets
(and the times reported) in the processor time of the thinking process, not on the wall
clock: on a machine shared with other work a level then searches as much as on a quiet one.

The targets (every game): strong beats quick at least 68% of the games (interval above 60%)
and mcts 90%, both searching 0.3 s a move, and mcts searching 3 s a move 60%; quick beats
easy 75%, easy beats random 90%; quick's median move takes at most 30 ms and no strong move
more than its budget and 100 ms.  --check exits 1 when a pairing's interval does not lie
above 50%.
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

from game.ai import LEVELS, clock
from game.commands.sim import play_game, win_shares
from game.rules import TileSet, default_registry

# One game, from the first level's side: its win share (ties split), its score, the second
# level's score, and each level's thinking times in seconds.
Row = tuple[float, int, int, list[float], list[float]]


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
    game_ids: list[int]  # which games of the pairing were played (seed 10000 + i // 2)
    rows: list[Row]  # each of those games; --merge recomputes the figures from these


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


def level_budget(spec: str, budget: float | None) -> tuple[str, float | None]:
    """A pairing's level and its thinking time: ``strong`` (``budget``), ``mcts@3`` (3 s)."""
    level, _, seconds = spec.partition("@")
    return level, float(seconds) if seconds else budget


def one_game(args: tuple[str, tuple[str, ...], str, str, int, float | None]) -> Row:
    """Play game ``i`` of a pairing.  Games ``2k`` and ``2k + 1`` share their seed and swap
    the seats."""
    game_id, expansions, first, second, i, budget = args
    tileset = _tileset(game_id, expansions)
    specs = [first, second] if i % 2 == 0 else [second, first]
    seats, budgets = zip(*(level_budget(s, budget) for s in specs), strict=True)
    times: dict[int, list[float]] = {}
    game = play_game(tileset, seats, seed=10_000 + i // 2, budgets=budgets, think_times=times)
    me = 0 if i % 2 == 0 else 1
    return (win_shares(game.scores)[me], game.scores[me], game.scores[1 - me],
            times.get(me, []), times.get(1 - me, []))


def summarise(label: str, first: str, second: str, game_ids: list[int], rows: list[Row],
              seconds: float) -> Result:
    """The pairing's figures from its games (``game_ids[k]`` played ``rows[k]``)."""
    games = len(rows)
    share = sum(r[0] for r in rows) / games
    low, high = wilson(share, games)
    by_id = dict(zip(game_ids, rows, strict=True))
    # Sorted by game, the seat-swapped pairs sit side by side, as the lead's interval wants.
    ordered = [by_id[i][1] - by_id[i][2] for i in sorted(by_id)]
    margin, half = pair_margin(ordered)
    return Result(label, first, second, games, share, low, high, margin, half,
                  sum(r[1] for r in rows) / games, sum(r[2] for r in rows) / games,
                  seconds, time_figures([t for r in rows for t in r[3]]),
                  time_figures([t for r in rows for t in r[4]]), list(game_ids), list(rows))


def run_pairing(game_id: str, expansions: Sequence[str], first: str, second: str, games: int,
                budget: float | None, jobs: int, first_pair: int = 0) -> Result:
    game_ids = list(range(2 * first_pair, 2 * first_pair + games))
    work = [(game_id, tuple(expansions), first, second, i, budget) for i in game_ids]
    t0 = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs, initializer=clock.count_processor_time,
                                 initargs=(clock.counts_processor_time(),)) as pool:
            rows = list(pool.map(one_game, work))
    else:
        rows = [one_game(w) for w in work]
    label = game_id + "".join(f" + {e}" for e in expansions)
    return summarise(label, first, second, game_ids, rows, time.perf_counter() - t0)


def merge(paths: Sequence[Path]) -> tuple[float, list[Result]]:
    """One table from several ``--json`` files: each pairing's games pooled, in file order.
    Raises ValueError when the files were run with other budgets, lack their games (files
    written before games were kept), or play one game twice."""
    budgets: set[float] = set()
    clocks: set[str] = set()
    pooled: dict[tuple[str, str, str], tuple[list[int], list[Row], float]] = {}
    for path in paths:
        data = json.loads(path.read_text())
        budgets.add(data["budget"])
        clocks.add(data.get("clock", "wall"))
        for r in data["results"]:
            if "rows" not in r:
                raise ValueError(f"{path}: no games kept (written before --merge existed)")
            ids, rows, seconds = pooled.setdefault((r["label"], r["first"], r["second"]),
                                                   ([], [], 0.0))
            twice = set(ids) & set(r["game_ids"])
            if twice:
                raise ValueError(f"{path}: {r['label']} {r['first']} v {r['second']} plays "
                                 f"game {min(twice)} again (use --first-pair)")
            ids.extend(r["game_ids"])
            rows.extend((a, b, c, list(d), list(e)) for a, b, c, d, e in r["rows"])
            pooled[(r["label"], r["first"], r["second"])] = (ids, rows, seconds + r["seconds"])
    if len(budgets) > 1:
        raise ValueError(f"runs with different budgets: {sorted(budgets)}")
    if len(clocks) > 1:
        raise ValueError("runs timed on different clocks (wall and processor time)")
    results = [summarise(label, first, second, ids, rows, seconds)
               for (label, first, second), (ids, rows, seconds) in pooled.items()]
    return budgets.pop(), results


def _ms(figures: Sequence[float]) -> str:
    return "/".join(f"{1000 * t:.0f}" for t in figures)


def print_result(r: Result) -> None:
    print(f"{r.label:34} {r.first + ' v ' + r.second:16} {100 * r.share:9.1f}% "
          f"[{100 * r.low:5.1f}, {100 * r.high:5.1f}]% "
          f"{r.margin:+6.1f} ±{r.margin_half:<5.1f}"
          f"{r.first_mean:6.1f}-{r.second_mean:<6.1f} {r.seconds:6.0f}s  "
          f"{_ms(r.first_times)}; {_ms(r.second_times)}", flush=True)


def write_json(path: Path, budget: float | None, results: Sequence[Result],
               clock_name: str | None = None) -> None:
    def rounded(r: Result) -> dict[str, object]:
        # Times to a tenth of a millisecond keep a 200-game file near a megabyte.
        rows = [(a, b, c, [round(t, 4) for t in d], [round(t, 4) for t in e])
                for a, b, c, d, e in r.rows]
        return {**r.__dict__, "rows": rows}
    games = max((r.games for r in results), default=0)
    path.write_text(json.dumps({"games": games, "budget": budget,
                                "clock": clock_name or _clock_name(),
                                "results": [rounded(r) for r in results]}))


def _clock_name() -> str:
    return "processor" if clock.counts_processor_time() else "wall"


def print_header() -> None:
    print(f"{'game':34} {'pairing':16} {'first wins':>10} {'95% CI':>15} {'lead':>13}"
          f" {'mean scores':>13} {'time':>7}  ms per move (median/p99/max): first; second")


def play_all(args: argparse.Namespace) -> list[Result]:
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
    first_game = 2 * args.first_pair
    print(f"{args.games} games per pairing (games {first_game}-{first_game + args.games - 1}), "
          f"pairs on one seed with the seats swapped, strong and mcts at {args.budget:g} s "
          f"per move ({_clock_name()} time), {args.jobs} job(s)")
    print_header()
    results: list[Result] = []
    for game_id, expansions in configs:
        try:
            _tileset(game_id, tuple(expansions))
        except Exception as exc:  # a tile set being edited: report it, bench the rest
            print(f"{game_id} {expansions}: skipped: {exc}", flush=True)
            continue
        for first, second in pairings:
            r = run_pairing(game_id, expansions, first, second, args.games, args.budget,
                            args.jobs, args.first_pair)
            results.append(r)
            print_result(r)
            if args.json is not None:  # after every pairing: a long run killed keeps its rows
                write_json(args.json, args.budget, results)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200,
                        help="games per pairing (an even number: seat-swapped pairs)")
    parser.add_argument("--first-pair", type=int, default=0,
                        help="start at this seat-swapped pair (seed 10000 + it): for splitting "
                             "a long run into parts to --merge")
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
    parser.add_argument("--json", type=Path, default=None,
                        help="also write results here, every game included")
    parser.add_argument("--merge", type=Path, nargs="+", default=None, metavar="JSON",
                        help="play nothing: print one table from the games of these files")
    parser.add_argument("--processor-time", action="store_true",
                        help="count thinking budgets in processor time, not wall-clock time")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless every first level's interval lies above 50%%")
    args = parser.parse_args(argv)
    clock.count_processor_time(args.processor_time)
    for spec in args.pairings.replace(":", ",").split(","):
        level, _, seconds = spec.partition("@")
        try:
            ok = level in LEVELS and (not seconds or float(seconds) > 0)
        except ValueError:
            ok = False
        if not ok:
            parser.error(f"--pairings: '{spec}' is not LEVEL or LEVEL@SECONDS "
                         f"(levels: {', '.join(LEVELS)})")
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number (seat-swapped pairs on one seed)")
    if args.merge:
        try:
            budget, results = merge(args.merge)
        except KeyError as exc:  # str() would be the bare field name: "cannot merge: 'budget'"
            print(f"cannot merge: a file there is not one bench_ai.py --json wrote "
                  f"(it has no {exc})", file=sys.stderr)
            return 2
        except (OSError, ValueError) as exc:
            print(f"cannot merge: {exc}", file=sys.stderr)
            return 2
        timed = json.loads(args.merge[0].read_text()).get("clock", "wall")
        print(f"{len(args.merge)} runs merged, strong and mcts at {budget:g} s per move "
              f"({timed} time)")
        print_header()
        for r in results:
            print_result(r)
        if args.json is not None:
            write_json(args.json, budget, results, timed)
    else:
        results = play_all(args)
    if args.check and any(r.low <= 0.5 for r in results):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
