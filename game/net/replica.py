"""A client's copy of the table's game, rebuilt from what its seats may know.

A ``Replica`` is the rules core's ``Game`` whose randomness comes from the table: the tiles
each turn deals (``Deal``), the outcomes a rule module draws (forced with ``Game.force``)
and nothing else.  It never needs what its player must not know:

- the draw pile's order: the replica's pile holds the tiles this seat has not seen, in any
  order; a turn's tiles are whatever the table's deal says (``_begin_turn`` takes the deal
  instead of drawing);
- another player's hand of three: it holds stand-ins, tiles this seat has not seen either;
  when that player places a tile, the tile named in the action takes a stand-in's place
  just before (the table checked the real hand);
- a tile slid under a hill: the replica takes a stand-in off its pile (the pile's count is
  right, which tile went is not known and is never needed).

Every rule that reads the position (legal moves, figures, scores, the final scoring, the
modules' state) reads only public things and the seat's own hand, so it computes exactly
what the table computes; the digest of each step checks it.  A copy (``copy``: a computer
player's look-ahead, a hint) plays on like any game: its pile and the rivals' stand-ins are
unseen tiles, which is what a computer player shuffles anyway.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Self

from game.rules import Game, IllegalAction, Phase, Place, ScoreEvent, TileSet, parse_action
from game.rules.model import OptionValue

from .steps import Deal, Digest, Step


class ReplicaError(Exception):
    """The table's messages do not fit this copy: it must be rebuilt from the table."""


class Replica(Game):
    seats: frozenset[int]  # whose hands this copy sees
    _live: bool  # False in copies: they play on as plain games
    _script: list[Deal]  # deals the table sent that the next action will make
    _hidden: frozenset[int]  # players whose hands this copy does not see
    _out: int  # tiles taken off the pile unseen (under hills)
    _composition: Counter[str]  # the draw pile as the game began

    def __init__(self, tileset: TileSet, players: Sequence[str],
                 options: Mapping[str, OptionValue], seats: Collection[int],
                 opening: Deal) -> None:
        self.seats = frozenset(seats)
        self.opening = opening
        self.steps: list[Step] = []  # every step followed, in order
        self._live = True
        self._script = [opening]
        self._again: list[Step] = []  # steps ``apply`` plays again (see ``fresh``)
        self._hidden = frozenset()
        self._out = 0
        super().__init__(tileset, players, 0, options)  # its seed draws nothing that counts
        if self._script:
            raise ReplicaError("the opening deal was not used")

    def fresh(self) -> Replica:
        """This game as it began, ready to be played again: ``apply`` with this game's
        moves, in order, replays its steps (what a turn log or a history does with a game
        rebuilt from its move list; the seed of a replica means nothing)."""
        out = Replica(self.tileset, self.players, self.chosen_options, self.seats,
                      self.opening)
        out._again = list(self.steps)
        return out

    def expect(self, step: Step) -> None:
        """The table's next step, played when ``apply`` is given its action: a window
        shows a move before its copy plays it."""
        self._again.append(step)

    @property
    def expected(self) -> int:
        """Steps expected and not played yet."""
        return len(self._again)

    def upcoming(self) -> Step | None:
        """The next step expected, if any."""
        return self._again[0] if self._live and self._again else None

    def copy(self) -> Self:
        out = super().copy()
        out._live = False
        out._script = []
        out._again = []
        out.steps = list(self.steps)
        return out

    def apply(self, action: object) -> list[ScoreEvent]:
        again = self._again
        if self._live and again and again[0].n == len(self.moves):
            if str(action) != again[0].action:
                raise IllegalAction(f"{action}: the table played {again[0].action} here")
            return self.follow(again.pop(0))
        return super().apply(action)

    # ------------------------------------------------------------------ following the table
    def follow(self, step: Step) -> list[ScoreEvent]:
        """Play the table's step; ``ReplicaError`` when it does not fit (the copy is then
        spoiled and must be rebuilt)."""
        if not self._live:
            raise ReplicaError("a copy does not follow the table")
        if step.n != len(self.moves) or step.seat != self.current or self.over:
            raise ReplicaError(f"step {step.n} by seat {step.seat} does not come now "
                               f"({len(self.moves)} moves, seat {self.current} to play)")
        try:
            action = parse_action(step.action)
            if (isinstance(action, Place) and self.phase is Phase.PLACE
                    and self.extra_tile is None and self.current in self._hidden
                    and action.tile not in self.hands[self.current]):
                self._arrange(len(self.deck), pin=(self.current, action.tile))
            for what, value in step.outcomes:  # what the table drew, for the modules
                if what == "tile":
                    raise ReplicaError("a tile is dealt, never drawn by a rule")
                self._queued.setdefault(what, []).append(value)
            self._script = list(step.deals)
            events = super().apply(action)
        except IllegalAction as exc:
            raise ReplicaError(f"step {step.n} ({step.action}): {exc}") from None
        if self._script or self.unused_forced():
            raise ReplicaError(f"step {step.n} ({step.action}) did not play as the table's")
        if Digest.of(self) != step.digest:
            raise ReplicaError(f"after step {step.n} ({step.action}) this copy differs "
                               f"from the table's game")
        self.steps.append(step)
        return events

    def undo(self) -> None:
        raise IllegalAction("a network game is taken back by its table")

    def remaining(self) -> Counter[str]:
        """The tiles this seat has not seen (under hills included: which went there is not
        known)."""
        return self._unseen() if self._live else super().remaining()

    # ------------------------------------------------------------------ the table's deals
    def _begin_turn(self) -> None:
        if not self._live:
            super()._begin_turn()
            return
        if not self._script:
            raise ReplicaError("the table dealt nothing where a turn begins")
        deal = self._script.pop(0)
        self._refills = ()  # the table's deal holds every hand as it stands after the refills
        n = len(self.players)
        if len(deal.hands) != n or not 0 <= deal.current < n:
            raise ReplicaError("a deal for another number of players")
        types = self.tile_types
        for tile in (*deal.aside, *(t for h in deal.hands if not isinstance(h, int) for t in h)):
            if tile not in types:
                raise ReplicaError(f"a deal names an unknown tile {tile!r}")
        hidden = []
        for player, hand in enumerate(deal.hands):
            if isinstance(hand, int):
                hidden.append(player)
                self.hands[player] = [""] * hand  # stand-ins, chosen by _arrange
            else:
                self.hands[player] = list(hand)
        self._hidden = frozenset(hidden)
        self.set_aside.extend(deal.aside)
        self.current = deal.current
        self._arrange(deal.deck)
        if deal.over:
            self.final_scoring()
            self.phase = Phase.OVER
        else:
            self.phase = Phase.PLACE

    def draw(self, what: str, population: Sequence[str]) -> str:
        if self._live and not self._queued.get(what):
            raise ReplicaError(f"the table revealed no {what!r} outcome where one is drawn")
        return super().draw(what, population)

    def draw_from_deck(self, what: str) -> str | None:
        if not self._live:
            return super().draw_from_deck(what)
        if not self.deck:
            return None
        self._out += 1
        return self.deck.pop()  # a stand-in: nobody knows which tile it is

    # ------------------------------------------------------------------ unseen tiles
    def _unseen(self) -> Counter[str]:
        """Tiles of the draw pile this seat has not seen: the pile as it began, less the
        tiles placed, set aside and in the hands it sees."""
        main = self.tile_types
        pool = Counter(self._composition)
        seen = Counter(p.tile.id for p in self.board.tiles.values() if p.order > 0)
        seen.update(self.set_aside)
        for player, hand in enumerate(self.hands):
            if player not in self._hidden:
                seen.update(hand)
        for tile, count in seen.items():
            if main[tile].pile == "main":
                pool[tile] -= count
        if any(c < 0 for c in pool.values()):
            raise ReplicaError("more tiles were seen than the game has")
        return +pool

    def _arrange(self, deck: int, pin: tuple[int, str] | None = None) -> None:
        """Lay the unseen tiles out as stand-ins: the hidden hands (``pin``: a tile that
        player is known to hold now), the tiles gone unseen, then the pile of ``deck``."""
        pool = self._unseen()
        pinned: dict[int, str] = {}
        if pin is not None:
            player, tile = pin
            if pool[tile] <= 0:
                raise ReplicaError(f"tile {tile} cannot be in a hand: every copy is seen")
            pool[tile] -= 1
            pinned[player] = tile
        units = sorted(pool.elements())
        wanted = sum(len(self.hands[p]) - (p in pinned) for p in self._hidden)
        if len(units) != wanted + self._out + deck:
            raise ReplicaError(f"{len(units)} unseen tiles, but {wanted} in hidden hands, "
                               f"{self._out} gone unseen and {deck} in the pile")
        for player in sorted(self._hidden):
            size = len(self.hands[player])
            known = [pinned[player]] if player in pinned else []
            take = size - len(known)
            self.hands[player] = known + units[:take]
            units = units[take:]
        self.deck = units[self._out:]

    def _shuffled_deck(self) -> list[str]:
        deck = super()._shuffled_deck()
        self._composition = Counter(deck)
        return deck
