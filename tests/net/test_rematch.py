"""Playing again at a table over the loopback network: two players end a game, both accept,
and the table's next game begins on the same code with the same seats; a player who missed
the end of the game is told it before the next game, and takes their seat back from the
computer by accepting; a headless player leaves at the end."""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Callable
from pathlib import Path

from game.ai import random_action
from game.net.client import Ended, NetSession, Rematched, Status
from game.net.connect import follow
from game.net.headless import join_headless, play_seat
from game.net.links import Link
from game.net.seats import TableConfig
from game.net.table_server import TableServer
from game.net.terms import TableState
from game.net.tokens import Tokens

from ..waiting import wait_until_async
from .loopback import LOOPBACK, registry, run, serving

WAIT = 30.0  # seconds any one wait below may take


async def until(done: Callable[[], bool], what: str,
                state: Callable[[], object] = lambda: "") -> None:
    await wait_until_async(done, what, timeout=WAIT, seen=state)


def test_two_players_end_a_game_and_play_again_in_the_same_seats() -> None:
    config = TableConfig("over-hill-and-dale", seats=("open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            table = server.tables[link.code]
            sessions = [NetSession(registry(), link, name) for name in ("Ann", "Bob")]
            stop = asyncio.Event()
            links = [asyncio.create_task(follow(s, stop)) for s in sessions]
            players = [asyncio.create_task(play_seat(s, "random", seed=i, stop=stop,
                                                     rematches=1))
                       for i, s in enumerate(sessions)]
            await until(lambda: table.round == 2 and table.game is not None
                        and len(table.game.moves) >= 4, "the rematch under way",
                        lambda: (table.state, table.round, [vars(s) for s in table.seats],
                                 [(s.status, s.round, s.table.info.get("state"))
                                  for s in sessions]))
            stop.set()
            await asyncio.gather(*players, *links)
            past = table.previous
            assert past is not None and past.game.over
            assert [s.name for s in table.seats] == ["Ann", "Bob"]
            assert table.code == link.code and table.seed != past.seed
            assert not any(s.out for s in table.seats)
            game = table.game
            assert game is not None
            for i, s in enumerate(sessions):
                assert s.round == 2 and s.seats == (i,) and s.status == Status.PLAYING
                assert s.game is not None and list(s.game.players) == ["Ann", "Bob"]
                held = [str(m) for m in s.game.moves]
                assert held == [str(m) for m in game.moves[:len(held)]]  # this game's
                assert s.history[0].chain != past.chain[1]  # a chain of its own

    run(main)


def test_a_player_who_missed_the_end_is_told_it_then_takes_the_seat_back() -> None:
    """The host ends the game and begins the rematch while the guest's connection is down;
    the guest, back, gets the finished game's last move and its end, then the new game, in
    which a computer plays the guest's seat until the guest accepts."""
    server = TableServer(registry())
    key = secrets.token_urlsafe(24)
    table = server.add_table(TableConfig("carcassonne", seats=("host", "open"),
                                         auto_start=False), host_key=key)

    async def main() -> None:
        port = await server.start(LOOPBACK, 0)
        link = Link(LOOPBACK, port, table.code)
        host = NetSession(registry(), link, "Ann", host_key=key)
        guest = NetSession(registry(), link, "Bob")
        stop, away = asyncio.Event(), asyncio.Event()
        host_link = asyncio.create_task(follow(host, stop))
        guest_link = asyncio.create_task(follow(guest, away))
        try:
            await until(lambda: (host.poll(), guest.poll()) and len(server.peers.get(
                table.code, ())) == 2 and table.ready, "both seated")
            host.host("start")
            await until(lambda: (host.poll(), guest.poll()) and host.my_turn() == 0
                        and guest.game is not None, "the game begun in both")
            away.set()
            await guest_link  # the guest's connection is down from here
            assert host.game is not None
            host.act(random_action(host.game.copy(), random.Random(2)))
            await until(lambda: (host.poll(), len(table.steps))[1] == 1, "the host's move")
            host.resign()
            await until(lambda: (host.poll(), host.status)[1] == Status.OVER, "the end")
            host.host("start")  # the rematch now, without the guest
            await until(lambda: table.round == 2 and table.state == TableState.PLAYING,
                        "the rematch")
            assert table.seats[1].out
            back = asyncio.create_task(follow(guest, stop))
            seen: list[object] = []
            def following() -> bool:
                seen.extend(guest.poll())
                return guest.round == 2

            await until(following, "the guest following the new game")
            ended = [h for h in seen if isinstance(h, Ended)]
            assert len(ended) == 1 and ended[0].reason == "resigned"
            past = table.previous
            account = ended[0].account
            assert past is not None and account is not None and account.verified
            assert account.game is not None
            assert [str(m) for m in account.game.moves] == [str(m) for m in past.game.moves]
            assert ended[0].seed == past.seed
            assert any(isinstance(h, Rematched) for h in seen)
            assert seen.index(ended[0]) < next(i for i, h in enumerate(seen)
                                               if isinstance(h, Rematched))
            await until(lambda: (guest.poll(), guest.sitting_out())[1], "the seat out")
            assert guest.rematch()
            await until(lambda: (guest.poll(), not guest.sitting_out())[1],
                        "the seat taken back")
            assert not table.seats[1].stand_in and table.state == TableState.PLAYING
            stop.set()
            await asyncio.gather(host_link, back)
        finally:
            stop.set()
            await server.close()

    run(main)


def test_over_is_the_table_state_until_every_player_answers() -> None:
    """A table of the server (no host) waits for every player: one acceptance is not
    enough, and a player's leaving with "bye" is an answer."""
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            table = server.tables[link.code]
            ann, bob = (NetSession(registry(), link, n) for n in ("Ann", "Bob"))
            stop = asyncio.Event()
            links = [asyncio.create_task(follow(s, stop)) for s in (ann, bob)]
            await until(lambda: (ann.poll(), bob.poll()) and ann.game is not None
                        and bob.game is not None, "the game begun")
            ann.resign()
            await until(lambda: (ann.poll(), bob.poll()) and bob.status == Status.OVER,
                        "the end")
            bob.rematch()
            await until(lambda: (ann.poll(), ann.table.accepted(1))[1], "Bob's answer shown")
            assert table.state == TableState.OVER and not ann.accepted() and bob.accepted() is False
            bob.poll()
            assert bob.accepted()
            ann.request({"type": "bye"})
            await until(lambda: table.round == 2, "the rematch, Ann having left")
            await until(lambda: (bob.poll(), bob.round)[1] == 2, "Bob in the new game")
            assert table.seats[0].out and not table.seats[1].out
            stop.set()
            await asyncio.gather(*links)

    run(main)


def test_a_headless_player_leaves_at_the_end_and_the_next_game_goes_on_without_it(
        tmp_path: Path) -> None:
    config = TableConfig("carcassonne", seats=("open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            table = server.tables[link.code]
            ann = NetSession(registry(), link, "Ann", seats=[0])
            stop = asyncio.Event()
            ann_link = asyncio.create_task(follow(ann, stop))
            await until(lambda: (ann.poll(), ann.seats)[1] == (0,), "Ann seated")
            headless = asyncio.create_task(asyncio.to_thread(
                join_headless, link.url, "random", seat=2, registry=registry(),
                tokens=Tokens(tmp_path)))
            await until(lambda: (ann.poll(), ann.game)[1] is not None, "the game begun")
            ann.resign()
            assert await headless == 0  # the game over, it printed the scores and left
            assert table.seats[1].left
            ann.poll()
            ann.rematch()
            await until(lambda: table.round == 2, "the next game, without the headless player")
            assert table.seats[1].out and table.seats[1].stand_in  # the table's computer
            stop.set()
            await ann_link

    run(main)
