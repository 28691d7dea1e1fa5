"""Actions with wrong-typed fields are illegal, never a crash: ``is_legal`` says False and
``apply`` raises IllegalAction, in the placement step and in the figure step."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import (
    Choose,
    Deploy,
    Game,
    IllegalAction,
    Move,
    Phase,
    Place,
    Skip,
    TileSet,
    default_registry,
)

JUNK: list[Any] = [None, ["N"], {"N": 1}, 1.0, True, b"N", ("N",), 3, "", object()]


def junk_id(value: Any) -> str:
    """A test id that is the same in every process (an object's repr holds its address)."""
    return type(value).__name__ if type(value) is object else repr(value)


def _placed(base: TileSet) -> Game:
    """Red has placed a straight road east of the start tile: the figure step."""
    game = Game(base, ["Red", "Blue"], seed=1)
    game.force("tile", "U")
    game.apply(Place("U", 1, 0, 0))
    assert game.phase is Phase.FIGURE
    return game


def _rejected(game: Game, action: Any) -> None:
    before = (list(game.moves), list(game.scores), game.phase)
    assert game.is_legal(action) is False
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert (list(game.moves), list(game.scores), game.phase) == before


@pytest.mark.parametrize("junk", JUNK, ids=junk_id)
def test_a_deploy_with_a_wrong_typed_field_is_illegal(base: TileSet, junk: Any) -> None:
    game = _placed(base)
    _rejected(game, Deploy("follower", junk))
    _rejected(game, Deploy(junk, "E"))
    assert game.is_legal(Deploy("follower", "E"))  # the right one still is


@pytest.mark.parametrize("junk", JUNK, ids=junk_id)
def test_a_place_with_a_wrong_typed_field_is_illegal(base: TileSet, junk: Any) -> None:
    game = Game(base, ["Red", "Blue"], seed=1)
    game.force("tile", "U")
    for action in (Place(junk, 1, 0, 0), Place("U", junk, 0, 0), Place("U", 1, junk, 0),
                   Place("U", 1, 0, junk)):
        _rejected(game, action)
        assert action not in game.legal_placements()
    assert ((1, junk), 0) not in game.legal_placements()
    assert ((1, 0), junk) not in game.legal_placements()
    assert game.is_legal(Place("U", 1, 0, 0))


@pytest.mark.parametrize("junk", JUNK, ids=junk_id)
def test_other_wrong_values_are_illegal(base: TileSet, junk: Any) -> None:
    game = Game(base, ["Red", "Blue"], seed=1)
    _rejected(game, junk)  # not an action at all
    _rejected(game, ("U", 1, 0, 0))  # a tuple that looks like a placement
    figure_step = _placed(base)
    for action in (junk, Move(junk, 0), Choose(junk), "pass"):
        _rejected(figure_step, action)
    assert figure_step.is_legal(Skip())


@cache
def _base() -> TileSet:
    return default_registry().ruleset("carcassonne")


@settings(max_examples=150, deadline=None)
@given(fields=st.lists(st.one_of(st.none(), st.booleans(), st.integers(-3, 3),
                                 st.floats(allow_nan=False), st.text(max_size=3),
                                 st.lists(st.integers(), max_size=2)), min_size=4, max_size=4))
def test_any_junk_in_an_action_is_illegal_or_legal_never_a_crash(fields: list[Any]) -> None:
    base = _base()
    game = _placed(base)
    fresh = Game(base, ["Red", "Blue"], seed=1)
    for g, action in ((fresh, Place(*fields)), (game, Deploy(*fields[:2])),
                      (game, Move(*fields[:2])), (game, Choose(fields[0]))):
        if g.is_legal(action):
            continue  # junk that happens to be a legal action is fine
        with pytest.raises(IllegalAction):
            g.apply(action)
