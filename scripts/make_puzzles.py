#!/usr/bin/env python3
"""Make the best-move puzzles of one game: ``tilesets/puzzles/<game>.json``.

    python scripts/make_puzzles.py --game carcassonne --count 40 --seeds 1-200
    python scripts/make_puzzles.py --game carcassonne --expansions hills-and-sheep --count 40

Games of computer players (``--level``, ``quick`` by default: the positions only need to be
those of sensible games) are played from each seed in turn.  In each, a few of the positions
where a player is to place a tile (``--per-game``, drawn from the seed) are judged by the
review's judge on ``MADE_FUTURES`` futures; one is a candidate when the best plan is a
placement and its figure step, the tile has two rules-distinct placements or more, and the
best plan leads the second by ``MIN_LEAD`` points and ``MIN_Z`` standard errors.  A
candidate is judged again on ``CHECK_FUTURES`` futures (four times as many) and kept only if
its best plan is still best, ahead of every other plan by ``CHECK_LEAD`` points and
``CHECK_Z`` standard errors, and still ahead on the ``TEST_FUTURES`` futures the project's
test judges it on.  The figures are in ``game/review/puzzles.py``.

Once a quarter more than ``--count`` are kept (or the seeds run out), ``--count`` are chosen
spread over the game: early, middle and late positions, with and without a figure in the
best plan, taken in turn.  Everything is drawn from the seeds and judged on fixed numbers of
futures: the same command writes the same file.  The file is written atomically.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import kinds_named  # noqa: E402
from game.commands.sim import play_game  # noqa: E402
from game.review import Point, decision_points  # noqa: E402
from game.review.puzzles import (  # noqa: E402
    CHECK_FUTURES,
    CHECK_LEAD,
    CHECK_Z,
    MADE_FUTURES,
    MIN_LEAD,
    MIN_Z,
    TEST_FUTURES,
    Puzzle,
    PuzzleSet,
    Rival,
    judged,
    still_best,
    tile_and_figure,
)
from game.rules import Game, Phase, TileSet, default_registry  # noqa: E402
from game.store.storage import atomic_write  # noqa: E402

STAGES = 3  # early, middle, late


def seeds_said(text: str) -> list[int]:
    """``1-50,70,80-90``: the seeds named, in order."""
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        first = int(low)
        out.extend(range(first, int(high) + 1) if high else [first])
    return out


def looked_at(game: Game, per_game: int, rng: random.Random) -> list[Point]:
    """Up to ``per_game`` of the game's placements worth asking about, drawn at random: the
    tile has two rules-distinct placements or more."""
    points = [p for p in decision_points(game, range(len(game.players)))
              if p.position.phase is Phase.PLACE and len(p.played) == 2
              and p.position.legal_placements().count(distinct=True) >= 2]
    rng.shuffle(points)
    return sorted(points[:per_game], key=lambda p: p.move)


def as_puzzle(key: str, game: Game, point: Point) -> Puzzle | None:
    """The position as a puzzle, if it is one (see the module's docstring)."""
    position = point.position
    first = judged(position, [], MADE_FUTURES, candidates=True)
    order = sorted(range(len(first.plans)), key=lambda i: -first.mean(i))
    if len(order) < 2 or not tile_and_figure(first.plans[order[0]].actions):
        return None
    lead, error = first.lead(order[0], order[1])
    if lead < MIN_LEAD or lead < MIN_Z * error:
        return None
    check = judged(position, [], CHECK_FUTURES, candidates=True)
    best = check.best()
    if check.plans[best].actions != first.plans[order[0]].actions:
        return None
    rivals = []
    for i in range(len(check.plans)):
        if i == best:
            continue
        lead, error = check.lead(best, i)
        if lead < CHECK_LEAD or lead < CHECK_Z * error:
            return None
        rivals.append(Rival(tuple(str(a) for a in check.plans[i].actions), lead, error))
    rivals.sort(key=lambda r: r.lead)
    puzzle = Puzzle(f"{key}-{game.seed}-{point.move}", game.seed, len(game.players),
                    tuple(str(m) for m in game.moves[:point.move]), point.turn,
                    point.move / len(game.moves),
                    tuple(str(a) for a in check.plans[best].actions), tuple(rivals))
    return None if still_best(position, puzzle, TEST_FUTURES) else puzzle


def found(tileset: TileSet, key: str, seats: Sequence[str], seeds: Sequence[int],
          per_game: int, enough: int) -> Iterator[Puzzle]:
    for seed in seeds:
        game = play_game(tileset, seats, seed)
        for point in looked_at(game, per_game, random.Random(f"puzzles:{key}:{seed}")):
            puzzle = as_puzzle(key, game, point)
            if puzzle is not None:
                yield puzzle
                enough -= 1
                if enough <= 0:
                    return
        print(f"seed {seed}: {enough} more to find", file=sys.stderr, flush=True)


def spread(puzzles: Sequence[Puzzle], count: int) -> list[Puzzle]:
    """``count`` puzzles taken in turn from each stage of the game, with a figure in the
    best plan and without; in the order they were found within each."""
    groups: dict[tuple[int, bool], list[Puzzle]] = {}
    for p in puzzles:
        stage = min(STAGES - 1, int(p.stage * STAGES))
        groups.setdefault((stage, p.figure), []).append(p)
    queues = [groups[k] for k in sorted(groups)]
    out: list[Puzzle] = []
    while len(out) < count and any(queues):
        for queue in queues:
            if queue and len(out) < count:
                out.append(queue.pop(0))
    return sorted(out, key=lambda p: (p.seed, len(p.moves)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make_puzzles.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, help="the game (a registry name)")
    parser.add_argument("--expansions", nargs="*", default=[], help="its expansions")
    parser.add_argument("--count", type=int, default=40, help="puzzles (default %(default)s)")
    parser.add_argument("--seeds", default="1-400",
                        help="the games' seeds, e.g. 1-50,70 (default %(default)s)")
    parser.add_argument("--players", type=int, default=2, help="default %(default)s")
    parser.add_argument("--level", default="quick",
                        help="the computer players' level (default %(default)s)")
    parser.add_argument("--per-game", type=int, default=6,
                        help="positions judged in each game (default %(default)s)")
    parser.add_argument("--out", type=Path, default=None,
                        help="the file written (default tilesets/puzzles/<game>.json)")
    args = parser.parse_args(argv)
    seats, unknown = kinds_named(",".join([args.level] * args.players))
    if unknown or args.count < 1 or args.per_game < 1:
        print("--level takes a computer level, --count and --per-game 1 or more",
              file=sys.stderr)
        return 2
    try:
        seeds = seeds_said(args.seeds)
    except ValueError:
        print(f"--seeds takes seeds and ranges such as 1-50,70, not {args.seeds}",
              file=sys.stderr)
        return 2
    registry = default_registry()
    try:
        tileset = registry.ruleset(args.game, args.expansions)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    puzzles = PuzzleSet(args.game, tuple(args.expansions))
    t0 = time.perf_counter()
    kept = list(found(tileset, puzzles.key, seats, seeds, args.per_game,
                      args.count + args.count // 4))
    puzzles.puzzles = spread(kept, args.count)
    out = args.out or ROOT / "tilesets" / "puzzles" / f"{puzzles.key}.json"
    atomic_write(out, puzzles.to_json() + "\n")
    print(f"{puzzles.key}: {len(puzzles.puzzles)} puzzles ({len(kept)} found) in "
          f"{time.perf_counter() - t0:.0f} s, written to {out}")
    return 0 if len(puzzles.puzzles) >= args.count else 1


if __name__ == "__main__":
    sys.exit(main())
