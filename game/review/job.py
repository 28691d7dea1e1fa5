"""A review run off the frame loop: the window starts it, reads its progress every frame, may
cancel it, and takes its result once it is done.  Its thread only hands the work out to
``processes`` worker processes (every processor by default) and gathers what they find, so
the window's own thread is free to draw.  No pygame: plain Python, tested headless.

    job = ReviewJob(game, seats=[0], previous=Review.from_json(saved.review))
    job.start()
    ...                                  # every frame
    done, total = job.progress           # for the progress bar
    if job.finished: review = job.result()   # raises the error the review met, if any
    ...
    job.cancel()                         # the result then holds what was judged so far
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from game.rules import Game
from game.system.processes import processors

from . import DEFAULT_FUTURES, Review, review_game


class ReviewJob:
    def __init__(self, game: Game, seats: Sequence[int], futures: int = DEFAULT_FUTURES,
                 previous: Review | None = None,
                 on_progress: Callable[[], None] | None = None,
                 processes: int | None = None) -> None:
        self._game = game.copy()  # the window's game is never touched by the thread
        self._seats = tuple(seats)
        self._futures = futures  # the futures a decision is judged on
        self._previous = previous
        self._processes = processors() if processes is None else processes
        self.on_progress = on_progress  # called from the thread after each decision
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._progress = (0, 0)
        self._result: Review | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None:
            raise RuntimeError("a review job runs once")
        self._thread = threading.Thread(target=self._run, name="review", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            review = review_game(self._game, self._seats, self._futures,
                                 previous=self._previous, progress=self._advance,
                                 stop=self._stop.is_set, processes=self._processes)
        except BaseException as exc:  # handed to the caller by result()
            with self._lock:
                self._error = exc
        else:
            with self._lock:
                self._result = review
        if self.on_progress is not None:
            self.on_progress()

    def _advance(self, done: int, total: int) -> None:
        with self._lock:
            self._progress = (done, total)
        if self.on_progress is not None:
            self.on_progress()

    @property
    def progress(self) -> tuple[int, int]:
        """(positions looked at, positions to look at); (0, 0) before the first is done."""
        with self._lock:
            return self._progress

    @property
    def finished(self) -> bool:
        with self._lock:
            return self._result is not None or self._error is not None

    def cancel(self) -> None:
        """Stop at the positions under way; the result keeps what was found before."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the review ends (or ``timeout`` seconds pass); whether it ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.finished

    def result(self) -> Review | None:
        """The review once finished (``complete`` False if it was cancelled), else None;
        raises the error the review met."""
        with self._lock:
            if self._error is not None:
                raise self._error
            return self._result
