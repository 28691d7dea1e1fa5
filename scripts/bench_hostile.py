#!/usr/bin/env python3
"""Hostile input: how long the game takes to answer each file of the hostile corpus
(``tests/hostile/``), and the memory it needs.  Prints figures; asserts nothing.

For each tile set case: the wall time of ``python -m game.tileset check FILE`` (a new
process, start-up included) and its peak resident memory; then the time of loading the
whole corpus as one user folder.  For the saves: the time of listing them all.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.registry import Registry  # noqa: E402
from game.storage import Storage  # noqa: E402
from tests.hostile.make_corpus import write_saves, write_tilesets  # noqa: E402


def check_time(path: Path) -> tuple[float, float]:
    """Seconds and peak megabytes of one ``check`` run."""
    t0 = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "game.tileset", "check", str(path)],
                             cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped above
    return time.perf_counter() - t0, usage.ru_maxrss / 1024


def main() -> None:
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
