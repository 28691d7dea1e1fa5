"""The session as a window drives it: the network in a thread of its own, the window's loop
resting until the session wakes it, reading the game only in ``poll``."""

from __future__ import annotations

import asyncio
import random
import threading

from game.ai import choose_action
from game.net.client import Moved, NetSession, Rebuilt, Status, TableChanged
from game.net.connect import ThreadedClient, follow
from game.net.headless import play_seat
from game.net.seats import TableConfig

from ..waiting import WAIT, wait_until_async
from .loopback import board, registry, run, seat_players, serving


def window_loop(session: NetSession, woken: threading.Event) -> tuple[int, int, list[str]]:
    """A window's loop in miniature: rest until woken, poll, play its turn.  How often it
    was woken, how many moves it saw, and the kinds of what happened."""
    wakes = moves = 0
    kinds: list[str] = []
    rng = random.Random(3)
    while session.status not in (Status.OVER, Status.FAILED):
        assert woken.wait(WAIT), f"the session did not wake the window within {WAIT:g} s"
        woken.clear()
        wakes += 1
        for happening in session.poll():
            kinds.append(type(happening).__name__)
            moves += isinstance(happening, Moved)
        if session.my_turn() is not None and session.game is not None:
            assert session.act(choose_action(session.game, "random", rng))
    return wakes, moves, kinds


def test_a_window_rests_until_the_network_wakes_it_and_plays_to_the_end() -> None:
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            woken = threading.Event()
            mine = NetSession(registry(), link, "Window", wake=woken.set)
            frames: list[str | bytes] = []
            received = mine.received

            def counted(text: str | bytes) -> bool:
                frames.append(text)
                return received(text)

            mine.received = counted  # type: ignore[method-assign]
            client = ThreadedClient(mine)
            client.start()
            try:
                other = asyncio.create_task(seat_players(link, 1, "random"))
                wakes, moves, kinds = await asyncio.to_thread(window_loop, mine, woken)
                await other
            finally:
                await asyncio.to_thread(client.close)
            game = server.tables[link.code].game
            assert game is not None and mine.game is not None
            assert mine.game.scores == game.scores and moves == len(game.moves)
            assert wakes <= len(frames)  # woken by the table's messages, never spinning
            assert kinds[0] == TableChanged.__name__ and Rebuilt.__name__ in kinds
            assert mine.status == Status.OVER

    run(main)


def test_the_table_is_told_a_window_left() -> None:
    config = TableConfig("carcassonne", seats=("open", "open"), takeover=0)

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            mine = NetSession(registry(), link, "Window")
            client = ThreadedClient(mine)
            client.start()
            table = server.tables[link.code]
            await wait_until_async(lambda: table.seats[0].connected, "the window seated")
            await asyncio.to_thread(client.close)
            await wait_until_async(lambda: not table.seats[0].connected,
                                   "the table told the window left")
            mine.poll()
            assert mine.status == Status.CLOSED
            later = NetSession(registry(), link, "Window", token=mine.token)
            stop = asyncio.Event()
            both = asyncio.gather(play_seat(later, "random"), seat_players(link, 1, "random"))
            back = asyncio.create_task(follow(later, stop))
            await both
            stop.set()
            await back
            assert later.seats == (0,) and later.status == Status.OVER

    run(main)


def test_a_placement_taken_back_is_taken_back_everywhere() -> None:
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            me, you = NetSession(registry(), link, "Me", [0]), NetSession(registry(), link,
                                                                       "You", [1])
            stop = asyncio.Event()
            links = [asyncio.create_task(follow(s, stop)) for s in (me, you)]
            await wait_until_async(lambda: me.my_turn() is not None and you.game is not None,
                                   "my turn, your game begun",
                                   step=lambda: (me.poll(), you.poll()))
            assert me.game is not None
            start = board(me.game)
            place = next(iter(me.game.legal_placements()))
            assert me.act(place)
            seen: list[object] = []

            def both_read() -> None:
                seen.extend(you.poll())
                me.poll()

            await wait_until_async(lambda: len(you.history) >= 1, "my placement in your game",
                                   step=both_read)
            assert me.game.can_undo and me.undo()
            await wait_until_async(lambda: not you.history, "my placement taken back in yours",
                                   step=both_read)
            assert [type(h).__name__ for h in seen if not isinstance(h, TableChanged)] == [
                "Moved", "TookBack"]
            assert you.game is not None
            assert board(me.game) == board(you.game) == start
            table = server.tables[link.code]
            assert table.game is not None and table.game.moves == []
            stop.set()
            await asyncio.gather(*links)

    run(main)
