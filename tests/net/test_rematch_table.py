"""The table's next game without a network: who is offered it, when it begins, what it keeps
(seats, tokens, settings) and what starts afresh (seed, chain), its file and the finished
game's."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from game.net.seats import Refused, TableConfig, token_hash
from game.net.table import Table
from game.net.tablefile import FINISHED, Saver, load_table, save_table
from game.net.terms import TableState

from .loopback import registry
from .test_table import play_some


def ended(config: TableConfig, host_key: str | None = None) -> tuple[Table, list[str]]:
    """A table whose game ended (its first seats resigned), every seat taken."""
    table = Table(config, registry(), seed=5,
                  host_key=None if host_key is None else token_hash(host_key))
    tokens = []
    for i, kind in enumerate(config.seats):
        if kind == "open":
            tokens.append(table.join(f"P{i}", [i], None, None)[1])
        elif kind == "host":
            assert host_key is not None
            tokens.append(table.join("Host", None, None, host_key)[1])
    table.connected(range(len(table.seats)), True, 0.0)
    table.start(0.0)
    play_some(table, 6)
    for seat in range(len(table.seats) - 1):
        if table.state != TableState.OVER:
            table.resign({seat}, seat)
    assert table.state == TableState.OVER
    return table, tokens


def test_the_rematch_begins_once_every_player_has_accepted() -> None:
    table, tokens = ended(TableConfig("carcassonne", seats=("open", "open", "easy"),
                                      clock=(300, 5)))
    old_seed, old_chain, old_names = table.seed, list(table.chain), [s.name for s in table.seats]
    assert not table.rematch_due
    table.want_rematch({1})
    assert not table.rematch_due  # seat 0 has not answered
    seats = table.info(1.0)["seats"]
    assert [s["rematch"] for s in seats] == [False, True, True]  # the computer always plays
    table.want_rematch({0})
    assert table.rematch_due
    table.rematch(2.0, seed=old_seed + 1)
    assert table.state == TableState.PLAYING and table.round == 2 and table.game is not None
    assert len(table.game.moves) == 0 and table.steps == []
    assert table.seed != old_seed
    assert table.chain[0] != old_chain[0]  # a chain of its own: the old moves never fit it
    assert table.resume_from(len(old_chain) - 1, old_chain[-1]) == 0
    assert [s.name for s in table.seats] == old_names
    assert table.seats[2].level == "easy"
    assert not any(s.resigned or s.out or s.rematch for s in table.seats)  # resigned: no more
    assert table.clocks == [300.0] * 3
    assert table.join("", None, tokens[0], None)[0] == [0]  # the same token takes the seat
    assert table.start_message({0})["round"] == 2


def test_a_player_who_left_is_out_of_the_rematch_and_comes_back_by_accepting() -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    table.want_rematch({0})
    table.connected([1], False, 1.0)  # the connection lost: still waited for
    assert not table.rematch_due
    table.connected([1], False, 1.0, left=True)  # left the table ("bye"): an answer
    assert table.rematch_due
    table.rematch(2.0)
    assert table.seats[1].out and table.seats[1].stand_in  # a computer plays it
    assert table.info(2.0)["seats"][1]["out"] is True
    table.want_rematch({1})  # back: takes the seat from the computer
    assert not table.seats[1].out and not table.seats[1].stand_in
    table.want_rematch({1})  # again: nothing to do, nothing refused
    assert table.state == TableState.PLAYING


def test_nobody_accepting_begins_nothing_and_the_offer_waits_only_after_the_end() -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    table.connected([0, 1], False, 1.0, left=True)
    assert not table.rematch_due  # everyone left: nobody plays again
    lobby = Table(TableConfig("carcassonne", seats=("open", "open")), registry())
    with pytest.raises(Refused, match="not-now"):
        lobby.want_rematch({0})
    assert lobby.state == TableState.LOBBY
    playing, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    playing.want_rematch({0, 1})
    playing.rematch(1.0)
    with pytest.raises(Refused, match="not-now"):
        playing.rematch(2.0)  # a game under way is never replaced


def test_the_finished_game_is_kept_for_a_player_who_missed_its_end() -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    over = table.over_message()
    moves, chain = len(table.steps), list(table.chain)
    table.want_rematch({0, 1})
    table.rematch(1.0)
    past = table.previous
    assert past is not None and past.round == 1
    assert past.over_message() == over
    assert past.resume_from(moves - 2, chain[moves - 2]) == moves - 2
    assert len(past.sync_message({0}, moves - 2)["moves"]) == 2
    assert past.resume_from(0, table.chain[0]) is None  # the new game's chain is not the old


def test_a_table_saved_in_its_rematch_reads_back(tmp_path: Path) -> None:
    table, tokens = ended(TableConfig("carcassonne", seats=("open", "open")))
    table.want_rematch({1})
    table.connected([0], False, 1.0, left=True)
    table.rematch(2.0)
    play_some(table, 4)
    path = save_table(table, tmp_path)
    again = load_table(path, registry(), 3.0)
    assert again.round == 2 and again.uid == table.uid and again.seed == table.seed
    assert again.chain == table.chain and again.steps == table.steps
    assert again.seats[0].out and not again.seats[1].out
    assert again.join("", None, tokens[0], None)[0] == [0]


def test_the_finished_games_file_is_kept_aside_before_the_rematch_is_saved(
        tmp_path: Path) -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("open", "open")))
    saver = Saver(tmp_path)
    saver.want(table)  # no event loop: written at once
    finished = json.loads((tmp_path / f"{table.code}.json").read_text())
    table.want_rematch({0, 1})

    async def rematch() -> None:
        saver.archive(table)
        table.rematch(1.0)
        saver.want(table)
        await saver.drain()

    asyncio.run(rematch())
    kept = tmp_path / FINISHED / f"{table.code}-1.json"
    archived = json.loads(kept.read_text())
    assert archived["state"] == TableState.OVER and archived["seed"] == finished["seed"]
    assert archived["game"]["moves"] == finished["game"]["moves"]
    assert load_table(kept, registry(), 2.0).state == TableState.OVER  # it reads back as it ended
    now = json.loads((tmp_path / f"{table.code}.json").read_text())
    assert now["round"] == 2 and now["state"] == TableState.PLAYING and now["seed"] == table.seed
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [f"{table.code}.json"]


def test_the_host_may_begin_the_rematch_without_the_others() -> None:
    table, _ = ended(TableConfig("carcassonne", seats=("host", "open"), auto_start=False),
                     host_key="h" * 32)
    table.want_rematch({0})
    assert not table.rematch_due
    table.rematch(1.0)  # what the host's "start" does
    assert table.state == TableState.PLAYING and table.seats[1].out and not table.seats[0].out
