"""What each answer to a rule module's question does now, for the current player: the points
it scores at once, what it adds to points held for later (a flock), and the risk that one of
the player's figures goes home without scoring (a wolf).  Measured by playing the answer on
private copies of the game in which the unseen tiles are shuffled and the random source
reseeded, so the real draws are never looked at.  Standard library only.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from game.ai.worlds import determinize
from game.rules import Action, Game
from game.rules.modules import Holding
from game.words.i18n import _, decimal
from game.words.vocabulary import figure_word

SAMPLES = 96  # copies an answer is played on: the shares shown are within a few percent


@dataclass(frozen=True)
class Outcome:
    points: float  # the player's points scored at once, on average
    exact: bool  # the same in every copy (no draw decides it)
    others: tuple[tuple[int, float], ...]  # (player, points) other players score at once
    held: float  # change of the points the player's figures hold for later, on average
    risk: float  # share of copies in which a figure of the player went home unscored
    figure: str  # the kind of that figure


def outcome(game: Game, action: Action, samples: int = SAMPLES, seed: int = 0) -> Outcome:
    rng = random.Random(seed)
    me = game.current
    mine_before = Counter(f.kind for f in game.figures.values() if f.player == me)
    held_before = game.held_points(me)
    totals: list[int] = []
    others: Counter[int] = Counter()
    held = 0.0
    lost: Counter[str] = Counter()
    for _sample in range(samples):
        world = determinize(game, rng)
        events = world.apply(action)
        points = sum(e.points for e in events if e.player == me and not e.final)
        totals.append(points)
        for e in events:
            if e.player != me and not e.final:
                others[e.player] += e.points
        held += world.held_points(me) - held_before
        mine_after = Counter(f.kind for f in world.figures.values() if f.player == me)
        gone = mine_before - mine_after
        if gone and points == 0:
            lost.update(gone)
    kind = lost.most_common(1)[0][0] if lost else ""
    risk = sum(lost.values()) / samples if lost else 0.0
    held /= samples
    asked = asked_holding(game, me)
    if asked is not None and len(set(totals)) == 1 and totals[0] == 0:
        # The answer that scores nothing at once grows the holding asked about.  Its module
        # knows the odds exactly (the bag's tokens): a player counting the bag sees the same
        # figures, not the copies' sampling noise.
        risk = asked.lost
        held = sum(points * chance for points, chance in asked.growth) - asked.lost * asked.points
        kind = kind or asked.figure  # no copy may have happened to lose it
    return Outcome(sum(totals) / samples, len(set(totals)) == 1,
                   tuple((p, n / samples) for p, n in sorted(others.items())),
                   held, risk, kind)


def asked_holding(game: Game, player: int) -> Holding | None:
    """The player's holding that a rule module asks about now (cash in or grow), if any."""
    for module in game.modules:
        holding = module.holding(game.host, player)
        if holding is not None and holding.now:
            return holding
    return None


def describe(game: Game, result: Outcome) -> str:
    """The outcome in one line: "+8 now · Blue +8", "about +2.4 held for later · 12% risk
    your shepherd goes home"."""
    parts = []
    if result.points:
        parts.append(_("+{points} now").format(points=round(result.points)) if result.exact
                     else _("about +{points} now").format(points=decimal(result.points)))
    for player, points in result.others:
        if points:
            parts.append(_("{player} +{points}").format(player=game.players[player],
                                                         points=round(points)))
    if result.held >= 0.05:  # what scoring now takes from it is already in the points
        parts.append(_("about +{change} held for later").format(change=decimal(result.held)))
    if result.risk:
        parts.append(_("{percent}% risk your {figure} goes home").format(
            percent=round(100 * result.risk),
            figure=figure_word(game.tileset, result.figure)))
    return " · ".join(parts) if parts else _("nothing scored now")
