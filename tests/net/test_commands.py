"""The commands: ``python -m game.server`` prints the join link, serves, and resumes its
table after being killed; ``python -m game --join LINK --seats LEVEL`` plays a seat without a
window and, killed and started again, takes its seat back."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.links import parse_link

from ..waiting import line_within, wait_until
from .loopback import registry
from .test_pauses import until

ROOT = Path(__file__).resolve().parents[2]
# Seconds any wait below may take before the test fails: a process started on a busy machine
# may take many seconds to say its first word.
LIMIT = 60.0


def env(home: Path) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith("CARCASSONNE")}
    out["CARCASSONNE_HOME"] = str(home)
    return out


class Server:
    def __init__(self, home: Path, port: int = 0) -> None:
        args = [sys.executable, "-m", "game.server", "--port", str(port), "--host",
                "127.0.0.1", "--game", "carcassonne", "--seats", "open,open",
                "--takeover", "0", "--computer-pace", "instant", "--data", str(home / "t")]
        self.process = subprocess.Popen(args, cwd=ROOT, env=env(home), text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert self.process.stdout is not None
        try:
            lines = [line_within(self.process.stdout, "the server's link and its state", LIMIT)
                     for _ in range(2)]
            found = re.search(r"(ws://127\.0\.0\.1:(\d+)/[0-9A-Z-]+)", lines[0])
            assert found, lines
        except AssertionError:
            self.kill()  # a server that said nothing would serve on after the test
            raise
        self.link, self.port = found[1], int(found[2])
        self.first_line = lines[0]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(LIMIT)


def joiner(home: Path, link: str, seat: int, pace: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", "--join", link, "--headless",
                             "--seats", "random",
                             "--computer-pace", pace, "--seat", str(seat), "--name",
                             f"J{seat}"], cwd=ROOT, env=env(home), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def table_file(home: Path) -> dict[str, object]:
    files = list((home / "t").glob("*.json"))
    if len(files) != 1:
        return {}
    try:
        return dict(json.loads(files[0].read_text()))
    except ValueError:
        return {}


@pytest.mark.slow
def test_killed_server_and_killed_player_resume_the_table(tmp_path: Path) -> None:
    server = Server(tmp_path)
    assert "waiting for players" in server.first_line
    steady = joiner(tmp_path, server.link, 1, "instant")
    shaky = joiner(tmp_path, server.link, 2, "relaxed")  # slow: killed before it plays
    try:
        tokens = tmp_path / "data" / "tables"
        wait_until(lambda: len(list(tokens.glob("*.token"))) == 2, "both players seated",
                   LIMIT, every=0.05)
        wait_until(lambda: table_file(tmp_path).get("state") == "playing", "the game begun",
                   LIMIT, every=0.05)
        shaky.kill()
        shaky.wait(LIMIT)
        server.kill()  # the table waits for seat 2, which is gone: then the server dies too
        server = Server(tmp_path, server.port)  # the same command again
        assert "under way" in server.first_line  # resumed, not a new table
        shaky = joiner(tmp_path, server.link, 2, "instant")  # its token takes its seat back
        out_steady, _ = steady.communicate(timeout=LIMIT)
        out_shaky, err = shaky.communicate(timeout=LIMIT)
    finally:
        for p in (steady, shaky, server.process):
            if p.poll() is None:
                p.kill()
                p.wait(LIMIT)
    assert steady.returncode == 0 and shaky.returncode == 0, err
    assert out_steady.startswith("game over") and out_steady == out_shaky
    saved = table_file(tmp_path)
    assert saved["state"] == "over"
    game = saved["game"]
    assert isinstance(game, dict) and f"({len(game['moves'])} moves)" in out_steady


def test_commands_refuse_what_they_cannot_do(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env(tmp_path),
                              capture_output=True, text=True, timeout=LIMIT)

    bad_game = run("game.server", "--game", "chess", "--port", "0", "--host", "127.0.0.1")
    assert bad_game.returncode == 2 and "chess" in bad_game.stderr
    too_many = run("game.server", "--seats", "open,open,open,open,open,open", "--port", "0")
    assert too_many.returncode == 2 and "players" in too_many.stderr
    person = run("game", "--join", "ws://127.0.0.1:1/ABCD-EFGH", "--headless")
    assert person.returncode == 2 and "--seats" in person.stderr
    bad_link = run("game", "--join", "http://x/ABCD", "--seats", "quick", "--headless")
    assert bad_link.returncode == 2 and "ws://" in bad_link.stderr and bad_link.stdout == ""
    # the message itself, not the repr of the KeyError that carried it
    assert bad_game.stderr.startswith("cannot make that table: no game 'chess'")
    no_value = run("game.server", "--option", "hand", "--port", "0", "--host", "127.0.0.1")
    assert no_value.returncode == 2 and "NAME=VALUE, not 'hand'\n" in no_value.stderr


def test_the_server_says_which_port_or_folder_it_cannot_use(tmp_path: Path) -> None:
    """A port out of range, a port taken, a --data that is a file: a line naming it and
    exit 2, not a traceback from the socket or the file system."""
    def serve(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "game.server", "--host", "127.0.0.1",
                               "--data", str(tmp_path / "t"), *args], cwd=ROOT,
                              env=env(tmp_path), capture_output=True, text=True,
                              timeout=LIMIT)

    out_of_range = serve("--port", "99999")
    assert out_of_range.returncode == 2 and "--port" in out_of_range.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        in_use = serve("--port", str(port))
    assert in_use.returncode == 2, in_use.stderr
    assert f"cannot listen on 127.0.0.1 port {port}" in in_use.stderr
    assert "Traceback" not in in_use.stderr
    (tmp_path / "file").write_text("", encoding="utf-8")
    not_folder = serve("--port", "0", "--data", str(tmp_path / "file"))
    assert not_folder.returncode == 2
    assert not_folder.stderr == f"cannot keep the tables in {tmp_path / 'file'}: not a folder\n"


@contextlib.contextmanager
def ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Processes started meanwhile take Ctrl+C (SIGINT) as a command typed in a terminal does,
    whatever this test run inherited: a run started in the background (``scripts/test &``,
    a service, some CI runners) ignores SIGINT, and a process it starts would ignore it too
    and never stop.  (A signal caught here is at its default in a started program.)"""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process: POSIX")
def test_a_headless_player_says_when_no_table_answers(tmp_path: Path) -> None:
    """A link to a port nobody serves: it says so once (it keeps trying, for a server not
    started yet), rather than waiting in silence."""
    with socket.socket() as nobody:  # bound, never listening: connections are refused
        nobody.bind(("127.0.0.1", 0))
        link = f"ws://127.0.0.1:{nobody.getsockname()[1]}/ABCD-EFGH"
        with ctrl_c_as_in_a_terminal():
            player = subprocess.Popen([sys.executable, "-m", "game", "--join", link,
                                       "--headless", "--seats", "random"], cwd=ROOT,
                                      env=env(tmp_path), text=True, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE)
        try:
            assert player.stderr is not None
            line = line_within(player.stderr, "the player's word that no table answers", LIMIT)
            player.send_signal(signal.SIGINT)  # Ctrl+C: a word, no traceback
            _, err = player.communicate(timeout=LIMIT)
        finally:
            if player.poll() is None:  # it would try that port for ever
                player.kill()
                player.wait(LIMIT)
    assert line.startswith(f"no table answers at {link}")
    assert "Traceback" not in err and player.returncode == 130


def test_the_server_takes_the_windows_names_of_the_levels() -> None:
    """``--seats open,hard`` and ``--stand-in medium``: the words the seat buttons say."""
    from game.commands.server import parse_args

    args = parse_args(["--seats", "open,hard,easy", "--stand-in", "medium"])
    assert args.seats == ("open", "strong", "easy") and args.stand_in == "quick"
    with pytest.raises(SystemExit):
        parse_args(["--stand-in", "genius"])


def test_ctrl_c_on_the_server_tells_its_players_it_stopped(tmp_path: Path) -> None:
    """The server stopped with Ctrl+C while a game is under way: its players read that the
    server stopped (not a connection lost), and the table is saved as it stood."""
    server = Server(tmp_path)
    try:
        told = asyncio.run(asyncio.wait_for(_players_when_stopped(server), LIMIT))
        assert server.process.wait(LIMIT) == 0
    finally:
        if server.process.poll() is None:
            server.kill()
    assert told == ["server", "server"]
    assert table_file(tmp_path).get("state") == "playing"


async def _players_when_stopped(server: Server) -> list[str]:
    """Two players seated and playing; then Ctrl+C: why each one's table paused."""
    link = parse_link(server.link)
    players = [NetSession(registry(), link, n) for n in ("Ann", "Bob")]
    stop = asyncio.Event()
    links = [asyncio.create_task(follow(p, stop, first_wait=0.05, longest_wait=0.2))
             for p in players]
    try:
        await until(lambda: all(p.status == Status.PLAYING for p in players), "the game",
                    tuple(players))
        server.process.send_signal(signal.SIGINT)
        await until(lambda: all(p.status == Status.PAUSED for p in players),
                    "both players told", tuple(players))
        return [p.table.paused.reason if p.table.paused else "" for p in players]
    finally:
        stop.set()
        await asyncio.gather(*links)


def test_the_servers_connection_limits_come_from_its_command_line() -> None:
    from game.commands.server import limits_of, parse_args
    from game.net.limits import Limits

    limits = limits_of(parse_args(["--per-address", "4", "--per-block", "8", "--ipv4-block",
                                   "16", "--ipv6-block", "56", "--rejoins-per-minute", "5"]))
    assert (limits.per_address, limits.per_block, limits.ipv4_block, limits.ipv6_block,
            limits.rejoins_per_minute) == (4, 8, 16, 56, 5)
    assert limits_of(parse_args([])) == Limits()
    for wrong in (["--per-block", "0"], ["--ipv4-block", "33"], ["--ipv6-block", "x"]):
        with pytest.raises(SystemExit):
            parse_args(wrong)
