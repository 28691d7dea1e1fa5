"""The Hint: the plan the review's judge finds best for the rest of the current player's turn,
and why, in one line.  It is found exactly as the review judges a decision (``game.ai.judge``:
the strong player's candidate plans compared over the same sampled futures, from the same
random source the review uses for that move), so a player who follows the Hint is not told
afterwards that it was a mistake, beyond the futures' noise.  It never plays: every look
ahead is made on a private copy of the game in which the unseen tiles are shuffled and the
random source reseeded, so a hint reveals nothing the player could not know.  Standard
library only.

    hint = advise(game, stop=cancelled)   # about THINK_SECONDS; None when stopped first
    print(hint.why)                       # "completes your city: +8"
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.judge import MAX_FUTURES, MIN_FUTURES, decision_rng, judge
from game.ai.worlds import determinize
from game.rules import Action, Choose, Deploy, Game, Move, Place, ScoreEvent
from game.view import hint_award
from game.words.i18n import _, ngettext
from game.words.vocabulary import figure_word, kind_word

# Seconds the Hint thinks: about what the review takes to judge a decision on its
# ``DEFAULT_FUTURES`` futures, so the Hint weighs the plans on about as many futures as the
# review later does (the futures it samples first are the review's own).
THINK_SECONDS = 1.0


@dataclass(frozen=True)
class Hint:
    place: Place | None  # where the tile would go (None once the tile is down)
    answer: Choose | None  # the answer to the rules' question, if one is asked
    figure: Deploy | Move | None  # the figure placed or moved (None: none this turn)
    why: str  # one line

    def actions(self) -> list[Action]:
        """The hinted actions, in the order they would be played."""
        return [a for a in (self.place, self.answer, self.figure) if a is not None]


def best_plan(game: Game, budget: float = THINK_SECONDS,
              stop: Callable[[], bool] | None = None,
              futures: tuple[int, int] = (MIN_FUTURES, MAX_FUTURES)) -> tuple[Action, ...] | None:
    """The plan for the rest of the current player's turn that the review's judge finds
    best: the same candidates, judged on the futures the review samples for this move, for
    ``budget`` seconds (``futures``: at least, at most).  None when the game is over or
    ``stop`` came before any future.  The game is not changed."""
    if game.over:
        return None
    judged = judge(game, [], decision_rng(game.seed, len(game.moves)), budget, stop,
                   *futures)
    if judged.futures == 0:
        return None
    return judged.plans[judged.best()].actions


def advise(game: Game, budget: float = THINK_SECONDS, stop: Callable[[], bool] | None = None,
           futures: tuple[int, int] = (MIN_FUTURES, MAX_FUTURES)) -> Hint | None:
    """The Hint: the judge's best plan (``best_plan``) with its line; None when the game is
    over or ``stop`` came first."""
    actions = best_plan(game, budget, stop, futures)
    return None if actions is None else hint_for(game, actions, seed=len(game.moves))


def hint_for(game: Game, actions: Sequence[Action], seed: int = 0) -> Hint:
    """A plan for the rest of the turn as a Hint: where the tile goes, the answer, the figure,
    and why in one line (played on a private copy in which the unseen tiles are shuffled)."""
    return _played(game, actions, seed).hint(game)


def reason(game: Game, actions: Sequence[Action], seed: int = 0,
           made: Sequence[Action] = ()) -> str:
    """The Hint's one line for playing ``actions`` now: what a plan the review found better
    does.  Given the move ``made`` instead, only what that move did not do too: a city both
    complete is no reason to prefer the better one (all of it when nothing is left)."""
    parts = _played(game, actions, seed).parts(game)
    if made:
        done = set(_played(game, made, seed).parts(game))
        parts = [p for p in parts if p not in done] or parts
    return _joined(parts)


def better_parts(game: Game, actions: Sequence[Action], made: Sequence[Action],
                 seed: int = 0) -> list[str]:
    """What playing ``actions`` now does that the move ``made`` did not, in the Hint's words,
    most telling first.  Never that no figure is left to place: that is no reason to play
    one move rather than another.  Empty when the Hint names nothing more (the better move
    is better by what it sets up for later)."""
    parts = _played(game, actions, seed).parts(game, idle=False)
    done = set(_played(game, made, seed).parts(game, idle=False))
    return [p for p in parts if p not in done]


def _played(game: Game, actions: Sequence[Action], seed: int) -> _Turn:
    """``actions`` played on a private copy in which the unseen tiles are shuffled."""
    world = determinize(game, random.Random(seed))
    turn = _Turn(world, actions[0])
    for action in actions:
        if world.over or not world.is_legal(action):
            break
        turn.play(action)
    return turn


class _Turn:
    """A turn's actions played on a private copy, with what the hint's line needs."""

    def __init__(self, world: Game, first: Action) -> None:
        self.world = world
        self.me = world.current
        self.played: list[Action] = []
        self.events: list[ScoreEvent] = []
        self.worth = 0  # what the figure adds to the player's score if the game ended now
        self.placed_at = first.cell if isinstance(first, Place) else world.last_cell

    def play(self, action: Action) -> None:
        world, me = self.world, self.me
        before = world.final_scores_preview()[me] if isinstance(action, Deploy) else 0
        self.played.append(action)
        self.events += world.apply(action)
        if isinstance(action, Deploy):
            self.worth = world.final_scores_preview()[me] - before

    def hint(self, game: Game) -> Hint:
        played = self.played
        place = next((a for a in played if isinstance(a, Place)), None)
        answer = next((a for a in played if isinstance(a, Choose)), None)
        figure = next((a for a in played if isinstance(a, (Deploy, Move))), None)
        return Hint(place, answer, figure, _joined(self.parts(game)))

    def parts(self, game: Game, idle: bool = True) -> list[str]:
        """What the turn played does, each part a phrase of the line (``idle``: with "no
        figure left to place" when there is nothing else to say)."""
        place = next((a for a in self.played if isinstance(a, Place)), None)
        figure = next((a for a in self.played if isinstance(a, (Deploy, Move))), None)
        return explained(game, self.world, self.me, place, figure, self.events,
                         self.placed_at, self.worth, idle)


def explain(game: Game, after: Game, me: int, place: Place | None,
            figure: Deploy | Move | None, events: list[ScoreEvent],
            cell: tuple[int, int] | None, worth: int) -> str:
    """Why, in one line: the points it scores now, else what it builds or keeps."""
    return _joined(explained(game, after, me, place, figure, events, cell, worth))


def _joined(parts: list[str]) -> str:
    """The line: its first two parts."""
    return _("; ").join(parts[:2]) if parts else _("the tile fits best here")


def explained(game: Game, after: Game, me: int, place: Place | None,
              figure: Deploy | Move | None, events: list[ScoreEvent],
              cell: tuple[int, int] | None, worth: int, idle: bool = True) -> list[str]:
    """The parts of the line, most telling first (``idle``: with "no figure left to place"
    when there is nothing else to say)."""
    parts = _points(after, me, events)
    if not parts and place is not None:
        parts += _extended(after, me, place)
    if isinstance(figure, Deploy) and cell is not None:
        view = after.feature_at(cell, figure.target)
        if not view.complete:  # a completed one scored above, and its figure came back
            what = {"figure": figure_word(after.tileset, figure.figure),
                    "feature": kind_word(after.tileset, view.kind), "points": worth}
            parts.append(_("{figure} here ({feature}): +{points} if the game ended now")
                         .format(**what) if worth > 0
                         else _("{figure} here ({feature})").format(**what))
    elif figure is None and not parts:
        kept = [(k, n) for k, n in game.supply[me].items() if n > 0]
        if kept:  # "keep your shepherd" when one is left, "keep your followers" when more
            kind, n = kept[0]
            parts.append(ngettext("no figure this turn: keep your {figures}",
                                  "no figure this turn: keep your {figures}", n).format(
                figures=figure_word(game.tileset, kind, n)))
        elif idle:
            parts.append(_("no figure left to place"))
    return parts


def _points(after: Game, me: int, events: list[ScoreEvent]) -> list[str]:
    by_category: dict[str, int] = defaultdict(int)
    for e in events:
        if e.player == me and not e.final and e.points:
            by_category[e.category] += e.points
    parts = []
    for category, points in sorted(by_category.items(), key=lambda kv: -kv[1]):
        if category in after.tileset.kinds:
            parts.append(_("completes your {feature}: +{points}").format(
                feature=kind_word(after.tileset, category), points=points))
        else:  # what a rule module scores besides feature kinds, as its view names it
            parts.append(_("{what}: +{points}").format(what=hint_award(after, category),
                                                       points=points))
    return parts


def _extended(after: Game, me: int, place: Place) -> list[str]:
    """The features of the player's that the placed tile makes larger (and leaves open)."""
    tile = after.tile_types[place.tile]
    seen: set[int] = set()
    parts = []
    for f in tile.features:
        view = after.feature_at(place.cell, f.index)
        if view.id in seen or view.complete or view.tiles < 2:
            continue
        seen.add(view.id)
        if any(fig.player == me and fig.cell != place.cell for fig in view.figures):
            parts.append(ngettext("extends your {feature} to {tiles} tile",
                                  "extends your {feature} to {tiles} tiles", view.tiles)
                         .format(feature=kind_word(after.tileset, view.kind), tiles=view.tiles))
    return parts
