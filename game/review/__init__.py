"""The review of a game: every decision of the chosen seats judged by the strong player.

Each decision (a placement with the figure step that follows it, an answer to a rule's
question, a figure step after one) is looked at from the position the player had, with
only what they could know: the strong player's candidate plans and the move made are
compared over the same sampled futures (``game.ai.judge``: the unseen tiles shuffled, the
random source reseeded, never the real draw order).  The points lost are the best plan's
lead over the move made, with a 95% margin from the futures; a loss within that margin is
never counted against the player.

    review = review_game(game, seats=[0], budget=1.0)      # or ReviewJob(...) off the loop
    for d in review.decisions: print(d.turn, d.verdict, d.lost, d.best)
    saved.review = review.to_json()                         # kept in the save

A stored review is reused for every decision it already judged with the same budget, so a
second review of a save is instant.  Nothing here draws: the window and
``python -m game.review`` show the same results.
"""

from __future__ import annotations

import enum
import hashlib
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.judge import MAX_FUTURES, MIN_FUTURES, decision_rng, judge
from game.rules import Action, Game, Phase, Place, parse_action
from game.store.savefile import Person
from game.view.chronicle import ends_turn, new_like


class Verdict(enum.StrEnum):
    """How a decision fared, from best to worst (the words a save's review and
    ``python -m game.review --json`` write)."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"


INACCURACY_POINTS = 2.0  # points lost from which a move is an inaccuracy...
MISTAKE_POINTS = 6.0  # ... and a mistake
# ... provided the loss is this many standard errors clear of nothing: 2.5 rather than 2,
# since the best of several plans is compared with the move made (the largest of several
# noisy leads is larger than any one of them).
NOISE_Z = 2.5
Z95 = 1.96
DEFAULT_BUDGET = 1.0  # seconds of judging per decision
FORMAT = 1  # of a review kept in a save

Progress = Callable[[int, int], None]  # (decisions judged, decisions to judge)


@dataclass(frozen=True)
class Decision:
    """One judged decision of a player."""

    move: int  # index in the move list of its first action
    turn: int  # the turn it belongs to, from 1 (as the history counts turns)
    player: int
    played: tuple[str, ...]  # the actions made, as text (``D@1,0r90``, ``follower:N``)
    best: tuple[str, ...]  # the best plan found (the same when the move made was best)
    lost: float  # points the move made is worth less than the best plan (0 or more)
    margin: float  # the 95% margin of ``lost`` over the futures
    futures: int  # how many sampled futures judged it
    parts: dict[str, float]  # ``lost`` by category (feature kinds, module awards, figures)
    budget: float

    @property
    def verdict(self) -> Verdict:
        return verdict(self.lost, self.margin / Z95)

    def best_actions(self) -> list[Action]:
        return [parse_action(a) for a in self.best]

    def played_actions(self) -> list[Action]:
        return [parse_action(a) for a in self.played]

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "turn": self.turn, "player": self.player,
                "played": list(self.played), "best": list(self.best),
                "lost": self.lost, "margin": self.margin, "futures": self.futures,
                "budget": self.budget, "parts": dict(self.parts), "verdict": self.verdict}

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        """A decision read back; ValueError (or KeyError, TypeError) when it is malformed."""
        parts = data["parts"]
        if not isinstance(parts, dict):
            raise TypeError("parts")
        out = cls(int(data["move"]), int(data["turn"]), int(data["player"]),
                  tuple(str(a) for a in data["played"]), tuple(str(a) for a in data["best"]),
                  float(data["lost"]), float(data["margin"]), int(data["futures"]),
                  {str(c): float(v) for c, v in parts.items()}, float(data["budget"]))
        for action in (*out.played, *out.best):
            parse_action(action)
        return out


def verdict(lost: float, error: float) -> Verdict:
    """good, inaccuracy or mistake by the points lost; within the noise (less than
    ``NOISE_Z`` standard errors ``error``) a move is good whatever it lost."""
    if not math.isfinite(error) or lost < NOISE_Z * error:
        return Verdict.GOOD
    if lost >= MISTAKE_POINTS:
        return Verdict.MISTAKE
    if lost >= INACCURACY_POINTS:
        return Verdict.INACCURACY
    return Verdict.GOOD


@dataclass
class Review:
    """The judged decisions of a game's reviewed seats."""

    seats: tuple[int, ...]
    moves: int  # the moves of the game reviewed
    key: str  # a fingerprint of those moves
    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True  # every decision of the seats was judged (not cancelled)

    def of_player(self, player: int) -> list[Decision]:
        return [d for d in self.decisions if d.player == player]

    def lost(self, player: int) -> float:
        """Points lost in all, counting only losses clear of the noise."""
        return sum(d.lost for d in self.of_player(player) if d.verdict != Verdict.GOOD)

    def lost_by_category(self, player: int) -> dict[str, float]:
        """The points lost in the player's inaccuracies and mistakes, by category, largest
        first."""
        out: defaultdict[str, float] = defaultdict(float)
        for d in self.of_player(player):
            if d.verdict != Verdict.GOOD:
                for category, value in d.parts.items():
                    out[category] += value
        return dict(sorted(out.items(), key=lambda kv: -kv[1]))

    def costliest(self, player: int, count: int = 3) -> list[Decision]:
        """The player's most costly inaccuracies and mistakes, most costly first."""
        wrong = [d for d in self.of_player(player) if d.verdict != Verdict.GOOD]
        return sorted(wrong, key=lambda d: -d.lost)[:count]

    def counts(self, player: int) -> dict[Verdict, int]:
        out = dict.fromkeys(Verdict, 0)
        for d in self.of_player(player):
            out[d.verdict] += 1
        return out

    def summary(self, player: int) -> dict[str, Any]:
        """A player's summary as plain data: counts by verdict, points lost, by kind, and the
        moves (indices in the move list) of the costliest decisions."""
        return {"player": player, "counts": self.counts(player),
                "lost": round(self.lost(player), 2),
                "by_kind": {c: round(v, 2) for c, v in self.lost_by_category(player).items()},
                "costliest": [d.move for d in self.costliest(player)]}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "seats": list(self.seats), "moves": self.moves,
                "key": self.key, "complete": self.complete,
                "decisions": [d.to_json() for d in self.decisions]}

    @classmethod
    def from_json(cls, data: Any) -> Review | None:
        """A review kept in a save; None when it is missing, of another format or
        malformed (it is then made again)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        try:
            decisions = [Decision.from_json(d) for d in data["decisions"]]
            return cls(tuple(int(s) for s in data["seats"]), int(data["moves"]),
                       str(data["key"]), decisions, bool(data["complete"]))
        except (KeyError, TypeError, ValueError):
            return None


def moves_key(moves: Sequence[Action | str]) -> str:
    """A fingerprint of a move list."""
    text = "\n".join(str(m) for m in moves)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Point:
    """A decision to judge: the position before it (a private copy) and the plan made."""

    move: int
    turn: int
    player: int
    position: Game
    played: tuple[Action, ...]


def decision_points(game: Game, seats: Sequence[int]) -> list[Point]:
    """The decisions of ``seats`` in ``game``, each with the position the player had: a
    placement and the figure step right after it, or an answer, or a figure step that
    follows an answer (a random draw came between)."""
    fresh = new_like(game)
    forced = sorted(game.forced, key=lambda f: f[0])
    moves = game.moves
    points: list[Point] = []
    turn = 1
    i = 0
    while i < len(moves):
        for when, what, value in forced:
            if when == i:
                fresh.force(what, value)
        me = fresh.current
        plan: list[Action] = [moves[i]]
        position = fresh.copy() if me in seats else None
        fresh.apply(moves[i])
        follows = (isinstance(moves[i], Place) and i + 1 < len(moves)
                   and fresh.phase is Phase.FIGURE and fresh.current == me and not fresh.over
                   and not any(when == i + 1 for when, _, _ in forced))
        if follows:
            plan.append(moves[i + 1])
            fresh.apply(moves[i + 1])
        if position is not None:
            points.append(Point(i, turn, me, position, tuple(plan)))
        i += len(plan)
        if ends_turn(fresh):
            turn += 1
    return points


def review_game(game: Game, seats: Sequence[int], budget: float = DEFAULT_BUDGET, *,
                previous: Review | None = None, progress: Progress | None = None,
                stop: Callable[[], bool] | None = None,
                futures: tuple[int, int] = (MIN_FUTURES, MAX_FUTURES)) -> Review:
    """Judge every decision of ``seats`` in ``game`` (the game is not changed).  Decisions
    that ``previous`` judged with the same budget on the same moves are taken from it.
    ``progress(done, total)`` is called after each decision; ``stop()`` ends the review
    early (``complete`` is then False, and what was judged is kept)."""
    seats = tuple(sorted(set(seats)))
    key = moves_key(game.moves)
    known: dict[tuple[int, int], Decision] = {}
    if previous is not None and previous.key == moves_key(game.moves[:previous.moves]):
        known = {(d.move, d.player): d for d in previous.decisions if d.budget == budget}
    points = decision_points(game, seats)
    out = Review(seats, len(game.moves), key)
    for done, point in enumerate(points):
        if stop is not None and stop():
            out.complete = False
            break
        decision = known.get((point.move, point.player))
        if decision is None:
            decision = judge_point(game.seed, point, budget, stop, futures)
            if stop is not None and stop():  # cut short: its futures are too few to tell
                out.complete = False
                break
        if decision.futures:
            out.decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(points))
    return out


def judge_point(seed: int, point: Point, budget: float, stop: Callable[[], bool] | None = None,
                futures: tuple[int, int] = (MIN_FUTURES, MAX_FUTURES)) -> Decision:
    """One decision judged (``futures`` 0 when the player had no other choice, or ``stop``
    came before any future).  Its futures are drawn from the game's seed and the move, so a
    decision judged again on as many futures is judged the same."""
    verdict_of = judge(point.position, [point.played], decision_rng(seed, point.move), budget,
                       stop, *futures)
    if len(verdict_of.plans) < 2 or verdict_of.futures == 0:
        return _decision(point, point.played, 0.0, 0.0, 0, {}, budget)
    played = verdict_of.index(point.played)
    assert played is not None
    best = verdict_of.best()
    lost, error = verdict_of.lead(best, played)
    if best == played or lost <= 0.0:
        return _decision(point, point.played, 0.0, Z95 * error if best != played else 0.0,
                         verdict_of.futures, {}, budget)
    return _decision(point, verdict_of.plans[best].actions, lost, Z95 * error,
                     verdict_of.futures, verdict_of.lead_parts(best, played), budget)


def _decision(point: Point, best: Sequence[Action], lost: float, margin: float, futures: int,
              parts: dict[str, float], budget: float) -> Decision:
    # Figures to a hundredth of a point, as the save keeps them.
    return Decision(point.move, point.turn, point.player, tuple(str(a) for a in point.played),
                    tuple(str(a) for a in best), round(lost, 2),
                    round(margin, 2) if math.isfinite(margin) else 1e9, futures,
                    {c: round(v, 2) for c, v in parts.items()}, budget)


def human_seats(seats: Sequence[str], players: int) -> list[int]:
    """The seats a review looks at by default: the human ones (every seat when the save
    does not say which are computers)."""
    if len(seats) != players:
        return list(range(players))
    return [i for i, kind in enumerate(seats) if kind == Person.HUMAN]


__all__ = ["DEFAULT_BUDGET", "INACCURACY_POINTS", "MISTAKE_POINTS", "NOISE_Z", "Decision",
           "Point", "Review", "Verdict", "decision_points", "human_seats", "judge_point",
           "moves_key", "review_game", "verdict"]
