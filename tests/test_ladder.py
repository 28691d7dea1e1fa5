"""The ladder of levels the set-up shows: the shipped ratings rate every offered computer
level in every game, and a ratings file that cannot be read gives no ratings, not an
error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.review.ladder import Ladder, Rated, ladder_key, load_ladder
from game.rules import default_registry

LEVELS_OFFERED = ("easy", "quick", "strong")  # the set-up's computer levels, weakest first


def test_the_shipped_ladder_rates_every_level_in_every_game() -> None:
    ladder = load_ladder()
    registry = default_registry()
    games: list[tuple[str, tuple[str, ...]]] = [(g.id, ()) for g in registry.games()]
    games += [(g.id, (e.id,)) for g in registry.games() for e in registry.expansions(g.id)]
    assert len(games) >= 4
    for game_id, expansions in games:
        rated = [ladder.rating(game_id, expansions, level) for level in LEVELS_OFFERED]
        assert all(r is not None for r in rated), (game_id, expansions)
        anchor = ladder.rating(game_id, expansions, ladder.anchor)
        assert anchor is not None and anchor.rating == ladder.anchor_rating
        for r in rated:
            assert r is not None and r.low <= r.rating <= r.high and r.games > 0


def test_a_game_with_expansions_is_found_in_either_order() -> None:
    assert ladder_key("g", ["b", "a"]) == ladder_key("g", ["a", "b"]) == "g+a+b"
    assert ladder_key("g", []) == "g"
    ladder = Ladder({"g+a+b": {"easy": Rated(1000, 1000, 1000, 4)}})
    assert ladder.rating("g", ["b", "a"], "easy") == Rated(1000, 1000, 1000, 4)
    assert ladder.rating("g", ["a"], "easy") is None
    assert ladder.rating("g", ["a", "b"], "strong") is None


@pytest.mark.parametrize("text", ["", "{", "[]", '{"games": {}}',
                                  '{"anchor": "easy", "anchor_rating": 1000, '
                                  '"games": {"g": {"easy": {"rating": "x"}}}}'])
def test_a_ratings_file_that_cannot_be_read_gives_no_ratings(tmp_path: Path,
                                                             text: str) -> None:
    path = tmp_path / "ratings.json"
    path.write_text(text)
    ladder = load_ladder(path)
    assert ladder.games == {} and ladder.rating("g", [], "easy") is None
    assert load_ladder(tmp_path / "missing.json").games == {}


def test_a_ratings_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"anchor": "easy", "anchor_rating": 1000, "games": {
        "g": {"easy": {"rating": 1000, "low": 1000, "high": 1000, "games": 8},
              "strong": {"rating": 1420, "low": 1350, "high": 1500, "games": 8}}}}))
    ladder = load_ladder(path)
    assert ladder.rating("g", [], "strong") == Rated(1420, 1350, 1500, 8)
    assert (ladder.anchor, ladder.anchor_rating) == ("easy", 1000)
