#!/usr/bin/env python3
"""Rules-core speed, alone or side by side with another revision.  Prints figures; asserts
nothing.

    python scripts/bench_rules.py                      # this tree's figures
    python scripts/bench_rules.py --against 76326c4    # both, interleaved, with ratios

Figures (2 players, base game; "turn 35": 35 tiles on the board, the next one in hand, over
the same seeded random games in both trees):

- random games per second (``game.commands.sim.play_random_game``), for the base game and for
  carcassonne + hills-and-sheep, hunters-and-gatherers and over-hill-and-dale;
- ``Game.copy()`` at turn 35;
- one whole turn applied at turn 35 (the placement and the figure or pass after it, scoring
  included; actions chosen by the random player, applied through the validating ``apply``)
  to a copy made just before, as a look-ahead does;
- the final scoring of a finished game (every tile placed, the last turn over), likewise;
- the full list of legal placements at turn 35, asked again and again of one position (as
  the window asks), and asked once of a copy made just before (as a look-ahead asks).

Rates, copies and placement lists are timed in CPU time of the measuring process
(``time.process_time``), steadier than the wall clock on a machine shared with other work;
a turn and a final scoring are timed one by one on the wall clock (the median of many, so
that a pause of the process does not count), with the garbage collector paused: they are
what the rules do, while what copies leave to collect is part of the copy figure.

With ``--against REV`` the revision is checked out with ``git worktree add`` into a
temporary folder (removed afterwards) and the same measuring driver (this file with
``--driver``) runs in subprocesses with ``PYTHONPATH`` set to each tree, alternating rounds.
Each figure is printed for both trees as the median of the rounds with its spread (lowest
and highest round), then how many times better this tree is: the median of the rounds'
ratios (each round of one tree ran right beside the same round of the other) with their
spread.
The driver finds what each tree offers (the random player moved from ``Game.random_action``
to ``game.ai.random_policy``).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TURN = 35
OTHER_GAMES = (("hills-and-sheep", "carcassonne", ("hills-and-sheep",)),
               ("hunters-and-gatherers", "hunters-and-gatherers", ()),
               ("over-hill-and-dale", "over-hill-and-dale", ()))
# (key, label, unit, True when more is better)
FIGURES = (
    ("games", "random games, base game", "games/s", True),
    ("copy", "Game.copy() at turn 35", "us", False),
    ("turn", "one whole turn at turn 35", "us", False),
    ("final", "final scoring of a finished game", "us", False),
    ("legal", "legal placements at turn 35, full list", "us", False),
    ("legal1", "  the same, first query on a fresh copy", "us", False),
    *((f"games:{key}", f"random games, {key}", "games/s", True) for key, _, _ in OTHER_GAMES),
)


# ------------------------------------------------------------------ the driver (any tree)

def _random_policy() -> Callable[[Any, Any], Any]:
    try:
        module = importlib.import_module("game.ai.random_policy")
    except ImportError:  # a tree from before the random player moved to game.ai
        module = importlib.import_module("game.sim")
    policy: Callable[[Any, Any], Any] = module.random_action
    return policy


def _call(game: Any, name: str) -> object:
    """``game``'s method ``name``, called (its name differs from tree to tree)."""
    method: Callable[[], object] = getattr(game, name)
    return method()


def _legal(game: Any) -> list[Any]:
    return list(game.legal_placements())


def _random_game(play: Callable[[Any, int, int], object], tileset: Any, seed: int) -> object:
    return play(tileset, 2, seed)


def _final_scoring_name(game: Any) -> str:
    for name in ("final_scoring", "_final_scoring"):
        if callable(getattr(game, name, None)):
            return name
    raise SystemExit("no final scoring method found")


def _at_turn(tileset: Any, seed: int, policy: Callable[[Any, Any], Any]) -> Any | None:
    import random

    from game.rules import Game
    game = Game(tileset, ["A", "B"], seed=seed)
    rng = random.Random(seed)
    while not game.over and (len(game.board) < TURN or str(game.phase) != "place"):
        game.apply(policy(game, rng))
    return None if game.over else game


def _last_turn(tileset: Any, seed: int, policy: Callable[[Any, Any], Any]) -> Any:
    """A finished game whose final scoring has not run yet: the last turn is played with the
    final scoring switched off, on a copy."""
    import random

    from game.rules import Game
    game = Game(tileset, ["A", "B"], seed=seed)
    rng = random.Random(seed)
    name = _final_scoring_name(game)
    while True:
        action = policy(game, rng)
        trial = game.copy()
        real = getattr(type(trial), name)
        setattr(type(trial), name, lambda self: None)
        try:
            trial.apply(action)
        finally:
            setattr(type(trial), name, real)
        if trial.over:
            return trial
        game.apply(action)


def _rate(play: Callable[[int], object], seconds: float) -> float:
    """Games per second of CPU time, after a few games that fill what a process fills once
    (a tile set's lookups and caches)."""
    for seed in range(5):
        play(10_000 + seed)
    n = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        play(n)
        n += 1
    return n / (time.process_time() - t0)


def _per_op(run: Callable[[], object], reps: int) -> float:
    t0 = time.process_time_ns()
    for _ in range(reps):
        run()
    return (time.process_time_ns() - t0) / reps / 1000


def _timer_cost() -> float:
    """What reading the clock twice costs (taken off each timed interval)."""
    samples = []
    for _ in range(2000):
        t0 = time.perf_counter_ns()
        samples.append(time.perf_counter_ns() - t0)
    return statistics.median(samples) / 1000


def _on_fresh_copies(game: Any, run: Callable[[Any], object], reps: int, cost: float) -> float:
    """The median time of ``run`` on a copy of ``game`` made just before (warm in the
    caches, as a look-ahead uses it), the garbage collector paused while it runs: what
    ``run`` itself costs, not what copying left to collect."""
    samples = []
    for _ in range(reps):
        c = game.copy()
        gc.disable()
        t0 = time.perf_counter_ns()
        run(c)
        t1 = time.perf_counter_ns()
        gc.enable()
        samples.append((t1 - t0) / 1000 - cost)
    return statistics.median(samples)


def driver(seconds: float, positions: int) -> dict[str, float]:
    import random

    from game.commands.sim import play_random_game
    from game.rules import default_registry
    registry = default_registry()
    base = registry.ruleset("carcassonne")
    policy = _random_policy()
    out: dict[str, float] = {}
    out["games"] = _rate(lambda n: play_random_game(base, 2, n), seconds)
    spots = [g for g in (_at_turn(base, seed, policy) for seed in range(positions))
             if g is not None]
    out["copy"] = statistics.median(_per_op(g.copy, 100) for g in spots)
    cost = _timer_cost()
    turn_times = []
    for i, g in enumerate(spots):
        rng = random.Random(1000 + i)
        place = policy(g, rng)
        after = g.copy()
        after.apply(place)
        follow = policy(after, rng) if not after.over and after.current == g.current else None

        def turn(c: Any, place: Any = place, follow: Any = follow) -> None:
            c.apply(place)
            if follow is not None:
                c.apply(follow)

        turn_times.append(_on_fresh_copies(g, turn, 60, cost))
    out["turn"] = statistics.median(turn_times)
    final_times = []
    for seed in range(max(4, positions // 4)):
        done = _last_turn(base, seed, policy)
        name = _final_scoring_name(done)
        final_times.append(_on_fresh_copies(done, partial(_call, name=name), 60, cost))
    out["final"] = statistics.median(final_times)
    out["legal"] = statistics.median(_per_op(partial(_legal, g), 100) for g in spots)
    out["legal1"] = statistics.median(_on_fresh_copies(g, lambda c: list(c.legal_placements()),
                                                       60, cost) for g in spots)
    for key, game_id, expansions in OTHER_GAMES:
        tileset = registry.ruleset(game_id, list(expansions))
        out[f"games:{key}"] = _rate(partial(_random_game, play_random_game, tileset),
                                    seconds / 2)
    return out


# ------------------------------------------------------------------ the comparison

def _run_driver(tree: Path, seconds: float, positions: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree), CARCASSONNE_HOME=tempfile.gettempdir())
    cmd = [sys.executable, str(Path(__file__).resolve()), "--driver",
           "--seconds", str(seconds), "--positions", str(positions)]
    done = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the driver failed in {tree}:\n{done.stderr}")
    result: dict[str, float] = json.loads(done.stdout)
    return result


def _fmt(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def _print_figures(rows: dict[str, dict[str, list[float]]], names: list[str]) -> None:
    head = f"{'figure':42} " + " ".join(f"{n:>26}" for n in names)
    if len(names) == 2:
        head += f" {'ratio':>19}"
    print(head)
    for key, label, unit, more_better in FIGURES:
        cells = []
        for name in names:
            values = rows[name][key]
            cells.append(f"{_fmt(statistics.median(values))} {unit} "
                         f"[{_fmt(min(values))}-{_fmt(max(values))}]")
        line = f"{label:42} " + " ".join(f"{c:>26}" for c in cells)
        if len(names) == 2:
            # Rounds of the two trees ran side by side: compare them round by round.
            ratios = [(new / old if more_better else old / new)
                      for new, old in zip(rows[names[0]][key], rows[names[1]][key], strict=True)]
            line += (f" {statistics.median(ratios):>6.2f}x "
                     f"[{min(ratios):.2f}-{max(ratios):.2f}]")
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", metavar="REV", help="compare with this git revision")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tree (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds of base-game random games per round (default 2)")
    parser.add_argument("--positions", type=int, default=24,
                        help="turn-35 positions measured per round (default 24)")
    parser.add_argument("--driver", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # its siblings
    from revisions import trees_against
    if args.driver:
        print(json.dumps(driver(args.seconds, args.positions)))
        return 0
    others = contextlib.ExitStack()
    trees = trees_against(parser, args.against, "bench-rules-", others)
    rows: dict[str, dict[str, list[float]]] = {name: {k: [] for k, *_ in FIGURES}
                                               for name, _ in trees}
    try:
        for r in range(args.rounds):
            order = trees if r % 2 == 0 else trees[::-1]
            for name, tree in order:
                result = _run_driver(tree, args.seconds, args.positions)
                for key, *_ in FIGURES:
                    rows[name][key].append(result[key])
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    finally:
        others.close()
    print(f"{args.rounds} rounds per tree, interleaved; median [lowest-highest round]"
          + ("; ratio: how many times better this tree is, median of the rounds' ratios"
             if args.against else ""))
    _print_figures(rows, [name for name, _ in trees])
    return 0


if __name__ == "__main__":
    sys.exit(main())
