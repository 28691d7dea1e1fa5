"""The tests' waiting: a wait returns what it waited for, or fails naming it past its deadline;
a test that hangs fails past its own limit with the stack of where it hung, under pytest-xdist
as CI runs it, while a test marked slow gets longer."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .waiting import line_within, wait_until, wait_until_async, within

ROOT = Path(__file__).resolve().parents[1]


def test_a_wait_returns_the_true_value_it_waited_for_stepping_meanwhile() -> None:
    steps: list[int] = []
    found = wait_until(lambda: len(steps) >= 3 and steps, "three steps",
                       step=lambda: steps.append(len(steps)), every=0)
    assert found == [0, 1, 2]


def test_a_wait_past_its_deadline_says_what_it_waited_for_and_how_long() -> None:
    began = time.monotonic()
    with pytest.raises(AssertionError, match=r"^waited 0\.2 s for the guest seated$"):
        wait_until(lambda: False, "the guest seated", timeout=0.2)
    assert time.monotonic() - began >= 0.2  # it did wait


def test_a_failed_wait_says_what_there_was_instead() -> None:
    with pytest.raises(AssertionError, match=r"^waited 0\.1 s for the lobby; seen: the title$"):
        wait_until(lambda: False, "the lobby", timeout=0.1, seen=lambda: "the title")


def test_a_wait_looks_once_more_past_its_deadline() -> None:
    """A thread put to sleep past the deadline (a busy machine) still sees what came
    meanwhile."""
    came: list[bool] = []

    def asleep() -> None:
        time.sleep(0.3)  # past the deadline; meanwhile the awaited thing came
        came.append(True)

    assert wait_until(lambda: came, "what came meanwhile", timeout=0.1, step=asleep,
                      every=0) == [True]


def test_the_async_waits_let_the_loop_run_and_fail_naming_what_they_awaited() -> None:
    async def main() -> None:
        seen = asyncio.Event()
        asyncio.get_running_loop().call_later(0.05, seen.set)
        assert await wait_until_async(seen.is_set, "the event set") is True
        with pytest.raises(AssertionError, match=r"waited 0\.1 s for a refusal"):
            await wait_until_async(lambda: None, "a refusal", timeout=0.1)
        assert await within(asyncio.sleep(0, "done"), "a sleep") == "done"
        with pytest.raises(AssertionError, match=r"waited 0\.1 s for the game over"):
            await within(asyncio.Event().wait(), "the game over", timeout=0.1)

    asyncio.run(main())


def test_a_line_is_read_with_a_deadline() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys; print('ready', flush=True);"
                              " sys.stdin.read()"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert line_within(child.stdout, "the child's first line") == "ready\n"
        with pytest.raises(AssertionError, match=r"waited 0\.1 s for a second line"):
            line_within(child.stdout, "a second line", timeout=0.1)
    finally:
        child.kill()
        child.wait(30)


HANGS = '''
import threading
import time

import pytest


def a_wait_that_never_ends():
    threading.Event().wait()


def test_hangs():
    a_wait_that_never_ends()


@pytest.mark.slow
def test_slow_takes_longer_than_the_limit():
    time.sleep(1)


def test_quick():
    pass
'''


@pytest.mark.slow  # a pytest run of its own, with a worker process: seconds
@pytest.mark.skipif(not hasattr(signal, "SIGALRM"),
                    reason="without SIGALRM (Windows) the plugin ends the worker process instead")
def test_a_hung_test_fails_with_its_stack_and_a_slow_one_gets_longer(tmp_path: Path) -> None:
    """The project's per-test limit (here half a second instead of pyproject.toml's) and its
    longer one for slow tests (tests/conftest.py), in a worker process as CI runs tests."""
    (tmp_path / "test_hangs.py").write_text(HANGS, encoding="utf-8")
    (tmp_path / "conftest.py").write_text(
        "from tests.conftest import pytest_collection_modifyitems  # noqa: F401\n",
        encoding="utf-8")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\ntimeout = 0.5\nmarkers =\n    slow: seconds or more\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ran = subprocess.run([sys.executable, "-m", "pytest", "-n", "1", "-p", "no:cacheprovider",
                          str(tmp_path)], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120)
    out = ran.stdout
    assert ran.returncode == 1, out + ran.stderr
    assert "1 failed, 2 passed" in out, out
    assert "FAILED test_hangs.py::test_hangs - Failed: Timeout (>0.5s)" in out, out
    assert "threading.Event().wait()" in out, out  # the stack down to the wait that hung
