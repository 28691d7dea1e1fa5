"""The Monte Carlo computer player: textbook UCT over determinizations, a benchmark opponent.

What the literature on Carcassonne calls plain Monte Carlo tree search, with nothing that
knows the game (no evaluation, no policy):

1. Each iteration draws a fresh *determinization*: a private copy of the game in which the
   tiles the player cannot see (the draw pile, the rivals' hands) are shuffled and the random
   source is reseeded (``worlds.determinize``).
2. *Selection*: from the root, while every action legal in this determinization already has
   a node, the one with the best UCB1 score is played, ``mean + C * sqrt(ln(n) / visits)``,
   where the mean is the win share of the player who took the action and ``n`` the number
   of times the action was legal when its parent was visited (a determinization may offer
   actions another did not: the information-set form of UCT).
3. *Expansion*: one untried legal action, picked at random, gets a node.
4. *Simulation*: uniformly random legal actions to the end of the game.
5. *Backpropagation*: every node on the path adds the final result for the player who took
   its action: 1 for a win, a share for a tie, 0 for a loss.

Every action is a node (a placement, then the figure or pass, then any question a rule
module asks).  The search runs once per turn, within the same time budget as ``strong``; the
turn's plan is the most visited action at the root and, while the same player acts, the
most visited action below it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from game.rules import Action, Game, Phase

from . import clock
from .quick import Plan
from .random_policy import random_action
from .worlds import determinize

EXPLORATION = math.sqrt(2)  # UCB1's constant for rewards in [0, 1]


class Node:
    """A node of the tree: the action that led to it was taken by ``mover``."""

    __slots__ = ("children", "mover", "seen", "visits", "wins")

    def __init__(self, mover: int) -> None:
        self.children: dict[Action, Node] = {}
        self.mover = mover
        self.visits = 0
        self.wins = 0.0  # the mover's win shares over the visits
        self.seen = 1  # times the action was legal when the parent was visited

    def ucb(self, exploration: float) -> float:
        return self.wins / self.visits + exploration * math.sqrt(math.log(self.seen) / self.visits)


def legal_moves(game: Game) -> list[Action]:
    """The legal actions, placements once per rules-distinct rotation."""
    if game.phase is not Phase.PLACE:
        return game.legal_actions()
    out: list[Action] = []
    for tile in game.placeable_tiles():
        out.extend(game.legal_placements(tile).distinct())
    return out


def win_shares(scores: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1 for the sole best score, split on a tie."""
    best = max(scores)
    winners = sum(1 for s in scores if s == best)
    return [1.0 / winners if s == best else 0.0 for s in scores]


def iterate(game: Game, root: Node, rng: random.Random,
            exploration: float = EXPLORATION) -> None:
    """One iteration of the search from ``game`` (the root position)."""
    world = determinize(game, rng)
    node = root
    path = [root]
    while not world.over:
        moves = legal_moves(world)
        children = node.children
        untried = [m for m in moves if m not in children]
        tried = [m for m in moves if m in children]
        for action in tried:
            children[action].seen += 1
        if untried:
            action = untried[rng.randrange(len(untried))]
            node = children[action] = Node(world.current)
            world.apply_legal(action)
            path.append(node)
            break
        action = max(tried, key=lambda a: children[a].ucb(exploration))
        node = children[action]
        world.apply_legal(action)
        path.append(node)
    while not world.over:
        world.apply_legal(random_action(world, rng))
    shares = win_shares(world.scores)
    root.visits += 1
    for node in path[1:]:
        node.visits += 1
        node.wins += shares[node.mover]


def search(game: Game, rng: random.Random, budget: float,
           stop: Callable[[], bool] | None = None, max_iterations: int | None = None) -> Node:
    """The tree grown from ``game`` until the budget is spent (or ``stop`` says so, or
    ``max_iterations`` are done); at least one iteration is always run."""
    deadline = clock.now() + budget
    root = Node(-1)
    while True:
        iterate(game, root, rng)
        if clock.now() >= deadline or (stop is not None and stop()) or \
                (max_iterations is not None and root.visits >= max_iterations):
            return root


def choose_plan(game: Game, rng: random.Random, budget: float,
                stop: Callable[[], bool] | None = None, max_iterations: int | None = None
                ) -> Plan:
    root = search(game, rng, budget, stop, max_iterations)
    me = game.current
    actions: list[Action] = []
    node = root
    while node.children:
        action, child = max(node.children.items(), key=lambda item: item[1].visits)
        if child.mover != me:
            break
        actions.append(action)
        node = child
    return Plan(tuple(actions), node.wins / node.visits)
