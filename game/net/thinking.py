"""The table server's computers think in processes of their own.

A search holds Python's interpreter lock while it thinks: in threads beside the server's event
loop, ten tables' computers leave the loop waiting for the lock at every step of every
player's move, and connections time out.  ``Thinkers`` asks a pool of worker processes
instead (``concurrent.futures.ProcessPoolExecutor``: forkserver where the system has it, so a
worker starts as a fork of a process that has the game's modules and tile sets loaded,
``worker_registry``; spawn elsewhere, each worker loading them as it starts).

A question is a game's set-up, its seed and its moves (a game is its seed plus its moves): the
worker plays them again, on a tile set of its registry, and makes
the turn plan ``game.ai.make_plan`` makes with ``random.Random(seed)``.  It keeps its last few
games, so a table's next question costs only the moves played since.  The server keeps the
plan it gets back (``game.ai.keep_plan``), so the rest of the turn is answered at once from it:
the computer plays exactly what ``choose_action(game, level, random.Random(seed))`` plays in
the server's own process, each level within its own time budget.

The workers run at a lower priority than the server (``NICENESS``): where processors are
scarce, the server's own work comes first, and a search gets the time left over.

A worker that dies breaks the pool: a new pool is started (said once in the log) and the
question asked again; if no answer comes then either, or the level fails, a random legal move
is played (said once too).  Where pools keep breaking before any answer (processes cannot be
started here), the computers think in threads of the server, as a last resort, said once.
``close`` asks the searches under way to stop and ends the workers.  A server that dies
without closing (killed) leaves no worker behind: each watches the server's process and ends
soon after it (``game.system.processes.watch``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
import traceback
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Protocol

from game.ai import choose_action, has_plan, keep_plan, make_plan, random_action
from game.rules import Action, Game, IllegalAction, RulesError, parse_action
from game.rules.model import OptionValue
from game.rules.registry import Registry, default_registry
from game.system.processes import caller, watch
from game.system.processes import context as start_context

log = logging.getLogger("game.net.table_server")
KEPT_GAMES = 16  # games a worker keeps to answer their next question from
BREAKS_BEFORE_THREADS = 3  # pools broken in a row, none answering, before threads are used
# How much less the thinking processes ask of the processors than the server (a POSIX nice
# value): a player's move, a ping answered, wait for no search when processors are scarce.
NICENESS = 10


@dataclass(frozen=True)
class Question:
    """What a worker needs to think for a table: its game as set-up, seed and moves, the
    computer's level, and the seed of its random choices."""

    game: str
    expansions: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...]
    players: tuple[str, ...]
    seed: int
    earlier_dealing: bool
    moves: tuple[str, ...]
    level: str
    choice_seed: int

    @classmethod
    def of(cls, game_id: str, expansions: Sequence[str], game: Game, level: str,
           choice_seed: int) -> Question:
        return cls(game_id, tuple(expansions), tuple(game.chosen_options.items()),
                   tuple(game.players), game.seed, game.earlier_dealing,
                   tuple(str(m) for m in game.moves), level, choice_seed)

    @property
    def set_up(self) -> tuple[object, ...]:
        return (self.game, self.expansions, self.options, self.players, self.seed,
                self.earlier_dealing)


Answer = tuple[tuple[Action, ...], str | None]  # the plan; what went wrong, if anything


class _Flag(Protocol):
    def is_set(self) -> bool: ...


class _Stop(_Flag, Protocol):
    def set(self) -> None: ...


# ---------------------------------------------------------------------- in a worker process
_registry: Registry | None = None
_stop: _Flag | None = None
_games: OrderedDict[tuple[object, ...], tuple[Game, list[str]]] = OrderedDict()


def _start_worker(stop: _Flag, server: int | None = None) -> None:
    """A worker's initializer: its registry (already loaded in a fork of the fork server);
    ``stop`` is set when the server closes; ``server``: the server's process, watched."""
    global _registry, _stop
    from . import worker_registry
    _registry = worker_registry.REGISTRY
    _stop = stop
    if hasattr(os, "nice"):  # not on Windows
        os.nice(NICENESS)
    watch(server)


def answer(question: Question) -> Answer:
    """The plan for ``question`` (in a worker: never raises, a failing level gives a random
    legal move and says why)."""
    try:
        game = _position(question)
    except Exception:  # a game this worker cannot set up: the server plays a random move
        return (), _last_words()
    return think(game, question.level, question.choice_seed)


def think(game: Game, level: str, choice_seed: int) -> Answer:
    """``make_plan`` on a copy of ``game``; a level that fails gives a random legal move and
    says why."""
    rng = random.Random(choice_seed)
    stop = _stop.is_set if _stop is not None else None
    try:
        return make_plan(game.copy(), level, rng, stop=stop), None
    except Exception:  # the level failed: the table still gets a legal move
        return (random_action(game, rng),), _last_words()


def _last_words() -> str:
    """The exception being handled, in one line (where it was raised, and what)."""
    kind, exc, tb = sys.exc_info()
    where = traceback.extract_tb(tb)[-1] if tb is not None else None
    place = f" at {os.path.basename(where.filename)}:{where.lineno}" if where else ""
    return f"{kind.__name__ if kind else 'error'}{place}: {exc}"


def _position(question: Question) -> Game:
    """The question's game: a kept one with the moves played since, or played anew."""
    kept = _games.pop(question.set_up, None)
    moves = list(question.moves)
    if kept is not None:
        game, played = kept
        if moves[:len(played)] == played:
            try:
                _play(game, moves[len(played):])
            except (IllegalAction, RulesError):
                kept = None
        else:
            kept = None
    if kept is None:
        game = _new_game(question)
        _play(game, moves)
    _games[question.set_up] = (game, moves)
    while len(_games) > KEPT_GAMES:
        _games.popitem(last=False)
    return game


def _new_game(question: Question) -> Game:
    registry = _registry if _registry is not None else default_registry()
    tileset = registry.ruleset(question.game, list(question.expansions))
    return Game(tileset, list(question.players), question.seed, dict(question.options),
                earlier_dealing=question.earlier_dealing)


def _play(game: Game, moves: Sequence[str]) -> None:
    for text in moves:
        game.apply(parse_action(text))


# ---------------------------------------------------------------------- in the server
class Thinkers:
    """The worker processes that think for a server's computers (``processes`` of them,
    default: one per processor), started at the first question."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or os.cpu_count() or 1
        if self.processes < 1:
            raise ValueError("the computers need at least one process to think in")
        # forkserver where the system has it: each worker a fork of a process that has
        # imported this module, never of the server with its threads; spawn elsewhere
        self._context = start_context([__name__, f"{__package__}.worker_registry"])
        self._stop: _Stop | None = None  # made with the first pool
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self.restarts = 0  # pools started again after a worker died
        self._breaks = 0  # pools broken since the last answer
        self.in_threads = False  # processes could not be had: the last resort
        self._said_unanswered = False

    def _started(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the server is closing")
        if self._stop is None:
            self._stop = self._context.Event()
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=self._context,
                                             initializer=_start_worker,
                                             initargs=(self._stop, caller()))
        return self._pool

    def _broken(self, pool: ProcessPoolExecutor, problem: BaseException) -> None:
        """A worker of ``pool`` died: a new pool for the next questions (said once for
        every question that pool had)."""
        if self._pool is not pool:
            return
        self.restarts += 1
        self._breaks += 1
        self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)
        if self._breaks >= BREAKS_BEFORE_THREADS:
            self.in_threads = True
            log.error("the computers' thinking processes keep stopping (%s); the computers "
                      "think in threads of the server from now on", problem)
        else:
            log.error("a computer's thinking process stopped (%s); the computers think in "
                      "new processes", problem)

    async def plan(self, question: Question) -> Answer | None:
        """A worker's answer, asked again once if a worker dies; None if none came."""
        for _ in range(2):
            if self.in_threads or self._closed:
                return None
            pool = self._started()
            try:
                # submitted from a thread: starting a worker waits for the fork server,
                # which the first time loads the game (most of a second)
                future = await asyncio.to_thread(pool.submit, answer, question)
                got = await asyncio.wrap_future(future)
            except BrokenProcessPool as exc:
                self._broken(pool, exc)
                continue
            except RuntimeError:  # shut down meanwhile (closing, or broken by another)
                continue
            self._breaks = 0
            self._said_unanswered = False
            return got
        return None

    async def choose(self, game_id: str, expansions: Sequence[str], game: Game, level: str,
                     choice_seed: int, who: str = "a table") -> Action:
        """The action a computer at ``level`` plays now in ``game`` (the game is not
        changed): from the plan kept earlier in this turn, else from a worker's plan."""
        game = game.copy()
        rng = random.Random(choice_seed)
        if level != "random" and has_plan(game, level):
            return choose_action(game, level, rng)  # the plan's next action, at once
        got = await self.plan(Question.of(game_id, expansions, game, level, choice_seed))
        if got is None and self.in_threads and not self._closed:
            got = await asyncio.to_thread(think, game, level, choice_seed)
        if got is None:
            if not self._closed and not self._said_unanswered:
                self._said_unanswered = True  # until a process answers again
                log.error("%s: no thinking process answered for its computer; a random legal "
                          "move is played", who)
            return random_action(game, rng)
        plan, problem = got
        if problem is not None:  # the worker played a random move, or could not
            log.error("%s: computer level %s failed (%s); a random legal move is played",
                      who, level, problem)
        elif not plan or not game.is_legal(plan[0]):
            log.error("%s: computer level %s chose no legal move; a random legal move is "
                      "played", who, level)
            plan = ()
        if not plan or not game.is_legal(plan[0]):
            return random_action(game, rng)
        if problem is None:
            keep_plan(game, level, plan)
        return plan[0]

    async def close(self) -> None:
        """Stop the searches under way and end the workers."""
        self._closed = True
        if self._stop is not None:
            self._stop.set()
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

