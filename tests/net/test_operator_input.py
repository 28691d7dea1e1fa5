"""The server refuses, as it starts and in one line, what its protocol cannot carry or its
system cannot give: a clock or a wait longer than a message can tell (whose own clients
would refuse its messages and wait for ever), more connections than it may hold files.  The
bounds are read from the message schema; the window's table options keep within them."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import random_action
from game.commands.server import parse_args, refused
from game.net.carried import CLOCK_MOST, TAKEOVER_MOST, uncarried_table
from game.net.messages import SERVER, encode, read
from game.net.seats import TableConfig
from game.net.table import Table
from game.ui.table_options import CLOCKS

from .loopback import registry

ROOT = Path(__file__).resolve().parents[2]


def test_the_bounds_are_the_schemas() -> None:
    """1667 minutes is the first whole number of minutes a table message cannot carry."""
    assert CLOCK_MOST == 100000 and TAKEOVER_MOST == 100000
    assert CLOCK_MOST // 60 == 1666


@pytest.mark.parametrize(("args", "option"), [
    (["--clock", "1667"], "--clock"),
    (["--clock", "10+100001"], "--clock"),
    (["--takeover", "100001"], "--takeover"),
    (["--takeover", "-1"], "--takeover"),
    (["--tables", "-1"], "--tables"),
    (["--tables", "600"], "--tables"),
    (["--max-connections", str(10**9)], "--max-connections"),
    (["--per-address", "600"], "--per-address"),
    (["--thinking-processes", "0"], "--thinking-processes"),
])
def test_the_server_refuses_what_it_cannot_serve(args: list[str], option: str) -> None:
    said = refused(parse_args(args))
    assert said is not None and said.startswith(f"{option}: ") and "\n" not in said


@pytest.mark.parametrize("option", ["--max-connections", "--per-address", "--per-block"])
def test_a_count_of_no_connections_is_a_usage_error(option: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_args([option, "0"])
    assert stopped.value.code == 2


def test_the_server_takes_the_most_its_messages_carry() -> None:
    assert refused(parse_args(["--clock", "1666+100000", "--takeover", "100000"])) is None
    assert refused(parse_args([])) is None


def test_a_clock_the_messages_cannot_carry_stops_the_server_in_one_line(
        tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "game.server", "--clock", "1667", "--port",
                           "0", "--host", "127.0.0.1", "--data", str(tmp_path / "t")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("cannot serve that: --clock: a turn clock is at most 1666 "
                                  "minutes") and done.stderr.count("\n") == 1
    assert not (tmp_path / "t").exists()  # refused before anything was made


@pytest.mark.parametrize("config", [
    TableConfig("carcassonne", clock=(CLOCK_MOST + 1, 0)),
    TableConfig("carcassonne", clock=(60, CLOCK_MOST + 1)),
    TableConfig("carcassonne", takeover=TAKEOVER_MOST + 1),
    TableConfig("carcassonne", names=("Ann", "Bo", "Cy")),
    TableConfig("carcassonne", pace=3600.0),
])
def test_a_table_refuses_settings_its_messages_cannot_carry(config: TableConfig) -> None:
    with pytest.raises(ValueError):
        Table(config, registry())


def test_every_clock_the_window_offers_is_carried() -> None:
    for clock in [c for c in CLOCKS if c is not None] + [(CLOCK_MOST, CLOCK_MOST)]:
        table = Table(TableConfig("carcassonne", clock=clock, takeover=TAKEOVER_MOST),
                      registry())
        read(encode({"type": "table", "table": table.info(0.0)}), SERVER)


def test_a_clock_never_grows_past_what_a_message_carries() -> None:
    """The most time added each turn, turn after turn, and no time spent."""
    table = Table(TableConfig("carcassonne", seats=("open", "open"),
                              clock=(CLOCK_MOST, CLOCK_MOST)), registry())
    for i in range(2):
        table.join(f"P{i}", None, None, None)
    table.start(0.0)
    game = table.game
    assert game is not None
    rng = random.Random(4)
    while len(game.moves) < 60:
        table.play(random_action(game, rng), 0.0)
        assert uncarried_table(table.info(0.0)) is None
