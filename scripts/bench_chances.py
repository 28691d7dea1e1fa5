#!/usr/bin/env python3
"""How well the review's chances to win foretell who wins: games of two computer players
(``quick`` against ``quick`` by default) played to the end, the chances after every turn read
as the review reads them (``game.review.chances_after`` on the futures ``game.ai.judge``
samples after the turn's last move) and shown (``over_rounds``: the mean of a round's
readings), set beside the result.

Prints, for several values of ``game.review.chances.SPREAD`` (how much the one round the
futures sample counts for every round left), the log loss and the Brier score of the first
player's chance as shown (lower is better; 0.693 and 0.25 are what even chances score), and
how much the first player's reading leans after their own turns (what ``over_rounds``
cancels); then for the value the review uses, how often the player given a chance in each
band went on to win.  The last turn of each game (its result) is left out.  Headless,
asserts nothing.

    python scripts/bench_chances.py --games 40 --futures 16
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.judge import Totals, decision_rng, follow
from game.commands.sim import play_game
from game.review import Point, chances_after, decision_points
from game.review import chances as model
from game.review.chances import Chance, over_rounds
from game.rules import Game, default_registry

SPREADS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
BANDS = 10

Game_read = tuple[list[tuple[list[Totals], Point]], float]  # every turn's futures, result


def read(game: Game, futures: int) -> list[tuple[list[Totals], Point]]:
    """The futures after every turn's last move (the last turn's left out), with its
    decision point."""
    out = []
    for point in decision_points(game, range(len(game.players))):
        if point.ends_turn and not point.after().over:
            rng = decision_rng(game.seed, point.move)
            out.append((follow(point.position, point.played, rng, futures), point))
    return out


def shown(turns: list[tuple[list[Totals], Point]]) -> list[float]:
    """The first player's chance after each turn, as the review shows it."""
    readings = [Chance(point.turn, point.move, _reading(point, futures))
                for futures, point in turns]
    return [c.chances[0] for c in over_rounds(readings)]


def _reading(point: Point, futures: list[Totals]) -> tuple[float, ...]:
    chances = chances_after(point, futures)
    assert chances is not None
    return chances


def lean(games: Sequence[Game_read]) -> float:
    """The mean rise of the first player's reading over their own turns less its mean rise
    over the others' (0 when readings do not favour whoever just played)."""
    own: list[float] = []
    others: list[float] = []
    for turns, _result in games:
        firsts = [_reading(point, futures)[0] for futures, point in turns]
        for (_f, point), rise in zip(turns[1:], (b - a for a, b in
                                                itertools.pairwise(firsts)), strict=True):
            (own if point.player == 0 else others).append(rise)
    return sum(own) / max(1, len(own)) - sum(others) / max(1, len(others))


def first_wins(game: Game) -> float:
    best = max(game.scores)
    winners = [p for p, s in enumerate(game.scores) if s == best]
    return 1.0 / len(winners) if 0 in winners else 0.0


def scored(rows: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Log loss and Brier score of (chance, result) pairs."""
    eps = 1e-4
    loss = -sum(r * math.log(max(eps, c)) + (1 - r) * math.log(max(eps, 1 - c))
                for c, r in rows) / len(rows)
    brier = sum((c - r) ** 2 for c, r in rows) / len(rows)
    return loss, brier


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=24, help="games played (default 24)")
    parser.add_argument("--futures", type=int, default=16,
                        help="futures sampled after a turn (default 16)")
    parser.add_argument("--seats", default="quick,quick", help="two computer levels")
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    args = parser.parse_args(argv)
    if args.games < 1 or args.futures < 2:
        parser.error("--games takes 1 at least, --futures 2")
    seats = args.seats.split(",")
    tileset = default_registry().ruleset("carcassonne", [])
    games: list[Game_read] = []
    for i in range(args.games):
        game = play_game(tileset, seats, args.seed + i)
        games.append((read(game, args.futures), first_wins(game)))
        print(f"game {i + 1}/{args.games}: {game.scores}", file=sys.stderr)
    chosen = model.SPREAD
    print(f"{args.games} games of {args.seats}, "
          f"{sum(len(turns) for turns, _r in games)} turns read, {args.futures} futures each")
    print(f"{'spread':>8} {'log loss':>9} {'Brier':>7} {'lean':>7}")
    for spread in sorted({*SPREADS, chosen}):
        model.SPREAD = spread
        rows = [(chance, result) for turns, result in games
                for chance in shown(turns)]
        loss, brier = scored(rows)
        print(f"{spread:8.2f} {loss:9.3f} {brier:7.3f} {lean(games):7.3f}"
              + ("  (the review's)" if spread == chosen else ""))
    model.SPREAD = chosen
    print("\nlean: how much more the first player's reading gives them after their own turn "
          "than after the turn before")
    print("\nthe review's chances by band: turns, the share the first player won")
    bands: list[list[float]] = [[] for _ in range(BANDS)]
    for turns, result in games:
        for chance in shown(turns):
            bands[min(BANDS - 1, int(chance * BANDS))].append(result)
    for b, results in enumerate(bands):
        if results:
            print(f"  {b / BANDS:.1f}-{(b + 1) / BANDS:.1f}: {len(results):4d} turns, "
                  f"won {sum(results) / len(results):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
