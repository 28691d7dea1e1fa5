"""Play random legal games headless.

    python -m game.sim --game carcassonne [--expansions ...] --players N --games K --seed S [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections.abc import Sequence

from game.rules import Game, Place, Skip, TileSet, default_registry
from game.rules.actions import Action


def random_action(game: Game, rng: random.Random) -> Action:
    """A uniformly random legal action (placements counted once per distinct rotation)."""
    if game.phase == "place":
        options: list[tuple[str, tuple[tuple[int, int], int]]] = []
        for tid in dict.fromkeys(game.hand):
            options.extend((tid, pair) for pair in game.legal_placements(tid).pairs(True))
        tid, ((x, y), q) = rng.choice(options)
        return Place(tid, x, y, q * 90)
    deploys = game.deploy_options()
    if not deploys:
        return Skip()
    choice = rng.randrange(len(deploys) + 1)
    return deploys[choice] if choice < len(deploys) else Skip()


def play_random_game(tileset: TileSet, players: int, seed: int) -> Game:
    game = Game(tileset, [f"P{i + 1}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(random_action(game, rng))
    return game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--expansions", nargs="*", default=[])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    registry = default_registry()
    for err in registry.errors:
        print(f"warning: {err}", file=sys.stderr)
    try:
        tileset = registry.ruleset(args.game, args.expansions)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    scores: list[list[int]] = []
    errors: list[str] = []
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            game = play_random_game(tileset, args.players, seed)
            scores.append(list(game.scores))
        except Exception as exc:  # a crash is a finding: report it with its seed
            errors.append(f"seed {seed}: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
    elapsed = time.perf_counter() - t0
    rate = args.games / elapsed if elapsed > 0 else 0.0
    if args.json:
        print(json.dumps({"games": args.games, "games_per_second": round(rate, 1),
                          "scores": scores, "errors": errors}))
    else:
        print(f"{args.games} games of {tileset.name}, {args.players} players: "
              f"{rate:.1f} games/s, {len(errors)} error(s)")
        if scores:
            n = len(scores)
            means = [sum(s[p] for s in scores) / n for p in range(args.players)]
            print("mean scores: " + ", ".join(f"{m:.1f}" for m in means))
        for e in errors[:5]:
            print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
