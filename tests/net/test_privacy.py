"""A modified client reading every message it receives learns nothing more than a player at
the table: a whole game with hands of three tiles, hills and the sheep bag, every frame one
client receives captured and read.  A spectator, read the same way, learns nothing more than
a player who holds no hand.

What a player at the table knows: the tiles placed (each named by its action), the tiles set
aside (they are shown), the outcomes drawn in front of everyone (sheep tokens), their own
hand, and counts (the pile, each hand).  What they must not know: the seed and so the draw
order, another player's hand, the bag's order, a tile slid unseen under a hill.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from typing import Any

from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.messages import SERVER, read
from game.net.seats import TableConfig
from game.rules import Place, parse_action

from ..waiting import wait_until_async
from .loopback import LIMIT, assert_same_game, registry, run, seat_players, serving

ME = 0
CONFIG = TableConfig("carcassonne", ("hills-and-sheep",), (("hand", 3),),
                     seats=("open", "open", "open"))


def strings(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every text in a message, with where it is."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, (*path, i))


def values(value: Any) -> list[Any]:
    """Every number and text in a message, keys included."""
    if isinstance(value, dict):
        return [*value, *(v for item in value.values() for v in values(item))]
    if isinstance(value, list):
        return [v for item in value for v in values(item)]
    return [value]


def allowed(path: tuple[Any, ...], me: int | None) -> bool:
    """Where a tile's name may stand in a message to seat ``me``: its own hand in a deal (a
    spectator, None, has none), the tiles set aside, an outcome drawn in front of
    everyone."""
    if "hands" in path:
        return me is not None and bool(path[path.index("hands") + 1] == me)
    return "aside" in path or "outcomes" in path


def test_a_client_learns_nothing_more_than_a_player_at_the_table() -> None:
    async def main() -> None:
        async with serving([CONFIG], seed=1_946_263_117) as (server, (link,)):
            frames: list[str] = []
            me = NetSession(registry(), link, "Me", [ME])
            received = me.received

            def tap(text: str | bytes) -> bool:
                assert isinstance(text, str)
                frames.append(text)
                return received(text)

            me.received = tap  # type: ignore[method-assign]
            others = [NetSession(registry(), link, f"P{i}", [i]) for i in (1, 2)]
            sessions = await seat_players(link, 3, "random", [me, *others])
            table = server.tables[link.code]
            assert table.game is not None
            assert_same_game(sessions, table.game)
            check(frames, table, ME)

    run(main)


def test_a_spectator_learns_nothing_more_than_a_player_without_a_hand() -> None:
    """Every frame a spectator gets in a whole game: no hand of three, no tile but those
    placed, set aside or drawn in front of everyone, no bag, no seed before the end."""
    config = TableConfig("carcassonne", ("hills-and-sheep",), (("hand", 3),),
                         seats=("open", "open", "open"), watchers="chat")

    async def main() -> None:
        async with serving([config], seed=1_946_263_117) as (server, (link,)):
            frames: list[str] = []
            spectator = NetSession(registry(), link, "Zoé", watch=True)
            received = spectator.received

            def tap(text: str | bytes) -> bool:
                assert isinstance(text, str)
                frames.append(text)
                return received(text)

            spectator.received = tap  # type: ignore[method-assign]
            stop = asyncio.Event()
            following = asyncio.create_task(follow(spectator, stop))
            await wait_until_async(lambda: spectator.linked and frames,
                                   "the spectator watching before the game")
            sessions = await seat_players(link, 3, "random")
            await wait_until_async(lambda: spectator.status == Status.OVER,
                                   "the spectator's game over", LIMIT, step=spectator.poll)
            stop.set()
            await following
            table = server.tables[link.code]
            assert table.game is not None
            assert_same_game([*sessions, spectator], table.game)
            check(frames, table, None)

    run(main)


def check(frames: list[str], table: Any, me: int | None) -> None:
    game = table.game
    types = game.tile_types
    messages = [read(f, SERVER) for f in frames]
    over = next(i for i, m in enumerate(messages) if m["type"] == "over")
    # The seed (the whole draw order) only once the game is over: no value of an earlier
    # message is it, as a number or as a word (a digest's hex digits may hold its digits).
    assert all(table.seed not in values(m) and str(table.seed) not in values(m)
               for m in messages[:over])
    assert messages[over]["seed"] == table.seed
    assert all("seed" not in m for m in messages[:over])

    revealed: Counter[str] = Counter()  # tile names read, as often as they were read
    my_hands: list[list[str]] = []
    for message in messages:
        for path, text in strings(message):
            if text in types:
                assert allowed(path, me), f"a tile's name at {path} in a {message['type']}"
                revealed[text] += 1
            if path and path[-1] == "action":
                action = parse_action(text)
                if isinstance(action, Place):
                    revealed[action.tile] += 1
        for deal in deals_of(message):
            for i, hand in enumerate(deal["hands"]):
                if i == me:
                    assert isinstance(hand, list)
                    my_hands.append(hand)
                else:  # another player's hand: how many tiles, never which
                    assert isinstance(hand, int)
    deals = [table.opening, *(d for s in table.steps for d in s.deals)]
    # Its own hand: exactly the table's, deal after deal (a spectator: none, ever).
    assert my_hands == ([] if me is None else [list(d.hands[me]) for d in deals])
    # Every tile named was placed (named by its action), set aside or dealt into its own
    # hand, exactly as often as that happened: no other tile is ever named, so neither the
    # others' hands nor the tiles under hills nor the pile's order are.
    expected: Counter[str] = Counter()
    for step in table.steps:
        action = parse_action(step.action)
        if isinstance(action, Place):
            expected[action.tile] += 1
    for deal in deals:
        if me is not None:
            expected.update(deal.hands[me])
        expected.update(deal.aside)
    assert revealed == expected
    hills = game.module("hills")
    assert hills is not None and hills.under, "the game slid no tile under a hill"
    # The sheep: only the tokens drawn, when they were drawn (never the bag).
    drawn = [o for s in table.steps for o in s.outcomes]
    told = [tuple(o) for m in messages for s in steps_of(m) for o in s["outcomes"]]
    assert told == drawn and all(what == "draws" for what, _ in told)
    assert not any("bag" in f for f in frames)


def steps_of(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if message["type"] == "move":
        yield message
    elif message["type"] == "sync":
        yield from message["moves"]


def deals_of(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if message["type"] == "start":
        yield message["opening"]
    for step in steps_of(message):
        yield from step["deals"]


def test_a_hidden_hand_is_a_count_for_everyone_else() -> None:
    """The same game seen from the three seats: the deals differ only in the hands."""
    async def main() -> None:
        async with serving([CONFIG], seed=99) as (server, (link,)):
            sessions = [NetSession(registry(), link, f"P{i}", [i]) for i in range(3)]
            await asyncio.wait_for(seat_players(link, 3, "random", sessions), 60)
            table = server.tables[link.code]
            step = next(s for s in table.steps if s.deals)
            views = [table.move_message(step, {i}) for i in range(3)]
            for i, view in enumerate(views):
                hands = view["deals"][0]["hands"]
                assert [isinstance(h, list) for h in hands] == [j == i for j in range(3)]

    run(main)
