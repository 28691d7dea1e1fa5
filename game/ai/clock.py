"""The clock thinking budgets are counted on.

By default the wall clock: a budget is what a player waits.  A benchmark on a shared machine
may count the thinking thread's processor time instead (``count_processor_time``), so that a
level searches as much as it would on a quiet machine whatever else runs beside it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_now: Callable[[], float] = time.perf_counter


def now() -> float:
    """Seconds on the budget clock (only differences mean anything)."""
    return _now()


def count_processor_time(on: bool = True) -> None:
    """Count budgets in the processor time of the thread that thinks (True), or on the wall
    clock (False, the default).  For the whole process."""
    global _now
    _now = time.thread_time if on else time.perf_counter


def counts_processor_time() -> bool:
    return _now is time.thread_time
