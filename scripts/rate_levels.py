#!/usr/bin/env python3
"""The ladder's ratings: a round robin of seat-swapped 2-player games between the computer
levels, in every game (each game of the registry by itself and with each of its
expansions), and a Bradley-Terry fit on the Elo scale with 95% intervals, per game.

    python scripts/rate_levels.py --pairs 20            # play (or go on playing), then fit
    python scripts/rate_levels.py --fit                 # fit the games kept, play none
    python scripts/rate_levels.py --fit --write         # ... and write tilesets/ratings.json
    python scripts/rate_levels.py --check               # exit 1 unless every step holds

Pair k of a pairing is played on seed 10000 + k, the first level first in its first game and
second in the other.  Pairs are played round by round (pair 0 of every pairing in every
game, then pair 1...), two at a time on two cores (``--jobs``), so that a run stopped at any
moment leaves every pairing with about as many games.  Every game is kept in ``--state``
(default docs/ladder-games.json) as it ends, written beside and put in place: a later run
goes on from there, and another session can add games to the same table.  The file also
holds what the players were (the code of game/ai, game/rules and the tile sets): a file of
another player is refused, since its games no longer say how today's levels play.

Budgets are counted in the processor time of the thinking process (a level thinks as much
on a busy machine as on a quiet one), ``strong`` at the window's 1 s a move; a level written
``LEVEL@SECONDS`` thinks that long.  Ratings are anchored on Medium (``quick``) at 1500 in
every game: each other rating, and its interval, says how far that level stands from Medium
(the level measured best: Easy hardly ever beats it, Hard often loses to it).  The
arithmetic is
in ``rating_fit.py``; docs/computer.md, "The ladder of levels", gives the table.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import itertools
import json
import multiprocessing
import os
import queue
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ai import Row, Work, _start_worker, all_cores, level_budget, one_game
from rating_fit import Pairs, gap_interval, ratings

from game.ai import DEFAULT_BUDGET_S, LEVELS, clock
from game.rules import default_registry

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / "docs" / "ladder-games.json"
RATINGS = ROOT / "tilesets" / "ratings.json"
LADDER = ("easy", "quick", "strong")
ANCHOR, ANCHOR_RATING = "quick", 1500.0
PLAYER_PATHS = ("game/ai", "game/rules", "game/commands/sim.py", "tilesets/*.yaml")

Config = tuple[str, tuple[str, ...]]


def configs() -> list[Config]:
    """Every game for two players, by itself and with each of its expansions."""
    registry = default_registry()
    found: list[Config] = []
    for tileset in registry.games():
        if tileset.players[0] <= 2 <= tileset.players[1]:
            found.append((tileset.id, ()))
            found.extend((tileset.id, (e.id,)) for e in registry.expansions(tileset.id))
    return found


def label(config: Config) -> str:
    """A game's key, as the puzzles name it: ``carcassonne+hills-and-sheep``."""
    return "+".join((config[0], *config[1]))


def player_identity() -> str:
    """What the players are: the code and tile sets they play by, as committed, and any
    change to them not committed."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True,
                              text=True, check=True).stdout
    return hashlib.sha256((git("ls-tree", "-r", "HEAD", "--", *PLAYER_PATHS)
                           + git("diff", "HEAD", "--", *PLAYER_PATHS)).encode()).hexdigest()[:16]


def settings(levels: Sequence[str]) -> dict[str, object]:
    return {"levels": list(levels), "budget": DEFAULT_BUDGET_S, "clock": "processor",
            "player": player_identity()}


def load(path: Path, wanted: Mapping[str, object], playing: bool = True) -> dict[str, Row]:
    """The games kept in ``path``.  Games of other settings are refused when more are to be
    played beside them; a fit of them alone only warns that today's players differ."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    kept = data.get("settings", {})
    for key, value in json.loads(json.dumps(wanted)).items():
        if kept.get(key) == value:
            continue
        said = f"{path} holds games with {key} {kept.get(key)!r}, not {value!r}"
        if playing or key != "player":
            raise SystemExit(f"{said}: use another --state, or delete it to rate today's "
                             "players")
        print(f"warning: {said}: the fit describes the players of those games", flush=True)
    return {k: (a, b, c, [], []) for k, (a, b, c) in data["games"].items()}


def save(path: Path, wanted: Mapping[str, object], games: Mapping[str, Row]) -> None:
    rows = {k: [r[0], r[1], r[2]] for k, r in sorted(games.items())}
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps({"settings": wanted, "games": rows}, indent=0) + "\n")
    os.replace(partial, path)


def key(config: Config, first: str, second: str, i: int) -> str:
    return f"{label(config)}|{first}:{second}|{i}"


def schedule(levels: Sequence[str], pairs: int) -> list[tuple[str, Work]]:
    """Every game still to reach ``pairs`` pairs per pairing, round by round."""
    work: list[tuple[str, Work]] = []
    for k in range(pairs):
        for config in configs():
            for first, second in itertools.combinations(levels, 2):
                for i in (2 * k, 2 * k + 1):
                    work.append((key(config, first, second, i),
                                 (config[0], config[1], first, second, i, DEFAULT_BUDGET_S,
                                  None)))
    return work


def play(levels: Sequence[str], pairs: int, path: Path, jobs: int) -> None:
    wanted = settings(levels)
    games = load(path, wanted)
    todo = [(k, w) for k, w in schedule(levels, pairs) if k not in games]
    print(f"{len(games)} games kept in {path}; {len(todo)} to play on {jobs} job(s)",
          flush=True)
    done: queue.Queue[tuple[str, Row | BaseException]] = queue.Queue()
    pool = multiprocessing.get_context().Pool(jobs, initializer=_start_worker,
                                              initargs=(True,))

    def finished(k: str, outcome: Row | BaseException) -> None:
        done.put((k, outcome))

    try:
        for k, w in todo:
            pool.apply_async(one_game, (w,), callback=functools.partial(finished, k),
                             error_callback=functools.partial(finished, k))
        for n in range(len(todo)):
            k, outcome = done.get()
            if isinstance(outcome, BaseException):
                raise RuntimeError(f"game {k} failed: {outcome}") from outcome
            games[k] = outcome
            save(path, wanted, games)
            print(f"{n + 1}/{len(todo)} {k}: {outcome[0]:g} ({outcome[1]}-{outcome[2]})",
                  flush=True)
    finally:
        pool.terminate()
        pool.join()


def pairs_of(games: Mapping[str, Row], game: str, levels: Sequence[str]) -> Pairs:
    """Each pairing's complete seat-swapped pairs in ``game``: the first level's points."""
    out: dict[tuple[str, str], list[float]] = {}
    for first, second in itertools.combinations(levels, 2):
        shares: dict[int, float] = {}
        for k, row in games.items():
            g, pairing, i = k.split("|")
            if g == game and pairing == f"{first}:{second}":
                shares[int(i)] = row[0]
        out[(first, second)] = [shares[2 * p] + shares[2 * p + 1]
                                for p in sorted({i // 2 for i in shares})
                                if 2 * p in shares and 2 * p + 1 in shares]
    return out


LADDER_STEP = 100.0  # rating points each level stands above the one below, at least


def report(levels: Sequence[str], games: Mapping[str, Row]
           ) -> tuple[dict[str, object], list[str]]:
    """Print each game's table, then one line a game for the docs; return what
    ``tilesets/ratings.json`` holds, and the steps of the ladder that are not
    ``LADDER_STEP`` points or more with their gap's interval above zero."""
    table: dict[str, object] = {}
    lines: list[str] = []
    short: list[str] = []
    for config in configs():
        game = label(config)
        pairs = pairs_of(games, game, levels)
        if not any(pairs.values()):
            continue
        print(f"\n{game}: " + ", ".join(f"{a}-{b} {len(ps)} pairs {sum(ps):g}/{2 * len(ps)}"
                                        for (a, b), ps in pairs.items()))
        print("| level | rating | 95% interval | over the level below | games | score |")
        print("|---|---|---|---|---|---|")
        rows = ratings(levels, pairs, ANCHOR, ANCHOR_RATING)
        entry = {}
        cells, gaps = [], []
        for below, r in zip([None, *rows], rows, strict=False):
            gap = "—"
            if below is not None:
                d, lo, hi = gap_interval(levels, pairs, below.level, r.level)
                gap = f"{d:+.0f} [{lo:+.0f}, {hi:+.0f}]"
                gaps.append(gap)
                if d < LADDER_STEP or lo <= 0:
                    short.append(f"{game}: {r.level} over {below.level} {gap}")
            print(f"| {r.level} | {r.rating:.0f} | {r.low:.0f}–{r.high:.0f} | {gap} | "
                  f"{r.games} | {100 * r.score / r.games:.0f}% |")
            cells.append(f"{r.rating:.0f} [{r.low:.0f}, {r.high:.0f}]")
            entry[r.level] = {"rating": round(r.rating), "low": round(r.low),
                              "high": round(r.high), "games": r.games}
        fewest = min(len(ps) for ps in pairs.values())
        lines.append(f"| {game} | " + " | ".join(cells + gaps) + f" | {fewest} |")
        table[game] = entry
    print(f"\n| game | {' | '.join(levels)} | "
          + " | ".join(f"{b} over {a}" for a, b in itertools.pairwise(levels))
          + " | pairs a pairing |")
    print("|---" * (2 * len(levels) + 1) + "|")
    print("\n".join(lines))
    return table, short


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(LADDER),
                        help="the levels rated, weakest first (LEVEL or LEVEL@SECONDS); "
                             f"default {','.join(LADDER)}")
    parser.add_argument("--pairs", type=int, default=0,
                        help="seat-swapped pairs to reach in every pairing of every game")
    parser.add_argument("--state", type=Path, default=STATE)
    parser.add_argument("--jobs", type=int, default=all_cores())
    parser.add_argument("--fit", action="store_true", help="fit the games kept and print")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 unless every level stands {LADDER_STEP:.0f} points or more "
                             "above the one below, its gap's interval above zero, in every game")
    parser.add_argument("--write", action="store_true",
                        help=f"write the fit to {RATINGS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    levels = [s.strip() for s in args.levels.split(",") if s.strip()]
    unknown = [s for s in levels if level_budget(s, None)[0] not in LEVELS]
    if unknown or ANCHOR not in levels:
        parser.error(f"levels {unknown or levels}: known are {', '.join(LEVELS)}, "
                     f"and {ANCHOR} is the anchor")
    clock.count_processor_time(True)
    if args.pairs:
        try:
            play(levels, args.pairs, args.state, args.jobs)
        except KeyboardInterrupt:
            print(f"interrupted; the same command goes on from {args.state}")
            return 130
    if args.pairs or args.fit or args.write or args.check:
        table, short = report(levels, load(args.state, settings(levels), playing=False))
        if args.write:
            data = {"anchor": ANCHOR, "anchor_rating": round(ANCHOR_RATING),
                    "budget_s": DEFAULT_BUDGET_S, "games": table}
            partial = RATINGS.with_name(RATINGS.name + ".partial")
            partial.write_text(json.dumps(data, indent=1) + "\n")
            os.replace(partial, RATINGS)
            print(f"\nwritten: {RATINGS.relative_to(ROOT)}")
        if args.check:
            print("\nthe ladder: " + ("every step holds" if not short else
                                      "steps short of the rule:\n  " + "\n  ".join(short)))
            return 1 if short else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
