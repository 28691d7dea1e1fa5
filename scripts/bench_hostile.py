#!/usr/bin/env python3
"""Hostile input: how long the game takes to answer each file of the hostile corpus
(``tests/hostile/``), and the memory it needs.  Prints figures; asserts nothing.

For each tile set case: the wall time of ``python -m game.tileset check FILE`` (a new
process, start-up included) and its peak resident memory; then the time of loading the
whole corpus as one user folder.  For the saves: the time of listing them all.  With
``--kills N``: N writers killed (SIGKILL) at spread points of an atomic save, and what each
kill left behind (the old save, the new one, anything else) and how many temporary files.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.registry import Registry  # noqa: E402
from game.store.storage import Storage  # noqa: E402
from tests.hostile.make_corpus import write_saves, write_tilesets  # noqa: E402


def check_time(path: Path) -> tuple[float, float]:
    """Seconds and peak megabytes of one ``check`` run."""
    t0 = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "game.tileset", "check", str(path)],
                             cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped above
    return time.perf_counter() - t0, usage.ru_maxrss / 1024


WRITER = """
import sys
from pathlib import Path
from game.store.storage import atomic_write
path = Path(sys.argv[1])
n = 0
while True:
    n += 1
    atomic_write(path, '{"n": %d, "pad": "%s"}' % (n, "x" * 200000))
    if n == 1:
        print("written", flush=True)
"""


def kill_writers(kills: int) -> None:
    """Kill a saving process ``kills`` times; every time the save must read whole."""
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "data" / "saves" / "autosave.json"
        whole = broken = 0
        for kill in range(kills):
            child = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=ROOT,
                                     stdout=subprocess.PIPE, text=True)
            assert child.stdout is not None
            child.stdout.readline()
            time.sleep(0.0007 * (kill % 40))  # a different point of a write each time
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()
            try:
                ok = json.loads(target.read_text())["pad"] == "x" * 200000
            except (OSError, ValueError, KeyError):
                ok = False
            whole += ok
            broken += not ok
        left = [p.name for p in target.parent.iterdir() if p.name != target.name]
        Storage(Path(tmp)).clean_temporary()
        after = [p.name for p in target.parent.iterdir() if p.name != target.name]
        print(f"{kills} writers killed mid-save: {whole} saves read whole, {broken} broken; "
              f"{len(left)} temporary files left, {len(after)} after the start-up clean-up")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=0, metavar="N",
                        help="also kill N saving processes and check what they leave")
    args = parser.parse_args()
    if args.kills < 0:
        parser.error(f"--kills takes a number of processes, 0 or more, not {args.kills}")
    if args.kills:
        kill_writers(args.kills)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        cases = write_tilesets(out / "tilesets")
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import game.rules"], cwd=ROOT, check=True)
        bare = time.perf_counter() - t0
        rows = sorted(((*check_time(c.path), c.path.name) for c in cases), reverse=True)
        print(f"python -m game.tileset check, {len(rows)} files (a bare interpreter importing "
              f"the rules takes {bare:.2f} s):")
        for seconds, peak, name in rows[:8]:
            print(f"  {seconds:5.2f} s  peak {peak:4.0f} MB  {name}")
        print(f"  median {rows[len(rows) // 2][0]:.2f} s, slowest {rows[0][0]:.2f} s")
        folder = out / "all"
        folder.mkdir()
        for c in cases:
            (folder / c.path.name).write_bytes(c.path.read_bytes())
        t0 = time.perf_counter()
        registry = Registry([folder])
        print(f"the whole corpus as one user folder: {time.perf_counter() - t0:.2f} s, "
              f"{len(registry.errors)} listed errors, {len(registry.sets)} sets loaded")
        saves = write_saves(out / "data" / "saves")
        t0 = time.perf_counter()
        entries = Storage(out).list_saves()
        print(f"{len(saves)} hostile saves listed in {time.perf_counter() - t0:.2f} s "
              f"({sum(e.saved is None for e in entries)} with an error)")


if __name__ == "__main__":
    main()
