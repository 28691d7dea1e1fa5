#!/usr/bin/env python3
"""Whether a server's computers stall its players: the round trip of a player's move while
other tables' computers think.  Prints figures; asserts nothing.  Loopback only.

    python scripts/bench_stall.py                     # this tree's figures
    python scripts/bench_stall.py --against 17167d8   # both trees, interleaved, with ratios

One server process (``TableServer`` of the tree measured, started by this file's
``--serve`` with ``PYTHONPATH`` set to that tree) holds ``--computer-tables`` tables (10)
whose two seats are ``strong`` computers, each thinking about 1 s a move, and tables of two
open seats.  Once the computers think, two scripted players (in this process, with this
tree's client) take an open table and play random legal moves, table after table, for
``--seconds`` (20), waiting ``--pace`` (0.05 s) before each action as a quick player would
(an instant one sends more than a connection may): for each move, the time from sending its
``act`` to receiving its ``move`` back.  Printed: the moves measured, the median, 99th
percentile and slowest round trip, and the connections the players lost (their clients ping
every 10 s, as a window's do).

With ``--against REV`` the revision is checked out with ``git worktree add`` into a
temporary folder (removed afterwards); the rounds (``--rounds`` per tree) alternate between
the trees, and each figure is given for both with the ratio (the other tree's over this
one's: how many times better this tree is).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"


# ---------------------------------------------------------------------- the server (any tree)
def serve(computer_tables: int, player_tables: int, data: str) -> None:
    """Run by ``--serve`` in the tree measured: its own TableServer, the tables made, one
    line of JSON (port, open tables' codes), then serve until SIGTERM."""
    from game.net.seats import TableConfig
    from game.net.table_server import TableServer
    from game.rules.registry import default_registry

    async def main() -> None:
        server = TableServer(default_registry(), Path(data))
        for _ in range(computer_tables):  # begun: nobody joins a table of computers
            server.add_table(TableConfig("carcassonne", seats=("strong", "strong"))).start(
                server.clock())
        codes = [server.add_table(TableConfig("carcassonne", seats=("open", "open"),
                                              takeover=0)).code
                 for _ in range(player_tables)]
        port = await server.start(LOOPBACK, 0)
        print(json.dumps({"port": port, "codes": codes}), flush=True)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        try:
            await stop.wait()
        finally:
            await server.close()

    asyncio.run(main())


class Server:
    def __init__(self, tree: Path, args: argparse.Namespace, data: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree), CARCASSONNE_HOME=str(data))
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve",
             str(args.computer_tables), str(args.player_tables), str(data)],
            cwd=tree, env=env, text=True, stdout=subprocess.PIPE)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the server of {tree} did not start")
        started = json.loads(line)
        self.port, self.codes = int(started["port"]), list(started["codes"])

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(30)


# ---------------------------------------------------------------------- the players (this tree)
class Measured:
    """Two players of one table: each move's round trip, and the connections lost."""

    def __init__(self, port: int, code: str) -> None:
        from game.net.client import NetSession
        from game.net.links import Link
        from game.rules.registry import default_registry

        registry = default_registry()
        self.sessions = [NetSession(registry, Link(LOOPBACK, port, code), f"P{i}")
                         for i in range(2)]
        self.sent: dict[int, float] = {}
        self.trips: list[float] = []
        self.drops = 0
        self.stopping = False
        for session in self.sessions:
            self._tap(session)

    def _tap(self, session: Any) -> None:
        request, received, link_down = session.request, session.received, session.link_down

        def timed_request(message: Any) -> bool:
            data = message if isinstance(message, dict) else message.to_json()
            if data["type"] == "act":  # (a tree before typed messages sends dicts)
                self.sent[data["n"]] = time.perf_counter()
            return bool(request(message))

        def timed_received(text: str | bytes) -> None:
            now = time.perf_counter()
            if isinstance(text, str) and text.startswith('{"type":"move"'):
                data = json.loads(text)
                if data["seat"] in session.seats and data["n"] in self.sent:
                    self.trips.append(now - self.sent.pop(data["n"]))
            received(text)

        def counted_link_down(reason: str) -> None:
            if not self.stopping and not session.finished:
                self.drops += 1
            link_down(reason)

        session.request = timed_request
        session.received = timed_received
        session.link_down = counted_link_down

    async def play(self, until: float, pace: float) -> None:
        from game.net.connect import follow
        from game.net.headless import play_seat

        stop = asyncio.Event()
        links = [asyncio.create_task(follow(s, stop)) for s in self.sessions]
        players = [asyncio.create_task(play_seat(s, "random", pace, seed=i, stop=stop))
                   for i, s in enumerate(self.sessions)]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*players), max(0.0, until - time.monotonic()))
        self.stopping = True
        stop.set()
        await asyncio.gather(*players, *links, return_exceptions=True)


async def measure_players(port: int, codes: list[str], seconds: float, pace: float
                          ) -> dict[str, Any]:
    until = time.monotonic() + seconds
    trips: list[float] = []
    drops = tables = 0
    for code in codes:
        if time.monotonic() >= until:
            break
        table = Measured(port, code)
        await table.play(until, pace)
        trips += table.trips
        drops += table.drops
        tables += 1
    return {"trips": trips, "drops": drops, "tables": tables}


def one_round(tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-stall-") as data:
        server = Server(tree, args, Path(data))
        try:
            time.sleep(args.warm_up)  # the computers are thinking
            result = asyncio.run(measure_players(server.port, server.codes, args.seconds,
                                                 args.pace))
        finally:
            server.stop()
    return result


# ---------------------------------------------------------------------- figures
def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


def figures(result: dict[str, Any]) -> dict[str, float]:
    trips = result["trips"]
    return {"moves": len(trips), "p50": statistics.median(trips) * 1000 if trips else 0.0,
            "p99": pct(trips, 99) * 1000, "max": max(trips, default=0.0) * 1000,
            "drops": result["drops"]}


def report(name: str, rounds: list[dict[str, Any]]) -> dict[str, float]:
    pooled = {"trips": [t for r in rounds for t in r["trips"]],
              "drops": sum(r["drops"] for r in rounds)}
    f = figures(pooled)
    print(f"{name:>12}: {f['moves']:5.0f} moves, round trip median {f['p50']:7.1f} ms, "
          f"99th percentile {f['p99']:7.1f} ms, slowest {f['max']:7.1f} ms; "
          f"connections lost: {f['drops']:.0f}")
    return f


def main(argv: list[str] | None = None) -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        return 0
    sys.path.insert(0, str(ROOT))
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", metavar="REV", help="compare with this git revision")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per tree (default 2)")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="seconds the players play in a round (default 20)")
    parser.add_argument("--computer-tables", type=int, default=10,
                        help="tables of two strong computers (default 10)")
    parser.add_argument("--player-tables", type=int, default=20,
                        help="open tables the players may take in turn (default 20)")
    parser.add_argument("--pace", type=float, default=0.05,
                        help="seconds a player waits before each action (default 0.05: "
                             "within the messages a connection may send a second)")
    parser.add_argument("--warm-up", type=float, default=3.0,
                        help="seconds the computers think before the players begin")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # its siblings
    from revisions import trees_against
    if args.rounds < 1 or args.seconds <= 0 or args.player_tables < 1 or \
            args.computer_tables < 0 or args.pace < 0 or args.warm_up < 0:
        parser.error("--rounds, --seconds and --player-tables take a positive number, "
                     "--computer-tables, --pace and --warm-up none below zero")
    others = contextlib.ExitStack()
    trees = trees_against(parser, args.against, "bench-stall-tree-", others)
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in trees}
    random.seed(1)
    try:
        for r in range(args.rounds):
            for name, tree in (trees if r % 2 == 0 else trees[::-1]):
                rounds[name].append(one_round(tree, args))
                f = figures(rounds[name][-1])
                print(f"round {r + 1}/{args.rounds}, {name}: {f['moves']:.0f} moves, "
                      f"p99 {f['p99']:.1f} ms, lost {f['drops']:.0f}", file=sys.stderr)
    finally:
        others.close()
    print(f"a player's move, act sent to move received, while {args.computer_tables} tables "
          f"of two strong computers think on the same server ({os.cpu_count()} processors; "
          f"{args.rounds} rounds of {args.seconds:.0f} s per tree, interleaved):")
    found = {name: report(name, rounds[name]) for name in rounds}
    if args.against:
        ours, theirs = found["this tree"], found[str(args.against)]
        ratios = ", ".join(f"{key} {theirs[key] / ours[key]:.1f}x" if ours[key] else f"{key} -"
                           for key in ("p50", "p99", "max"))
        print(f"{'ratio':>12}: {ratios} ({args.against} over this tree: how many times "
              f"faster this tree answers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
