"""A computer player at a network table, without a window.

    python -m game --join ws://HOST:PORT/CODE --headless --seats quick [--seat N]
                   [--name NAME] [--computer-pace relaxed|normal|instant]
    python -m game --join ws://HOST:PORT/CODE --watch --headless [--name NAME]

joins the table, plays its seat at that computer level until the game ends, leaves the table
(a rematch there is played without it: a computer of the table's plays its seat) and prints
the final scores (exit 0; 1 when the table refused it; 3 when the table's account of the
finished game, its seed and moves, does not rebuild the game it played: the scores printed are
then the ones this player saw).  While the table stands still (its host left, its server
stopped, it cannot save) it says so once, and once more when play goes on.  It keeps its
seat's token on this computer (``tokens``): killed and started again with the same
``--seat``, it takes its seat back where the game stands.  ``play_seat`` is the same player
as a coroutine, for tests and benchmarks that fill tables with computers.  With ``--watch``
it only watches, as a spectator (``watch_headless``), and prints the final scores in the
same line.
"""

from __future__ import annotations

import asyncio
import random
import sys
import threading
from collections.abc import Callable

from game.ai import choose_action
from game.rules.registry import Registry, default_registry

from .client import NetSession, Paused, Status
from .connect import follow
from .links import Link, parse_link
from .messages import Bye
from .tokens import Tokens

PACES = {"relaxed": 1.1, "normal": 0.55, "instant": 0.0}  # seconds before each action


async def play_seat(session: NetSession, level: str, pace: float = 0.0,
                    seed: int | None = None, stop: asyncio.Event | None = None,
                    seated: Callable[[], None] | None = None,
                    unanswered: Callable[[], None] | None = None,
                    rematches: int = 0,
                    pauses: Callable[[Paused | None], None] | None = None) -> None:
    """Play the session's seat at ``level`` until the game is over, the table refuses the
    session, or ``stop`` is set (the connection is kept by a ``follow`` running beside),
    accepting the table's next game ``rematches`` times and playing it too;
    ``seated`` is called once the table has given the session its seat, ``unanswered`` once
    if a connection fails before that (``follow`` keeps trying), ``pauses`` when the table
    begins to stand still (with why) and when it goes on (None)."""
    loop = asyncio.get_running_loop()
    woke = asyncio.Event()
    here = threading.get_ident()

    def wake() -> None:  # from this loop's thread, or from a connection's own thread
        if threading.get_ident() == here:
            woke.set()
        else:
            loop.call_soon_threadsafe(woke.set)

    session.wake = wake
    woke.set()
    rng = random.Random(seed)
    stopped = stop or asyncio.Event()

    async def halt() -> None:
        await stopped.wait()
        woke.set()

    halting = asyncio.create_task(halt())
    try:
        await _play(session, level, pace, rng, woke, stopped, seated, unanswered, rematches,
                    pauses)
    finally:
        halting.cancel()


async def _play(session: NetSession, level: str, pace: float, rng: random.Random,
                woke: asyncio.Event, stopped: asyncio.Event,
                seated: Callable[[], None] | None,
                unanswered: Callable[[], None] | None, rematches: int,
                pauses: Callable[[Paused | None], None] | None) -> None:
    first = 0  # the table's round of the first game this player played
    asked = 0  # the round whose end this player answered by accepting the next
    pause: str | None = None  # why the table stands still, as last told
    while not stopped.is_set():
        await woke.wait()
        woke.clear()
        session.poll()
        paused = session.table.paused
        why = None if paused is None else paused.reason
        if pauses is not None and why != pause:
            pause = why
            pauses(paused)
        if seated is not None and session.seats:
            seated()
            seated = None
        if unanswered is not None and not session.seats and session.status == Status.RECONNECTING:
            unanswered()  # not seated and the connection failed: once
            unanswered = None
        first = first or session.round
        if session.status == Status.OVER and session.round - first < rematches:
            if not session.accepted():
                if asked == session.round:  # refused (too many messages): again, later
                    await asyncio.sleep(0.5)
                asked = session.round
                session.rematch()
            continue  # the table's next game begins once everyone has answered
        if session.status in (Status.OVER, Status.FAILED, Status.CLOSED):
            return
        seat, game = session.my_turn(), session.game
        if seat is None or game is None:
            continue
        moves = len(game.moves)
        action = await asyncio.to_thread(choose_action, game.copy(), level,
                                         random.Random(rng.getrandbits(64)))
        if pace:
            await asyncio.sleep(pace)
        if session.game is game and len(game.moves) == moves and session.my_turn() == seat:
            session.act(action)
        else:
            woke.set()  # the position moved on while it thought: look again


async def _run(session: NetSession, level: str, pace: float, tokens: Tokens | None,
               seat: int | None) -> None:
    def remember() -> None:
        token = session.token
        if tokens is not None and token is not None:
            tokens.put(session.link, session.seats[0] if seat is None else seat, token)

    def unanswered() -> None:  # else a mistyped port or a server not started yet is silence
        print(f"no table answers at {session.link.url} yet; trying again until one does "
              f"(Ctrl+C stops)", file=sys.stderr, flush=True)

    def pauses(paused: Paused | None) -> None:  # else a long silence while the host is away
        said = "the table plays on" if paused is None else f"the table is paused: {paused.message}"
        print(said, file=sys.stderr, flush=True)

    stop = asyncio.Event()
    connection = asyncio.create_task(follow(session, stop))
    try:
        await play_seat(session, level, pace, stop=stop, seated=remember,
                        unanswered=unanswered, pauses=pauses)
        if session.status == Status.OVER:  # left for good: the others need not wait for it
            session.request(Bye())
            await asyncio.sleep(0.1)  # the connection's writer sends it
    finally:
        stop.set()
        await connection


async def watch(session: NetSession, stop: asyncio.Event | None = None) -> None:
    """Follow the session's table as a spectator until its game is over or the table
    refuses the session (the connection is kept by a ``follow`` running beside)."""
    loop = asyncio.get_running_loop()
    woke = asyncio.Event()
    here = threading.get_ident()

    def wake() -> None:
        if threading.get_ident() == here:
            woke.set()
        else:
            loop.call_soon_threadsafe(woke.set)

    session.wake = wake
    woke.set()
    stopped = stop or asyncio.Event()
    while not stopped.is_set():
        await woke.wait()
        woke.clear()
        session.poll()
        if session.status in (Status.OVER, Status.FAILED, Status.CLOSED):
            return


async def _watch(session: NetSession) -> None:
    stop = asyncio.Event()
    connection = asyncio.create_task(follow(session, stop))
    try:
        await watch(session, stop)
    finally:
        session.request(Bye())
        await asyncio.sleep(0.1)  # the connection's writer sends it
        stop.set()
        await connection


def watch_headless(link_text: str, name: str | None = None,
                   registry: Registry | None = None) -> int:
    """The command line's ``--join LINK --watch --headless``: follow the table as a
    spectator to the end of its game and print the final scores (exit 0; 1 when the table
    refused; 3 when its account of the game does not hold)."""
    try:
        link: Link = parse_link(link_text)
    except ValueError as exc:
        print(f"cannot watch: {exc}", file=sys.stderr)
        return 2
    session = NetSession(registry or default_registry(), link, name or "Spectator",
                         watch=True)
    try:
        asyncio.run(_watch(session))
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    return _told_the_end(session)


def _told_the_end(session: NetSession) -> int:
    """The final scores in one line (the exit code: 0, or 3 when the table's account of the
    game does not hold, or 1 when the session left without an end)."""
    if session.status == Status.OVER and session.game is not None:
        game = session.game
        scores = ", ".join(f"{p} {s}" for p, s in zip(game.players, game.scores, strict=True))
        print(f"game over ({len(game.moves)} moves): {scores}")
        account = session.account()
        if account is not None and account.mismatch is not None:
            print(f"the table's account of the game could not be verified "
                  f"({account.mismatch}): the scores above are the game as this player "
                  f"saw it", file=sys.stderr)
            return 3
        return 0
    print(f"left the table: {session.problem or session.status}", file=sys.stderr)
    return 1


def join_headless(link_text: str, level: str, pace: str = "instant", name: str | None = None,
                  seat: int | None = None, registry: Registry | None = None,
                  tokens: Tokens | None = None) -> int:
    """The command line's ``--join`` with a computer level: the exit code."""
    try:
        link: Link = parse_link(link_text)
    except ValueError as exc:
        print(f"cannot join: {exc}", file=sys.stderr)
        return 2
    tokens = tokens or Tokens()
    index = None if seat is None else seat - 1
    token = None if index is None else tokens.get(link, index)
    session = NetSession(registry or default_registry(), link, name or level.capitalize(),
                         None if index is None else [index], token)
    try:
        asyncio.run(_run(session, level, PACES.get(pace, 0.0), tokens, index))
    except KeyboardInterrupt:  # Ctrl+C: the seat's token is kept, the same command takes it back
        print("stopped", file=sys.stderr)
        return 130
    return _told_the_end(session)
