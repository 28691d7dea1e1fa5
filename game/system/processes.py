"""Work shared out to processes of their own, so that every processor takes a part: Python
runs one thread at a time in a process, and a long computation (a game's review) in a thread
of the window would use one processor and hold the window up besides.

``in_processes`` runs a function over a list of tasks in a pool of worker processes
(``concurrent.futures.ProcessPoolExecutor``) and hands the results back as they are done.
The workers are started by a fork server where the system has one (POSIX): each is a fork of
a process that has imported the modules named in ``preload`` and nothing else, never of the
caller with its threads (a window's); elsewhere they are spawned, each importing what it
needs.  A frozen executable has called ``multiprocessing.freeze_support()`` first
(``game.__main__``).

    for index, result in in_processes(work, tasks, 2, setup, (data,), ["game.review"], stop):
        ...            # ``setup(flag, data)`` ran once in each worker; ``work(task)`` there

A worker is told to stop through the ``Flag`` its ``setup`` is given: it is set once
``stop()`` says so (polled every ``POLL`` seconds) or the caller leaves the loop, and the
tasks not begun are dropped.  A worker that dies, or processes that cannot be started,
raise ``BrokenProcessPool`` (or ``OSError``) to the caller.

A caller that dies without leaving the loop (killed) leaves no worker behind: each watches
the caller's process (``watch``) and ends within ``WATCH_EVERY`` seconds of it.  A worker of
the fork server could not see it otherwise: the fork server is its parent, and the fork
server waits for its workers.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.context import BaseContext
from typing import Any, Protocol, TypeVar

POLL = 0.1  # seconds between two looks at ``stop()`` while the workers work
WATCH_EVERY = 1.0  # seconds between a worker's looks at whether its caller still runs

Task = TypeVar("Task")
Result = TypeVar("Result")


class Flag(Protocol):
    """What a worker sees of the stop: whether it was asked to."""

    def is_set(self) -> bool: ...


def processors() -> int:
    """The processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def context(preload: Sequence[str] = ()) -> BaseContext:
    """forkserver where the system has it (its workers forks of a process that imported
    ``preload``), spawn elsewhere."""
    if sys.platform != "win32" and "forkserver" in multiprocessing.get_all_start_methods():
        forkserver = multiprocessing.get_context("forkserver")
        if preload:
            forkserver.set_forkserver_preload(list(preload))
        return forkserver
    return multiprocessing.get_context("spawn")


def caller() -> int | None:
    """This process, for its workers to watch; None where a process cannot be asked about
    without being touched (Windows: ``os.kill`` there ends it)."""
    return os.getpid() if sys.platform != "win32" else None


def watch(pid: int | None) -> None:
    """In a worker: end this process once the process ``pid`` (its caller) has ended, its
    work having nobody to go to; nothing when ``pid`` is None."""
    if pid is not None:
        threading.Thread(target=_end_with, args=(pid,), name="caller watch",
                         daemon=True).start()


def _end_with(pid: int) -> None:
    while not gone(pid):
        time.sleep(WATCH_EVERY)
    os._exit(0)


def gone(pid: int) -> bool:
    """Whether the process ``pid`` has ended: no such process (or one of someone else's,
    the number taken again), or one that has died and waits to be reaped (on Linux its
    state says so)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rpartition(")")[2].split()[:1] in (["Z"], ["X"])
    except OSError:  # no /proc here: a process that answers a signal is alive
        return False


def _start(setup: Callable[..., None], watched: int | None, *args: Any) -> None:
    """A worker's initializer: the caller watched, then the caller's ``setup``."""
    watch(watched)
    setup(*args)


def in_processes(work: Callable[[Task], Result], tasks: Sequence[Task], processes: int,
                 setup: Callable[..., None], setup_args: tuple[Any, ...] = (),
                 preload: Sequence[str] = (), stop: Callable[[], bool] | None = None
                 ) -> Iterator[tuple[int, Result]]:
    """``work(task)`` for every task, in ``processes`` worker processes, each prepared by
    ``setup(flag, *setup_args)``: (the task's index, its result) as each is done.  Nothing
    more comes once ``stop()`` is true; the workers then see their flag set."""
    mp = context(preload)
    flag = mp.Event()
    pool = ProcessPoolExecutor(max(1, processes), mp_context=mp, initializer=_start,
                               initargs=(setup, caller(), flag, *setup_args))
    try:
        index: dict[Future[Result], int] = {pool.submit(work, t): i for i, t in enumerate(tasks)}
        pending = set(index)
        while pending:
            if stop is not None and stop():
                return
            done, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=index.__getitem__):
                yield index[future], future.result()
    finally:
        flag.set()  # tasks under way end at their next look at it
        pool.shutdown(wait=True, cancel_futures=True)
