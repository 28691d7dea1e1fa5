#!/usr/bin/env python3
"""Network play on the loopback address: how fast a move reaches the other players, how much
one server process holds, and whether kills lose anything.  Everything runs on 127.0.0.1;
the server is a separate process (``python -m game.server``), as it would be.

    python scripts/bench_net.py                       # every measure below
    python scripts/bench_net.py --only latency        # or load, faults, flood
    python scripts/bench_net.py --tables 50 --level random --client-processes 2

latency   5 tables, one after another, of two headless computer players at instant pace:
          for every move, the time from its player sending it to the other player receiving
          it (the frame decoded) and to its replica having played it; median and 99th
          percentile.
load      ``--tables`` tables (50) at once, two players each at instant pace, the players
          spread over ``--client-processes`` processes: the moves per second the one server
          process served, the slowest move (sent to received), and the server's memory per
          table (its resident size during the games less that of a server with no table).
faults    one table, two players in processes of their own at a brisk pace: 20 times a
          player process is killed (SIGKILL) at a random moment and started again (its token
          takes its seat back), 5 times the server is killed and started again (it resumes
          from its save); at the end every player's move list must be the table's.
flood     the latency of one table while three processes keep sending garbage (each is cut
          off and connects again), against the same table without them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import LEVELS  # noqa: E402
from game.net.client import Moved, NetSession  # noqa: E402
from game.net.connect import follow  # noqa: E402
from game.net.headless import play_seat  # noqa: E402
from game.net.links import Link, parse_link  # noqa: E402
from game.net.tokens import Tokens  # noqa: E402
from game.rules.registry import default_registry  # noqa: E402

LOOPBACK = "127.0.0.1"


class ServerProcess:
    def __init__(self, data: Path, tables: int, port: int = 0, seats: str = "open,open",
                 home: Path | None = None, crowd: bool = True) -> None:
        args = [sys.executable, "-m", "game.server", "--host", LOOPBACK, "--port", str(port),
                "--data", str(data), "--tables", str(tables), "--seats", seats,
                "--takeover", "0", "--computer-pace", "instant"]
        if crowd:  # every player of the measure comes from 127.0.0.1
            args += ["--per-address", "5000", "--per-block", "5000", "--max-connections", "5000"]
        env = dict(os.environ, CARCASSONNE_HOME=str(home or data))
        data.mkdir(parents=True, exist_ok=True)
        self.log = data / "server.log"
        self.process = subprocess.Popen(args, cwd=ROOT, env=env, text=True,
                                        stdout=subprocess.PIPE, stderr=self.log.open("a"))
        assert self.process.stdout is not None
        self.links: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server did not start")
            if line.startswith("serving on port"):
                self.port = int(line.split()[3])
                break
            found = re.search(r"(ws://\S+)$", line.strip())
            if found and "finished" not in line:
                self.links.append(found[1])

    def cpu_seconds(self) -> float:
        """User and system time the server process has used."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self, kill: bool = False) -> None:
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        self.process.wait(30)

    def slowest_ms(self) -> float:
        """What the server said of its slowest move as it stopped (its own work: request
        read to message queued for every player)."""
        found = re.findall(r"slowest took ([\d.]+) ms", self.log.read_text())
        return float(found[-1]) if found else float("nan")


# ---------------------------------------------------------------------- players in this process
class Timed:
    """Two players of one table, noting when each move was sent and when it reached the
    other player (frame read, then played on its replica)."""

    def __init__(self, link: Link) -> None:
        registry = default_registry()
        self.sessions = [NetSession(registry, link, f"B{i}") for i in range(2)]
        self.sent: dict[int, float] = {}
        self.received: dict[int, float] = {}
        self.played: dict[int, float] = {}
        for i, s in enumerate(self.sessions):
            self._tap(s, i)

    def _tap(self, session: NetSession, index: int) -> None:
        request, received, poll = session.request, session.received, session.poll

        def timed_request(message: Any) -> bool:
            data = message if isinstance(message, dict) else message.to_json()
            if data["type"] == "act":  # (a tree before typed messages sends dicts)
                self.sent[data["n"]] = time.perf_counter()
            return request(message)

        def timed_received(text: str | bytes) -> bool:
            now = time.perf_counter()
            if isinstance(text, str) and text.startswith('{"type":"move"'):
                n, seat = _n_and_seat(text)
                if seat is not None and session.seats and seat not in session.seats:
                    self.received.setdefault(n, now)
            return received(text)

        def timed_poll() -> list[Any]:
            out = poll()
            now = time.perf_counter()
            for h in out:
                if isinstance(h, Moved) and h.step.seat not in session.seats:
                    self.played.setdefault(h.step.n, now)
            return out

        session.request = timed_request  # type: ignore[method-assign]
        session.received = timed_received  # type: ignore[method-assign]
        session.poll = timed_poll  # type: ignore[method-assign]

    async def play(self, level: str) -> None:
        stop = asyncio.Event()
        links = [asyncio.create_task(follow(s, stop)) for s in self.sessions]
        try:
            await asyncio.gather(*(play_seat(s, level, seed=i) for i, s in
                                   enumerate(self.sessions)))
        finally:
            stop.set()
            await asyncio.gather(*links)

    def delays(self) -> tuple[list[float], list[float]]:
        got = [self.received[n] - t for n, t in self.sent.items() if n in self.received]
        shown = [self.played[n] - t for n, t in self.sent.items() if n in self.played]
        return got, shown


def _n_and_seat(text: str) -> tuple[int, int | None]:
    data = json.loads(text)
    return int(data["n"]), data.get("seat")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


async def run_tables(links: list[str], level: str) -> list[Timed]:
    timed = [Timed(parse_link(link)) for link in links]
    await asyncio.gather(*(t.play(level) for t in timed))
    return timed


def measure_latency(args: argparse.Namespace, tables: int = 5) -> tuple[float, float, int]:
    """One table at a time (a player's view of a move, not a crowded server's)."""
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp), tables)
        try:
            timed = [t for link in server.links
                     for t in asyncio.run(run_tables([link], args.level))]
        finally:
            server.stop()
    got = [d for t in timed for d in t.delays()[0]]
    shown = [d for t in timed for d in t.delays()[1]]
    print(f"latency ({tables} tables one after another, {len(got)} moves, players at "
          f"{args.level}): received median {statistics.median(got) * 1000:.1f} ms, 99th "
          f"percentile {pct(got, 99) * 1000:.1f} ms; played on the replica median "
          f"{statistics.median(shown) * 1000:.1f} ms, 99th percentile "
          f"{pct(shown, 99) * 1000:.1f} ms")
    return statistics.median(got), pct(got, 99), len(got)


# ---------------------------------------------------------------------- load
def load_worker(links: list[str], level: str, out: str) -> None:
    timed = asyncio.run(run_tables(links, level))
    delays = [d for t in timed for d in t.delays()[0]]
    Path(out).write_text(json.dumps({"delays": delays, "moves": sum(len(t.sent)
                                                                     for t in timed)}))


def measure_load(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        empty = ServerProcess(Path(tmp) / "empty", 0)
        time.sleep(0.5)
        base = empty.rss_kib()
        empty.stop()
        server = ServerProcess(Path(tmp) / "load", args.tables)
        links = server.links
        share = [links[i::args.client_processes] for i in range(args.client_processes)]
        started = time.perf_counter()
        workers = [subprocess.Popen([sys.executable, __file__, "--load-worker",
                                     json.dumps(part), args.level, str(Path(tmp) / f"w{i}")],
                                    cwd=ROOT) for i, part in enumerate(share)]
        peak, cpu_before = 0, server.cpu_seconds()
        while any(w.poll() is None for w in workers):
            peak = max(peak, server.rss_kib())
            time.sleep(0.2)
        elapsed = time.perf_counter() - started
        cpu = server.cpu_seconds() - cpu_before
        server.stop()
        slowest = server.slowest_ms()
        results = [json.loads((Path(tmp) / f"w{i}").read_text()) for i in range(len(share))]
    delays = [d for r in results for d in r["delays"]]
    moves = sum(r["moves"] for r in results)
    print(f"load ({args.tables} tables of two {args.level} players, "
          f"{args.client_processes} player processes, one server process): {moves} moves in "
          f"{elapsed:.1f} s = {moves / elapsed:.0f} moves/s; move sent to received: median "
          f"{statistics.median(delays) * 1000:.1f} ms, 99th percentile "
          f"{pct(delays, 99) * 1000:.1f} ms, slowest {max(delays) * 1000:.0f} ms; "
          f"the server used {cpu:.1f} s of CPU, {cpu / moves * 1000:.2f} ms a move, its "
          f"slowest move {slowest:.1f} ms from request to sent; "
          f"server memory {base / 1024:.1f} MiB empty, {peak / 1024:.1f} MiB at most with the "
          f"tables: {(peak - base) / args.tables:.0f} KiB a table")


# ---------------------------------------------------------------------- faults
def client_worker(link: str, seat: int, home: str, pace: float, out: str) -> None:
    """A player process for the faults measure: plays its seat, then writes its moves."""
    parsed = parse_link(link)
    tokens = Tokens(Path(home) / "tokens")
    session = NetSession(default_registry(), parsed, f"F{seat}", [seat],
                         tokens.get(parsed, seat))

    async def main() -> None:
        stop = asyncio.Event()
        connection = asyncio.create_task(follow(session, stop, first_wait=0.1,
                                                longest_wait=0.5))

        def seated() -> None:
            if session.token is not None:
                tokens.put(parsed, seat, session.token)

        try:
            await play_seat(session, "random", pace, seed=os.getpid(), seated=seated)
        finally:
            stop.set()
            await connection

    asyncio.run(main())
    Path(out).write_text(json.dumps([s.action for s in session.history]))


def measure_faults(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        data, home = Path(tmp) / "tables", Path(tmp)
        server = ServerProcess(data, 1)
        link, port = server.links[0], server.port

        def player(seat: int) -> subprocess.Popen[bytes]:
            return subprocess.Popen([sys.executable, __file__, "--client-worker", link,
                                     str(seat), str(home), str(args.pace),
                                     str(home / f"moves{seat}")], cwd=ROOT)

        players = [player(0), player(1)]
        events = ["player"] * 20 + ["server"] * 5
        rng.shuffle(events)
        kills = {"player": 0, "server": 0}
        started = time.perf_counter()
        for event in events:
            time.sleep(rng.uniform(0.3, 1.2))
            if all(p.poll() is not None for p in players):
                break
            if event == "server":
                server.stop(kill=True)
                time.sleep(rng.uniform(0.1, 0.6))
                server = ServerProcess(data, 1, port)
            else:
                seat = rng.randrange(2)
                if players[seat].poll() is None:
                    players[seat].send_signal(signal.SIGKILL)
                    players[seat].wait(30)
                    players[seat] = player(seat)
            kills[event] += 1
        for p in players:
            p.wait(600)
        elapsed = time.perf_counter() - started
        saved = json.loads(next(data.glob("*.json")).read_text())
        server.stop()
        table = saved["game"]["moves"]
        seen = [json.loads((home / f"moves{s}").read_text()) for s in (0, 1)]
    same = all(moves == table for moves in seen)
    print(f"faults: {kills['player']} player kills and {kills['server']} server kills during "
          f"one game ({elapsed:.0f} s, {len(table)} moves, state {saved['state']}): every "
          f"player's moves are the table's: {'yes' if same else 'NO'}")
    if not same or saved["state"] != "over":
        raise SystemExit(1)


# ---------------------------------------------------------------------- flood
def flood_worker(link: str, seconds: float) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    parsed = parse_link(link)

    async def main() -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                async with connect(parsed.url, compression=None) as ws:
                    await ws.send(json.dumps({"type": "join", "protocol": 1,
                                              "code": parsed.code, "name": "F"}))
                    while time.monotonic() < end:
                        await ws.send("{" * random.randrange(60) + "garbage")
            except (ConnectionClosed, InvalidHandshake, OSError):
                await asyncio.sleep(0.01)

    asyncio.run(main())


def measure_flood(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "a", 3, crowd=False)  # the usual limits
        quiet, loud, target = server.links
        alone = asyncio.run(run_tables([quiet], args.level))
        floods = [subprocess.Popen([sys.executable, __file__, "--flood-worker", target, "60"],
                                   cwd=ROOT) for _ in range(3)]
        time.sleep(1.0)
        try:
            flooded = asyncio.run(run_tables([loud], args.level))
        finally:
            for f in floods:
                f.kill()
                f.wait(30)
            server.stop()
    for name, timed in (("alone", alone), ("while three processes flood the server", flooded)):
        got = timed[0].delays()[0]
        print(f"flood: a table {name}: move received median "
              f"{statistics.median(got) * 1000:.1f} ms, 99th percentile "
              f"{pct(got, 99) * 1000:.1f} ms ({len(got)} moves)")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--load-worker":
        load_worker(json.loads(sys.argv[2]), sys.argv[3], sys.argv[4])
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--client-worker":
        client_worker(sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5]),
                      sys.argv[6])
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--flood-worker":
        flood_worker(sys.argv[2], float(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["latency", "load", "faults", "flood"])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--level", default="random", choices=LEVELS,
                        help="the players' computer level")
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--pace", type=float, default=0.15,
                        help="seconds a player waits before each action (faults)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name, measure in (("latency", measure_latency), ("load", measure_load),
                          ("faults", measure_faults), ("flood", measure_flood)):
        if args.only in (None, name):
            measure(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
