"""The table's account of a finished game, checked: its seed and moves must rebuild the game
this client followed.

Once a game is over the table tells its seed (``over``).  A client then rebuilds the real
game the way the table does (a ``TableGame`` from the seed, every move played again) and
compares, move by move, what that game deals and reveals with what the table's messages
said, and its final scores with the table's.  A table that lied (a wrong seed, moves its own
game does not allow, tiles dealt otherwise than its seed deals them, other scores) is caught
here, and the client keeps the game as it saw it instead of the table's word.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from game.rules import Game, IllegalAction, Phase, Place, RulesError, TileSet, parse_action
from game.rules.model import OptionValue

from .recorded import TableGame
from .steps import Deal, Digest, Step, public_hands
from .terms import EndReason


class Why(enum.StrEnum):
    """Why a table's account could not be verified (a window words it for its player)."""

    NO_GAME = "no-game"  # the table said the game is over before it began
    ILLEGAL = "illegal"  # a move the game its seed deals does not allow
    DEALT = "dealt"  # tiles dealt (or outcomes drawn) otherwise than its seed deals them
    SCORES = "scores"  # the table's final scores are not the game's
    NOT_OVER = "not-over"  # played to its end, said the table, but the game goes on


@dataclass(frozen=True)
class Mismatch:
    why: Why
    move: int | None  # the move (counted from 1) where the account parts from the game

    def __str__(self) -> str:
        at = f" at move {self.move}" if self.move is not None else ""
        said = {Why.NO_GAME: "the table ended a game that had not begun",
                Why.ILLEGAL: "a move the game of the table's seed does not allow",
                Why.DEALT: "tiles dealt otherwise than the table's seed deals them",
                Why.SCORES: "final scores other than the game's",
                Why.NOT_OVER: "the table ended a game that goes on"}[self.why]
        return f"{said}{at}"


@dataclass(frozen=True)
class Account:
    """The finished game as the table's seed and moves rebuild it, when they do."""

    game: Game | None  # the real game (None when it cannot be rebuilt)
    mismatch: Mismatch | None  # None: verified

    @property
    def verified(self) -> bool:
        return self.mismatch is None and self.game is not None


@dataclass(frozen=True)
class Told:
    """What the table told this client of the game: set-up, opening, moves, end."""

    tileset: TileSet
    players: Sequence[str]
    options: Mapping[str, OptionValue]
    seats: Collection[int]  # this client's seats (whose hands it saw)
    opening: Deal
    steps: Sequence[Step]
    seed: int
    reason: str  # "end" or "resigned"
    scores: Sequence[int]


def verify(told: Told) -> Account:
    """Rebuild the game from the seed and the moves and check it against what was told.  A
    table resumed from a save of an older version deals hands of several tiles the earlier
    way: that way is tried too before the account is called false."""
    first = _rebuilt(told, earlier_dealing=False)
    if first.verified:
        return first
    second = _rebuilt(told, earlier_dealing=True)
    return second if second.verified else first


def _rebuilt(told: Told, earlier_dealing: bool) -> Account:
    try:
        game = TableGame(told.tileset, told.players, told.seed, told.options,
                         earlier_dealing=earlier_dealing)
        opening = game.take_opening()
    except (RulesError, ValueError, KeyError, IndexError, RuntimeError):
        return Account(None, Mismatch(Why.DEALT, None))
    public = public_hands(game)
    if opening.view(told.seats, public) != told.opening:
        return Account(None, Mismatch(Why.DEALT, None))
    for step in told.steps:
        if step.n != len(game.moves) or step.seat != game.current:
            return Account(None, Mismatch(Why.ILLEGAL, step.n + 1))
        try:
            _, outcomes, deals = game.play(parse_action(step.action))
        except (IllegalAction, RulesError, ValueError, KeyError, IndexError):
            return Account(None, Mismatch(Why.ILLEGAL, step.n + 1))
        seen = tuple(d.view(told.seats, public) for d in deals)
        if outcomes != step.outcomes or seen != step.deals or Digest.of(game) != step.digest:
            return Account(None, Mismatch(Why.DEALT, step.n + 1))
    if told.reason == EndReason.END and not game.over:
        return Account(None, Mismatch(Why.NOT_OVER, None))
    if list(game.scores) != list(told.scores):
        return Account(None, Mismatch(Why.SCORES, None))
    return Account(game, None)


def as_seen(seen: Game, seed: int) -> Game | None:
    """The game a client saw, as a plain game a save can hold: its moves played again from
    ``seed`` (any: the table's word for it), each tile placed forced to be the tile the table
    dealt (a save keeps those as forced outcomes), so that it opens on the board, figures
    and scores the client saw.  None when it does not come out as that game (a tile the
    seed's pile sets aside where the table's did not)."""
    try:
        game = Game(seen.tileset, seen.players, seed, seen.chosen_options)
        for move in seen.moves:
            if (isinstance(move, Place) and game.phase is Phase.PLACE
                    and game.extra_tile is None and move.tile not in game.hands[game.current]):
                game.force("tile", move.tile)
            game.apply(move)
    except (IllegalAction, RulesError, ValueError, KeyError, IndexError):
        return None
    return game if _same(game, seen) else None


def _same(one: Game, other: Game) -> bool:
    def board(game: Game) -> dict[tuple[int, int], tuple[str, int]]:
        return {cell: (p.tile.id, p.rotation) for cell, p in game.board.tiles.items()}

    def figures(game: Game) -> list[tuple[int, str, tuple[int, int], int]]:
        return sorted((f.player, f.kind, f.cell, f.index) for f in game.figures.values())

    return (one.over == other.over and list(one.scores) == list(other.scores)
            and board(one) == board(other) and figures(one) == figures(other))
