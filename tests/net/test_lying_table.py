"""A headless player at a table that lies (``lying``): it checks the table's account of the
finished game, says when it cannot verify it, and meets every other lie with a sentence,
never an exception."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from game.net.client import NetSession, Status, Why
from game.net.connect import follow
from game.net.headless import join_headless, play_seat
from game.net.steps import Deal, Step
from game.net.tokens import Tokens
from game.net.verify import Mismatch, Told, as_seen, verify

from .loopback import board, registry
from .lying import HOSTILE, Message, Script, honest_game, lying


def headless(say: Script | Callable[[int], list[Message | str]], tmp_path: Path,
             capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with lying(say) as table:
        code = join_headless(str(table.link), "random", registry=registry(),
                             tokens=Tokens(tmp_path))
    said = capsys.readouterr()
    return code, said.out, said.err


def test_an_honest_table_s_game_is_verified(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = headless(honest_game(), tmp_path, capsys)
    assert code == 0 and "game over (" in out and "verified" not in err


@pytest.mark.parametrize("lie", ["seed", "scores"])
def test_a_lie_at_the_end_is_said_and_the_scores_seen_printed(
        lie: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = honest_game().edited()
    assert script.over is not None
    if lie == "seed":
        script.over["seed"] += 1
    else:
        script.over["scores"] = [0, 0]
    code, out, err = headless(script, tmp_path, capsys)
    assert code == 3
    assert "game over (" in out  # the scores as this player saw them
    assert "the table's account of the game could not be verified" in err


def followed(say: Callable[[int], list[Message | str]] | Script) -> NetSession:
    """A session that joined the lying table, played until it was told the end or gave
    up on the table."""
    with lying(say) as table:
        session = NetSession(registry(), table.link, "Bob")

        async def main() -> None:
            stop = asyncio.Event()
            link = asyncio.create_task(follow(session, stop))
            try:
                await asyncio.wait_for(play_seat(session, "random", stop=stop), 30)
            finally:
                stop.set()
                await link

        asyncio.run(main())
    return session


def test_the_account_says_where_it_parts_from_the_game() -> None:
    script = honest_game().edited()
    assert script.over is not None
    script.over["seed"] += 1
    session = followed(script)
    account = session.account()
    assert account is not None and account.mismatch is not None
    assert account.mismatch.why in (Why.DEALT, Why.ILLEGAL)
    assert session.finished_game() is None  # never the table's word for it
    # the game as seen is kept: replayed with the tiles the table dealt
    assert session.game is not None
    seen = as_seen(session.game, script.over["seed"])
    assert seen is not None and board(seen) == board(session.game)
    assert seen.scores == session.game.scores and seen.over


def test_an_end_before_any_move_is_not_the_game_s() -> None:
    script = honest_game(0, resign=True).edited()
    assert script.over is not None
    script.over["reason"] = "end"
    account = followed(script).account()
    assert account is not None and account.mismatch is not None
    assert account.mismatch.why is Why.NOT_OVER


@pytest.mark.parametrize("lie", sorted(HOSTILE))
def test_every_other_lie_is_said(lie: str) -> None:
    session = followed(HOSTILE[lie])
    assert session.status == Status.FAILED and session.problem


def told(script: Script) -> Told:
    """What the table's messages told seat 2, as ``verify`` reads it."""
    assert script.over is not None
    game = script.start["game"]
    return Told(registry().ruleset(game["id"], game["expansions"]), game["players"],
                dict(game["options"]), {1}, Deal.from_json(script.start["opening"]),
                [Step.from_json(m) for m in script.moves], script.over["seed"],
                script.over["reason"], script.over["scores"])


def test_tiles_dealt_otherwise_than_the_seed_deals_are_found_at_their_move() -> None:
    script = honest_game(10, resign=True)
    assert verify(told(script)).verified
    lie = script.edited()
    deal = next(d for m in lie.moves[4:] for d in m["deals"])  # the next tile dealt
    hand = deal["hands"][deal["current"]]
    hand[0] = next(t for t in ("B", "E", "K", "U", "V") if t != hand[0])
    account = verify(told(lie))
    assert account.mismatch == Mismatch(Why.DEALT, 5 + next(
        i for i, m in enumerate(lie.moves[4:]) if m["deals"]))
    assert account.game is None
