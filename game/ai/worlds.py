"""Private copies of a game that a computer player may look into fairly.

The draw pile's order and the rivals' hands are hidden information: ``determinize`` makes a
copy in which they are shuffled (the tiles themselves are public: which tiles are still
unseen follows from the tile set and the board) and whose random source is reseeded, so
that a module's random draws in the copy are not the real ones either.
"""

from __future__ import annotations

import random

from game.rules import Game


def determinize(game: Game, rng: random.Random) -> Game:
    """A copy of the game in which what the current player cannot see is shuffled."""
    out = game.copy()
    me = game.current
    unseen = list(out.deck)
    for i, hand in enumerate(out.hands):
        if i != me:
            unseen.extend(hand)
    rng.shuffle(unseen)
    pos = 0
    for i, hand in enumerate(out.hands):
        if i != me:
            n = len(hand)
            out.hands[i] = unseen[pos:pos + n]
            pos += n
    out.deck = unseen[pos:]
    reseed(out, rng)
    return out


def reseed(game: Game, rng: random.Random) -> None:
    """Give a private copy its own random source (module draws in it are not the real ones)."""
    game.reseed(rng.getrandbits(64))


def fork(game: Game, rng: random.Random) -> Game:
    """A copy with its own random source."""
    out = game.copy()
    reseed(out, rng)
    return out
