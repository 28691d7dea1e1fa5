"""The review of a game: every decision of the chosen seats judged by the strong player, and
every player's chance to win after every turn.

Each decision (a placement with the figure step that follows it, an answer to a rule's
question, a figure step after one) is looked at from the position the player had, with
only what they could know: the strong player's candidate plans and the move made are
compared over the same sampled futures (``game.ai.judge``: the unseen tiles shuffled, the
random source reseeded, never the real draw order).  The points lost are the best plan's
lead over the move made, with a 95% margin from the futures; a loss within that margin is
never counted against the player.  The chances to win after a turn are read from the
futures that follow the turn's last move (``chances``): the ones its judgement sampled, or
the same ones sampled for it alone when its seat is not reviewed; those readings are shown
averaged over the round that ends with the turn.

    review = review_game(game, seats=[0], processes=2)      # or ReviewJob(...) off the loop
    for d in review.decisions: print(d.turn, d.verdict, d.lost, d.best)
    for c in review.chances: print(c.turn, c.chances)
    saved.review = review.to_json()                         # kept in the save

A review is seeded from the game and its one setting, the number of futures a decision is
judged on (``futures``): the clock plays no part, so the same save reviewed twice, in the
window or by ``python -m game.review``, in one process or several, gets the same verdicts
and figures.  A stored review is reused for every decision and turn it already judged with
as many futures, so a second review of a save is instant.
"""

from __future__ import annotations

import enum
import hashlib
import logging
import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from game.ai.evaluate import turns_left
from game.ai.judge import Totals, decision_rng, follow, judge
from game.rules import Action, Game, Phase, Place, parse_action
from game.rules.model import OptionValue, StartDef, TileSet
from game.store.savefile import Person
from game.system.processes import Flag, in_processes
from game.view.chronicle import ends_turn, new_like

from .chances import Chance, over_rounds, result_chances, turning_points, win_chances


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
# The review's quality: the futures every decision is judged on (and every turn's chances
# read from).  As many as a second of judging on one processor gave a decision when the
# review was counted in seconds (63.8 on average over a base game); see docs/computer.md
# for what a review takes.
DEFAULT_FUTURES = 64
FORMAT = 2  # of a review kept in a save (1: judged for a time, without chances)

Progress = Callable[[int, int], None]  # (positions looked at, positions to look at)
Chances = tuple[float, ...]

log = logging.getLogger(__name__)


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
                "parts": dict(self.parts), "verdict": self.verdict}

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        """A decision read back; ValueError (or KeyError, TypeError) when it is malformed."""
        parts = data["parts"]
        if not isinstance(parts, dict):
            raise TypeError("parts")
        out = cls(int(data["move"]), int(data["turn"]), int(data["player"]),
                  tuple(str(a) for a in data["played"]), tuple(str(a) for a in data["best"]),
                  float(data["lost"]), float(data["margin"]), int(data["futures"]),
                  {str(c): float(v) for c, v in parts.items()})
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
    """The judged decisions of a game's reviewed seats, and every player's chances to win
    after each turn."""

    seats: tuple[int, ...]
    moves: int  # the moves of the game reviewed
    key: str  # a fingerprint of those moves
    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True  # every decision of the seats was judged (not cancelled)
    futures: int = DEFAULT_FUTURES  # the futures each decision was judged on
    # every turn that ended, by turn: the chances read from the futures after it
    readings: list[Chance] = field(default_factory=list)

    @property
    def chances(self) -> list[Chance]:
        """Every player's chances after every turn read, as shown (``over_rounds``)."""
        return over_rounds(self.readings)

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

    def turning_points(self) -> list[int]:
        """The turns that swung the chances most, in the order they were played."""
        return turning_points(self.chances)

    def summary(self, player: int) -> dict[str, Any]:
        """A player's summary as plain data: counts by verdict, points lost, by kind, and the
        moves (indices in the move list) of the costliest decisions."""
        return {"player": player, "counts": self.counts(player),
                "lost": round(self.lost(player), 2),
                "by_kind": {c: round(v, 2) for c, v in self.lost_by_category(player).items()},
                "costliest": [d.move for d in self.costliest(player)]}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "seats": list(self.seats), "moves": self.moves,
                "key": self.key, "complete": self.complete, "futures": self.futures,
                "decisions": [d.to_json() for d in self.decisions],
                "chances": [c.to_json() for c in self.chances],
                "turning_points": self.turning_points(),
                "readings": [c.to_json() for c in self.readings]}

    @classmethod
    def from_json(cls, data: Any) -> Review | None:
        """A review kept in a save; None when it is missing, of another format or
        malformed (it is then made again)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        try:
            decisions = [Decision.from_json(d) for d in data["decisions"]]
            readings = [Chance.from_json(c) for c in data["readings"]]
            return cls(tuple(int(s) for s in data["seats"]), int(data["moves"]),
                       str(data["key"]), decisions, bool(data["complete"]),
                       int(data["futures"]), readings)
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
    ends_turn: bool = False  # the plan made is the last of its turn

    def after(self) -> Game:
        """The position once the plan made was played (a private copy)."""
        out = self.position.copy()
        for action in self.played:
            out.apply(action)
        return out


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
        ended = ends_turn(fresh)
        if position is not None:
            points.append(Point(i, turn, me, position, tuple(plan), ended))
        i += len(plan)
        if ended:
            turn += 1
    return points


def review_game(game: Game, seats: Sequence[int], futures: int = DEFAULT_FUTURES, *,
                previous: Review | None = None, progress: Progress | None = None,
                stop: Callable[[], bool] | None = None, processes: int = 1) -> Review:
    """Judge every decision of ``seats`` in ``game`` on ``futures`` futures each, and read
    every player's chances after every turn that ended (the game is not changed).
    Decisions and chances that ``previous`` found with as many futures on the same moves
    are taken from it.  ``processes`` more than 1 shares the work out to that many
    processes (the same figures as one).  ``progress(done, total)`` is called after each
    position looked at; ``stop()`` ends the review early (``complete`` is then False, and
    what was found is kept)."""
    if futures < 2:
        raise ValueError("a decision is judged on 2 futures at least")
    seats = tuple(sorted(set(seats)))
    points = decision_points(game, range(len(game.players)))
    decisions, chances = _reusable(previous, game, futures)
    tasks = [_Task(i, p.player in seats) for i, p in enumerate(points)
             if (p.player in seats and (p.move, p.player) not in decisions)
             or (p.ends_turn and p.turn not in chances)]
    tasks.sort(key=lambda t: not t.judge)  # the longest first: the processes end together
    out = Review(seats, len(game.moves), moves_key(game.moves), futures=futures)
    done = 0
    for task, (decision, chance) in _results(game, points, tasks, futures, stop, processes):
        if stop is not None and stop():  # cut short: its futures are too few to tell
            break
        point = points[task.point]
        if decision is not None:
            decisions[point.move, point.player] = decision
        if chance is not None and point.ends_turn:
            moves = point.move + len(point.played)
            chances[point.turn] = Chance(point.turn, moves, chance,
                                         moves == len(game.moves) and game.over)
        done += 1
        if progress is not None:
            progress(done, len(tasks))
    out.complete = done == len(tasks)
    out.decisions = sorted((d for (_move, player), d in decisions.items()
                            if player in seats and d.futures), key=lambda d: d.move)
    out.readings = [chances[turn] for turn in sorted(chances)]
    return out


def _reusable(previous: Review | None, game: Game, futures: int
              ) -> tuple[dict[tuple[int, int], Decision], dict[int, Chance]]:
    """What ``previous`` found that holds for ``game``: judged with as many futures, on the
    moves ``game`` began with."""
    if previous is None or previous.futures != futures or previous.moves > len(game.moves) \
            or previous.key != moves_key(game.moves[:previous.moves]):
        return {}, {}
    return ({(d.move, d.player): d for d in previous.decisions},
            {c.turn: c for c in previous.readings if c.moves <= previous.moves})


@dataclass(frozen=True)
class _Task:
    point: int  # its index in the decision points of every seat
    judge: bool  # judged (its seat is reviewed), else only followed for its chances


_Found = tuple[Decision | None, Chances | None]


def judge_point(seed: int, point: Point, futures: int = DEFAULT_FUTURES,
                stop: Callable[[], bool] | None = None,
                totals: list[Totals] | None = None) -> Decision:
    """One decision judged on ``futures`` futures (its ``futures`` 0 when the player had no
    other choice, or ``stop`` came before any future).  Its futures are drawn from the
    game's seed and the move, so a decision judged again is judged the same.  ``totals``,
    when given, receives every player's expected points in each future after the move made
    (what the chances to win are read from)."""
    verdict_of = judge(point.position, [point.played], decision_rng(seed, point.move), 0.0,
                       stop, futures, futures)
    played = verdict_of.index(point.played)
    assert played is not None
    if totals is not None:
        totals.extend(verdict_of.totals_of(played))
    if len(verdict_of.plans) < 2 or verdict_of.futures == 0:
        return _decision(point, point.played, 0.0, 0.0, 0, {})
    best = verdict_of.best()
    lost, error = verdict_of.lead(best, played)
    if best == played or lost <= 0.0:
        return _decision(point, point.played, 0.0, Z95 * error if best != played else 0.0,
                         verdict_of.futures, {})
    return _decision(point, verdict_of.plans[best].actions, lost, Z95 * error,
                     verdict_of.futures, verdict_of.lead_parts(best, played))


def _decision(point: Point, best: Sequence[Action], lost: float, margin: float, futures: int,
              parts: dict[str, float]) -> Decision:
    # Figures to a hundredth of a point, as the save keeps them.
    return Decision(point.move, point.turn, point.player, tuple(str(a) for a in point.played),
                    tuple(str(a) for a in best), round(lost, 2),
                    round(margin, 2) if math.isfinite(margin) else 1e9, futures,
                    {c: round(v, 2) for c, v in parts.items()})


def chances_after(point: Point, totals: Sequence[Totals]) -> Chances | None:
    """Every player's chances once the plan made at ``point`` was played, from the
    expected points its futures reached one round later (None without any)."""
    after = point.after()
    if after.over:
        return result_chances(after.scores)
    if not totals:
        return None
    return win_chances(totals, max(0.0, turns_left(after) - 1.0))


def _found(seed: int, point: Point, task: _Task, futures: int,
           stop: Callable[[], bool] | None) -> _Found:
    """What a task finds: the decision judged (if its seat is reviewed) and the chances
    after it (if it ends a turn)."""
    totals: list[Totals] = []
    decision = judge_point(seed, point, futures, stop, totals) if task.judge else None
    if not point.ends_turn:
        return decision, None
    if not task.judge and not point.after().over:
        totals = follow(point.position, point.played, decision_rng(seed, point.move), futures,
                        stop)
    return decision, chances_after(point, totals)


def _results(game: Game, points: Sequence[Point], tasks: Sequence[_Task], futures: int,
             stop: Callable[[], bool] | None, processes: int
             ) -> Iterator[tuple[_Task, _Found]]:
    """Each task with what it found, as they are done: in ``processes`` processes when
    there are more than one and the game can be rebuilt from its set-up and moves there,
    else here, in order.  Processes that cannot be had leave the rest to this one."""
    left = list(tasks)
    if processes > 1 and len(tasks) > 1 and type(game).fresh is Game.fresh:
        setup = _Setup.of(game, futures)
        try:
            for index, found in in_processes(_found_in_worker, tasks,
                                             min(processes, len(tasks)), _start_worker,
                                             (setup,), ("game.review",), stop):
                left.remove(tasks[index])
                yield tasks[index], found
            return
        except (BrokenProcessPool, OSError) as exc:
            log.warning("the review goes on in one process: %s", exc)
    for task in left:
        if stop is not None and stop():
            return
        yield task, _found(game.seed, points[task.point], task, futures, stop)


# ---------------------------------------------------------------------- in a worker process
@dataclass(frozen=True)
class _Setup:
    """What a worker process needs to rebuild the game reviewed (a game is its set-up, its
    seed, its tile order and its moves)."""

    tileset: TileSet
    players: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, OptionValue], ...]
    start: StartDef
    earlier_dealing: bool
    order: tuple[str, ...]
    moves: tuple[str, ...]
    forced: tuple[tuple[int, str, str], ...]
    futures: int

    @classmethod
    def of(cls, game: Game, futures: int) -> _Setup:
        return cls(game.tileset, tuple(game.players), game.seed,
                   tuple(game.chosen_options.items()), game.start, game.earlier_dealing,
                   game.order, tuple(str(m) for m in game.moves), tuple(game.forced), futures)

    def game(self) -> Game:
        return Game.replay(self.tileset, self.players, self.seed, dict(self.options),
                           [parse_action(m) for m in self.moves], self.forced, self.start,
                           earlier_dealing=self.earlier_dealing, order=self.order)


_worker: tuple[_Setup, list[Point], Flag] | None = None


def _start_worker(stop: Flag, setup: _Setup) -> None:
    """A worker's initializer: the game rebuilt, and its decision points."""
    global _worker
    game = setup.game()
    _worker = (setup, decision_points(game, range(len(game.players))), stop)


def _found_in_worker(task: _Task) -> _Found:
    assert _worker is not None, "a review task outside a review's worker"
    setup, points, stop = _worker
    return _found(setup.seed, points[task.point], task, setup.futures, stop.is_set)


def human_seats(seats: Sequence[str], players: int) -> list[int]:
    """The seats a review looks at by default: the human ones (every seat when the save
    does not say which are computers)."""
    if len(seats) != players:
        return list(range(players))
    return [i for i, kind in enumerate(seats) if kind == Person.HUMAN]


__all__ = ["DEFAULT_FUTURES", "INACCURACY_POINTS", "MISTAKE_POINTS", "NOISE_Z", "Chance",
           "Decision", "Point", "Review", "Verdict", "chances_after", "decision_points",
           "human_seats", "judge_point", "moves_key", "review_game", "verdict"]
