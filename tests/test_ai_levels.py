"""The easy and Monte Carlo levels: easy still beats random play, and the Monte Carlo tree's
statistics add up (every iteration passes through the root and ends at the one node it adds)."""

from __future__ import annotations

import random

from game.ai import mcts
from game.commands.sim import play_game, win_shares
from game.rules import Game, TileSet


def test_easy_beats_random(base: TileSet) -> None:
    wins = 0.0
    for i in range(4):
        seats = ["easy", "random"] if i % 2 == 0 else ["random", "easy"]
        game = play_game(base, seats, seed=200 + i // 2)
        wins += win_shares(game.scores)[seats.index("easy")]
    # Measured: easy wins all of these (and about 99% of 200 games, see docs/computer.md).
    assert wins >= 3, wins


def _check(node: mcts.Node, is_root: bool) -> int:
    """Checks a subtree's statistics; returns the nodes in it."""
    below = sum(child.visits for child in node.children.values())
    if is_root:
        assert node.visits == below
    elif node.children:
        assert node.visits == below + 1  # the iteration that added it stopped there
    assert 0.0 <= node.wins <= node.visits
    count = 1
    for child in node.children.values():
        assert child.visits >= 1 and child.seen >= child.visits
        count += _check(child, False)
    return count


def test_monte_carlo_tree_statistics_add_up(base: TileSet) -> None:
    game = Game(base, ["A", "B"], seed=6)
    rng = random.Random(6)
    for _ in range(6):
        game.apply(mcts.choose_plan(game, rng, 0.0, max_iterations=1).actions[0])
    root = mcts.search(game, random.Random(1), budget=60.0, max_iterations=150)
    assert root.visits == 150
    assert _check(root, True) == 151  # one node added per iteration
    first = set(root.children)
    assert all(game.is_legal(action) for action in first)
    plan = mcts.choose_plan(game, random.Random(1), 60.0, max_iterations=150)
    assert game.is_legal(plan.actions[0])
