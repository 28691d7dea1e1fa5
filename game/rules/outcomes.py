"""Forced and random outcomes: the draw pile, the random source, and outcomes a scenario
or a replay fixes.

The random source is the one the game's seed starts: it shuffles the draw pile, then rule
modules draw from it (tokens, bonus tiles), so a game is its seed plus its moves.  A copy
of a game does not copy the generator: both games keep its state (an immutable tuple) and
each makes its own generator from it at its first draw, which most copies never reach.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import IllegalAction
from .state import PLACE, GameState


class Outcomes(GameState):
    def _shuffled_deck(self) -> list[str]:
        deck: list[str] = []
        start_taken = False
        for t in self.tileset.tiles:
            if t.pile != "main":
                continue
            n = t.count
            if t.id == self.start.tile and not start_taken:
                n -= 1
                start_taken = True
            deck.extend([t.id] * n)
        order = self.order
        for tid in order:  # a typed order (checked): its tiles are drawn first, in order
            deck.remove(tid)
        self._random().shuffle(deck)  # the seed shuffles what is left, as without an order
        deck.extend(reversed(order))  # the pile is drawn from its end
        return deck

    def _random(self) -> random.Random:
        rng = self._rng
        if rng is None:
            source = self._rng_from
            if isinstance(source, tuple):
                rng = random.Random(0)  # a fixed seed: its state is replaced at once
                rng.setstate(source)
            else:
                rng = random.Random(source)
            self._rng = rng
            self._rng_from = None
        return rng

    def reseed(self, seed: int) -> None:
        """Give this game a new random source (a computer player's private copy, whose
        draws must not be the real ones)."""
        self._rng = None
        self._rng_from = seed

    def force(self, what: str, value: str) -> None:
        """Fix a random outcome: the tile to place ("tile"), or the next outcome a rule module
        draws with ``draw`` ("under", "draws", "bonus"...).  Recorded for replays."""
        if not isinstance(what, str) or not isinstance(value, str):
            raise IllegalAction(f"a forced outcome is a name and a value: {what!r}, {value!r}")
        if what != "tile":
            self._queued.setdefault(what, []).append(value)
            self.forced.append((len(self.moves), what, value))
            return
        if self.phase is not PLACE:
            raise IllegalAction("a tile can only be forced before it is placed")
        hand = self.hands[self.current]
        if value not in hand:
            # Take it from the pile, or else from another player's hand (with several
            # tiles in hand a copy may have been dealt elsewhere); swap in what we held.
            holder = self.deck if value in self.deck else next(
                (h for h in self.hands if value in h), None)
            if holder is None:
                raise IllegalAction(f"no tile {value} left to draw")
            pos = len(holder) - 1 - holder[::-1].index(value)
            if hand:
                holder[pos] = hand[0]
                hand[0] = value
            else:
                del holder[pos]
                hand.append(value)
        else:
            hand.remove(value)
            hand.insert(0, value)
        self.forced.append((len(self.moves), what, value))

    def unused_forced(self) -> dict[str, list[str]]:
        """Forced outcomes not drawn yet (a scenario that fixed more than happened)."""
        return {k: list(v) for k, v in self._queued.items() if v}

    def draw(self, what: str, population: Sequence[str]) -> str:
        """A random outcome for a rule module (a token from a bag, a tile from a pile): the
        next forced one if a scenario fixed it, else a seeded random choice."""
        self._drew_this_turn = True
        forced = self._forced_value(what, population)
        if forced is not None:
            return forced
        if not population:
            raise IllegalAction(f"nothing left to draw for {what}")
        return population[self._random().randrange(len(population))]

    def draw_from_deck(self, what: str) -> str | None:
        """Take a tile from the draw pile unseen (e.g. under a hill); None if it is empty.
        Nothing is revealed, so undo stays possible."""
        deck = self.deck
        if not deck:
            return None
        tid = self._forced_value(what, deck) or deck[-1]
        pos = len(deck) - 1 - deck[::-1].index(tid)
        del deck[pos]
        return tid

    def _forced_value(self, what: str, population: Sequence[str]) -> str | None:
        queue = self._queued.get(what)
        if not queue:
            return None
        value = queue.pop(0)
        if value not in population:
            raise IllegalAction(f"forced {what} '{value}' cannot be drawn now "
                                f"(possible: {', '.join(sorted(set(population)))})")
        return value
