"""A fresh redis-server for a test: on a free loopback port, in a folder of its own, nothing
written to disk, stopped at the test's end.  Where redis-server is not installed (scripts/test
and CI install it: see .ci/run), the tests that need it are skipped, saying so."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

LOOPBACK = "127.0.0.1"
STARTS_WITHIN = 10.0  # seconds redis-server has to answer


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def answers(port: int) -> bool:
    try:
        with socket.create_connection((LOOPBACK, port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """The address of a redis-server of this test's own."""
    program = shutil.which("redis-server")
    if program is None:
        pytest.skip("redis-server is not installed here (apt-get install redis-server; CI "
                    "installs it)")
    pytest.importorskip("redis", reason="the Python package redis is not installed (the "
                                        "'server' extra)")
    port = free_port()
    process = subprocess.Popen(
        [program, "--bind", LOOPBACK, "--port", str(port), "--save", "", "--appendonly",
         "no", "--dir", str(tmp_path), "--protected-mode", "yes"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + STARTS_WITHIN
        while not answers(port):
            if time.monotonic() > deadline or process.poll() is not None:
                pytest.fail(f"redis-server did not answer on port {port} within "
                            f"{STARTS_WITHIN:.0f} s")
            time.sleep(0.02)
        yield f"redis://{LOOPBACK}:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
