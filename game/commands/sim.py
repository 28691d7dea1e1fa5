"""Play legal games headless: random players, or computer players of any level.

    python -m game.sim --game carcassonne [--expansions ...] --players N --games K --seed S [--json]
    python -m game.sim --seats quick,random --games 20 [--budget 0.2]

--seats gives one computer level per player (random, easy, medium (quick), hard (strong),
mcts; default: all random) and implies the number of players.  Win rates are reported per
seat, a tie split between the tied.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections.abc import Callable, Mapping, Sequence

from game.ai.random_policy import play_random_game as play_to_end
from game.ai.random_policy import random_action
from game.commands.games_help import GamesHelp, RawKeepsIdsWhole
from game.rules import Action, Game, TileSet, default_registry
from game.rules.model import OptionValue


def play_random_game(tileset: TileSet, players: int, seed: int) -> Game:
    """One game of random players, its deck and their choices both drawn from ``seed``."""
    game = Game(tileset, [f"P{i + 1}" for i in range(players)], seed=seed)
    return play_to_end(game, random.Random(seed))


def win_shares(scores: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1 for the sole best score, split on a tie."""
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(scores))]


def play_game(tileset: TileSet, seats: Sequence[str], seed: int,
              budget: float | None = None, options: dict[str, OptionValue] | None = None,
              think_times: dict[int, list[float]] | None = None,
              budgets: Sequence[float | None] | None = None,
              elsewhere: Mapping[int, Callable[[Game], tuple[Action, float | None]]]
              | None = None) -> Game:
    """One game with one computer level per seat.  All-random games are exactly those of
    ``play_random_game``.  ``budgets`` gives each seat its own thinking time (else every
    seat has ``budget``).  ``think_times`` collects, for each seat, the seconds each of its
    decisions took on the budget clock (``game.ai.clock``; the answers a level gives at once
    from its turn's plan left out).  ``elsewhere`` plays some seats by another player (a
    level of another version of the game, in another process): given the game, it answers
    its action and the seconds it thought (None when it answered from its turn's plan)."""
    from game.ai import choose_action, clock, has_plan
    game = Game(tileset, [f"P{i + 1}" for i in range(len(seats))], seed=seed,
                options=options)
    rng = random.Random(seed)
    while not game.over:
        seat = game.current
        kind = seats[seat]
        if elsewhere is not None and seat in elsewhere:
            action, seconds = elsewhere[seat](game)
            if think_times is not None and seconds is not None:
                think_times.setdefault(seat, []).append(seconds)
            game.apply(action)  # checked: the other player's rules may differ from these
            continue
        if kind == "random":
            game.apply_legal(random_action(game, rng))
            continue
        planned = has_plan(game, kind)
        t0 = clock.now()
        action = choose_action(game, kind, rng, budget if budgets is None else budgets[seat])
        if think_times is not None and not planned:
            think_times.setdefault(seat, []).append(clock.now() - t0)
        game.apply(action)
    return game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__,
                                     formatter_class=RawKeepsIdsWhole)
    parser.add_argument("--game", default="carcassonne", help=GamesHelp(
        "the game played (default: %(default)s): %(games)s", default_registry))
    parser.add_argument("--expansions", nargs="*", default=[],
                        help="expansions of the game (e.g. hills-and-sheep)")
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default 2, or the number of --seats)")
    parser.add_argument("--seats", default=None,
                        help="one computer level per seat, comma-separated: random, easy, "
                        "medium (quick), hard (strong), mcts")
    parser.add_argument("--budget", type=float, default=None,
                        help="thinking time of a strong or mcts seat per move, seconds (default 1)")
    parser.add_argument("--games", type=int, default=100,
                        help="how many games (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the first game, the next ones counting on from it "
                        "(default %(default)s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    from game.ai import LEVELS_SAID, kinds_named
    if args.seats is not None:
        seats, unknown = kinds_named(args.seats)  # the window's words too: hard, medium
        if unknown:
            print(f"unknown seat kind(s) {', '.join(unknown)} (kinds: {LEVELS_SAID})",
                  file=sys.stderr)
            return 2
        if args.players is not None and args.players != len(seats):
            print(f"--players {args.players} but {len(seats)} seats given", file=sys.stderr)
            return 2
    else:
        seats = ["random"] * (args.players if args.players is not None else 2)
    asked = len(seats) if args.players is None else args.players  # -3 is told as -3, not 0
    args.players = len(seats)
    registry = default_registry()
    for err in registry.errors:
        print(f"warning: {err}", file=sys.stderr)
    try:
        tileset = registry.ruleset(args.game, args.expansions)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    lo, hi = tileset.players
    if not lo <= asked <= hi:  # else every game would fail alike, each with a traceback
        print(f"{tileset.name} takes {lo} to {hi} players, not {asked}", file=sys.stderr)
        return 2
    if args.games < 0:
        print(f"--games takes a number of games, 0 or more, not {args.games}", file=sys.stderr)
        return 2
    scores: list[list[int]] = []
    errors: list[str] = []
    wins = [0.0] * len(seats)
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            if all(s == "random" for s in seats):
                game = play_random_game(tileset, args.players, seed)
            else:
                game = play_game(tileset, seats, seed, args.budget)
            scores.append(list(game.scores))
            for p, share in enumerate(win_shares(game.scores)):
                wins[p] += share
        except Exception as exc:  # a crash is a finding: report it with its seed
            errors.append(f"seed {seed}: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
    elapsed = time.perf_counter() - t0
    rate = args.games / elapsed if elapsed > 0 else 0.0
    played = len(scores)
    win_rates = [round(w / played, 4) if played else 0.0 for w in wins]
    if args.json:
        print(json.dumps({"games": args.games, "games_per_second": round(rate, 1),
                          "scores": scores, "errors": errors, "seats": seats,
                          "win_rates": win_rates}))
    else:
        print(f"{args.games} games of {tileset.name}, {args.players} players: "
              f"{rate:.1f} games/s, {len(errors)} error(s)")
        if scores:
            n = len(scores)
            means = [sum(s[p] for s in scores) / n for p in range(args.players)]
            print("mean scores: " + ", ".join(f"{m:.1f}" for m in means))
            print("win rates: " + ", ".join(f"P{p + 1} {seats[p]} {100 * r:.1f}%"
                                            for p, r in enumerate(win_rates)))
        for e in errors[:5]:
            print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
