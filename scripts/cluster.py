"""A table server cluster on this machine's loopback address: a Redis store, N server
processes sharing it, and HAProxy in front of them as the one address players use.

    scripts/cluster --servers N --port P --data DIR [--detach] [-- SERVER OPTIONS]
    scripts/cluster --stop --data DIR

starts ``redis-server`` (its data kept in DIR/redis, so the tables outlive the cluster),
N processes of ``python -m game.server --store ...`` (each on a free port, its log in
DIR/server-I.log; what follows ``--`` goes to every one of them, e.g. ``--game carcassonne
--seats open,open --tables 1``) and the front door on port P (packaging/server/haproxy.cfg,
its ``bind`` and ``server`` lines rewritten for loopback, without TLS), then prints each new
table's link through the front door and writes what it started, pids and ports, to
DIR/cluster.json::

    {"servers": [{"pid": ..., "port": ..., "log": ...}, ...],
     "redis": {"pid": ..., "port": ..., "url": ...}, "front_door": {"pid": ..., "port": P},
     "links": [...]}

It then waits: Ctrl+C stops everything it started.  With ``--detach`` it returns once all is
serving (the processes go on); ``--stop --data DIR`` stops them, by the pids in
DIR/cluster.json.  Needs redis-server and haproxy (Debian packages of those names) and the
Python package redis (the project's "server" extra).  Nothing listens anywhere but 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"
CONFIG = ROOT / "packaging" / "server" / "haproxy.cfg"
STARTS_WITHIN = 60.0  # seconds each part has to be serving (a busy machine loads slowly)
STOPS_WITHIN = 10.0


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    ours, _, theirs = _split(argv)
    p = argparse.ArgumentParser(prog="scripts/cluster", description=__doc__.split("\n\n")[0])
    p.add_argument("--servers", type=int, default=2, help="server processes (default 2)")
    p.add_argument("--port", type=int, default=7417, help="the front door's port")
    p.add_argument("--data", type=Path, required=True, help="the cluster's folder")
    p.add_argument("--per-address", type=int, default=32, metavar="N",
                   help="connections the front door lets one address hold (default 32; "
                        "a benchmark's players all come from 127.0.0.1)")
    p.add_argument("--detach", action="store_true", help="return once serving")
    p.add_argument("--stop", action="store_true", help="stop the cluster of --data")
    args = p.parse_args(ours)
    if args.servers < 1:
        p.error("--servers: at least 1")
    return args, theirs


def _split(argv: list[str]) -> tuple[list[str], str, list[str]]:
    if "--" in argv:
        at = argv.index("--")
        return argv[:at], "--", argv[at + 1:]
    return argv, "", []


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def answers(port: int, hello: bytes, expect: bytes) -> bool:
    try:
        with socket.create_connection((LOOPBACK, port), timeout=1.0) as s:
            s.sendall(hello)
            return s.recv(64).startswith(expect)
    except OSError:
        return False


def wait_for(ready: Any, what: str, process: subprocess.Popen[bytes] | None) -> None:
    deadline = time.monotonic() + STARTS_WITHIN
    while not ready():
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what} stopped as it started (exit {process.returncode})")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start within {STARTS_WITHIN:.0f} s")
        time.sleep(0.05)


def needed(program: str) -> str:
    found = shutil.which(program) or shutil.which(program, path="/usr/sbin:/usr/bin:/sbin")
    if found is None:
        raise RuntimeError(f"{program} is not installed (apt-get install {program})")
    return found


def start_redis(data: Path) -> dict[str, Any]:
    port = free_port()
    folder = data / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [needed("redis-server"), "--bind", LOOPBACK, "--port", str(port), "--dir",
         str(folder), "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
         "--logfile", str(data / "redis.log"), "--protected-mode", "yes"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    wait_for(lambda: answers(port, b"PING\r\n", b"+PONG"), "redis-server", process)
    return {"pid": process.pid, "port": port, "url": f"redis://{LOOPBACK}:{port}/0"}


def start_server(index: int, data: Path, store: str, front: int, options: list[str]
                 ) -> tuple[dict[str, Any], list[str]]:
    """One server process; its entry, and the table lines it printed as it started."""
    port = free_port()
    log = data / f"server-{index}.log"
    command = [sys.executable, "-m", "game.server", "--host", LOOPBACK, "--port", str(port),
               "--store", store, "--address", LOOPBACK, "--link-port", str(front),
               "--front-door", LOOPBACK, "--data", str(data / f"server-{index}"), *options]
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
                                   start_new_session=True)

    def serving() -> bool:
        return "serving on port" in log.read_text(encoding="utf-8", errors="replace")

    try:
        wait_for(serving, f"server {index}", process)
    except RuntimeError as exc:
        tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-3:]
        raise RuntimeError(f"{exc}: {' / '.join(tail)}") from None
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return ({"pid": process.pid, "port": port, "log": str(log)},
            [line for line in lines if line.startswith("table ")])


def front_door_config(port: int, servers: list[dict[str, Any]], per_address: int = 32) -> str:
    """packaging/server/haproxy.cfg on loopback: its bind and server lines rewritten (and
    its limits per address, when asked)."""
    out: list[str] = []
    for line in CONFIG.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("tcp-request connection reject"):
            line = re.sub(r"sc_conn_cur\(0\) gt \d+", f"sc_conn_cur(0) gt {per_address}", line)
            line = re.sub(r"sc_conn_rate\(0\) gt \d+",
                          f"sc_conn_rate(0) gt {2 * per_address}", line)
            out.append(line)
        elif stripped.startswith("bind "):
            out.append(f"    bind {LOOPBACK}:{port}")
        elif stripped.startswith("server "):
            if not any(o.strip().startswith("server ") for o in out):
                out += [f"    server tables-{i + 1} {LOOPBACK}:{s['port']}"
                        for i, s in enumerate(servers)]
        elif stripped.startswith("log "):
            continue  # the cluster's front door says nothing but its errors
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def start_front_door(data: Path, port: int, servers: list[dict[str, Any]], per_address: int
                     ) -> dict[str, Any]:
    config = data / "haproxy.cfg"
    config.write_text(front_door_config(port, servers, per_address), encoding="utf-8")
    checked = subprocess.run([needed("haproxy"), "-c", "-q", "-f", str(config)],
                             capture_output=True, text=True, check=False)
    if checked.returncode != 0:
        raise RuntimeError(f"the front door's configuration: {checked.stderr.strip()}")
    with open(data / "haproxy.log", "wb") as out:
        process = subprocess.Popen([needed("haproxy"), "-db", "-f", str(config)],
                                   stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    health = b"GET /health HTTP/1.1\r\nHost: cluster\r\nConnection: close\r\n\r\n"
    wait_for(lambda: answers(port, health, b"HTTP/1.1 200"), "the front door", process)
    return {"pid": process.pid, "port": port}


def start(args: argparse.Namespace, options: list[str]) -> dict[str, Any]:
    data: Path = args.data.resolve()
    data.mkdir(parents=True, exist_ok=True)
    state: dict[str, Any] = {"servers": [], "links": []}
    try:
        state["redis"] = start_redis(data)
        write_state(data, state)
        for i in range(args.servers):  # one after another: the first makes the tables
            entry, tables = start_server(i + 1, data, state["redis"]["url"], args.port,
                                         options)
            state["servers"].append(entry)
            state["links"] += tables
            write_state(data, state)
        state["front_door"] = start_front_door(data, args.port, state["servers"],
                                               args.per_address)
        write_state(data, state)
    except BaseException:
        stop(data)
        raise
    return state


def write_state(data: Path, state: dict[str, Any]) -> None:
    path = data / "cluster.json"
    temporary = path.with_suffix(".json.tmp")
    temporary.write_text(json.dumps(state, indent=1), encoding="utf-8")
    os.replace(temporary, path)


def stop(data: Path) -> int:
    """Stop what DIR/cluster.json says was started: the front door, the servers (each
    lets its tables go), then the store."""
    path = data / "cluster.json"
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"no cluster to stop in {data} ({exc})", file=sys.stderr)
        return 1
    groups = [[state.get("front_door")], state.get("servers", []), [state.get("redis")]]
    for group in groups:
        pids = [entry["pid"] for entry in group if entry]
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + STOPS_WITHIN
        while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        for pid in pids:
            if _alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
    print(f"stopped the cluster of {data}", flush=True)
    return 0


def _alive(pid: int) -> bool:
    """Whether the process still runs (a child that ended is reaped here)."""
    with contextlib.suppress(ChildProcessError):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return re.search(r"\) Z ", status) is not None


def main(argv: list[str]) -> int:
    args, options = parse_args(argv)
    if args.stop:
        return stop(args.data.resolve())
    try:
        state = start(args, options)
    except RuntimeError as exc:
        print(f"cannot start the cluster: {exc}", file=sys.stderr)
        return 2
    for line in state["links"]:
        print(line, flush=True)
    print(f"front door on {LOOPBACK} port {args.port}, {len(state['servers'])} server "
          f"processes, store {state['redis']['url']}; "
          f"{'scripts/cluster --stop --data ' + str(args.data) if args.detach else 'Ctrl+C'}"
          f" stops", flush=True)
    if args.detach:
        return 0
    stopping = False

    def ask_stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, ask_stop)
    try:
        while not stopping:
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    return stop(args.data.resolve())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
