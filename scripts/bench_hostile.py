#!/usr/bin/env python3
"""Hostile input: how long the game takes to answer each file of the hostile corpus
(``tests/hostile/``), and the memory it needs.  Prints figures; asserts nothing.

For each tile set case: the wall time of ``python -m game.tileset check FILE`` (a new
process, start-up included) and its peak resident memory; then the time of loading the
whole corpus as one user folder.  For the saves: the time of listing them all.  With
``--kills N``: N writers killed (SIGKILL) at spread points of an atomic save, and what each
kill left behind (the old save, the new one, anything else) and how many temporary files.

With ``--peers``: hostile peers instead.  A table server (``python -m game.server``, with
the usual open-file limit of 1,024) resumes 13 games of two seats under way (60 moves each),
5 lobbies and 4 games of computers (a move every 0.1 s, the table saved after each turn);
each flood runs for ``--seconds`` (20) from processes of its own:

    none    nothing (what a rejoin costs on a quiet server);
    idle    1,000 connections from 40 addresses, each in its own /24, that never join
            (each opens again 0.1 s after the server closes it);
    half    1,100 sockets from one address that send half an HTTP upgrade and wait;
    storm   one seated player's token joining again and again, 16 connections at once.

From the 3rd second, 25 seated players come back with their tokens (their time: from the
first try to the ``sync``) and 13 newcomers join the lobbies with the codes (to the
``welcome``), a tenth of a second apart, each from an address of its own, trying again
every quarter second as a client would.  Printed: their median and worst times and how many
got in before the flood ended; the table saves that failed, and the server's log lines and
tracebacks.  ``--against REV`` floods a server of that revision too (checked out with
``git worktree add`` into a temporary folder), one after the other; ``--logs DIR`` keeps the
servers' logs.  Every peer is on the loopback address: Linux routes all of 127.0.0.0/8
there, so a socket bound to 127.0.B.H is one more address.

    python scripts/bench_hostile.py --peers --against 17167d8
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.registry import Registry, default_registry  # noqa: E402
from game.store.storage import Storage  # noqa: E402
from tests.hostile.make_corpus import write_saves, write_tilesets  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its siblings
from revisions import commit_of, revision_tree  # noqa: E402


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


# ---------------------------------------------------------------------- hostile peers
# Every peer of these floods is on the loopback address: Linux routes all of 127.0.0.0/8 to
# it, so binding a client socket to 127.0.B.H makes it one of many addresses and blocks.
LOOPBACK = "127.0.0.1"
SERVER_FILES = 1024  # the server's open-file limit (RLIMIT_NOFILE): the usual default
PLAYERS, JOINERS = 25, 13  # seated players who rejoin with their tokens; new joiners
COMPUTER_TABLES = 4  # games the server's computers play meanwhile, a move every 0.1 s
FLOODS = {
    "none": "no flood",
    "idle": "1,000 sockets from 40 addresses (each in its own /24) that never join",
    "half": "1,100 half-sent handshakes from one address",
    "storm": "a seated player's token rejoining as fast as 16 connections can",
}


@dataclass
class Cast:
    """The tables a flooded server starts with, and who may sit where."""

    seated: list[tuple[str, str]]  # (code, token) of each seat of a game under way
    lobbies: list[str]  # codes of tables with open seats

    def storm(self) -> tuple[str, str]:
        return self.seated[PLAYERS]  # the seat after the measured ones: a neighbour's


def write_tables(folder: Path) -> Cast:
    """Games of two seats under way (60 moves each: a rejoin's sync is some 30 KB),
    lobbies of three open seats and games of computers, as table files a server resumes."""
    from game.ai import random_action
    from game.net.seats import TableConfig
    from game.net.table import Table
    from game.net.tablefile import save_table

    registry = default_registry()
    folder.mkdir(parents=True)
    seated: list[tuple[str, str]] = []
    lobbies: list[str] = []
    for i in range((PLAYERS + 2) // 2):
        table = Table(TableConfig("carcassonne", takeover=0), registry, seed=i + 1)
        seated += [(table.code, table.join(f"P{i}{s}", None, None, None)[1]) for s in "ab"]
        table.start(0.0)
        rng = random.Random(i)
        while table.game is not None and len(table.game.moves) < 60:
            table.play(random_action(table.game, rng), 0.0)
        save_table(table, folder)
    for _ in range((JOINERS + 2) // 3):
        table = Table(TableConfig("carcassonne", seats=("open",) * 3, takeover=0), registry)
        lobbies.append(table.code)
        save_table(table, folder)
    for i in range(COMPUTER_TABLES):  # saved after every turn, flood or not
        table = Table(TableConfig("carcassonne", seats=("random", "random"), pace=0.1),
                      registry, seed=100 + i)
        table.start(0.0)
        save_table(table, folder)
    return Cast(seated, lobbies)


def more_files(count: int) -> None:
    """Let this process hold ``count`` sockets (a flood needs more than the usual 1,024)."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(count, hard), hard))


class FloodedServer:
    """``python -m game.server`` of a tree, with the usual open-file limit, its log kept."""

    def __init__(self, tree: Path, data: Path) -> None:
        import resource

        def usual_limit() -> None:
            hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(SERVER_FILES, hard), hard))

        self.log = data.parent / f"{data.name}.log"
        env = dict(os.environ, CARCASSONNE_HOME=str(data.parent / "home"),
                   PYTHONPATH=str(tree))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--host", LOOPBACK, "--port", "0",
             "--data", str(data), "--tables", "0", "--takeover", "0"],
            cwd=tree, env=env, text=True, stdout=subprocess.PIPE, stderr=self.log.open("w"),
            preexec_fn=usual_limit)
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("serving on port"):
                self.port = int(line.split()[3])
                return
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def stop(self) -> str:
        """Stop it; what it logged."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(30)
        return self.log.read_text(errors="replace")


def url(port: int) -> str:
    return f"ws://{LOOPBACK}:{port}/"


async def hold(port: int, source: str, first: dict[str, Any] | None = None) -> int:
    """One connection from ``source`` that sends ``first`` (if any) and reads until the
    server closes it; the number of welcomes it got (never raises for a refusal)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    welcomed = 0
    try:
        async with connect(url(port), compression=None, max_size=2**22, open_timeout=10,
                           ping_interval=None, close_timeout=1, user_agent_header=None,
                           local_addr=(source, 0)) as ws:
            if first is not None:
                await ws.send(json.dumps(first))
            async for text in ws:
                kind = json.loads(text)["type"]
                welcomed += kind == "welcome"
                if kind == "error":
                    break
    except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):
        pass
    return welcomed


async def half_sent(port: int, source: str) -> None:
    """A connection that sends half an HTTP upgrade, then waits for the server to give up."""
    try:
        reader, writer = await asyncio.open_connection(LOOPBACK, port, local_addr=(source, 0))
    except OSError:
        return
    try:
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
        await reader.read()
    except OSError:
        pass
    finally:
        writer.close()


def flood_worker(kind: str, port: int, seconds: float, code: str, token: str) -> None:
    """Run one flood for ``seconds``; print how many connections it made (and rejoins)."""
    from game.net import PROTOCOL
    more_files(4096)
    counts = {"connections": 0, "welcomes": 0}

    async def again(one: Callable[[], Awaitable[int | None]], pause: float) -> None:
        while True:
            welcomes = await one() or 0  # (awaited first: the loops share the counts)
            counts["connections"] += 1
            counts["welcomes"] += welcomes
            await asyncio.sleep(pause)

    def loops() -> list[Awaitable[None]]:
        if kind == "idle":
            return [again(functools.partial(hold, port, f"127.0.{b}.2"), 0.1)
                    for b in range(1, 41) for _ in range(25)]
        if kind == "half":
            return [again(functools.partial(half_sent, port, "127.0.0.3"), 0.1)
                    for _ in range(1100)]
        rejoin = {"type": "join", "protocol": PROTOCOL, "code": code, "name": "S",
                  "token": token}
        return [again(functools.partial(hold, port, "127.0.0.4", rejoin), 0.0)
                for _ in range(16)]

    async def main() -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*loops()), seconds)

    asyncio.run(main())
    print(json.dumps(counts), flush=True)


async def get_in(port: int, source: str, join: dict[str, Any], until: str, end: float,
                 held: list[Any]) -> float | None:
    """Seconds from the first try to ``until`` (a rejoin's ``sync``, a join's ``welcome``),
    trying again every quarter second as a client would; None if not in by ``end``."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    began = time.monotonic()
    while time.monotonic() < end:
        try:
            ws = await connect(url(port), compression=None, max_size=2**22,
                               open_timeout=max(0.1, end - time.monotonic()),
                               ping_interval=None, close_timeout=1, user_agent_header=None,
                               local_addr=(source, 0))
            held.append(ws)  # stays seated (closed at the end)
            await ws.send(json.dumps(join))
            while (kind := json.loads(await asyncio.wait_for(
                    ws.recv(), max(0.1, end - time.monotonic())))["type"]) != "error":
                if kind == until:
                    return time.monotonic() - began
        except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):
            pass
        await asyncio.sleep(0.25)
    return None


async def players_get_in(port: int, cast: Cast, seconds: float
                         ) -> tuple[list[float | None], list[float | None]]:
    """The seated players rejoin with their tokens and newcomers join the lobbies, a tenth
    of a second apart, each from an address of its own; their times."""
    from game.net import PROTOCOL
    end = time.monotonic() + seconds
    held: list[Any] = []
    tries = []
    for i, (code, token) in enumerate(cast.seated[:PLAYERS]):
        join = {"type": "join", "protocol": PROTOCOL, "code": code, "name": "P",
                "token": token}
        tries.append(get_in(port, f"127.0.{100 + i}.1", join, "sync", end, held))
    for i in range(JOINERS):
        join = {"type": "join", "protocol": PROTOCOL, "code": cast.lobbies[i // 3],
                "name": f"N{i}"}
        tries.append(get_in(port, f"127.0.{150 + i}.1", join, "welcome", end, held))
    tasks = []
    for t in tries:
        tasks.append(asyncio.create_task(t))
        await asyncio.sleep(0.1)
    times = await asyncio.gather(*tasks)
    for ws in held:
        await ws.close()
    return times[:PLAYERS], times[PLAYERS:]


def said(times: list[float | None]) -> str:
    got = sorted(t for t in times if t is not None)
    if not got:
        return f"0/{len(times)} got in"
    return (f"{len(got)}/{len(times)} got in, median {statistics.median(got):.2f} s, "
            f"worst {got[-1]:.2f} s")


def one_flood(tree: Path, name: str, cast: Cast, tables: Path, seconds: float,
              logs: Path | None) -> str:
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as tmp:
        data = Path(tmp) / "tables"
        shutil.copytree(tables, data)
        server = FloodedServer(tree, data)
        worker = None
        if name != "none":
            code, token = cast.storm()
            worker = subprocess.Popen([sys.executable, __file__, "--flood-worker", name,
                                       str(server.port), str(seconds), code, token],
                                      cwd=ROOT, text=True, stdout=subprocess.PIPE)
        try:
            time.sleep(3.0)  # the flood takes hold
            seated, joined = asyncio.run(players_get_in(server.port, cast, seconds - 4.0))
            flood = json.loads(worker.communicate(timeout=60)[0] or "{}") if worker else {}
        finally:
            if worker is not None and worker.poll() is None:
                worker.kill()
                worker.wait(30)
            log = server.stop()
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
        (logs / f"{name}-{tree.name}.log").write_text(log)
    lines = log.splitlines()
    rate = (f"; the flood made {flood.get('connections', 0)} connections"
            + (f", {flood.get('welcomes', 0) / seconds:.0f} rejoins a second"
               if name == "storm" else "") if flood else "")
    return (f"  rejoins: {said(seated)}; new joins: {said(joined)}\n"
            f"  saves failed: {sum('could not be saved' in line for line in lines)}; "
            f"log: {len(lines)} lines, {log.count('Traceback (most recent')} tracebacks{rate}")


def measure_peers(against: str | None, seconds: float, only: list[str],
                  logs: Path | None) -> None:
    """Each flood against a server of this tree (and of ``against``)."""
    more_files(4096)
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as tmp, \
            contextlib.ExitStack() as stack:
        tables = Path(tmp) / "cast"
        cast = write_tables(tables)
        trees = [("this tree", ROOT)]
        if against:
            trees.append((against, stack.enter_context(revision_tree(against,
                                                                     "bench-hostile-"))))
        for name in only:
            print(f"{FLOODS[name]} ({seconds:.0f} s; {PLAYERS} seated players rejoin "
                  f"and {JOINERS} newcomers join from the 3rd second):", flush=True)
            for label, tree in trees:
                print(f" {label}:\n{one_flood(tree, name, cast, tables, seconds, logs)}",
                      flush=True)


def main() -> None:
    if len(sys.argv) == 7 and sys.argv[1] == "--flood-worker":
        flood_worker(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), *sys.argv[5:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=0, metavar="N",
                        help="also kill N saving processes and check what they leave")
    parser.add_argument("--peers", action="store_true",
                        help="flood a table server instead (see above)")
    parser.add_argument("--floods", default=",".join(FLOODS),
                        help=f"the floods, comma-separated (default: {','.join(FLOODS)})")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="how long each flood lasts (default 20, at least 8)")
    parser.add_argument("--against", metavar="REV",
                        help="with --peers: flood a server of this git revision too")
    parser.add_argument("--logs", type=Path, metavar="DIR",
                        help="with --peers: keep each flooded server's log in DIR")
    args = parser.parse_args()
    if args.kills < 0:
        parser.error(f"--kills takes a number of processes, 0 or more, not {args.kills}")
    floods = args.floods.split(",")
    if not set(floods) <= set(FLOODS) or args.seconds < 8:
        parser.error(f"--floods names some of {', '.join(FLOODS)}; --seconds is 8 or more")
    if args.against and commit_of(args.against) is None:
        parser.error(f"--against: {args.against!r} is not a revision of this repository")
    if args.peers:
        measure_peers(args.against, args.seconds, floods, args.logs)
        return
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
