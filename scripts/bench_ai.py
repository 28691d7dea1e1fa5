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
    python scripts/bench_ai.py --sprt --pairings strong:strong --against HEAD~1 \
        --processor-time --state strong.json   # is the last commit's strong stronger?

A long run can be split: ``--first-pair`` starts at a later seed, ``--json`` keeps every
game, and ``--merge`` recomputes the table from the games of several files (the same budget
and clock, no game twice), as if they had been one run.  A level written ``LEVEL@SECONDS``
in a pairing thinks that long instead of ``--budget``.  ``--processor-time`` counts budgets
(and the times reported) in the processor time of the thinking process, not on the wall
clock: on a machine shared with other work a level then searches as much as on a quiet one.

``--sprt`` decides whether the first level of one pairing is stronger, with as few pairs as
the evidence needs: a sequential probability ratio test on the pairs' scores (0, 1/2, 1, 3/2
or 2 points: the pentanomial model), H0 the first level ``--elo0`` Elo stronger (default 0),
H1 ``--elo1`` (default 20), the generalized log-likelihood ratio against the bounds
log(beta/(1-alpha)) and log((1-beta)/alpha).  After each batch of pairs it prints the games,
the five counts, the LLR and its bounds; it ends "accepted: stronger (H1)" (exit 0),
"refused: not stronger (H0)" (exit 1) or "undecided after N games" at ``--max-games`` (exit 2);
exit 3 when ``--state`` holds a test with other settings.  ``--state FILE`` keeps each game as
it ends (written beside, then put in place): the same command again continues the test.
``--against REV`` has the second level played by that git revision's code, from a detached
worktree of it, through ``bench_ai_bridge.py``.  ``--jobs`` (default: every core) games are
played at once.  docs/computer.md, "Testing a strength change", gives the procedure.

The targets (every game): strong beats quick at least 68% of the games (interval above 60%)
and mcts 90%, both searching 0.3 s a move, and mcts searching 3 s a move 60%; quick beats
easy 75%, easy beats random 90%; quick's median move takes at most 30 ms and no strong move
more than its budget and 100 ms.  --check exits 1 when a pairing's interval does not lie
above 50%.
"""

from __future__ import annotations

import argparse
import atexit
import functools
import hashlib
import json
import math
import multiprocessing
import os
import queue
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import LEVELS, clock
from game.commands.sim import play_game, win_shares
from game.rules import Action, Game, TileSet, default_registry, parse_action

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling, when loaded from elsewhere
from revisions import cached_tree
from sprt import complete_pairs, elo_interval, llr, pentanomial, signed, sprt_bounds

ROOT = Path(__file__).resolve().parents[1]

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


# One game to play: the game and its expansions, the two levels, the game's number in the
# pairing, the budget of strong and mcts, and the checkout whose player plays the second
# level (None: this one's).
Work = tuple[str, tuple[str, ...], str, str, int, float | None, str | None]

BRIDGE = Path(__file__).resolve().with_name("bench_ai_bridge.py")


class Other:
    """The player of another version of the game (``--against``): ``bench_ai_bridge.py`` in
    its own process, that version's tree first on its module path."""

    def __init__(self, tree: Path) -> None:
        self.tree = tree
        self.process = subprocess.Popen([sys.executable, str(BRIDGE), str(tree)], cwd=tree,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        ready = Path(str(self.ask({"processor_time": clock.counts_processor_time()})["ready"]))
        # An installed copy of the game found before the tree would test this version twice.
        if tree.resolve() not in ready.resolve().parents:
            self.close()
            raise RuntimeError(f"the player of {tree} loaded its game from {ready}")

    def ask(self, message: Mapping[str, object]) -> dict[str, Any]:
        pipe_in, pipe_out = self.process.stdin, self.process.stdout
        assert pipe_in is not None and pipe_out is not None
        pipe_in.write(json.dumps(message) + "\n")
        pipe_in.flush()
        line = pipe_out.readline()
        if not line:
            raise RuntimeError(f"the player of {self.tree} ended (exit {self.process.poll()})")
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"the player of {self.tree}: {reply['error']}")
        return reply

    def move(self, game_id: str, expansions: tuple[str, ...], level: str,
             budget: float | None, game: Game) -> tuple[Action, float | None]:
        """Its action in ``game`` (a game of ``game_id`` with ``expansions``) and the seconds
        it thought (None: from its turn's plan)."""
        reply = self.ask({"game": game_id, "expansions": list(expansions),
                          "players": len(game.players), "seed": game.seed,
                          "moves": [str(m) for m in game.moves], "level": level,
                          "budget": budget})
        seconds = reply.get("seconds")
        return parse_action(str(reply["move"])), None if seconds is None else float(seconds)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()  # its input ends: it ends
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


_others: dict[str, Other] = {}


def _other(tree: str) -> Other:
    """This process's player of ``tree``, started at its first question and kept."""
    if tree not in _others:
        if not _others:
            atexit.register(_close_others)
        _others[tree] = Other(Path(tree))
    return _others[tree]


def _close_others() -> None:
    for other in _others.values():
        other.close()


def one_game(args: Work) -> Row:
    """Play game ``i`` of a pairing.  Games ``2k`` and ``2k + 1`` share their seed and swap
    the seats."""
    game_id, expansions, first, second, i, budget, against = args
    tileset = _tileset(game_id, expansions)
    specs = [first, second] if i % 2 == 0 else [second, first]
    seats, budgets = zip(*(level_budget(s, budget) for s in specs), strict=True)
    times: dict[int, list[float]] = {}
    me = 0 if i % 2 == 0 else 1
    elsewhere = None
    if against is not None:
        level, seconds = level_budget(second, budget)
        elsewhere = {1 - me: functools.partial(_other(against).move, game_id, expansions,
                                               level, seconds)}
    game = play_game(tileset, seats, seed=10_000 + i // 2, budgets=budgets, think_times=times,
                     elsewhere=elsewhere)
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
                budget: float | None, jobs: int, first_pair: int = 0,
                against: str | None = None) -> Result:
    game_ids = list(range(2 * first_pair, 2 * first_pair + games))
    work = [(game_id, tuple(expansions), first, second, i, budget, against) for i in game_ids]
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


def chosen_configs(args: argparse.Namespace) -> list[tuple[str, list[str]]]:
    """The games played: each game of the registry (or of ``--game``) for two players, by
    itself and with each of its expansions, as the options say."""
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
    return configs


TABLE_PAIRINGS = "strong:quick,strong:mcts,quick:easy,easy:random"


def budgets_said(pairings: Sequence[tuple[str, ...]], budget: float) -> str:
    """How long the searching levels of ``pairings`` think: ``budget`` unless a level says
    its own seconds (``strong@3``)."""
    own = sorted({spec for pair in pairings for spec in pair if "@" in spec})
    plain = any(spec in ("strong", "mcts") for pair in pairings for spec in pair)
    said = [f"strong and mcts at {budget:g} s per move"] if plain or not own else []
    return ", ".join(said + [f"{level} at {seconds} s per move"
                             for level, _, seconds in (spec.partition("@") for spec in own)])


def play_all(args: argparse.Namespace) -> list[Result]:
    configs = chosen_configs(args)
    pairings = [tuple(p.split(":", 1)) for p in args.pairings.split(",")]
    first_game = 2 * args.first_pair
    print(f"{args.games} games per pairing (games {first_game}-{first_game + args.games - 1}), "
          f"pairs on one seed with the seats swapped, {budgets_said(pairings, args.budget)} "
          f"({_clock_name()} time), {args.jobs} job(s)"
          + (f", the second level played by {args.against}" if args.against else ""))
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
                            args.jobs, args.first_pair, args.against_tree)
            results.append(r)
            print_result(r)
            if args.json is not None:  # after every pairing: a long run killed keeps its rows
                write_json(args.json, args.budget, results)
    return results


@dataclass(frozen=True)
class Sprt:
    configs: tuple[tuple[str, tuple[str, ...]], ...]  # pair k plays configs[k % len]
    first: str
    second: str
    budget: float | None
    elo0: float
    elo1: float
    alpha: float
    beta: float
    against: str | None = None  # the commit whose player plays the second level
    tree: str | None = None  # its checkout
    player: str | None = None  # what the working tree's player is (``player_identity``)

    def settings(self) -> dict[str, object]:
        """What a resumed test must share with the one its file holds (the number of jobs
        and the cap on games may change)."""
        return {"configs": [[g, list(e)] for g, e in self.configs], "first": self.first,
                "second": self.second, "budget": self.budget, "clock": _clock_name(),
                "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
                "against": self.against, "player": self.player}

    def work(self, i: int) -> Work:
        game_id, expansions = self.configs[(i // 2) % len(self.configs)]
        return (game_id, expansions, self.first, self.second, i, self.budget, self.tree)


class StateMismatch(Exception):
    """A ``--state`` file holds a test with other settings."""


def load_state(path: Path | None, settings: Mapping[str, object]) -> dict[int, Row]:
    """The games a test's file holds, when its settings are these (else StateMismatch)."""
    if path is None or not path.exists():
        return {}
    data = json.loads(path.read_text())
    kept = data.get("settings", {})
    # Through JSON, as the file has them: a tuple here is a list there.
    ours = json.loads(json.dumps(settings))
    for key in ours:
        if kept.get(key) != ours[key]:
            raise StateMismatch(f"{path} holds a test with {key} {kept.get(key)!r}, not "
                                f"{ours[key]!r} (use another --state, or delete it)")
    return {int(i): (a, b, c, list(d), list(e)) for i, (a, b, c, d, e) in data["games"].items()}


def save_state(path: Path, settings: Mapping[str, object], games: Mapping[int, Row]) -> None:
    """Written whole to a file beside it, then put in its place: an interrupted write leaves
    the previous file, never half of one."""
    rows = {str(i): (a, b, c, [round(t, 4) for t in d], [round(t, 4) for t in e])
            for i, (a, b, c, d, e) in sorted(games.items())}
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps({"settings": settings, "games": rows}))
    os.replace(partial, path)


class _Pool(Protocol):
    def apply_async(self, func: Callable[[Work], Row], args: tuple[Work], *,
                    callback: Callable[[Row], None],
                    error_callback: Callable[[BaseException], None]) -> object: ...

    def terminate(self) -> None: ...

    def join(self) -> None: ...


class _InProcess:
    """One job: each game played here as it is asked for."""

    def apply_async(self, func: Callable[[Work], Row], args: tuple[Work], *,
                    callback: Callable[[Row], None],
                    error_callback: Callable[[BaseException], None]) -> None:
        try:
            row = func(*args)
        except Exception as exc:
            error_callback(exc)
        else:
            callback(row)

    def terminate(self) -> None:
        pass

    def join(self) -> None:
        pass


def _start_worker(processor_time: bool) -> None:
    # Ctrl+C reaches every process of the terminal: the test's own process keeps the file
    # and stops the workers, which would otherwise each print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    clock.count_processor_time(processor_time)


def run_sprt(test: Sprt, state: Path | None, jobs: int, max_games: int,
             play: Callable[[Work], Row] = one_game) -> str:
    """Play pairs until the LLR leaves its bounds or ``max_games`` are played: "H1", "H0" or
    "undecided".  Every finished game goes to ``state`` at once, which a later run with the
    same settings continues from; an interrupted one (Ctrl+C) raises KeyboardInterrupt."""
    settings = test.settings()
    games = load_state(state, settings)
    lower, upper = sprt_bounds(test.alpha, test.beta)
    last = max_games - max_games % 2

    def verdict(pairs: int) -> str | None:
        counts = pentanomial({i: r[0] for i, r in games.items()}, pairs)
        ratio = llr(counts, test.elo0, test.elo1)
        elo, low, high = (signed(x) for x in elo_interval(counts))
        print(f"{2 * pairs:6} games  pairs {counts}  LLR {ratio:+6.2f} "
              f"[{lower:.2f}, {upper:.2f}]  elo {elo} [{low}, {high}]", flush=True)
        if ratio >= upper:
            return "H1"
        if ratio <= lower:
            return "H0"
        return "undecided" if 2 * pairs >= last else None

    if games:
        print(f"resuming: {len(games)} games kept in {state}", flush=True)
    # A file kept from a run with a larger cap: the test judges the pairs under this one.
    pairs = min(complete_pairs(games), last // 2)
    found = verdict(pairs) if games else None
    todo = iter([i for i in range(last) if i not in games])
    done: queue.Queue[tuple[int, Row | BaseException]] = queue.Queue()
    pool: _Pool = _InProcess()
    if jobs > 1:
        pool = multiprocessing.get_context().Pool(
            jobs, initializer=_start_worker, initargs=(clock.counts_processor_time(),))
    in_flight = 0
    try:
        while found is None:
            # As many games running as there are jobs, the earliest first: the pairs the test
            # judges next finish first, and a decision leaves at most one game per job unused.
            while in_flight < jobs and (i := next(todo, None)) is not None:
                in_flight += 1
                pool.apply_async(play, (test.work(i),),
                                 callback=functools.partial(_finished, done, i),
                                 error_callback=functools.partial(_finished, done, i))
            if in_flight == 0:  # every game under the cap is in, so verdict() said so
                raise RuntimeError(f"no decision after all {last} games")
            try:
                i, outcome = done.get(timeout=1.0)
            except queue.Empty:  # the wait wakes up now and then, for Ctrl+C
                continue
            in_flight -= 1
            if isinstance(outcome, BaseException):
                seed = 10_000 + i // 2
                raise RuntimeError(f"game {i} (seed {seed}) failed: {outcome}") from outcome
            games[i] = outcome
            if state is not None:
                save_state(state, settings, games)
            if min(complete_pairs(games), last // 2) > pairs:
                pairs = min(complete_pairs(games), last // 2)
                found = verdict(pairs)
    finally:
        pool.terminate()  # games still running are not waited for: the test is decided
        pool.join()
    return found


def _finished(done: queue.Queue[tuple[int, Row | BaseException]], i: int,
              outcome: Row | BaseException) -> None:
    done.put((i, outcome))


def player_identity() -> str | None:
    """What the working tree's player is: the game's code and tile sets as committed, and any
    change to them not committed (files never added to git are not seen).  None outside git."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                              check=True).stdout
    try:
        committed = git("rev-parse", "HEAD:game", "HEAD:tilesets")
        changes = git("diff", "HEAD", "--", "game", "tilesets")
    except (OSError, subprocess.CalledProcessError):
        return None
    return hashlib.sha256((committed + changes).encode()).hexdigest()[:16]


def sprt(args: argparse.Namespace) -> int:
    """``--sprt``: 0 when the first level is accepted as stronger (H1), 1 when refused (H0),
    2 undecided at ``--max-games``, 3 when ``--state`` holds another test."""
    configs = chosen_configs(args)
    first, second = args.pairings.split(":", 1)
    test = Sprt(tuple((g, tuple(e)) for g, e in configs), first, second, args.budget,
                args.elo0, args.elo1, args.alpha, args.beta, args.against_commit,
                args.against_tree, player_identity())
    lower, upper = sprt_bounds(args.alpha, args.beta)
    other = f" of {args.against} ({args.against_commit[:10]})" if args.against_commit else ""
    print(f"SPRT: is {first} stronger than {second}{other}?  elo0 {args.elo0:g}, elo1 "
          f"{args.elo1:g}, alpha {args.alpha:g}, beta {args.beta:g}: LLR bounds [{lower:.2f}, "
          f"{upper:.2f}]; pairs on one seed with the seats swapped, in turn in "
          + ", ".join(g + "".join(f" + {e}" for e in ex) for g, ex in configs)
          + f"; strong and mcts at {args.budget:g} s per move ({_clock_name()} time), at most "
          f"{args.max_games} games, {args.jobs} job(s)", flush=True)
    try:
        found = run_sprt(test, args.state, args.jobs, args.max_games)
    except StateMismatch as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        kept = f"; the same command continues from {args.state}" if args.state else ""
        print(f"interrupted{kept}", file=sys.stderr)
        return 130
    if found == "H1":
        print("accepted: stronger (H1)")
        return 0
    if found == "H0":
        print("refused: not stronger (H0)")
        return 1
    print(f"undecided after {args.max_games - args.max_games % 2} games")
    return 2


def all_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


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
    parser.add_argument("--pairings", default=None,
                        help="comma-separated first:second level pairs (default: "
                             f"{TABLE_PAIRINGS}; --sprt takes one)")
    parser.add_argument("--game", action="append", default=None,
                        help="only this game (repeatable); default: every game")
    parser.add_argument("--no-expansions", action="store_true",
                        help="only the games themselves, not each game with each expansion")
    parser.add_argument("--expansions-only", action="store_true",
                        help="only each game with each of its expansions")
    parser.add_argument("--jobs", type=int, default=None,
                        help="games played in parallel (default: every core, here "
                             f"{all_cores()})")
    parser.add_argument("--json", type=Path, default=None,
                        help="also write results here, every game included")
    parser.add_argument("--merge", type=Path, nargs="+", default=None, metavar="JSON",
                        help="play nothing: print one table from the games of these files")
    parser.add_argument("--processor-time", action="store_true",
                        help="count thinking budgets in processor time, not wall-clock time")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless every first level's interval lies above 50%%")
    parser.add_argument("--against", default=None, metavar="REV",
                        help="the second level is played by this git revision's code (a "
                             "detached worktree of it), e.g. HEAD or HEAD~1")
    test = parser.add_argument_group(
        "sequential test (--sprt): exit 0 stronger (H1), 1 not stronger (H0), 2 undecided")
    test.add_argument("--sprt", action="store_true",
                      help="play pairs of one pairing until the test decides whether the "
                           "first level is stronger")
    test.add_argument("--elo0", type=float, default=0.0,
                      help="H0: the first level is this many Elo stronger (default 0)")
    test.add_argument("--elo1", type=float, default=20.0,
                      help="H1: ... this many (default 20)")
    test.add_argument("--alpha", type=float, default=0.05,
                      help="chance of accepting a change that is not stronger (default 0.05)")
    test.add_argument("--beta", type=float, default=0.05,
                      help="chance of refusing one that is elo1 stronger (default 0.05)")
    test.add_argument("--max-games", type=int, default=20_000,
                      help="undecided after this many games (default 20000)")
    test.add_argument("--state", type=Path, default=None,
                      help="keep every finished game here; the same command run again "
                           "continues the test from it")
    args = parser.parse_args(argv)
    clock.count_processor_time(args.processor_time)
    if args.pairings is None:
        if args.sprt:
            parser.error("--sprt: give the pairing tested, e.g. --pairings strong:strong")
        args.pairings = TABLE_PAIRINGS
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
    if args.jobs is None:
        args.jobs = all_cores()
    if args.jobs < 1:
        parser.error("--jobs takes 1 or more")
    if args.sprt:
        if "," in args.pairings:
            parser.error("--sprt tests one pairing")
        if not 0 < args.alpha < 1 or not 0 < args.beta < 1 or args.alpha + args.beta >= 1:
            parser.error("--alpha and --beta are chances between 0 and 1, their sum below 1")
        if args.elo1 <= args.elo0:
            parser.error("--elo1 must be above --elo0")
        if args.max_games < 2:
            parser.error("--max-games takes 2 or more (a pair)")
        if args.json is not None or args.merge or args.check:
            parser.error("--sprt keeps its games with --state (not --json, --merge, --check)")
    args.against_commit, args.against_tree = None, None
    if args.against is not None:
        if args.merge:
            parser.error("--against plays games; --merge plays none")
        try:
            commit, tree = cached_tree(args.against)
        except ValueError as exc:
            parser.error(f"--against: {exc}")
        args.against_commit, args.against_tree = commit, str(tree)
    if args.sprt:
        return sprt(args)
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
