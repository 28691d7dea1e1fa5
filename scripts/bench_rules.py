#!/usr/bin/env python3
"""Rules-core speed: random 2-player games per second, and the median time of one
legal-placement query at turn 35 (the full list of placements of the tile in hand, and
a single membership test).  Prints figures; asserts nothing."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import Game, default_registry
from game.sim import play_random_game, random_action


def games_per_second(seconds: float = 3.0) -> float:
    tileset = default_registry().ruleset("carcassonne")
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        play_random_game(tileset, 2, seed=n)
        n += 1
    return n / (time.perf_counter() - t0)


def query_times(samples: int = 200, turn: int = 35) -> tuple[float, float]:
    import random
    tileset = default_registry().ruleset("carcassonne")
    list_times: list[float] = []
    member_times: list[float] = []
    for seed in range(samples):
        game = Game(tileset, ["A", "B"], seed=seed)
        rng = random.Random(seed)
        # Play until the tile of turn 35 is in hand (the start tile plus 34 placed).
        while not game.over and (len(game.board) <= turn - 1 or game.phase != "place"):
            game.apply(random_action(game, rng))
        if game.over or game.current_tile is None:
            continue
        probe = next(iter(game.legal_placements()), None)
        # Repeat each query to measure it in steady state, not the timer's own noise.
        reps = 50
        t0 = time.perf_counter_ns()
        for _ in range(reps):
            list(game.legal_placements())
        t1 = time.perf_counter_ns()
        for _ in range(reps):
            _ = probe in game.legal_placements()
        t2 = time.perf_counter_ns()
        list_times.append((t1 - t0) / reps / 1000)
        member_times.append((t2 - t1) / reps / 1000)
    return statistics.median(list_times), statistics.median(member_times)


def main() -> None:
    rate = games_per_second()
    full, member = query_times()
    print(f"random games (2 players): {rate:.0f} games/s")
    print(f"legal placements at turn 35, full list: median {full:.1f} us")
    print(f"legal placement membership test at turn 35: median {member:.2f} us")


if __name__ == "__main__":
    main()
