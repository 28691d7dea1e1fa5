"""Whole games over the loopback network: a table server and two or three joined computer
seats (plus a computer of the table's own) end with the same board, figures, moves and
scores everywhere, in each of the four games."""

from __future__ import annotations

import pytest

from game.net.seats import TableConfig

from .loopback import assert_same_game, run, seat_players, serving

GAMES = [
    pytest.param(TableConfig("carcassonne", seats=("open", "open", "quick")), 2, "quick",
                 id="carcassonne", marks=pytest.mark.slow),
    pytest.param(TableConfig("carcassonne", ("hills-and-sheep",), seats=("open",) * 3), 3,
                 "random", id="hills-and-sheep"),
    pytest.param(TableConfig("hunters-and-gatherers", seats=("open", "random", "open")), 2,
                 "random", id="hunters-and-gatherers"),
    pytest.param(TableConfig("over-hill-and-dale", seats=("open", "open")), 2, "random",
                 id="over-hill-and-dale"),
]


@pytest.mark.parametrize(("config", "joined", "level"), GAMES)
def test_a_whole_game_ends_alike_everywhere(config: TableConfig, joined: int,
                                            level: str) -> None:
    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            sessions = await seat_players(link, joined, level)
            table = server.tables[link.code]
            assert table.game is not None and table.game.over
            assert_same_game(sessions, table.game)
            assert server.moves_served == len(table.game.moves)

    run(main)


@pytest.mark.slow
def test_hands_of_three_end_alike_everywhere() -> None:
    config = TableConfig("carcassonne", options=(("hand", 3),), seats=("open", "open"))

    async def main() -> None:
        async with serving([config]) as (server, (link,)):
            sessions = await seat_players(link, 2, "quick")
            game = server.tables[link.code].game
            assert game is not None
            assert_same_game(sessions, game)
            assert all(s.game is not None and s.game.hand_size == 3 for s in sessions)

    run(main)
