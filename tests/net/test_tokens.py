"""The tokens that take a seat back: kept per table and seat, found again by a link whose
address or port changed (the host's internet address, or its table served on another port),
never for another table."""

from __future__ import annotations

import os
from pathlib import Path

from game.net.links import Link
from game.net.tokens import Tokens

CODE = "ABCD2345"
TOKEN = "t" * 32


def test_a_seat_is_found_again_by_a_link_whose_address_or_port_changed(
        tmp_path: Path) -> None:
    tokens = Tokens(tmp_path)
    tokens.put(Link("192.168.1.20", 7417, CODE), 1, TOKEN)
    assert tokens.get(Link("192.168.1.20", 7417, CODE), 1) == TOKEN
    assert tokens.find(Link("203.0.113.9", 7418, CODE)) == (1, TOKEN)
    assert tokens.get(Link("192.168.1.20", 7417, CODE), 0) is None  # not another seat
    assert tokens.find(Link("192.168.1.20", 7417, "ABCD2346")) is None  # nor table


def test_the_link_itself_wins_then_the_newest_elsewhere(tmp_path: Path) -> None:
    tokens = Tokens(tmp_path)
    here, old, new = (Link("10.0.0.7", port, CODE) for port in (7417, 7500, 7501))
    tokens.put(here, 0, "h" * 32)
    tokens.put(old, 0, "o" * 32)
    tokens.put(new, 0, "n" * 32)
    stamp = (tmp_path / "10.0.0.7-7500-ABCD2345-0.token").stat().st_mtime
    os.utime(tmp_path / "10.0.0.7-7501-ABCD2345-0.token", (stamp + 60, stamp + 60))
    assert tokens.get(here, 0) == "h" * 32
    tokens.forget(here, 0)
    assert tokens.get(here, 0) == "n" * 32


def test_no_folder_yet_finds_nothing(tmp_path: Path) -> None:
    assert Tokens(tmp_path / "missing").find(Link("::1", 7417, CODE)) is None
