"""Hands of three tiles are dealt as rulebook 004 has it since save format 3; a game saved
before then (each hand filled as its owner's turn began) still loads, is dealt as it was, and
is saved again so that it goes on being dealt that way."""

from __future__ import annotations

import json
from pathlib import Path

from game.rules import Game, parse_action
from game.rules.registry import Registry
from game.store.savefile import SAVE_FORMAT, SavedGame

# Written by the version before format 3: in its first round Cy's tile B fitted nowhere and was
# set aside, which the two dealings follow in a different order.
FORMAT_2 = Path(__file__).parent / "data" / "saves" / "hand-of-three-format-2.json"
# The hands as that version had them after the saved moves (Bob to place).
HANDS_THEN = [["M", "U"], ["H", "E", "A"], ["F", "N"]]


def _saved() -> SavedGame:
    return SavedGame.from_json(FORMAT_2.read_text(encoding="utf-8"), FORMAT_2)


def test_a_save_of_the_earlier_format_is_dealt_as_it_was(registry: Registry) -> None:
    saved = _saved()
    assert saved.earlier_dealing
    game = saved.restore(registry, FORMAT_2)
    assert game.hands == HANDS_THEN and game.set_aside == ["B"] and game.current == 1


def test_the_rules_dealing_would_give_that_save_other_hands(registry: Registry) -> None:
    saved = _saved()
    game = Game.replay(registry.ruleset("carcassonne"), saved.players, saved.seed,
                       saved.options, [parse_action(m) for m in saved.moves])
    assert sorted(game.hands[1]) != sorted(HANDS_THEN[1])


def test_such_a_game_goes_on_as_it_was_dealt_through_undo_and_new_saves(
        registry: Registry) -> None:
    game = _saved().restore(registry, FORMAT_2)
    tile = game.hands[1][0]
    placement = next(p for p in game.legal_placements() if p.tile == tile)
    game.apply(placement)
    game.undo()
    assert game.hands == HANDS_THEN and game.earlier_dealing
    game.apply(placement)
    again = SavedGame.of(game, "carcassonne", [], ["red", "blue", "yellow"])
    data = json.loads(again.to_json())
    assert data["format"] == SAVE_FORMAT and data["earlier_dealing"] is True
    reread = SavedGame.from_json(again.to_json(), FORMAT_2).restore(registry, FORMAT_2)
    assert reread.hands == game.hands and reread.fresh().earlier_dealing


def test_new_games_are_dealt_by_the_rule_and_saved_without_the_field(
        registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["Ann", "Bob"], seed=3, options={"hand": 3})
    assert not game.earlier_dealing and [len(h) for h in game.hands] == [3, 3]
    assert "earlier_dealing" not in SavedGame.of(game, "carcassonne", [], ["red", "blue"]).to_json()
    # Without hands the two dealings are one: the field is never kept.
    plain = Game(registry.ruleset("carcassonne"), ["Ann", "Bob"], seed=3, earlier_dealing=True)
    assert not plain.earlier_dealing
