"""``wss://`` links: parsed as tables served over TLS, joined with the connection encrypted
and the server's certificate checked (a private authority trusted through SSL_CERT_FILE,
as docs/network.md says); a certificate nobody vouches for is refused."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.server import main as server_command
from game.net.client import NetSession, Status
from game.net.connect import follow
from game.net.links import Link, address_of, link_from, parse_link
from game.net.seats import TableConfig
from game.net.table_server import TableServer

from .loopback import LOOPBACK, assert_same_game, registry, run, seat_players
from .lying import honest_game, lying
from .tls import Certificates, make_certificates

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    return make_certificates(tmp_path_factory.mktemp("tls"))


def test_wss_links_are_secure_links() -> None:
    link = parse_link("wss://club.example:7500/abcd-efgh")
    assert link.secure and link.url == "wss://club.example:7500/ABCD-EFGH"
    assert address_of(link) == "wss://club.example:7500"
    assert link_from(address_of(link), "ABCD-EFGH") == link  # the join form's two fields
    assert not parse_link("192.168.1.20:7417/ABCDEFGH").secure
    with pytest.raises(ValueError, match="wss://"):
        parse_link("http://club.example/ABCDEFGH")


def seated(session: NetSession, seconds: float = 15.0) -> str:
    """Follow the table until seated, or ``seconds``; the last reason the link went down."""
    reasons: list[str] = []
    down = session.link_down

    def noted(reason: str, stopped: bool = False) -> None:
        reasons.append(reason)
        down(reason, stopped)

    session.link_down = noted  # type: ignore[method-assign]

    async def main() -> None:
        stop = asyncio.Event()
        link = asyncio.create_task(follow(session, stop, first_wait=0.05))
        try:
            async with asyncio.timeout(seconds):
                while not session.seats and not (reasons and len(reasons) >= 2):
                    session.poll()
                    await asyncio.sleep(0.02)
        except TimeoutError:
            pass
        finally:
            stop.set()
            await link

    asyncio.run(main())
    return reasons[0] if reasons else ""


def test_a_wss_table_is_joined_over_tls_with_its_authority_trusted(
        certificates: Certificates, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates.authority))
    with lying(honest_game(4), tls=certificates.server_context()) as table:
        assert table.link.url.startswith("wss://127.0.0.1:")
        session = NetSession(registry(), table.link, "Bob")
        seated(session)
        assert session.seats == (1,) and session.status == Status.PLAYING
        assert table.joins  # what it sent came through the encrypted connection


def test_a_certificate_nobody_vouches_for_is_refused(
        certificates: Certificates, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    other = make_certificates(tmp_path / "other")  # another authority than the server's
    monkeypatch.setenv("SSL_CERT_FILE", str(other.authority))
    with lying(honest_game(4), tls=certificates.server_context()) as table:
        session = NetSession(registry(), table.link, "Bob")
        reason = seated(session, 5.0)
        assert not session.seats and not table.joins  # nothing was sent to it
        assert "CERTIFICATE_VERIFY_FAILED" in reason


def test_a_table_server_speaks_tls_to_whole_games(
        certificates: Certificates, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates.authority))

    async def main() -> None:
        server = TableServer(registry())
        table = server.add_table(TableConfig("carcassonne", seats=("open", "open")), seed=3)
        port = await server.start(LOOPBACK, 0, certificates.server_context())
        try:
            link = Link(LOOPBACK, port, table.code, secure=True)
            sessions = await seat_players(link, 2, "random")
            assert table.game is not None
            assert_same_game(sessions, table.game)
        finally:
            await server.close()

    run(main)


def test_the_server_command_prints_wss_links_with_a_certificate(
        certificates: Certificates, tmp_path: Path) -> None:
    args = [sys.executable, "-m", "game.server", "--port", "0", "--host", "127.0.0.1",
            "--certificate", str(certificates.certificate), "--key", str(certificates.key),
            "--data", str(tmp_path / "tables")]
    environment = {**os.environ, "CARCASSONNE_HOME": str(tmp_path)}
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as stderr:
        process = subprocess.Popen(args, cwd=ROOT, env=environment, text=True,
                                   stdout=subprocess.PIPE, stderr=stderr)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # its first table's link, once it listens
        assert re.search(r"wss://127\.0\.0\.1:\d+/[0-9A-Z-]+", first), \
            f"{first!r}; the server said: {errors.read_text()}"
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(30)


def test_the_server_command_says_when_its_certificate_cannot_be_used(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.pem"
    assert server_command(["--certificate", str(missing), "--data", str(tmp_path)]) == 2
    assert f"cannot serve over TLS: no file {missing}" in capsys.readouterr().err
    (tmp_path / "bad.pem").write_text("not a certificate\n")
    assert server_command(["--certificate", str(tmp_path / "bad.pem")]) == 2
    assert "not a certificate and its key" in capsys.readouterr().err
