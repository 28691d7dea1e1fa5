"""What a table tells its players after each action, and what each of them may read of it.

A ``Step`` is one action as the table played it: who acted, the action's text, the random
outcomes it revealed (a sheep token, a bonus tile: everyone sees those), the ``Deal``\\ s it
caused (the tiles handed out when a turn began, with those set aside because they fit
nowhere) and a ``Digest`` of the position after it (scores, whose turn, counts), which a
client compares with its own copy.  ``Step.view(seats)`` is the step as the holder of
``seats`` may see it: the tiles in another player's hand become a count when hands are
private (the three-tile hand); a tile slid unseen under a hill is never in a step at all.

The chain (``chain_next``) is a running hash of the actions, which tells a reconnecting
client whether the moves it holds are the table's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules import Game, Phase

from .messages import Move

Hand = tuple[str, ...] | int  # the tiles, or how many when the recipient may not see them


@dataclass(frozen=True)
class Deal:
    """Tiles handed out at the start of a turn: every hand after it, what was set aside."""

    current: int  # whose turn it is now
    hands: tuple[Hand, ...]
    aside: tuple[str, ...]  # set aside (they fit nowhere), in order: everyone sees them
    deck: int  # tiles left in the draw pile
    over: bool  # no tile was left to deal: the game ended

    def view(self, seats: Collection[int], public_hands: bool) -> Deal:
        hands = tuple(h if public_hands or i in seats or isinstance(h, int) else len(h)
                      for i, h in enumerate(self.hands))
        return Deal(self.current, hands, self.aside, self.deck, self.over)

    def to_json(self) -> dict[str, Any]:
        return {"current": self.current,
                "hands": [h if isinstance(h, int) else list(h) for h in self.hands],
                "aside": list(self.aside), "deck": self.deck, "over": self.over}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deal:
        hands = tuple(h if isinstance(h, int) else tuple(h) for h in data["hands"])
        return cls(data["current"], hands, tuple(data["aside"]), data["deck"], data["over"])

    @classmethod
    def of(cls, game: Game, aside_from: int) -> Deal:
        """The deal that just happened in ``game`` (its set-aside list grew from
        ``aside_from``)."""
        return cls(game.current, tuple(tuple(h) for h in game.hands),
                   tuple(game.set_aside[aside_from:]), len(game.deck), game.over)


@dataclass(frozen=True)
class Digest:
    """The public position after a step, for a client to check its copy against."""

    scores: tuple[int, ...]
    current: int
    phase: str
    deck: int
    hands: tuple[int, ...]
    aside: int
    figures: int

    @classmethod
    def of(cls, game: Game) -> Digest:
        return cls(tuple(game.scores), game.current, str(game.phase), len(game.deck),
                   tuple(len(h) for h in game.hands), len(game.set_aside), len(game.figures))

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "current": self.current, "phase": self.phase,
                "deck": self.deck, "hands": list(self.hands), "aside": self.aside,
                "figures": self.figures}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Digest:
        return cls(tuple(data["scores"]), data["current"], data["phase"], data["deck"],
                   tuple(data["hands"]), data["aside"], data["figures"])


@dataclass(frozen=True)
class Step:
    """One action as the table played it (``n``: its index in the move list)."""

    n: int
    seat: int
    action: str
    outcomes: tuple[tuple[str, str], ...]  # random outcomes revealed, (what, value), in order
    deals: tuple[Deal, ...]
    digest: Digest
    chain: str  # the chain after this action
    stand_in_reason: str | None = None  # a computer played it for the seat's player: why

    @property
    def ends_turn(self) -> bool:
        """The turn passed (tiles were dealt) or the game ended: a confirmed turn."""
        return bool(self.deals) or self.digest.phase == Phase.OVER

    def view(self, seats: Collection[int], public_hands: bool) -> Step:
        return Step(self.n, self.seat, self.action, self.outcomes,
                    tuple(d.view(seats, public_hands) for d in self.deals), self.digest,
                    self.chain, self.stand_in_reason)

    def to_json(self) -> dict[str, Any]:
        return self.message().to_json()

    def message(self) -> Move:
        return Move(n=self.n, seat=self.seat, action=self.action,
                    outcomes=[list(o) for o in self.outcomes],
                    deals=[d.to_json() for d in self.deals], digest=self.digest.to_json(),
                    chain=self.chain, stand_in_reason=self.stand_in_reason)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Step:
        return cls(data["n"], data["seat"], data["action"],
                   tuple((o[0], o[1]) for o in data["outcomes"]),
                   tuple(Deal.from_json(d) for d in data["deals"]),
                   Digest.from_json(data["digest"]), data["chain"],
                   data.get("stand_in_reason"))


def public_hands(game: Game) -> bool:
    """Whether every player sees the tiles dealt (one tile a turn, shown at once); with hands
    of several tiles each hand is its player's secret."""
    return game.hand_size == 1


def chain_start(uid: str) -> str:
    """The chain of a table before any move (``uid``: the table's own random id)."""
    return hashlib.sha256(f"carcassonne-table:{uid}".encode()).hexdigest()[:32]


def chain_next(chain: str, action: str) -> str:
    return hashlib.sha256(f"{chain}\n{action}".encode()).hexdigest()[:32]


def chain_of(uid: str, actions: Sequence[str]) -> list[str]:
    """The chain before each action and after the last: ``len(actions) + 1`` values."""
    out = [chain_start(uid)]
    for action in actions:
        out.append(chain_next(out[-1], action))
    return out
