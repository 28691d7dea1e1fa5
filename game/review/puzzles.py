"""Best-move puzzles: a position from a game of computer players, the tile to place, and the
move the review's judge finds clearly best there.  Plain data and plain Python, no pygame.

A puzzle is its game (a registry name and expansions, with their options), the seed and the
moves up to the position (a game is its seed and its moves, so the position rebuilds
exactly), the best plan (a placement and its figure step) and the other candidate plans
(``rivals``) with the best plan's lead over each, in points, and that lead's standard error.
The puzzles of a game ship as one JSON file, ``tilesets/puzzles/<game>.json``, written by
``scripts/make_puzzles.py``; how they are chosen is in docs/computer.md.

Every judgement here is the review's (``game.ai.judge`` with the futures drawn from the
game's seed and the move, ``decision_rng``): a fixed number of futures, no clock, so the
same question always gets the same answer.

    puzzles = load_set(path)                            # PuzzleError when malformed
    game = puzzles.position(puzzles.puzzles[0], registry)
    answer = judge_answer(game, puzzles.puzzles[0], played)   # a review Decision
    answer.lost, why_better(game, answer)               # game.review.words
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.judge import Judgement, decision_rng, judge
from game.rules import Action, Deploy, Game, Move, Place, Skip, parse_action
from game.rules.model import OptionValue, TileSet
from game.rules.registry import Registry
from game.system.paths import tilesets_dir

from . import Z95, Decision

FORMAT = 1  # of a puzzle file
MADE_FUTURES = 16  # futures a position is first judged on, to find candidates
CHECK_FUTURES = 4 * MADE_FUTURES  # futures a candidate is checked on, and an answer judged on
TEST_FUTURES = 2 * MADE_FUTURES  # futures the project's test judges every puzzle on again
TEST_RIVALS = 2  # ... against the plans nearest it at the check (the making checks them all)
# The rule a position must meet on MADE_FUTURES futures to be a puzzle: the best plan ahead
# of the second by MIN_LEAD points and MIN_Z standard errors (the largest of a few noisy
# leads is larger than any one of them, hence well beyond the review's 2.5).
MIN_LEAD = 2.0
MIN_Z = 3.0
# ... and still, on CHECK_FUTURES futures: best, ahead of every other plan by CHECK_Z
# standard errors and CHECK_LEAD points.
CHECK_LEAD = 1.0
CHECK_Z = 2.0
SOLVED_POINTS = 0.05  # an answer losing less than this (it rounds to 0.0) is the best move
PLAYER_NAMES = ("P1", "P2", "P3", "P4", "P5")  # the rules need names; the window shows its own


class PuzzleError(ValueError):
    """A puzzle file that cannot be used: what is wrong with it."""


@dataclass(frozen=True)
class Rival:
    """Another candidate plan, and how much the best plan is worth more (on the check's
    futures)."""

    actions: tuple[str, ...]
    lead: float
    error: float  # the standard error of ``lead``


@dataclass(frozen=True)
class Puzzle:
    id: str
    seed: int
    players: int
    moves: tuple[str, ...]  # the game's moves up to the position
    turn: int  # the turn the position is at, from 1 (as the history counts)
    stage: float  # how far into its game: the moves before it over the game's moves
    best: tuple[str, ...]
    rivals: tuple[Rival, ...]  # the nearest first
    made: int = MADE_FUTURES
    checked: int = CHECK_FUTURES

    @property
    def figure(self) -> bool:
        """The best plan puts a figure down (or moves one)."""
        return any(isinstance(parse_action(a), Deploy | Move) for a in self.best)

    def best_actions(self) -> list[Action]:
        return [parse_action(a) for a in self.best]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seed": self.seed, "players": self.players,
                "moves": list(self.moves), "turn": self.turn, "stage": round(self.stage, 3),
                "best": list(self.best), "made": self.made, "checked": self.checked,
                "rivals": [{"actions": list(r.actions), "lead": round(r.lead, 2),
                            "error": round(r.error, 2)} for r in self.rivals]}

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        rivals = tuple(Rival(tuple(str(a) for a in r["actions"]), float(r["lead"]),
                             float(r["error"])) for r in data["rivals"])
        out = cls(str(data["id"]), int(data["seed"]), int(data["players"]),
                  tuple(str(m) for m in data["moves"]), int(data["turn"]),
                  float(data["stage"]), tuple(str(a) for a in data["best"]), rivals,
                  int(data["made"]), int(data["checked"]))
        for action in (*out.moves, *out.best, *(a for r in rivals for a in r.actions)):
            parse_action(action)
        return out


@dataclass
class PuzzleSet:
    """The puzzles of one game."""

    game: str
    expansions: tuple[str, ...] = ()
    options: dict[str, OptionValue] = field(default_factory=dict)
    puzzles: list[Puzzle] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The game with its expansions (``carcassonne+hills-and-sheep``): the file's name."""
        return "+".join((self.game, *self.expansions))

    def tileset(self, registry: Registry) -> TileSet:
        return registry.ruleset(self.game, self.expansions)

    def position(self, puzzle: Puzzle, registry: Registry,
                 names: Sequence[str] = PLAYER_NAMES) -> Game:
        """The game at the puzzle's position, rebuilt from its seed and moves (the players
        named ``names``: the rules need names, and a name changes nothing else)."""
        return Game.replay(self.tileset(registry), list(names[:puzzle.players]), puzzle.seed,
                           self.options, [parse_action(m) for m in puzzle.moves])

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "game": self.game,
                           "expansions": list(self.expansions), "options": self.options,
                           "puzzles": [p.to_json() for p in self.puzzles]}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> PuzzleSet:
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise PuzzleError(f"not a puzzle file of format {FORMAT}")
            return cls(str(data["game"]), tuple(str(e) for e in data["expansions"]),
                       dict(data["options"]), [Puzzle.from_json(p) for p in data["puzzles"]])
        except (KeyError, TypeError, ValueError) as exc:  # JSON and action errors included
            raise PuzzleError(str(exc)) from exc


def load_set(path: Path) -> PuzzleSet:
    """The puzzle file at ``path``; PuzzleError (or OSError) when it cannot be used."""
    return PuzzleSet.from_json(path.read_text(encoding="utf-8"))


def puzzles_dir() -> Path:
    """Where the shipped puzzles are: beside the tile sets (``game.system.paths``)."""
    return tilesets_dir() / "puzzles"


def puzzle_files(folder: Path | None = None) -> list[Path]:
    """The puzzle files of ``folder`` (the shipped ones by default), one per game."""
    return sorted((folder or puzzles_dir()).glob("*.json"))


def tile_and_figure(actions: Sequence[Action]) -> bool:
    """A plan that is a placement and its figure step, the question a puzzle asks (not an
    answer to a rule's question, after which something may be drawn)."""
    return (len(actions) == 2 and isinstance(actions[0], Place)
            and isinstance(actions[1], Deploy | Skip | Move))


def judged(position: Game, plans: Sequence[Sequence[Action]], futures: int,
           stop: Callable[[], bool] | None = None, *, candidates: bool = False) -> Judgement:
    """``plans`` judged on ``futures`` futures, alone or with the judge's ``candidates``:
    the very futures the review sampled for this position."""
    return judge(position, plans, decision_rng(position.seed, len(position.moves)), 0.0, stop,
                 futures, futures, candidates=candidates)


def still_best(position: Game, puzzle: Puzzle, futures: int = TEST_FUTURES,
               nearest: int | None = None) -> list[tuple[Rival, float]]:
    """The rivals (the ``nearest`` ones, all by default) that the best plan is not ahead of
    on ``futures`` futures, each with the lead found (empty when the answer is still the
    best)."""
    rivals = puzzle.rivals[:nearest]
    plans = [puzzle.best_actions(), *([parse_action(a) for a in r.actions] for r in rivals)]
    found = judged(position, plans, futures)
    out = []
    for i, rival in enumerate(rivals, start=1):
        lead, _error = found.lead(0, i)
        if not lead > 0.0:
            out.append((rival, lead))
    return out


def judge_answer(position: Game, puzzle: Puzzle, played: Sequence[Action],
                 stop: Callable[[], bool] | None = None) -> Decision | None:
    """The answer ``played`` judged against the puzzle's best plan as the review judges a
    decision, on the check's futures: its ``lost`` is 0 when it is the best plan (or as
    good), and its ``parts`` say where the points went (what ``game.review.words`` tells
    the better move with).  None when ``stop`` came first."""
    best = puzzle.best_actions()
    move, player = len(position.moves), position.current
    if tuple(str(a) for a in played) == puzzle.best:
        return Decision(move, puzzle.turn, player, puzzle.best, puzzle.best, 0.0, 0.0,
                        puzzle.checked, {})
    found = judged(position, [best, played], puzzle.checked, stop)
    if found.futures < puzzle.checked:
        return None
    lead, error = found.lead(0, 1)
    said = tuple(str(a) for a in played)
    margin = Z95 * error if math.isfinite(error) else 0.0
    if lead < SOLVED_POINTS:
        return Decision(move, puzzle.turn, player, said, said, 0.0, round(margin, 2),
                        puzzle.checked, {})
    parts = {c: round(v, 2) for c, v in found.lead_parts(0, 1).items()}
    return Decision(move, puzzle.turn, player, said, puzzle.best, round(lead, 2),
                    round(margin, 2), puzzle.checked, parts)


def solved(answer: Decision) -> bool:
    """The answer was the best move (or one as good)."""
    return answer.lost < SOLVED_POINTS


__all__ = ["CHECK_FUTURES", "FORMAT", "MADE_FUTURES", "MIN_LEAD", "MIN_Z", "TEST_FUTURES",
           "TEST_RIVALS",
           "Puzzle", "PuzzleError", "PuzzleSet", "Rival", "judge_answer", "judged",
           "load_set", "puzzle_files", "puzzles_dir", "solved", "still_best",
           "tile_and_figure"]
