"""The ``random`` computer player: a uniformly random legal action.

Placements count once per rules-distinct rotation (a straight road turned 180 degrees is
the same placement), so that every distinct move is as likely as any other.  This is the
player of ``python -m game.sim`` random games and of the tests' seeded random games; the
same seed and the same game give the same actions.
"""

from __future__ import annotations

import random

from game.rules import Action, Choose, Game, IllegalAction, Phase
from game.rules.actions import SKIP

PLACE, CHOOSE, FIGURE = Phase.PLACE, Phase.CHOOSE, Phase.FIGURE


def random_action(game: Game, rng: random.Random) -> Action:
    """A uniformly random legal action for ``game.current`` (the game is not changed)."""
    if game.phase is PLACE:
        # Uniform over the placements of every tile held, counted without listing them.
        tiles = game.placeable_tiles()
        if len(tiles) == 1:
            view = game.legal_placements(tiles[0])
            return view.nth(rng.randrange(view.count(distinct=True)), distinct=True)
        views = [game.legal_placements(tid) for tid in tiles]
        counts = [view.count(distinct=True) for view in views]
        k = rng.randrange(sum(counts))
        for view, n in zip(views, counts, strict=True):
            if k < n:
                return view.nth(k, distinct=True)
            k -= n
        raise AssertionError("a tile to place always has a placement")
    if game.phase is FIGURE:
        # legal_actions() in its order (figures, moves, pass), building only the one chosen.
        options = game.figure_options()
        extras = game.extra_actions()
        k = rng.randrange(len(options) + len(extras) + 1)
        if k < len(options):
            return game.deploy_option(*options[k])
        return extras[k - len(options)] if k - len(options) < len(extras) else SKIP
    if game.phase is CHOOSE:  # a question: building only the answer chosen
        answers = game.choices[0].options
        return Choose(answers[rng.randrange(len(answers))])
    raise IllegalAction("the game is over: there is nothing to choose")


def play_random_game(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to its end with random actions (through the trusted path: every action
    comes from the game's own legal lists); returns it."""
    while not game.over:
        game.apply_legal(random_action(game, rng))
    return game
