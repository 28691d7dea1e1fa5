"""Odd values offered as actions: whatever the value, ``is_legal`` answers False and ``apply``
raises IllegalAction with a short message, in every step of the turn; the game is unchanged."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.rules import Choose, Deploy, Game, IllegalAction, Move, Phase, Place, Skip, TileSet
from game.rules.actions import describe, parse_action


class ReprRaises:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__


class EqualityRaises:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparison")

    def __hash__(self) -> int:
        raise RuntimeError("no hash")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class ClassRaises:
    @property  # type: ignore[misc]
    def __class__(self) -> type:  # isinstance() asks for it
        raise RuntimeError("no class")


class OddText(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparison")

    def __hash__(self) -> int:
        raise RuntimeError("no hash")


def nested(depth: int) -> list[Any]:
    """A list nested ``depth`` deep, built without recursion."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


HUGE = 10**5000  # str() of it raises ValueError (more digits than Python prints)
ODD: dict[str, Callable[[], Any]] = {
    "huge integer": lambda: HUGE,
    "nested list": lambda: nested(100_000),
    "repr raises": ReprRaises,
    "comparison raises": EqualityRaises,
    "class raises": ClassRaises,
    "odd text": lambda: OddText("U"),
    "long text": lambda: "U" * 1_000_000,
}


def wrapped(value: Any) -> Iterator[Any]:
    """The value itself and every action with the value in one of its fields."""
    yield value
    yield Place(value, 1, 0, 0)
    yield Place("U", value, 0, 0)
    yield Place("U", 1, value, 0)
    yield Place("U", 1, 0, value)
    yield Deploy(value, "E")
    yield Deploy("follower", value)
    yield Choose(value)
    yield Move(value, 0)
    yield Move(0, value)


def steps(base: TileSet) -> Iterator[Game]:
    """A game in the placement step and one in the figure step."""
    game = Game(base, ["Red", "Blue"], seed=1)
    game.force("tile", "U")
    yield game
    placed = Game(base, ["Red", "Blue"], seed=1)
    placed.force("tile", "U")
    placed.apply(Place("U", 1, 0, 0))
    assert placed.phase is Phase.FIGURE
    yield placed


@pytest.mark.parametrize("name", ODD)
def test_an_odd_value_is_never_legal_and_never_a_crash(base: TileSet, name: str) -> None:
    value = ODD[name]()
    for game in steps(base):
        before = (list(game.moves), list(game.scores), game.phase)
        for action in wrapped(value):
            assert game.is_legal(action) is False
            with pytest.raises(IllegalAction) as caught:
                game.apply(action)
            assert len(str(caught.value)) < 300
            assert (list(game.moves), list(game.scores), game.phase) == before
        assert game.is_legal(Place("U", 1, 0, 0) if game.phase is Phase.PLACE else Skip())


@pytest.mark.parametrize("name", ODD)
def test_an_odd_value_is_described_in_a_short_line(name: str) -> None:
    for action in wrapped(ODD[name]()):
        assert 0 < len(describe(action)) < 200


def test_a_legal_action_is_described_as_its_text() -> None:
    assert describe(Place("U", 1, 0, 90)) == "U@1,0r90"
    assert describe(Deploy("follower", "N")) == "follower:N"
    assert describe(Skip()) == "pass"


@pytest.mark.parametrize("name", ODD)
def test_parsing_an_odd_value_is_an_illegal_action(name: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        parse_action(ODD[name]())
    assert len(str(caught.value)) < 300


def test_a_whole_game_still_plays(base: TileSet) -> None:
    """The checks only refuse: a game of legal actions plays to its end as before."""
    game = Game(base, ["Red", "Blue"], seed=4)
    while not game.over:
        action = game.legal_actions()[0]
        assert game.is_legal(action)
        game.apply(action)
    assert game.phase is Phase.OVER and sum(game.scores) > 0
