#!/usr/bin/env python3
"""What a whole review takes: ``python -m game.review`` on a finished two-player game of the
base game (``quick`` against ``quick``, both seats reviewed), at the default quality, in one
process and in two; with ``--against REV`` also as that revision reviews it.

    python scripts/bench_review.py                      # this tree, 1 and 2 processes
    python scripts/bench_review.py --against main       # and the review of main beside it

Each review runs in a process of its own (``--no-keep --json``); printed for each: the wall
time, the processor time of the review and its worker processes (those read from /proc,
where there is one), the longest chain (the review's own processor time and its busiest
worker's: the wall time with a processor free for each process), the decisions judged and
their verdicts, the points lost by seat.
Reviews of this tree in one process and in several are said to agree when their figures are
the same, decision by decision and turn by turn.  On a machine shared with other work the
wall times vary from run to run (the processor times much less): compare runs made side by
side.  Headless, asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

POLL = 0.2  # seconds between two looks at the review's processes

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.commands.sim import play_game  # noqa: E402
from game.rules import default_registry  # noqa: E402
from game.store.savefile import SavedGame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its siblings
from revisions import commit_of, revision_tree  # noqa: E402


def finished_save(folder: Path, seed: int) -> Path:
    """A finished game of two ``quick`` players, both seats marked human (reviewed)."""
    game = play_game(default_registry().ruleset("carcassonne", []), ["quick", "quick"], seed)
    path = folder / f"review-bench-{seed}.json"
    saved = SavedGame.of(game, "carcassonne", [], ["red", "blue"], ["human", "human"])
    path.write_text(saved.to_json(), encoding="utf-8")
    return path


def review(tree: Path, save: Path, options: list[str]
           ) -> tuple[dict[str, Any], float, float, float]:
    """The review's JSON, its wall time, the processor time it and its workers took, and
    the processor time of the longest chain: the review's own and its busiest worker's (the
    wall time it would take with a processor for each process)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        running = subprocess.Popen([sys.executable, "-m", "game.review", str(save),
                                    "--no-keep", "--json", *options], cwd=tree, env=env,
                                   stdout=out, stderr=err, text=True)
        workers: dict[int, float] = {}  # the processor time of each process under it, seen
        while running.poll() is None:
            workers.update(_descendants_time(running.pid))
            time.sleep(POLL)
        wall = time.perf_counter() - began
        out.seek(0)
        err.seek(0)
        printed, said = out.read(), err.read()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if running.returncode != 0:
        raise SystemExit(f"the review in {tree} failed:\n{said}")
    # The review itself, counted when it ended; the workers a fork server started are not
    # its children: their time is what /proc showed of them last.
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    busiest = max(workers.values(), default=0.0)
    return json.loads(printed), wall, cpu + sum(workers.values()), cpu + busiest


def _descendants_time(root: int) -> dict[int, float]:
    """The processor time (user and system, seconds) of every process descended from
    ``root`` but ``root`` itself, as /proc tells it now (nothing where there is no /proc)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return {}
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    out = {}
    for pid in times:
        parent = parents.get(pid, 0)
        while parent > 1 and parent != root:
            parent = parents.get(parent, 0)
        if parent == root:
            out[pid] = times[pid]
    return out


def line(name: str, data: dict[str, Any], wall: float, cpu: float, chain: float) -> str:
    decisions = data["decisions"]
    verdicts = [d["verdict"] for d in decisions]
    lost = ", ".join(f"seat {s['player'] + 1} {s['lost']:.1f}" for s in data["summary"])
    return (f"{name:<26} wall {wall:6.1f} s, cpu {cpu:6.1f} s, longest chain {chain:6.1f} s;"
            f" {len(decisions)} decisions ({verdicts.count('inaccuracy')} inaccuracies, "
            f"{verdicts.count('mistake')} mistakes; lost: {lost})")


def figures(data: dict[str, Any]) -> object:
    return (data["decisions"], data.get("chances"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", metavar="REV", help="also review as this revision does")
    parser.add_argument("--seed", type=int, default=7, help="the game's seed (default 7)")
    parser.add_argument("--processes", default="1,2",
                        help="the numbers of processes to review in (default 1,2)")
    args = parser.parse_args(argv)
    try:
        counts = [int(n) for n in args.processes.split(",")]
    except ValueError:
        parser.error("--processes takes numbers separated by commas")
    if not counts or min(counts) < 1:
        parser.error("--processes takes numbers of 1 or more")
    if args.against and commit_of(args.against) is None:
        parser.error(f"--against: {args.against!r} is not a revision of this repository")
    with tempfile.TemporaryDirectory(prefix="bench-review-") as temp:
        folder = Path(temp)
        save = finished_save(folder, args.seed)
        print(f"a finished base game of quick against quick, seed {args.seed}, both seats "
              f"reviewed, on {os.cpu_count()} processors")
        if args.against:
            with revision_tree(args.against, "bench-review-") as old:
                print(line(f"{args.against} (its defaults)", *review(old, save, [])),
                      flush=True)
        found = []
        for count in counts:
            data, wall, cpu, chain = review(ROOT, save, ["--processes", str(count)])
            name = f"this tree, {count} process" + ("es" if count > 1 else "")
            print(line(name, data, wall, cpu, chain), flush=True)
            found.append(figures(data))
        if len(found) > 1:
            same = all(f == found[0] for f in found[1:])
            print("the same verdicts and figures in every number of processes: "
                  + ("yes" if same else "NO"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
