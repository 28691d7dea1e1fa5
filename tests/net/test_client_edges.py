"""A client at the edges of a table: a join refused for now (``slow-down``) is no join, so the
next try waits longer; a table whose frames cannot be read, again and again, is left with a
sentence; each reason the client leaves a table has a code a window words; a finished game
stays finished when its table stops; a headless player says when its table pauses and when
it plays on."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from pathlib import Path

import pytest

from game.net.client import MAX_UNREADABLE, NetSession, Refusal, Status, Trouble
from game.net.connect import _once, follow
from game.net.headless import join_headless
from game.net.limits import Limits
from game.net.links import Link
from game.net.seats import TableConfig
from game.net.tokens import Tokens

from ..waiting import wait_until_async
from .loopback import LIMIT, LOOPBACK, registry, run, serving
from .lying import HANG_UP, HOSTILE, Message, _short, honest_game, lying
from .test_lying_table import followed

CONFIG = TableConfig("carcassonne", seats=("open", "open"))


def test_a_join_refused_with_slow_down_is_no_join() -> None:
    """The address has failed a join too many: the table refuses the next with
    ``slow-down`` and closes.  That connection did not join: the client's wait before its
    next try grows instead of starting again from its shortest."""

    async def main() -> None:
        async with serving([CONFIG], limits=Limits(joins_per_minute=1)) as (_, (link,)):
            seated = NetSession(registry(), link, "Ann")
            stop = asyncio.Event()
            joining = asyncio.create_task(_once(seated, stop, LIMIT, None))
            await wait_until_async(lambda: seated.token is not None, "Ann seated",
                                   step=seated.poll)
            stop.set()
            assert (await joining).joined  # the table's welcome: a join
            wrong = NetSession(registry(), Link(LOOPBACK, link.port, "ZZZZ2222"), "Eve")
            assert not (await _once(wrong, asyncio.Event(), LIMIT, None)).joined
            refused = NetSession(registry(), link, "Bob")
            ended = await _once(refused, asyncio.Event(), LIMIT, None)
            assert [h.code for h in refused.poll() if isinstance(h, Refusal)] == ["slow-down"]
            assert not ended.joined and not refused.finished  # it tries again, later

    run(main)


def test_a_table_whose_frames_cannot_be_read_is_left_with_a_sentence() -> None:
    session = NetSession(registry(), Link(LOOPBACK, 7417, "ABCD2345"), "Bob")
    for _ in range(MAX_UNREADABLE - 1):
        session.received("not a message")
    session.poll()
    assert session.status == Status.CONNECTING  # one may be a fault on the way
    session.received('{"type": "nonsense"}')
    session.poll()
    assert session.finished and str(session.status) == Status.FAILED  # poll() changed it
    assert session.fault is not None and session.fault.kind is Trouble.UNREADABLE
    assert session.problem is not None and "cannot read" in session.problem


@pytest.mark.parametrize(("say", "kind", "tilesets"), [
    (HOSTILE["fingerprints"], Trouble.OTHER_VERSION, ("carcassonne",)),
    (HOSTILE["seat out of range"], Trouble.SEATS, ()),
    (HOSTILE["illegal sync"], Trouble.MISFIT, ()),
    (lambda n: [_short().welcome, _unknown_game(_short().start)], Trouble.NO_TILESET,
     ("cathedral",)),
])
def test_each_reason_to_leave_a_table_has_its_code(
        say: Callable[[int], list[Message | str]], kind: Trouble,
        tilesets: tuple[str, ...]) -> None:
    session = followed(say)
    assert session.status == Status.FAILED and session.problem  # the headless player's words
    assert session.fault is not None
    assert (session.fault.kind, session.fault.tilesets) == (kind, tilesets)


def _unknown_game(start: Message) -> Message:
    unknown = copy.deepcopy(start)
    unknown["game"]["expansions"] = ["cathedral"]
    return unknown


def test_a_headless_player_says_when_its_table_pauses_and_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its host leaves on Ann's turn: the table says it is paused, then stops; served again,
    it plays on to the end.  One line each, however long the wait."""
    script = honest_game(6, resign=True)
    over = script.over
    assert over is not None
    info = script.welcome["table"]
    paused = {"type": "table", "table": {**info, "paused": {
        "reason": "host", "message": "its host left it: it comes back when the host opens "
                                     "it again"}}}

    def say(connection: int) -> list[Message | str]:
        if connection == 1:
            return [script.welcome, script.start, paused, paused, HANG_UP]
        return [script.welcome, script.start, *script.moves, over]

    with lying(say) as table:
        code = join_headless(str(table.link), "random", registry=registry(),
                             tokens=Tokens(tmp_path))
    err = capsys.readouterr().err
    assert code == 0, err
    assert err.count("the table is paused: its host left it") == 1, err
    assert err.count("the table plays on") == 1, err
    assert err.index("paused") < err.index("plays on")


def ended_at(say: Callable[[int], list[Message | str]]) -> NetSession:
    """A session that followed the lying table until its connection ended, the game over."""
    with lying(say) as table:
        session = NetSession(registry(), table.link, "Bob")
        run(lambda: follow(session))
    session.poll()
    return session


def test_a_table_that_stops_after_its_end_is_told_from_a_connection_lost() -> None:
    """Its host left the final scores (the table closes the connection as it stops): the
    game stays over, and the session knows the table stopped; a ``host-closed`` after the
    end (a table that says so) leaves the game over too."""
    script = honest_game(6, resign=True)
    over = script.over
    assert over is not None
    said = [script.welcome, script.start, *script.moves, over]
    stopped = ended_at(lambda n: [*said, HANG_UP])
    assert stopped.status == Status.OVER and stopped.stopped
    closed = ended_at(lambda n: [*said, {"type": "error", "code": "host-closed", "fatal": True,
                                         "message": "the host closed the table"}, HANG_UP])
    assert closed.status == Status.OVER and closed.refused == "host-closed"
    assert closed.account() is not None and closed.account().verified  # type: ignore[union-attr]
