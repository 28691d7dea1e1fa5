"""Behaviour of the rules core that the scenarios do not pin down: ports, actions, the
legal-placement view, determinism, undo, copies and options."""

from __future__ import annotations

import random

import pytest

from game.ai.random_policy import random_action
from game.rules import (
    Deploy,
    Game,
    IllegalAction,
    Phase,
    Place,
    Skip,
    TileSet,
    parse_action,
)
from game.rules import ports as P


def test_port_rotation_and_facing() -> None:
    assert [P.port_name(P.rotate_port(P.PORT_INDEX[n], 1)) for n in ("N", "NL", "NR", "WR")] \
        == ["E", "EL", "ER", "NR"]
    assert P.port_name(P.facing_port(P.PORT_INDEX["NL"])) == "SR"
    assert P.port_name(P.facing_port(P.PORT_INDEX["EL"])) == "WR"
    for port in P.ALL_PORTS:
        assert P.facing_port(P.facing_port(port)) == port
        assert P.rotate_port(port, 4) == port


@pytest.mark.parametrize("text", ["D@1,0r90", "V@-3,12r270", "follower:N", "follower:cloister",
                                  "pass", "choose:herd"])
def test_actions_round_trip(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action
    hash(action)


def test_bad_action_text() -> None:
    with pytest.raises(IllegalAction):
        parse_action("D@1,0r45")
    with pytest.raises(IllegalAction):
        parse_action("hello world")


def test_place_equals_only_places() -> None:
    assert Place("D", 1, 0, 90) == Place("D", 1, 0, 90)
    assert Place("D", 1, 0, 90) != ("D", 1, 0, 90)


def _game(base: TileSet, seed: int = 1) -> Game:
    return Game(base, ["Red", "Blue"], seed=seed)


def test_legal_placements_view(base: TileSet) -> None:
    game = _game(base)
    game.force("tile", "U")
    legal = game.legal_placements()
    # The start tile D: city N, road W-E.  A straight road fits E and W turned 0 or 180,
    # and below or above it only where fields meet.
    assert Place("U", 1, 0, 0) in legal
    assert Place("U", 1, 0, 90) not in legal
    assert ((1, 0), 180) in legal
    assert Place("U", 0, -1, 0) not in legal  # its field would meet the city
    assert Place("U", 5, 5, 0) not in legal  # touches nothing
    assert Place("V", 1, 0, 0) not in legal  # another tile
    assert set(legal.rotations((1, 0))) == {0, 180}
    assert set(legal.cells()) == {(1, 0), (-1, 0), (0, 1)}
    assert len(legal) == len(list(legal)) == len(set(legal))
    assert {p.rotation for p in legal.distinct()} == {0}  # 180 is the same road turned


def test_same_seed_same_game(base: TileSet) -> None:
    def play(seed: int) -> tuple[list[int], list[str]]:
        game = _game(base, seed)
        rng = random.Random(99)
        while not game.over:
            game.apply(random_action(game, rng))
        return game.scores, [str(m) for m in game.moves]

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_replay_rebuilds_the_game(base: TileSet) -> None:
    game = _game(base, 11)
    rng = random.Random(5)
    for _ in range(60):
        game.apply(random_action(game, rng))
    again = Game.replay(base, game.players, game.seed, {}, game.moves)
    assert again.scores == game.scores
    assert again.board.tiles.keys() == game.board.tiles.keys()
    assert again.hand == game.hand and again.deck == game.deck


def test_undo_takes_back_the_tile(base: TileSet) -> None:
    game = _game(base, 2)
    tile = game.current_tile
    assert tile is not None
    place = next(iter(game.legal_placements()))
    game.apply(place)
    assert game.can_undo
    game.undo()
    assert game.phase is Phase.PLACE and game.current_tile == tile
    assert place.cell not in game.board
    game.apply(place)
    game.apply(Skip())
    with pytest.raises(IllegalAction):
        game.undo()  # the turn is over


def test_figure_rules(base: TileSet) -> None:
    game = _game(base)
    game.force("tile", "U")
    game.apply(Place("U", 1, 0, 0))
    with pytest.raises(IllegalAction, match="no feature"):
        game.apply(Deploy("follower", "cloister"))
    game.apply(Deploy("follower", "E"))
    assert game.supply[0]["follower"] == 6
    game.force("tile", "U")
    game.apply(Place("U", -1, 0, 0))
    # The road already holds Red's follower, however far away.
    assert Deploy("follower", "E") not in game.deploy_options()
    with pytest.raises(IllegalAction, match="may not go"):
        game.apply(Deploy("follower", "W"))
    assert Deploy("follower", "NL") in game.deploy_options()


def test_copy_is_independent(base: TileSet) -> None:
    game = _game(base, 8)
    rng = random.Random(8)
    for _ in range(30):
        game.apply(random_action(game, rng))
    twin = game.copy()
    while not twin.over:
        twin.apply(random_action(twin, rng))
    assert len(game.board) < len(twin.board)
    assert not game.over
    preview = game.final_scores_preview()
    assert not game.over and all(p >= s for p, s in zip(preview, game.scores, strict=False))


def test_set_aside_only_when_nothing_fits(base: TileSet) -> None:
    game = _game(base)
    game.force("tile", "U")
    with pytest.raises(IllegalAction, match="fits somewhere"):
        game.set_aside_current()


def test_wrong_player_count(base: TileSet) -> None:
    with pytest.raises(IllegalAction, match="2 to 5 players"):
        Game(base, ["Solo"])


def test_hand_of_three(base: TileSet) -> None:
    game = Game(base, ["Red", "Blue"], seed=4, options={"hand": 3})
    assert len(game.hand) == 3
    rng = random.Random(4)
    while not game.over:
        game.apply(random_action(game, rng))
    assert len(game.board) + len(game.set_aside) == 72


def test_a_hand_of_three_is_dealt_before_the_first_turn_and_refilled_as_a_turn_ends(
        base: TileSet) -> None:
    """Rulebook 004, tactical variant: every player draws 3 tiles at the start of the game;
    on their turn a player places one of them, then draws a new tile."""
    game = Game(base, ["Red", "Blue", "Green"], seed=7, options={"hand": 3})
    assert [len(h) for h in game.hands] == [3, 3, 3]
    assert game.tiles_left == 71 - 9
    rng = random.Random(7)
    for _ in range(6):
        mover, pile = game.current, game.tiles_left
        while game.current == mover:
            game.apply(random_action(game, rng))
        assert len(game.hands[mover]) == 3 and game.tiles_left == pile - 1


def test_placements_counted_and_picked_without_the_list(base: TileSet) -> None:
    game = _game(base, 5)
    rng = random.Random(5)
    for _ in range(40):
        game.apply(random_action(game, rng))
    while game.phase is not Phase.PLACE:
        game.apply(random_action(game, rng))
    legal = game.legal_placements()
    full = list(legal)
    assert legal.count() == len(full) > 0
    assert [legal.nth(k) for k in range(len(full))] == full
    distinct = legal.distinct()
    assert legal.count(distinct=True) == len(distinct) <= len(full)
    assert [legal.nth(k, distinct=True) for k in range(len(distinct))] == distinct
    with pytest.raises(IndexError):
        legal.nth(len(full))


def test_the_trusted_path_plays_like_the_checked_one(base: TileSet) -> None:
    checked, trusted = _game(base, 6), _game(base, 6)
    rng = random.Random(6)
    while not checked.over:
        action = random_action(checked, rng)
        assert checked.apply(action) == trusted.apply_legal(action)
        assert (checked.scores, checked.supply, checked.phase, checked.current) == \
            (trusted.scores, trusted.supply, trusted.phase, trusted.current)
    assert trusted.over and checked.events == trusted.events
