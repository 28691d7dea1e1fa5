"""Chat, spectators and correspondence clocks at the table, without a network: what may be
said and by whom, what a member without seats sees, a move's clock that refills each turn and
stands where it stood when the table is read again later, and all of it kept in the file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai import random_action
from game.net.chat import CHAT_KEPT
from game.net.messages import CHAT_MOST, SERVER, read
from game.net.seats import Refused, TableConfig
from game.net.steps import Step
from game.net.table import Table
from game.net.tablefile import load_table, save_table, table_json
from game.net.terms import PauseReason

from .loopback import registry

DAY = 86400


def started(config: TableConfig, seed: int = 5, now: float = 0.0) -> Table:
    table = Table(config, registry(), seed=seed)
    for i in range(sum(1 for k in config.seats if k == "open")):
        table.join(f"P{i}", None, None, None)
    table.start(now)
    return table


def play_turn(table: Table, now: float) -> list[Step]:
    """The current seat's whole turn, with random legal actions."""
    assert table.game is not None
    steps: list[Step] = []
    rng = random.Random(len(table.game.moves))
    while not steps or not steps[-1].ends_turn:
        steps.append(table.play(random_action(table.game, rng), now))
    return steps


def test_players_and_allowed_spectators_chat_in_plain_bounded_lines() -> None:
    table = started(TableConfig("carcassonne", seats=("open", "open"), watchers="chat"))
    line = table.say([1], "ignored", "  good   luck\tall ", 1.0)
    assert (line.n, line.seat, line.name, line.text) == (1, 1, "P1", "good luck all")
    watcher = table.say([], "Zoé", "hello", 2.0)
    assert (watcher.n, watcher.seat, watcher.name) == (2, None, "Zoé")
    for bad in ("", "   ", "x" * (CHAT_MOST + 1), "a\x1bb", "right\u202eleft", "zero\u200bwidth"):
        with pytest.raises(Refused) as caught:
            table.say([0], "", bad, 3.0)
        assert caught.value.code == "chat"
    assert len(table.chat) == 2
    # every line the table keeps is one its clients accept
    message = table.chat_message()
    assert message is not None and read(json.dumps(message), SERVER)["lines"][1]["name"] == "Zoé"


def test_the_host_mutes_a_seat_or_the_spectators_and_watchers_may_be_kept_silent() -> None:
    table = started(TableConfig("carcassonne", seats=("open", "open"), watchers="chat"))
    table.mute(1, True)
    with pytest.raises(Refused) as caught:
        table.say([1], "", "hi", 1.0)
    assert caught.value.code == "muted"
    table.say([0], "", "still here", 1.0)
    table.mute(None, True)
    with pytest.raises(Refused) as caught:
        table.say([], "Zoé", "hi", 1.0)
    assert caught.value.code == "muted"
    info = table.info(1.0)
    assert info["muted"] == [1] and info["spectators_muted"] is True
    table.mute(1, False)
    table.say([1], "", "back", 2.0)
    watch_only = started(TableConfig("carcassonne", seats=("open", "open"), watchers="watch"))
    with pytest.raises(Refused) as caught:
        watch_only.say([], "Zoé", "hi", 1.0)
    assert caught.value.code == "no-chat"


def test_the_table_keeps_its_last_lines_numbered_on() -> None:
    table = started(TableConfig("carcassonne", seats=("open", "open")))
    for i in range(CHAT_KEPT + 7):
        table.say([i % 2], "", f"line {i}", float(i))
    assert len(table.chat) == CHAT_KEPT
    assert [table.chat[0].n, table.chat[-1].n] == [8, CHAT_KEPT + 7]


def test_a_member_without_seats_sees_every_hidden_hand_as_a_count() -> None:
    config = TableConfig("carcassonne", ("hills-and-sheep",), (("hand", 3),),
                         seats=("open", "open", "open"))
    table = started(config, seed=11)
    for turn in range(6):
        play_turn(table, float(turn))
    start = table.start_message(())
    assert all(isinstance(h, int) for h in start["opening"]["hands"])
    for step in table.steps:
        view = table.move_message(step, ())
        for deal in view["deals"]:
            assert all(isinstance(h, int) for h in deal["hands"])
    assert all(isinstance(h, int) for m in table.sync_message((), 0)["moves"]
               for d in m["deals"] for h in d["hands"])


def test_a_correspondence_clock_gives_each_move_its_whole_time() -> None:
    table = started(TableConfig("carcassonne", seats=("open", "open"), per_move=3 * DAY,
                                takeover=0))
    assert table.info(0.0)["per_move"] == 3 * DAY
    assert table.time_left(DAY) == pytest.approx(2 * DAY)
    play_turn(table, 2 * DAY)  # seat 0 took two days
    assert table.clocks == [3 * DAY, 3 * DAY]  # its next move has three days again
    assert table.time_left(2 * DAY + 10) == pytest.approx(3 * DAY - 10)
    assert not table.flag(4 * DAY)  # seat 1 has until day 5
    assert table.flag(5 * DAY)
    assert table.game is not None and table.seats[table.game.current].stand_in
    assert table.takeover_at() is None  # nobody is handed over for being away


def test_a_correspondence_table_with_a_wait_for_the_away_is_refused() -> None:
    with pytest.raises(ValueError, match="correspondence"):
        Table(TableConfig("carcassonne", seats=("open", "open"), per_move=DAY, takeover=60),
              registry())
    with pytest.raises(ValueError, match="not both"):
        Table(TableConfig("carcassonne", seats=("open", "open"), per_move=DAY,
                          clock=(600, 5), takeover=0), registry())


def test_a_restart_keeps_a_correspondence_clock_where_it_stood(tmp_path: Path) -> None:
    """The file keeps when the running move began, in wall time: read again by a process
    whose monotonic clock is another (a restart, another machine), the move has the time it
    had, less the time that passed meanwhile; a table saved paused (its server stopped
    cleanly) goes on with what was left when it stopped."""
    config = TableConfig("carcassonne", seats=("open", "open"), per_move=2 * DAY, takeover=0)
    table = started(config, now=100.0)
    table.epoch = 1_700_000_000.0  # wall time = monotonic time + epoch, in this process
    play_turn(table, 100.0 + DAY / 2)  # seat 0 moved; seat 1's move began then
    save_table(table, tmp_path)
    # another process, an hour of wall time later, its monotonic clock at 5.0
    wall = table.epoch + 100.0 + DAY / 2 + 3600
    again = load_table(tmp_path / f"{table.code}.json", registry(), 5.0, epoch=wall - 5.0)
    left = again.time_left(5.0)
    assert left == pytest.approx(2 * DAY - 3600, abs=1)
    # stopped cleanly: paused, its clock charged; read again a day later, it stands
    table.pause(PauseReason.SERVER_STOPPED, "stopped", 100.0 + DAY)
    save_table(table, tmp_path)
    assert "began" not in json.loads(table_json(table))
    later = load_table(tmp_path / f"{table.code}.json", registry(), 7.0,
                       epoch=table.epoch + 2 * DAY)
    assert later.time_left(7.0) == pytest.approx(2 * DAY - DAY / 2, abs=1)


def test_chat_mutes_and_table_settings_are_kept_in_the_file(tmp_path: Path) -> None:
    config = TableConfig("carcassonne", seats=("open", "open"), per_move=DAY, takeover=0,
                         watchers="chat", public=True)
    table = started(config)
    table.say([0], "", "hello", 1.0)
    table.say([], "Zoé", "hi all", 2.0)
    table.mute(1, True)
    table.mute(None, True)
    table.creator = "0123456789abcdef"
    save_table(table, tmp_path)
    again = load_table(tmp_path / f"{table.code}.json", registry(), 0.0)
    assert again.config == config
    assert again.chat == table.chat and again.muted == {1} and again.spectators_muted
    assert again.creator == table.creator


def test_a_table_file_without_the_newer_parts_says_nothing_of_them() -> None:
    """A table that uses none of them writes the file the versions before them read."""
    table = started(TableConfig("carcassonne", seats=("open", "open")))
    data = json.loads(table_json(table))
    assert not {"chat", "muted", "spectators_muted", "creator", "began"} & set(data)
    assert not {"per_move", "watchers", "public"} & set(data["config"])
