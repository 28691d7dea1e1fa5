#!/usr/bin/env python3
"""The table server cluster on loopback, measured with scripts/cluster: Redis, server
processes, HAProxy in front; the players are headless computer players connected through
the front door, in processes of their own.  Everything runs on 127.0.0.1 and stops by itself.

    python scripts/bench_cluster.py                         # load, takeover and memory
    python scripts/bench_cluster.py --only load --servers 1,2,4 --tables 200 --seconds 30
    python scripts/bench_cluster.py --only takeover --kills 20
    python scripts/bench_cluster.py --only soak --minutes 30

load      for each number of server processes (``--servers``), ``--tables`` tables of two
          players at instant pace, for ``--seconds`` at most: the moves per second the
          cluster served (moves its players received, each counted once) and the round trip
          of a move, from its player's request to its coming back, median and 99th
          percentile; then the same with players who wait 0.55 s before each action (the
          headless players' normal pace: a table's load as people would bring it, where the
          round trip is what a player feels).  Its players cost next to nothing (each
          table's game was played beforehand: they send its next action when it is their
          turn), so that the servers are what is measured.
takeover  ``--kills`` times, the process that owns a table under way is killed (SIGKILL) and a
          new one started in its place: the time from the kill to the next move of each of
          the killed process's tables (players join again through the front door by
          themselves), median and worst.
memory    Redis's memory per table: tables made and played to their end, the store's
          used_memory before and after, divided by the tables.
soak      ``--minutes`` of games through the front door while server processes and player
          processes are killed at random and started again; at the end every game's players
          (each a ``python -m game --join ... --headless`` process that checks the table's
          account of the game) must have ended with the store's moves and scores.
"""

from __future__ import annotations

import argparse
import asyncio
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
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import cluster  # noqa: E402  # scripts/cluster.py

from game.net.client import NetSession  # noqa: E402
from game.net.connect import follow  # noqa: E402
from game.net.headless import play_seat  # noqa: E402
from game.net.links import Link, parse_link  # noqa: E402
from game.rules.registry import default_registry  # noqa: E402

NORMAL_PACE = 0.55  # seconds before each action: the headless players' "normal" pace
PACE = 0.2  # seconds a player of the takeover measure waits before each action (counted in)
SERVER_OPTIONS = ["--game", "carcassonne", "--seats", "open,open", "--thinking-processes", "1",
                  "--computer-pace", "instant", "--takeover", "0"]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


def links_of(state: dict[str, Any]) -> list[Link]:
    return [parse_link(line.rsplit(" ", 1)[1]) for line in state["links"]]


def started(data: Path, servers: int, options: list[str], per_address: int = 100000
            ) -> dict[str, Any]:
    args = argparse.Namespace(data=data, servers=servers, port=cluster.free_port(),
                              per_address=per_address)
    return cluster.start(args, options)


# ---------------------------------------------------------------------- players
class Player:
    """Two headless players at a table, their round trips and the moves they received."""

    def __init__(self, link: Link, registry: Any, pace: float = 0.0, rematches: int = 0
                 ) -> None:
        self.pace = pace
        self.rematches = rematches
        self.sessions = [NetSession(registry, link, f"P{i}") for i in range(2)]
        self.sent: dict[tuple[int, int], float] = {}
        self.trips: list[float] = []
        self.moves = 0
        self.last_move = 0.0
        for i, s in enumerate(self.sessions):
            self._tap(s, i)

    def _tap(self, session: NetSession, index: int) -> None:
        request, received = session.request, session.received

        def timed_request(message: Any) -> bool:
            data = message if isinstance(message, dict) else message.to_json()
            if data["type"] == "act":
                self.sent[(index, data["n"])] = time.perf_counter()
            return request(message)

        def timed_received(text: str | bytes) -> bool:
            if isinstance(text, str) and text.startswith('{"type":"move"'):
                now = time.perf_counter()
                data = json.loads(text)
                asked = self.sent.pop((index, data["n"]), None)
                if asked is not None:
                    self.trips.append(now - asked)
                if index == 0:
                    self.moves += 1
                    self.last_move = now
            return received(text)

        session.request = timed_request  # type: ignore[method-assign]
        session.received = timed_received  # type: ignore[method-assign]

    async def play(self, stop: asyncio.Event) -> None:
        links = [asyncio.create_task(follow(s, stop)) for s in self.sessions]
        try:
            await asyncio.gather(*(play_seat(s, "random", seed=i, stop=stop, pace=self.pace,
                                             rematches=self.rematches)
                                   for i, s in enumerate(self.sessions)))
        finally:
            stop.set()
            await asyncio.gather(*links)


# ---------------------------------------------------------------------- light players
# The load measure's players cost the machine next to nothing, so that what is measured is
# the servers: each table is made with a seed whose whole game was played beforehand (a
# random legal action each time), and its two players only send that game's next action
# when the table's messages say it is their turn, reading nothing else of them.
GAMES = 8  # games played beforehand; the tables share them (the same seed, the same game)


def games_beforehand(count: int) -> list[tuple[int, list[str]]]:
    """(seed, actions) of ``count`` whole games of two random players."""
    from game.ai import random_action
    from game.net.seats import TableConfig
    from game.net.table import Table
    from game.net.terms import TableState
    registry = default_registry()
    out = []
    for seed in range(1, count + 1):
        table = Table(TableConfig("carcassonne", takeover=0), registry, seed=seed)
        table.join("P0", None, None, None)
        table.join("P1", None, None, None)
        table.start(0.0)
        rng = random.Random(seed)
        actions = []
        while table.state != TableState.OVER:
            action = random_action(table._game(), rng)
            table.play(action, 0.0)
            actions.append(str(action))
        out.append((seed, actions))
    return out


async def make_tables(url: str, games: list[tuple[int, list[str]]], count: int
                      ) -> list[tuple[str, list[str]]]:
    """``count`` tables in the store, each with a seed of ``games``: (code, actions)."""
    from game.net.redis_store import RedisStore
    from game.net.redis_where import parse_where
    from game.net.seats import TableConfig
    from game.net.table import Table
    store = RedisStore(parse_where(url), "bench-maker")
    made = []
    try:
        for i in range(count):
            seed, actions = games[i % len(games)]
            table = Table(TableConfig("carcassonne", takeover=0), default_registry(), seed=seed)
            lease = await store.claim(table.code, 5.0)
            assert lease is not None
            await store.commit(table, lease, 0, [], store.record(table), None)
            await store.release(table.code, lease)
            made.append((table.code, actions))
    finally:
        await store.close()
    return made


async def light_table(url: str, actions: list[str], figures: dict[str, Any], pace: float
                      ) -> None:
    from websockets.asyncio.client import connect

    from game.net import PROTOCOL
    sent: dict[int, float] = {}
    done = asyncio.Event()

    async def player(ws: Any, seat: int, counts: bool) -> None:
        async for text in ws:
            kind = text[9:14]  # '{"type":"move"...': the word after "type"
            if kind not in ("move\"", "start", "over\""):
                continue
            data = json.loads(text)
            if data["type"] == "over":
                done.set()
                return
            n = 0 if data["type"] == "start" else data["n"] + 1
            if data["type"] == "move" and counts:
                now = time.perf_counter()
                figures["moves"] += 1
                figures["last"] = now
                figures["stamps"].append(now)
                asked = sent.pop(data["n"], None)
                if asked is not None:
                    figures["trips"].append(now - asked)
            if data["digest"]["current"] == seat and n < len(actions):
                if pace:
                    await asyncio.sleep(pace)
                sent[n] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "seat": seat, "n": n,
                                          "action": actions[n]}))

    code = url.rsplit("/", 1)[1]
    async with connect(url, compression=None, max_size=None) as first, \
            connect(url, compression=None, max_size=None) as second:
        for ws, name in ((first, "P0"), (second, "P1")):
            await ws.send(json.dumps({"type": "join", "protocol": PROTOCOL, "code": code,
                                      "name": name}))
            while not str(await ws.recv()).startswith('{"type":"welcome"'):
                pass
        tasks = [asyncio.create_task(player(first, 0, True)),
                 asyncio.create_task(player(second, 1, False))]
        try:
            await done.wait()
        finally:
            for task in tasks:
                task.cancel()


async def play_light(tables: list[tuple[str, list[str]]], seconds: float, pace: float
                     ) -> dict[str, Any]:
    figures: dict[str, Any] = {"moves": 0, "trips": [], "stamps": [],
                               "began": time.perf_counter(), "last": time.perf_counter()}
    tasks = [asyncio.create_task(light_table(url, actions, figures, pace))
             for url, actions in tables]
    _, waiting = await asyncio.wait(tasks, timeout=seconds)
    for task in waiting:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    figures["unfinished"] = len(waiting)
    failures = [t.exception() for t in tasks if not t.cancelled() and t.exception()]
    figures["failed"] = len(failures)
    figures["why"] = sorted({f"{type(e).__name__}: {e}"[:120] for e in failures})[:5]
    figures["cpu"] = time.process_time()  # what these players cost the machine
    return figures


# ---------------------------------------------------------------------- load
def load(servers: list[int], tables: int, seconds: float, clients: int) -> None:
    games = games_beforehand(GAMES)
    for pace in (0.0, NORMAL_PACE):
        print(f"== load: {tables} tables of two players, "
              f"{f'{pace:g} s before each action' if pace else 'at instant pace'}, at most "
              f"{seconds:.0f} s, the players in {clients} processes", flush=True)
        for count in servers:
            load_once(count, tables, seconds, clients, games, pace)


def load_once(count: int, tables: int, seconds: float, clients: int,
              games: list[tuple[int, list[str]]], pace: float) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as folder:
        data = Path(folder)
        state = started(data, count, [*SERVER_OPTIONS, "--tables", "0"])
        try:
            made = asyncio.run(make_tables(state["redis"]["url"], games, tables))
            front = state["front_door"]["port"]
            parts = [[(Link(cluster.LOOPBACK, front, code).url, actions)
                      for code, actions in made[i::clients]] for i in range(clients)]
            parts_of = {"servers": [s["pid"] for s in state["servers"]],
                        "front door": [state["front_door"]["pid"]],
                        "Redis": [state["redis"]["pid"]]}
            before = {part: cpu_seconds(pids) for part, pids in parts_of.items()}
            results = light_processes(parts, seconds, data, pace)
            spent = {part: cpu_seconds(pids) - before[part]
                     for part, pids in parts_of.items()}
        finally:
            cluster.stop(data)
    moves = sum(r["moves"] for r in results)
    began = min(r["began"] for r in results)
    last = max(r["last"] for r in results)
    trips = [t for r in results for t in r["trips"]]
    rate = moves / max(1e-9, last - began)
    steady = steady_rate(sorted(s for r in results for s in r["stamps"]))
    players_cpu = sum(r["cpu"] for r in results)
    print(f"{count} server process{'es' if count > 1 else ''}: {rate:.0f} moves/s "
          f"({moves} moves in {last - began:.1f} s; {steady:.0f} moves/s steady, the first "
          f"and last tenth of the moves left out); round trip median "
          f"{pct(trips, 50) * 1000:.1f} ms, p99 {pct(trips, 99) * 1000:.1f} ms; "
          f"{sum(r['unfinished'] for r in results)} tables unfinished, "
          f"{sum(r['failed'] for r in results)} failed; processor time a move: "
          + ", ".join(f"{part} {cpu / max(1, moves) * 1000:.2f} ms"
                      for part, cpu in [*spent.items(), ("players", players_cpu)]),
          flush=True)
    for why in sorted({w for r in results for w in r["why"]}):
        print(f"  a table failed: {why}")


def steady_rate(stamps: list[float]) -> float:
    """Moves a second between the moment a tenth of the moves had come and the moment nine
    tenths had: the tables' joining and their last games' tail left out (at instant pace
    every table's game ends within the measure, and the last tables alone leave the
    servers idle)."""
    if len(stamps) < 10:
        return 0.0
    first, last = stamps[len(stamps) // 10], stamps[len(stamps) * 9 // 10]
    return (len(stamps) * 8 // 10) / max(1e-9, last - first)


def cpu_seconds(pids: list[int]) -> float:
    """The processor time the processes have used so far (user and system; Linux)."""
    total = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def light_processes(parts: list[list[tuple[str, list[str]]]], seconds: float, folder: Path,
                    pace: float) -> list[dict[str, Any]]:
    """The light players in processes of this script (``--light``), started together."""
    running = []
    for i, part in enumerate(parts):
        given, out = folder / f"light-{i}.json", folder / f"light-{i}-out.json"
        given.write_text(json.dumps(part), encoding="utf-8")
        running.append((subprocess.Popen(
            [sys.executable, __file__, "--light", str(given), "--seconds", str(seconds),
             "--pace", str(pace), "--out", str(out)], cwd=ROOT), out))
    results = []
    for process, out in running:
        process.wait(seconds + 120)
        results.append(json.loads(out.read_text(encoding="utf-8")))
    return results


# ---------------------------------------------------------------------- takeover
async def watch_takeovers(state: dict[str, Any], data: Path, kills: int, tables: int
                          ) -> list[float]:
    from game.net.redis_store import RedisStore
    from game.net.redis_where import parse_where
    store = RedisStore(parse_where(state["redis"]["url"]), "bench")
    registry = default_registry()
    links = links_of(state)
    # a brisk pace, and the next game at the same table after each: games all along
    players = [Player(link, registry, pace=PACE, rematches=1000) for link in links]
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.play(stop)) for p in players]
    worst: list[float] = []
    rng = random.Random(5)
    try:
        for _ in range(kills):
            await asyncio.sleep(rng.uniform(1.0, 2.0))
            playing = [(p, link) for p, link in zip(players, links, strict=True)
                       if not all(s.finished for s in p.sessions)]
            if not playing:
                print("every game ended before the kills did: use more --tables")
                break
            owner = await store.owner(rng.choice(playing)[1].code)
            if owner is None:
                continue
            pid = int(owner.rsplit(":", 1)[0].split("-")[-2])
            owned = []
            for p, link in playing:
                held = await store.owner(link.code)
                if held is not None and held.startswith(owner.rsplit(":", 1)[0]):
                    owned.append(p)
            killed_at = time.perf_counter()
            os.kill(pid, signal.SIGKILL)
            await asyncio.to_thread(_replace, state, data, pid)
            times = []
            for p in owned:
                moves = p.moves
                while p.moves == moves and not all(s.finished for s in p.sessions):
                    await asyncio.sleep(0.005)
                    if time.perf_counter() - killed_at > 60:
                        break
                times.append(p.last_move - killed_at if p.moves > moves else 60.0)
                if p.moves == moves:  # say what that table's players saw
                    print(f"  table {p.sessions[0].link.code} did not play again: " + "; ".join(
                        f"{s.name} {s.status} {s.problem or ''} {s.refused or ''}"
                        for s in p.sessions), flush=True)
            if times:
                worst.append(max(times))
                print(f"kill {len(worst)}: {len(owned)} tables, every one playing again "
                      f"after {max(times):.2f} s (first {min(times):.2f} s)", flush=True)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await store.close()
    return worst


def _replace(state: dict[str, Any], data: Path, pid: int) -> None:
    """A new server process in place of the killed one (the front door keeps its port:
    HAProxy's server line names the port, so the new process takes the same)."""
    servers = state["servers"]
    index = next(i for i, s in enumerate(servers) if s["pid"] == pid)
    with_same_port = _start_on(index + 1, data, state["redis"]["url"],
                               state["front_door"]["port"], servers[index]["port"])
    servers[index] = with_same_port
    cluster.write_state(data, state)


def _start_on(index: int, data: Path, store: str, front: int, port: int) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:  # the killed process's port is free again at once (no TIME_WAIT listener)
        log = data / f"server-{index}-again.log"
        command = [sys.executable, "-m", "game.server", "--host", cluster.LOOPBACK, "--port",
                   str(port), "--store", store, "--address", cluster.LOOPBACK, "--link-port",
                   str(front), "--front-door", cluster.LOOPBACK, "--tables", "0",
                   *SERVER_OPTIONS]
        with open(log, "ab") as out:
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
                                       start_new_session=True)
        while process.poll() is None and "serving on port" not in log.read_text():
            time.sleep(0.05)
        if process.poll() is None or time.monotonic() > deadline:
            return {"pid": process.pid, "port": port, "log": str(log)}


def takeover(kills: int, tables: int) -> None:
    print(f"== takeover: {kills} kills of the process owning a table, {tables} tables of two "
          f"players, {PACE:g} s before each action, 3 server processes")
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as folder:
        data = Path(folder)
        options = [*SERVER_OPTIONS, "--tables", str(tables)]
        state = started(data, 3, options)
        try:
            worst = asyncio.run(watch_takeovers(state, data, kills, tables))
        finally:
            cluster.stop(data)
    if worst:
        print(f"takeover: every table of the killed process playing again after "
              f"{statistics.median(worst):.2f} s (median of {len(worst)} kills), "
              f"{max(worst):.2f} s at worst", flush=True)


# ---------------------------------------------------------------------- memory
def memory(tables: int) -> None:
    import redis
    print(f"== memory: {tables} tables played to their end, one server process")
    games = games_beforehand(GAMES)
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as folder:
        data = Path(folder)
        state = started(data, 1, [*SERVER_OPTIONS, "--tables", "0"])
        try:
            client = redis.Redis.from_url(state["redis"]["url"])
            server = state["servers"][0]["pid"]
            before, resident = int(client.info("memory")["used_memory"]), rss(server)
            made = asyncio.run(make_tables(state["redis"]["url"], games, tables))
            lobby = int(client.info("memory")["used_memory"])
            front = state["front_door"]["port"]
            light_processes([[(Link(cluster.LOOPBACK, front, code).url, actions)
                              for code, actions in made]], 300, data, 0.0)
            after, held = int(client.info("memory")["used_memory"]), rss(server)
        finally:
            cluster.stop(data)
    print(f"Redis memory per table: {(lobby - before) / tables / 1024:.1f} KiB waiting for "
          f"players, {(after - before) / tables / 1024:.1f} KiB with a whole game (record "
          f"and moves); the server process: {resident / 2**20:.1f} MiB with no table, "
          f"{(held - resident) / tables / 1024:.0f} KiB more a table it served", flush=True)


def rss(pid: int) -> int:
    """A process's resident memory, bytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


# ---------------------------------------------------------------------- soak
def soak(minutes: float, tables: int) -> int:
    """Random kills of servers and players; every game's screens end as the store says."""
    from game.net.redis_store import RedisStore
    from game.net.redis_where import parse_where
    print(f"== soak: {minutes:.0f} minutes, {tables} tables at a time (two headless players "
          f"each, 1.1 s before each action), 3 server processes", flush=True)
    rng = random.Random(11)
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as folder:
        data = Path(folder)
        state = started(data, 3, [*SERVER_OPTIONS, "--tables", "0"], per_address=100000)
        store = RedisStore(parse_where(state["redis"]["url"]), "soak")
        players: dict[tuple[str, int], subprocess.Popen[bytes]] = {}
        finished: dict[tuple[str, int], str] = {}
        end = time.monotonic() + minutes * 60
        kills = {"servers": 0, "players": 0}
        try:
            while time.monotonic() < end or players:
                live = {code for code, _ in players}
                if time.monotonic() < end:
                    for _ in range(tables - len(live)):
                        code = asyncio.run(_new_table(state))
                        for seat in (0, 1):
                            players[(code, seat)] = _player(data, state, code, seat)
                for key, process in list(players.items()):
                    if process.poll() is not None:
                        out = (data / f"player-{key[0]}-{key[1]}.log").read_text()
                        said = [line for line in out.splitlines()
                                if line.startswith("game over")]
                        if process.returncode in (0, 3) and said:
                            finished[key] = f"{said[-1]} exit {process.returncode}"
                            del players[key]
                        else:  # killed (or refused while its server died): again
                            players[key] = _player(data, state, *key)
                time.sleep(1.0)
                if time.monotonic() < end and rng.random() < 1 / 20:
                    victim = rng.randrange(len(state["servers"]))
                    pid = state["servers"][victim]["pid"]
                    os.kill(pid, signal.SIGKILL)
                    _replace(state, data, pid)
                    kills["servers"] += 1
                if time.monotonic() < end and players and rng.random() < 1 / 4:
                    key = rng.choice(list(players))
                    players[key].kill()
                    players[key].wait()
                    kills["players"] += 1
                if time.monotonic() > end + 600:
                    print("some games did not end within 10 minutes of the soak's end")
                    break
            problems = asyncio.run(_check(store, finished))
        finally:
            for process in players.values():
                process.kill()
            cluster.stop(data)
    games = len({code for code, _ in finished})
    print(f"soak: {games} games, {kills['servers']} server kills, {kills['players']} player "
          f"kills; {len(problems)} games whose screens differ from the store"
          f"{': ' + '; '.join(problems[:5]) if problems else ''}", flush=True)
    return 1 if problems else 0


async def _new_table(state: dict[str, Any]) -> str:
    """A table made in the store by hand, as an operator's tool would: the processes take
    it over when its players join."""
    from game.net.redis_store import RedisStore
    from game.net.redis_where import parse_where
    from game.net.seats import TableConfig
    from game.net.table import Table
    store = RedisStore(parse_where(state["redis"]["url"]), "soak-maker")
    try:
        table = Table(TableConfig("carcassonne", takeover=0), default_registry())
        lease = await store.claim(table.code, 5.0)
        assert lease is not None
        await store.commit(table, lease, 0, [], store.record(table), None)
        await store.release(table.code, lease)
        return table.code
    finally:
        await store.close()


def _player(data: Path, state: dict[str, Any], code: str, seat: int
            ) -> subprocess.Popen[bytes]:
    home = data / f"player-{code}-{seat}"
    env = {**os.environ, "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    link = Link(cluster.LOOPBACK, state["front_door"]["port"], code).url
    with open(data / f"player-{code}-{seat}.log", "ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "game", "--join", link, "--headless", "--seats", "random",
             "--seat", str(seat + 1), "--name", f"P{seat}", "--computer-pace", "relaxed"],
            stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, env=env)


async def _check(store: Any, finished: dict[tuple[str, int], str]) -> list[str]:
    """Each player's last line against the store: the same number of moves and scores,
    and the player's own check of the table's account passed (exit 0)."""
    problems = []
    try:
        for (code, seat), line in sorted(finished.items()):
            table = await store.load(code, default_registry(), 0.0)
            if table is None or table.game is None:
                problems.append(f"{code}: not in the store")
                continue
            moves = len(table.game.moves)
            scores = ", ".join(f"{name} {score}" for name, score in
                               zip(table.game.players, table.game.scores, strict=True))
            expected = f"game over ({moves} moves): {scores} exit 0"
            if line != expected:
                problems.append(f"{code} seat {seat + 1}: {line!r}, the store: {expected!r}")
    finally:
        await store.close()
    return problems


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", choices=["load", "takeover", "memory", "soak"])
    p.add_argument("--servers", default="1,2,4", help="server processes to measure, e.g. 1,2,4")
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--client-processes", type=int, default=2)
    p.add_argument("--kills", type=int, default=20)
    p.add_argument("--minutes", type=float, default=30.0)
    p.add_argument("--light", type=Path, help=argparse.SUPPRESS)  # light players' tables
    p.add_argument("--pace", type=float, default=0.0, help=argparse.SUPPRESS)
    p.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.light:
        tables = [(url, actions) for url, actions in
                  json.loads(args.light.read_text(encoding="utf-8"))]
        result = asyncio.run(play_light(tables, args.seconds, args.pace))
        args.out.write_text(json.dumps(result), encoding="utf-8")
        return 0
    if args.only in (None, "load"):
        load([int(n) for n in args.servers.split(",")], args.tables, args.seconds,
             args.client_processes)
    if args.only in (None, "takeover"):
        takeover(args.kills, min(args.tables, 20))
    if args.only in (None, "memory"):
        memory(min(args.tables, 50))
    if args.only == "soak":
        return soak(args.minutes, min(args.tables, 10))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
