"""The table without a network: the rules core decides every request, a refused request
changes nothing, seats, clocks, resigning, and a table saved and read again."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai import random_action
from game.net.seats import Refused, TableConfig, token_hash
from game.net.steps import Digest
from game.net.table import Table
from game.net.tablefile import load_table, save_table, table_json
from game.net.terms import SeatKind, TableState
from game.rules import Place
from game.store.savefile import SaveError

from .loopback import registry


def started(config: TableConfig, seed: int = 5) -> tuple[Table, list[str]]:
    table = Table(config, registry(), seed=seed)
    tokens = []
    for i in range(sum(1 for k in config.seats if k == "open")):
        _, token = table.join(f"P{i}", None, None, None)
        tokens.append(token)
    table.start(0.0)
    return table, tokens


def state(table: Table) -> tuple[object, ...]:
    assert table.game is not None
    return (Digest.of(table.game), tuple(str(m) for m in table.game.moves), len(table.steps),
            tuple(table.chain))


def test_requests_the_rules_refuse_change_nothing() -> None:
    table, _ = started(TableConfig("carcassonne", seats=("open", "open")))
    game = table.game
    assert game is not None
    before = state(table)
    legal = next(iter(game.legal_placements()))
    wrong = Place(legal.tile, 50, 50, 0)
    refusals = [
        ({1}, 0, 0, str(legal), "not-your-seat"),  # seat 0's action from seat 1's holder
        ({1}, 1, 0, str(legal), "not-your-turn"),  # seat 1 acts on seat 0's turn
        ({0}, 0, 3, str(legal), "stale"),  # acting on a position that is gone
        ({0}, 0, 0, str(wrong), "illegal"),  # a placement the rules forbid
        ({0}, 0, 0, "follower:N", "illegal"),  # a figure before the tile
        ({0}, 0, 0, "nonsense!", "illegal"),
    ]
    for seats, seat, n, text, code in refusals:
        with pytest.raises(Refused) as caught:
            table.act(seats, seat, n, text, 1.0)
        assert caught.value.code == code
        assert state(table) == before
    with pytest.raises(Refused) as caught:
        table.undo({0}, 0, 0)
    assert caught.value.code == "cannot-undo" and state(table) == before


def test_an_action_is_taken_back_before_the_turn_ends() -> None:
    table, _ = started(TableConfig("carcassonne", seats=("open", "open")))
    game = table.game
    assert game is not None
    before = state(table)
    table.act({0}, 0, 0, str(next(iter(game.legal_placements()))), 1.0)
    assert table.undo({0}, 0, 1) == 0
    assert state(table) == before


def test_seats_open_computer_host_and_tokens() -> None:
    config = TableConfig("carcassonne", seats=("open", "host", "quick", "open"),
                         auto_start=False)
    table = Table(config, registry(), host_key=token_hash("h" * 32))
    seats, token = table.join("Ann", [3], None, None)
    assert seats == [3] and table.seats[3].name == "Ann"
    with pytest.raises(Refused, match="seat-taken"):
        table.join("Eve", [3], None, None)
    with pytest.raises(Refused, match="seat-taken"):
        table.join("Eve", [2], None, None)  # a computer's seat
    with pytest.raises(Refused, match="host"):
        table.join("Eve", None, None, "x" * 32)
    assert table.join("Host", None, None, "h" * 32)[0] == [1]
    assert table.join("", None, token, None) == ([3], token)  # the token takes it back
    with pytest.raises(Refused, match="name"):
        table.join("\x00", None, None, None)
    assert not table.ready
    table.set_seat(0, "easy")
    assert table.ready and table.seats[0].level == "easy"
    with pytest.raises(Refused, match="table-full"):
        table.join("Late", None, None, None)


def test_a_player_who_left_is_told_apart_from_a_connection_lost() -> None:
    table, _tokens = started(TableConfig("carcassonne", seats=("open", "open")))
    table.connected([0, 1], True, 1.0)
    table.connected([0], False, 2.0, left=True)  # said "bye"
    table.connected([1], False, 2.0)  # the connection broke
    seats = table.info(3.0)["seats"]
    assert [(s["connected"], s["left"]) for s in seats] == [(False, True), (False, False)]
    table.connected([0], True, 4.0)  # back: neither away nor gone
    assert table.info(5.0)["seats"][0]["left"] is False


def test_resigning_hands_the_seat_to_a_computer_and_the_last_one_standing_wins() -> None:
    table, _ = started(TableConfig("carcassonne", seats=("open", "open", "open")))
    table.resign({1}, 1)
    assert table.state == TableState.PLAYING and table.seats[1].stand_in
    with pytest.raises(Refused, match="not-your-seat"):
        table.resign({1}, 2)
    table.resign({2}, 2)
    assert (table.state, table.reason) == (TableState.OVER, "resigned")
    assert table.over_message()["resigned"] == [1, 2]


def test_the_clock_flags_a_player_and_a_computer_plays_that_turn() -> None:
    table, _ = started(TableConfig("carcassonne", seats=("open", "open"), clock=(60, 5)))
    game = table.game
    assert game is not None
    assert table.running() == 0 and table.time_left(10.0) == 50.0
    assert not table.flag(59.0)
    assert table.flag(61.0) and table.computer_turn() == 0
    rng = random.Random(1)
    while game.current == 0:
        table.play(random_action(game, rng), 70.0)
    assert table.clocks == [5.0, 60.0]  # nothing left, plus the turn's increment
    assert not table.seats[0].flagged and table.running() == 1
    assert table.info(75.0)["clocks"] == [5000, 55000]


def test_a_player_away_on_their_turn_is_played_by_a_computer_after_the_wait() -> None:
    table, _ = started(TableConfig("carcassonne", seats=("open", "open"), takeover=30))
    table.connected([0, 1], True, 0.0)
    assert table.takeover_at() is None
    table.connected([0], False, 10.0)
    assert table.takeover_at() == 40.0
    assert table.take_over(0) and table.computer_turn() == 0


def play_some(table: Table, moves: int) -> None:
    game = table.game
    assert game is not None
    rng = random.Random(3)
    while len(game.moves) < moves and not game.over:
        table.play(random_action(game, rng), 1.0)


def test_a_saved_table_reads_back_with_every_step(tmp_path: Path) -> None:
    config = TableConfig("carcassonne", ("hills-and-sheep",), (("hand", 3),),
                         seats=("open", "open", "easy"), clock=(300, 0))
    table, tokens = started(config)
    play_some(table, 40)
    path = save_table(table, tmp_path)
    text = path.read_text()
    assert tokens[0] not in text and token_hash(tokens[0]) in text  # only the hash is kept
    again = load_table(path, registry(), 100.0)
    assert state(again) == state(table)
    assert again.steps == table.steps and again.opening == table.opening
    assert [s.name for s in again.seats] == [s.name for s in table.seats]
    assert again.join("", None, tokens[1], None)[0] == [1]
    saved = json.loads(text)["game"]
    assert saved["moves"] == [str(m) for m in table.game.moves]  # type: ignore[union-attr]
    assert saved["seed"] == table.seed


def test_a_table_opened_again_keeps_its_clocks_as_saved(tmp_path: Path) -> None:
    """Replaying the moves runs the clocks too (each turn adds its seconds): the clocks a
    table comes back with are the file's, not the file's plus every turn's seconds again."""
    config = TableConfig("carcassonne", seats=("open", "open"), clock=(300, 10))
    table, _ = started(config)
    play_some(table, 12)
    assert table.clocks is not None
    saved = [int(c * 1000) for c in table.clocks]
    again = load_table(save_table(table, tmp_path), registry(), 100.0)
    assert again.clocks is not None and [int(c * 1000) for c in again.clocks] == saved


def test_a_table_opened_again_keeps_a_resigned_seat_played_by_a_computer(
        tmp_path: Path) -> None:
    """The host left a table that played on after a resignation: opened again (Continue),
    the seat is still given up, its turns the table's computer's."""
    table, _ = started(TableConfig("carcassonne", seats=("open", "open", "open")))
    play_some(table, 6)
    table.resign({1}, 1)
    again = load_table(save_table(table, tmp_path), registry(), 100.0)
    assert again.state == TableState.PLAYING
    assert [s.resigned for s in again.seats] == [False, True, False]
    assert again.seats[1].stand_in
    game = again.game
    assert game is not None
    rng = random.Random(5)
    while game.current != 1:
        again.play(random_action(game, rng), 101.0)
    assert again.computer_turn() == 1
    with pytest.raises(Refused, match=r"^stand-in:"):  # nobody but the computer plays it
        again.undo({1}, 1, len(game.moves))


@pytest.mark.parametrize("damage", ["moves", "seed", "shape", "json"])
def test_a_damaged_table_file_is_refused_with_a_reason(tmp_path: Path, damage: str) -> None:
    table, _ = started(TableConfig("carcassonne", seats=("open", "open")))
    play_some(table, 10)
    data = json.loads(table_json(table))
    if damage == "moves":
        data["game"]["moves"][3] = "A@90,90r0"
    elif damage == "seed":
        data["game"]["seed"] += 1
    elif damage == "shape":
        data["seats"][0]["kind"] = "king"
    path = tmp_path / "T.json"
    path.write_text("{" if damage == "json" else json.dumps(data))
    with pytest.raises(SaveError):
        load_table(path, registry(), 0.0)


def test_every_step_of_a_game_masks_only_the_hidden_hands() -> None:
    table, _ = started(TableConfig("carcassonne", options=(("hand", 3),),
                                   seats=("open", "open")))
    game = table.game
    assert game is not None
    rng = random.Random(8)
    while not game.over:
        action = random_action(game, rng)
        step = table.play(action, 1.0)
        for deal in step.view({0}, False).deals:
            assert isinstance(deal.hands[0], tuple) and isinstance(deal.hands[1], int)


def test_the_host_opens_again_the_seat_of_a_player_who_left_the_lobby() -> None:
    table = Table(TableConfig("carcassonne", seats=("host", "open"), auto_start=False),
                  registry(), host_key=token_hash("h" * 32))
    seats, token = table.join("Ann", None, None, None)
    table.connected(seats, True, 0.0)
    with pytest.raises(Refused, match="seat-taken"):
        table.set_seat(1, "open")  # Ann is there
    table.connected(seats, False, 1.0)
    table.set_seat(1, "open")  # Ann left before the game: the seat is open again
    assert table.seats[1].kind == "open"
    with pytest.raises(Refused, match="token"):
        table.join("", None, token, None)  # her token takes nothing back now
    assert table.join("Bea", None, None, None)[0] == [1]


TABLE_FILES = Path(__file__).resolve().parents[1] / "data" / "tables"


@pytest.mark.parametrize("state", list(TableState))
def test_a_table_file_of_each_state_reads_back_typed_and_is_written_the_same(
        state: TableState) -> None:
    """Files written before the table's states and seat kinds were declared as enums (open,
    player, computer and host seats; lobby, playing, over) load with them typed, and are
    written again as they were."""
    path = TABLE_FILES / f"table-{state}.json"
    old = path.read_text()
    table = load_table(path, registry(), 0.0)
    assert type(table.state) is TableState and table.state == state
    assert all(type(s.kind) is SeatKind for s in table.seats)
    assert {s.kind for s in table.seats} >= {SeatKind.PLAYER, SeatKind.HOST, SeatKind.COMPUTER}
    again = table_json(table)
    if table.game is None:
        assert again == old  # byte for byte
    else:  # but for when, by which version and with which tile set files it was written
        was, now = json.loads(old), json.loads(again)
        for key in ("saved_at", "version", "tilesets"):
            now["game"][key] = was["game"][key]
        assert now == was
    assert f'"state":"{state}"' in again and '"kind":"host"' in again
