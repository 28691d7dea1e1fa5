"""Admission without sockets: address blocks, who gives way when a count is full, the seat
meters, the room the open-file limit leaves, and one log line per episode of refused
accepts."""

from __future__ import annotations

import asyncio
import errno
import logging

import pytest

from game.net.admission import Admission, address_block
from game.net.descriptors import AcceptWatch, connection_room, fitting_connections
from game.net.limits import Limits, Meters


def test_addresses_fall_in_blocks_of_the_configured_size() -> None:
    assert address_block("203.0.113.7") == "203.0.113.0/24"
    assert address_block("::ffff:203.0.113.7") == "203.0.113.0/24"  # IPv4 through IPv6
    assert address_block("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert address_block("2001:db8:1:2:3:4:5:6", ipv6_prefix=56) == "2001:db8:1::/56"
    assert address_block("fe80::1%eth0") == "fe80::/64"
    assert address_block("10.1.2.3", ipv4_prefix=16) == "10.1.0.0/16"
    assert address_block("?") == "?"  # not an address: its own block


class Ledger:
    """An admission whose connections are names; those closed are noted."""

    def __init__(self, limits: Limits) -> None:
        self.admission = Admission(limits)
        self.closed: list[str] = []

    def arrive(self, name: str, address: str) -> bool:
        return self.admission.arrive(name, address, lambda: self.closed.append(name))


def test_a_full_server_lets_the_busiest_blocks_oldest_waiting_connection_go() -> None:
    ledger = Ledger(Limits(max_connections=6))
    for i in range(3):
        assert ledger.arrive(f"a{i}", "198.51.100.1")
    assert ledger.arrive("b0", "198.51.100.2")  # the same /24: that block has four
    assert ledger.arrive("c0", "192.0.2.1")
    assert ledger.arrive("c1", "192.0.2.2")
    assert ledger.arrive("new", "203.0.113.9")  # full: the busiest block gives way
    assert ledger.closed == ["a0"]
    ledger.admission.joined("a1")
    ledger.admission.joined("a2")
    assert ledger.arrive("new2", "100.64.0.1")  # seated ones stay: c has two waiting
    assert ledger.closed == ["a0", "c0"]
    assert ledger.arrive("new3", "100.65.0.1")  # one waiting in every block...
    assert ledger.closed == ["a0", "c0", "b0"]  # ...the longest wait goes
    assert not ledger.arrive("c2", "192.0.2.3")  # from as busy a block: turned away
    assert ledger.admission.turned_away == 1
    assert len(ledger.admission.held) == 6


def test_a_full_block_makes_room_from_its_busiest_address_a_full_address_never() -> None:
    ledger = Ledger(Limits(per_address=2, per_block=3))
    assert ledger.arrive("a0", "198.51.100.1") and ledger.arrive("a1", "198.51.100.1")
    assert not ledger.arrive("a2", "198.51.100.1")  # its address is full: turned away
    assert ledger.arrive("b0", "198.51.100.2")
    assert ledger.arrive("b1", "198.51.100.2")  # the block is full: .1 has more waiting
    assert ledger.closed == ["a0"]
    assert ledger.arrive("c0", "198.51.100.3")  # now .2 has most
    assert ledger.closed == ["a0", "b0"]
    for name in ("a1", "b1", "c0"):
        ledger.admission.joined(name)
    assert not ledger.arrive("d0", "198.51.100.4")  # seated players fill the block
    assert ledger.arrive("e0", "192.0.2.1")  # another block is not full
    ledger.admission.gone("b1")
    assert ledger.arrive("d1", "198.51.100.4")
    assert ledger.admission.count("198.51.100.4") == 1
    assert ledger.admission.turned_away == 2 and ledger.admission.given_way == 2


def test_a_server_full_of_seated_players_turns_a_newcomer_away() -> None:
    ledger = Ledger(Limits(max_connections=2))
    for name, address in (("a", "192.0.2.1"), ("b", "198.51.100.1")):
        assert ledger.arrive(name, address)
        ledger.admission.joined(name)
    assert not ledger.arrive("c", "203.0.113.1")
    assert ledger.closed == []
    ledger.admission.gone("a")
    ledger.admission.gone("a")  # told twice: counted once
    assert ledger.arrive("c", "203.0.113.1")


def test_meters_allow_their_rate_and_forget_full_buckets() -> None:
    meters = Meters(per_minute=3, keep=2)
    for _ in range(3):
        assert meters.allows("seat", 0.0)
        meters.take("seat", 0.0)
    assert not meters.allows("seat", 1.0)
    assert meters.allows("seat", 20.0)  # a token every 20 s
    meters.take("other", 0.0)
    meters.take("third", 100.0)  # two kept: those full again are forgotten
    assert set(meters._buckets) == {"third"}


def test_connections_fit_under_the_open_file_limit_with_a_reserve() -> None:
    assert connection_room(spare=64, listening=1, limit=1024, used=20) == 840
    assert connection_room(spare=64, listening=2, limit=300, used=40) == 0


def test_a_server_holds_fewer_connections_when_the_file_limit_is_low(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import game.net.descriptors as descriptors
    monkeypatch.setattr(descriptors, "file_limit", lambda: 1024)
    monkeypatch.setattr(descriptors, "open_files", lambda: 24)
    with caplog.at_level(logging.INFO, "game.net.table_server"):
        assert fitting_connections(Limits(max_connections=5000), 2) == 736
        assert fitting_connections(Limits(max_connections=512), 2) == 512
        monkeypatch.setattr(descriptors, "file_limit", lambda: 256)
        assert fitting_connections(Limits(), 2) == 16  # never none at all
        assert fitting_connections(Limits(max_connections=4), 2) == 4
    assert [r.getMessage().split(" leaves")[0] for r in caplog.records] == [
        "the open-file limit (1024)", "the open-file limit (256)"]
    assert "room for 736 connections" in caplog.text


def test_refused_accepts_are_logged_once_per_episode(caplog: pytest.LogCaptureFixture) -> None:
    starved = {"message": "socket.accept() out of system resource",
               "exception": OSError(errno.EMFILE, "Too many open files")}
    other = {"message": "something else", "exception": ValueError("boom")}
    seen: list[str] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _, context: seen.append(context["message"]))
        watch = AcceptWatch()
        watch.install(loop)
        for _ in range(100):
            loop.call_exception_handler(starved)
        watch.accepted()
        for _ in range(50):
            loop.call_exception_handler(starved)
        loop.call_exception_handler(other)
        watch.remove()
        loop.call_exception_handler(starved)

    with caplog.at_level(logging.ERROR):
        asyncio.run(main())
    lines = [r for r in caplog.records if "out of descriptors" in r.getMessage()]
    assert len(lines) == 2 and all(r.exc_info is None for r in lines)
    assert seen == ["something else", "socket.accept() out of system resource"]
