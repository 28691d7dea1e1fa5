"""A damaged table file is set aside with one line in the log, and the server starts and
serves every other table: a good table file damaged in many ways at once (every field
removed, given a wrong type or a huge number, lists shortened, lengthened and emptied, moves
cut, seeds changed, clocks empty, short or long) beside the good one."""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.ai import random_action
from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.links import Link
from game.net.messages import SERVER, encode, read
from game.net.seats import TableConfig
from game.net.table import Table
from game.net.table_server import TableServer
from game.net.tablefile import table_json
from game.net.terms import TableState

from .loopback import LOOPBACK, registry, run

WRONG: tuple[Any, ...] = (None, True, "x", -1, 10**30, [])
LIMIT = 60.0


def good_table() -> tuple[Table, list[str]]:
    config = TableConfig("carcassonne", ("hills-and-sheep",), (("hand", 3),),
                         seats=("open", "open", "easy"), names=("Ann", "Bo"), clock=(300, 5))
    table = Table(config, registry(), seed=11)
    tokens = [table.join(f"P{i}", None, None, None)[1] for i in range(2)]
    table.start(0.0)
    game = table.game
    assert game is not None
    rng = random.Random(2)
    while len(game.moves) < 16:
        table.play(random_action(game, rng), 1.0)
    return table, tokens


Path_ = tuple[str | int, ...]


def nodes(value: Any, at: Path_ = ()) -> Iterator[Path_]:
    """Every place in the file; of a list, its first and last items."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*at, key)
            yield from nodes(item, (*at, key))
    elif isinstance(value, list):
        picked = sorted({0, len(value) - 1}) if value else []
        for i in picked:
            yield (*at, i)
            yield from nodes(value[i], (*at, i))


def _parent(data: Any, at: Path_) -> Any:
    for key in at[:-1]:
        data = data[key]
    return data


def damaged(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(what was done, the damaged file's data), many times over."""
    def changed(what: str, at: Path_, change: Any) -> tuple[str, dict[str, Any]]:
        out = copy.deepcopy(data)
        change(_parent(out, at), at[-1])
        return f"{what} {'.'.join(map(str, at))}", out

    for at in nodes(data):
        value = _parent(data, at)[at[-1]]
        yield changed("removed", at, lambda p, k: p.pop(k))
        for wrong in WRONG:
            if type(wrong) is not type(value) or wrong != value:
                yield changed(f"set to {wrong!r:.12}", at,
                              lambda p, k, w=wrong: p.__setitem__(k, copy.deepcopy(w)))
        if isinstance(value, list) and value:
            yield changed("shortened", at, lambda p, k: p[k].pop())
            yield changed("lengthened", at, lambda p, k: p[k].append(copy.deepcopy(p[k][-1])))
            yield changed("emptied", at, lambda p, k: p[k].clear())
        if isinstance(value, int) and not isinstance(value, bool):
            yield changed("plus one", at, lambda p, k: p.__setitem__(k, p[k] + 1))
    moves = data["game"]["moves"]
    for cut in (0, 1, 5, len(moves) - 1):
        yield changed(f"moves cut to {cut}", ("game", "moves"),
                      lambda p, k, n=cut: p.__setitem__(k, p[k][:n]))
    for clocks in ([], [1000], [1000] * 4, [10**10] * 3, [0] * 3):
        yield changed(f"clocks {clocks}", ("clocks",),
                      lambda p, k, c=clocks: p.__setitem__(k, c))
    for state in ("lobby", "over"):
        yield changed(f"state {state}", ("state",), lambda p, k, s=state: p.__setitem__(k, s))


def test_every_damaged_table_file_is_set_aside_and_the_others_served(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    table, tokens = good_table()
    good = json.loads(table_json(table))
    (tmp_path / "good.json").write_text(json.dumps(good))
    said: dict[str, str] = {}
    for i, (what, data) in enumerate(damaged(good)):
        if isinstance(data.get("code"), str) and data["code"] == good["code"]:
            data["code"] = f"D{i:07d}"  # each its own table, unless its code is the damage
        name = f"d{i:04d}.json"
        said[name] = what
        (tmp_path / name).write_text(json.dumps(data))
    (tmp_path / "e9999.json").write_text('{"format": 1, "code": ')  # cut short
    said["e9999.json"] = "cut short"

    async def main() -> None:
        server = TableServer(registry(), tmp_path)
        server.load_tables()
        port = await server.start(LOOPBACK, 0)
        try:
            loaded = dict(server.tables)
            await asyncio.sleep(0.2)  # their clocks armed, their computers asked to play
            assert set(server.tables) == set(loaded)  # none closed once served
            for served in loaded.values():  # what each tells a client, the client reads
                everyone = range(len(served.seats))
                read(encode({"type": "table", "table": served.info(0.0)}), SERVER)
                if served.state != TableState.LOBBY:
                    read(encode(served.start_message(everyone)), SERVER)
                    read(encode(served.sync_message(everyone, 0)), SERVER)
                if served.state == TableState.OVER:
                    read(encode(served.over_message()), SERVER)
            session = NetSession(registry(), Link(LOOPBACK, port, good["code"]), "Ann",
                                 token=tokens[0])
            stop = asyncio.Event()
            task = asyncio.create_task(follow(session, stop))
            for _ in range(int(LIMIT * 100)):
                session.poll()
                if session.game is not None or session.status == Status.FAILED:
                    break
                await asyncio.sleep(0.01)
            stop.set()
            await task
            assert session.game is not None, session.problem  # the good table, served
            assert len(session.game.moves) == 16
        finally:
            await server.close()

    with caplog.at_level(logging.INFO, logger="game.net.table_server"):
        run(main)
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    aside = {p.name[:-len(".broken")] for p in tmp_path.glob("*.json.broken")}
    assert "good.json" not in aside
    assert len(aside) > len(said) // 2, "most damage is caught"
    for name in aside:
        mine = [line for line in lines if line.startswith(f"table file {name} ")]
        assert len(mine) == 1, (name, said[name], mine)
    assert len(lines) == len(aside), [line for line in lines
                                      if not any(f" {n} " in line for n in aside)]
    for name, what in said.items():  # damage that is not another good table is caught
        assert name in aside or not must_catch(what), (name, what)


def must_catch(what: str) -> bool:
    """Damage no good table file has: a field of the table itself removed or of a wrong
    type, a seed changed, seats or clocks that do not match.  (A shorter move list, a seat
    resigned, more time on a clock, a different summary are what another good file holds.)"""
    if what.startswith("clocks ["):
        return what != "clocks [0, 0, 0] clocks"  # every clock at zero: a good file too
    where = what.split(" ")[-1]
    resized = where in ("seats", "clocks", "game.seats") and what.startswith(
        ("shortened", "lengthened", "emptied"))
    return "." not in where or where in ("seed", "game.seed") or resized


def test_the_damage_seen_on_servers_sets_a_table_aside(tmp_path: Path) -> None:
    """The two files met on servers: an empty clocks list stopped the whole server as it
    started; fewer clocks than seats left the table stuck."""
    table, _ = good_table()
    for name, clocks in (("empty", []), ("short", [1000, 1000])):
        data = json.loads(table_json(table))
        data["clocks"] = clocks
        data["code"] = f"{name.upper()}0000"
        (tmp_path / f"{name}.json").write_text(json.dumps(data))
    # under its own code: the server saves a table under way there as it stops
    (tmp_path / f"{table.code}.json").write_text(table_json(table))

    async def main() -> None:
        server = TableServer(registry(), tmp_path)
        problems = server.load_tables()
        await server.start(LOOPBACK, 0)
        try:
            assert list(server.tables) == [table.code]
            assert len(problems) == 2
        finally:
            await server.close()

    run(main)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["empty.json.broken", f"{table.code}.json", "short.json.broken"])
