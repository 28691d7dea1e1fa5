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
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.context import BaseContext
from typing import Any, Protocol, TypeVar

POLL = 0.1  # seconds between two looks at ``stop()`` while the workers work

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


def in_processes(work: Callable[[Task], Result], tasks: Sequence[Task], processes: int,
                 setup: Callable[..., None], setup_args: tuple[Any, ...] = (),
                 preload: Sequence[str] = (), stop: Callable[[], bool] | None = None
                 ) -> Iterator[tuple[int, Result]]:
    """``work(task)`` for every task, in ``processes`` worker processes, each prepared by
    ``setup(flag, *setup_args)``: (the task's index, its result) as each is done.  Nothing
    more comes once ``stop()`` is true; the workers then see their flag set."""
    mp = context(preload)
    flag = mp.Event()
    pool = ProcessPoolExecutor(max(1, processes), mp_context=mp, initializer=setup,
                               initargs=(flag, *setup_args))
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
