"""A computer seat for the window: thinks in a background thread, polled each frame.

    from game.ui.computer import ComputerPlayer

    # when a computer seat is to act (each action of its turn: placement, figure, answers)
    brain = ComputerPlayer("strong")      # or "quick", "random"; budget_s=... for strong
    brain.start(session.game)             # copies the game at once; the window's game is
                                          # never touched by the thread
    ...
    # every frame
    action = brain.poll()                 # None while thinking
    if action is not None:
        # animate it (glide the tile, drop the figure), then:
        session.game.apply(action)
    ...
    brain.cancel()                        # on undo, load, quit...: the answer is dropped

``on_ready`` (optional) is called from the thread when an answer (or an error) is ready:
the window uses it to end its rest at once.  ``start`` may be called again at any time (the
previous search is cancelled).  A computer level plans its whole turn when asked for the
placement, so the follow-up (the figure) is answered at once.  ``poll`` returns each
answer once; if the search failed, ``poll`` raises the error it met.  The frame loop stays
responsive: the search runs in a daemon thread and Python switches threads every few
milliseconds.

No pygame here: this class is plain Python and is tested headless.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

from game.ai import LEVELS, choose_action
from game.rules import Action, Game


class ComputerPlayer:
    def __init__(self, level: str, budget_s: float | None = None,
                 seed: int | None = None, on_ready: Callable[[], None] | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown computer level '{level}' (levels: {', '.join(LEVELS)})")
        self.level = level
        self.budget_s = budget_s
        self.on_ready = on_ready  # called from the thread once an answer is ready
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._job = 0
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._result: Action | None = None
        self._error: BaseException | None = None

    def start(self, game: Game) -> None:
        """Begin thinking about ``game.current``'s action on a copy of ``game``."""
        self.cancel()
        copy = game.copy()
        stop = threading.Event()
        seed = self._rng.getrandbits(64)
        with self._lock:
            self._job += 1
            job = self._job
            self._stop = stop
        thread = threading.Thread(target=self._run, args=(job, copy, stop, seed),
                                  name=f"computer-{self.level}", daemon=True)
        self._thread = thread
        thread.start()

    def _run(self, job: int, game: Game, stop: threading.Event, seed: int) -> None:
        try:
            action = choose_action(game, self.level, random.Random(seed), self.budget_s,
                                   stop.is_set)
        except BaseException as exc:  # handed to the frame loop by poll()
            with self._lock:
                if job == self._job and not stop.is_set():
                    self._error = exc
            if self.on_ready is not None:
                self.on_ready()
            return
        with self._lock:
            if job == self._job and not stop.is_set():
                self._result = action
            else:
                return
        if self.on_ready is not None:
            self.on_ready()

    def poll(self) -> Action | None:
        """The chosen action once it is ready (returned once), else None."""
        with self._lock:
            error, self._error = self._error, None
            action, self._result = self._result, None
        if error is not None:
            raise error
        return action

    @property
    def thinking(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive() and \
            self._stop is not None and not self._stop.is_set()

    def cancel(self) -> None:
        """Stop thinking; an answer still to come is dropped."""
        with self._lock:
            if self._stop is not None:
                self._stop.set()
            self._stop = None
            self._job += 1
            self._result = None
            self._error = None
