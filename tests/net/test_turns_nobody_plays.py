"""Turns nobody plays: at zero on the clock a computer plays the turn; a player away longer
than the table waits has their turn played by a computer, and takes the seat back after;
a player who resigns leaves their seat to a computer."""

from __future__ import annotations

import asyncio

from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.headless import play_seat
from game.net.seats import TableConfig

from ..waiting import wait_until_async
from .loopback import LIMIT, registry, run, serving


async def idle(session: NetSession, stop: asyncio.Event) -> None:
    """Joined, reading, never acting: until the game is over for it (or ``stop``)."""
    await wait_until_async(
        lambda: stop.is_set() or session.status in (Status.OVER, Status.FAILED),
        f"the game over for {session.name}, who never plays", LIMIT, step=session.poll)


def test_a_player_whose_clock_runs_out_is_played_by_a_computer() -> None:
    config = TableConfig("over-hill-and-dale", seats=("open", "open"), clock=(1, 0),
                         takeover=0)

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            player, sleeper = (NetSession(registry(), link, n) for n in ("Ann", "Zed"))
            stop = asyncio.Event()
            links = [asyncio.create_task(follow(s, stop)) for s in (player, sleeper)]
            await asyncio.gather(play_seat(player, "random"), idle(sleeper, stop))
            stop.set()
            await asyncio.gather(*links)
            table = server.tables[link.code]
            assert table.game is not None and table.game.over
            zed = table.seats.index(next(s for s in table.seats if s.name == "Zed"))
            assert any(s.seat == zed for s in table.steps)  # its turns were played
            assert sleeper.status == Status.OVER and sleeper.game is not None
            assert sleeper.game.scores == table.game.scores
            assert table.clocks is not None and table.clocks[zed] == 0.0

    run(main)


def test_a_player_away_too_long_is_played_for_then_takes_the_seat_back() -> None:
    config = TableConfig("carcassonne", seats=("open", "open"), takeover=1)

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            ann, bo = NetSession(registry(), link, "Ann", [0]), NetSession(registry(), link,
                                                                         "Bo", [1])
            stop, gone = asyncio.Event(), asyncio.Event()
            ann_link = asyncio.create_task(follow(ann, stop))
            bo_link = asyncio.create_task(follow(bo, gone))
            table = server.tables[link.code]
            ann_plays = asyncio.create_task(play_seat(ann, "random"))
            await wait_until_async(lambda: table.game is not None, "the game begun")
            gone.set()  # Bo leaves before playing a single turn
            await bo_link
            # meanwhile a computer plays Bo's turns
            await wait_until_async(lambda: table.game is not None and len(table.game.moves) >= 12,
                                   "the game at 12 moves, Bo away")
            assert any(s.seat == 1 for s in table.steps)
            back = NetSession(registry(), link, "Bo", token=bo.token)
            back_link = asyncio.create_task(follow(back, stop))
            await asyncio.gather(ann_plays, play_seat(back, "random"))
            stop.set()
            await asyncio.gather(ann_link, back_link)
            assert back.seats == (1,) and back.status == Status.OVER
            assert back.game is not None and table.game is not None
            assert back.game.scores == table.game.scores

    run(main)


def test_a_resigned_seat_is_played_by_a_computer_to_the_end() -> None:
    config = TableConfig("carcassonne", seats=("open", "open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            sessions = [NetSession(registry(), link, f"P{i}", [i]) for i in range(3)]
            stop = asyncio.Event()
            links = [asyncio.create_task(follow(s, stop)) for s in sessions]
            table = server.tables[link.code]
            await wait_until_async(lambda: table.game is not None and sessions[2].seats,
                                   "the game begun, P2 seated", step=sessions[2].poll)
            assert sessions[2].resign()
            await asyncio.gather(*(play_seat(s, "random") for s in sessions[:2]),
                                 idle(sessions[2], stop))
            stop.set()
            await asyncio.gather(*links)
            assert table.reason == "end" and table.seats[2].resigned
            assert all(s.status == Status.OVER for s in sessions)

    run(main)
