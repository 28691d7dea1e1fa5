"""Seeded random games: figures conserved, scores never fall, every placement legal, and the
game ends with the deck empty."""

from __future__ import annotations

import random

import pytest

from game.ai.random_policy import random_action
from game.commands.sim import main as sim_main
from game.rules import Game, Place, TileSet
from game.rules import ports as P
from tests.tile_counts import tile_count

GAMES = 1000


def _edges_match(game: Game, place: Place) -> bool:
    """Independent of the engine's own check: compare the new tile's edges with each
    neighbour's facing edge, and require at least one neighbour."""
    placed = game.board.tiles[place.cell]
    x, y = place.cell
    neighbours = 0
    for side, (dx, dy) in enumerate(P.OFFSETS):
        other = game.board.tiles.get((x + dx, y + dy))
        if other is None:
            continue
        neighbours += 1
        if placed.turned.edges[side] != other.turned.edges[(side + 2) % 4]:
            return False
    return neighbours > 0


@pytest.mark.slow
def test_invariants_over_many_random_games(base: TileSet) -> None:
    total = {name: f.count for name, f in base.figures.items()}
    for seed in range(GAMES):
        players = 2 + seed % 4
        game = Game(base, [f"P{i}" for i in range(players)], seed=seed)
        rng = random.Random(seed)
        scores = list(game.scores)
        while not game.over:
            action = random_action(game, rng)
            if isinstance(action, Place):
                assert action in game.legal_placements(), (seed, action)
            game.apply(action)
            if isinstance(action, Place):
                assert _edges_match(game, action), (seed, action)
            assert all(now >= before for now, before in zip(game.scores, scores, strict=True)), \
                seed
            scores = list(game.scores)
            on_board = [0] * players
            for fig in game.figures.values():
                on_board[fig.player] += 1
            for p in range(players):
                assert game.supply[p]["follower"] + on_board[p] == total["follower"], seed
        assert game.tiles_left == 0 and not any(game.hands)
        assert len(game.board) + len(game.set_aside) == tile_count(base), seed
        assert sum(e.points for e in game.events) == sum(game.scores)


def test_sim_json_output(capsys: object) -> None:
    import json

    cap = capsys
    assert isinstance(cap, pytest.CaptureFixture)
    assert sim_main(["--game", "carcassonne", "--players", "3", "--games", "5", "--seed", "7",
                     "--json"]) == 0
    out = json.loads(cap.readouterr().out)
    assert out["games"] == 5
    assert out["errors"] == []
    assert len(out["scores"]) == 5 and all(len(s) == 3 for s in out["scores"])
    assert out["games_per_second"] > 0
