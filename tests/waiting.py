"""Waiting in tests: every wait has a deadline and says what it waited for.

A test that waits for something another thread, process or connection does (a table's
answer, a window's scene, a file written) waits for *that*, never for a fixed time, and
fails (never hangs) when it does not come::

    from tests.waiting import wait_until, wait_until_async, within

    wait_until(lambda: table.game is not None, "the table's game begun")
    data = wait_until(lambda: autosaved(home), "the first autosave")  # the true value
    wait_until(lambda: done(), "the guest seated", step=table.step)  # frames meanwhile
    await wait_until_async(lambda: me.seats, "the seat given", step=me.poll)
    await within(asyncio.gather(*players), "both players' games over", 60)
    line = line_within(process.stdout, "the server's first line")

Past the deadline the test fails with an ``AssertionError`` that names what it awaited and
for how long ("waited 30 s for the table's game begun"), and, given ``seen``, what there was
instead ("...; seen: host LobbyScene, guest JoinScene").  The deadlines are generous: the
tests run on two cores shared with other work, where a message that takes a millisecond
alone can take seconds; a deadline only says when to give up, so a long one costs nothing
while things go right.  The whole test has its own limit besides (pytest-timeout, set in
pyproject.toml), past which it fails with the stack of where it hung.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from typing import IO, AnyStr, TypeVar

T = TypeVar("T")

WAIT = 30.0  # seconds: the usual deadline for one event (a message, a scene, a file)
EVERY = 0.01  # seconds between two looks


def _gave_up(what: str, timeout: float, seen: Callable[[], object] | None = None
             ) -> AssertionError:
    instead = "" if seen is None else f"; seen: {seen()}"
    return AssertionError(f"waited {timeout:g} s for {what}{instead}")


def wait_until(predicate: Callable[[], T | None], what: str, timeout: float = WAIT,
               step: Callable[[], object] | None = None, every: float = EVERY,
               seen: Callable[[], object] | None = None) -> T:
    """Call ``predicate`` until it returns a true value, and return that value.

    ``what`` says what is awaited, for the failure's message ("the guest seated").  Between
    two looks, ``step`` is called when given (a window's frame, a session's poll: whatever
    makes the awaited thing happen in this thread), then the thread sleeps ``every``
    seconds.  Past ``timeout`` seconds, one last look, then ``AssertionError``; its message
    ends with ``seen()`` when given (what there was instead: the scenes, a status).
    """
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise _gave_up(what, timeout, seen)
        if step is not None:
            step()
        time.sleep(every)


async def wait_until_async(predicate: Callable[[], T | None], what: str, timeout: float = WAIT,
                           step: Callable[[], object] | None = None, every: float = EVERY,
                           seen: Callable[[], object] | None = None) -> T:
    """``wait_until`` for a coroutine: the event loop runs on (the server, the connections)
    while it waits."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise _gave_up(what, timeout, seen)
        if step is not None:
            step()
        await asyncio.sleep(every)


async def within(awaitable: Awaitable[T], what: str, timeout: float = WAIT) -> T:
    """Await ``awaitable`` (a task, a gather, a coroutine) for at most ``timeout`` seconds;
    past that it is cancelled and the test fails naming ``what``."""
    try:
        return await asyncio.wait_for(awaitable, timeout)
    except TimeoutError:
        raise _gave_up(what, timeout) from None


def line_within(stream: IO[AnyStr], what: str, timeout: float = WAIT) -> AnyStr:
    """The next line of a child process's output (its pipe), read for at most ``timeout``
    seconds: "" at its end, ``AssertionError`` naming ``what`` when nothing comes.  (A
    reader thread, as pipes cannot be waited on with a deadline everywhere; left behind on
    a failure, it ends when the process is killed and the pipe closes.)"""
    lines: queue.Queue[AnyStr] = queue.Queue()
    threading.Thread(target=lambda: lines.put(stream.readline()), daemon=True,
                     name="test-line-reader").start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        raise _gave_up(what, timeout) from None
