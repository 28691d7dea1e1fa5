"""Dead cells: open cells of the board that no tile still to come can fill, turned any way
(a city closed on three sides by tiles whose fourth side needs a tile there is none of).
Once dead, a cell stays dead: its neighbours only add demands, and tiles only leave the
supply.  Pure Python: what the board help shows, and what a player may work out alone.

The tiles still to come are the draw pile, every hand, a tile to place now that is no
hand's (a bonus tile), and the tiles of the other piles not yet on the board; a tile taken
off the pile unseen (under a hill) is not to come.  A dead cell is looked up per tile type
and demand in the rules' fit lookups, and the answer is kept for the game's turn.
"""

from __future__ import annotations

import weakref
from collections import Counter

from game.rules import Game

Cell = tuple[int, int]

_KEPT: weakref.WeakKeyDictionary[Game, tuple[tuple[int, int], frozenset[Cell]]] = (
    weakref.WeakKeyDictionary())


def tiles_to_come(game: Game) -> Counter[str]:
    """Every tile that may still be placed, by tile type."""
    out: Counter[str] = Counter(game.deck)
    for hand in game.hands:
        out.update(hand)
    placed = Counter(t.tile.id for t in game.board.tiles.values())
    for tile in game.tileset.tiles:
        if tile.pile != "main":
            out[tile.id] = max(0, tile.count - placed[tile.id])
        elif tile.id == game.extra_tile:
            out[tile.id] += 1
    return +out


def dead_cells(game: Game) -> frozenset[Cell]:
    """The open cells no tile still to come fits (kept for the turn); none once the game is
    over: every open cell is past filling then, and crossing them all out tells nothing."""
    if game.over:
        return frozenset()
    stamp = (len(game.moves), len(game.board))
    kept = _KEPT.get(game)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    fits = game.lookups.fits
    coming = list(tiles_to_come(game))
    dead = frozenset(cell for cell, demand in game.board.demands.items()
                     if not any(fits(tile, demand) for tile in coming))
    _KEPT[game] = (stamp, dead)
    return dead
