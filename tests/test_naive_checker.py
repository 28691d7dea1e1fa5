"""Cross-check the engine against the naive referee over many seeded random games of every
game: the base game, Hills & Sheep, Hunters & Gatherers, Over Hill and Dale.

After every action the two must agree on the feature partition and completeness, the scores,
the supplies, where the figures stand, the tokens players hold and whose turn it is; in the
place phase on the legal placements, in the figure phase on where a figure may go and where a
figure may move, and on whether the rules ask a question.  At the end they must agree on the
final scores.  What chance decides (a sheep token, a bonus tile) the cross-check draws from
the referee's own bag or pile and fixes in the engine with ``Game.force``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.rules import Choose, Deploy, Game, Move, Phase, Place, Skip, default_registry
from tests.naive_checker import Feature, Follower, NaiveCarcassonne, NaiveGame
from tests.naive_expansions import NaiveHillDale, NaiveHillsSheep, NaiveHunters

TILESETS = Path(__file__).resolve().parents[1] / "tilesets"
REGISTRY = default_registry()
GAMES = 100


@dataclass(frozen=True)
class Setup:
    game: str
    expansions: tuple[str, ...]
    files: tuple[str, ...]
    referee: Callable[..., NaiveGame]


SETUPS = {
    "carcassonne": Setup("carcassonne", (), ("carcassonne",), NaiveCarcassonne),
    "hills-and-sheep": Setup("carcassonne", ("hills-and-sheep",),
                             ("carcassonne", "hills-and-sheep"), NaiveHillsSheep),
    "hunters-and-gatherers": Setup("hunters-and-gatherers", (), ("hunters-and-gatherers",),
                                   NaiveHunters),
    "over-hill-and-dale": Setup("over-hill-and-dale", (), ("over-hill-and-dale",),
                                NaiveHillDale),
}


def _diff(what: str, engine: object, naive: object) -> str | None:
    return None if engine == naive else f"{what}: engine {engine!r} != naive {naive!r}"


def _feature_diff(game: Game, checker: NaiveGame) -> str | None:
    engine = {(f.kind, f.parts, f.complete) for f in game.all_features()}
    naive = checker.feature_keys()
    if engine == naive:
        return None
    only_engine = sorted(engine - naive, key=repr)[:3]
    only_naive = sorted(naive - engine, key=repr)[:3]
    return f"features: only in engine {only_engine}; only in naive {only_naive}"


def _figures(game: Game) -> set[tuple[int, str, tuple[int, int], int]]:
    """Figures standing on features (a figure going home at the end of the turn no longer
    stands on one)."""
    feats = game.features
    return {(f.player, f.kind, f.cell, f.index) for root in feats.roots()
            for f in feats.figures[root]}


def _phase_diff(game: Game, checker: NaiveGame) -> str | None:
    """What the current player may do next, seen by both."""
    if game.over:
        return None
    player = game.current
    asking = getattr(checker, "asking", False)
    if (game.phase is Phase.CHOOSE) != asking:
        return f"a question: engine {game.phase}, naive asks {asking}"
    if game.phase is Phase.FIGURE:
        offered = [(d.figure, checker.resolve(d.target)) for d in game.deploy_options()]
        if len(offered) != len(set(offered)):
            return f"figure options: the engine offers one twice: {offered}"
        moves = {a.cell for a in game.legal_actions() if isinstance(a, Move)}
        naive_moves = set(checker.hikes(player)) if isinstance(checker, NaiveHillDale) else set()
        return (_diff("figure options", set(offered), checker.figure_options(player))
                or _diff("moves", moves, naive_moves))
    if game.phase is Phase.PLACE:
        tile = game.current_tile
        assert tile is not None
        engine = {(p.tile, p.x, p.y, p.rotation) for p in game.legal_actions()
                  if isinstance(p, Place)}
        return _diff(f"placements of {tile}", engine, checker.legal_placements(tile))
    return None


def compare(game: Game, checker: NaiveGame, features: bool = True) -> str | None:
    """The first disagreement between engine and checker, or None.  Features change only
    when a tile lands: ``features`` says whether to compare them."""
    return next((p for p in _problems(game, checker, features) if p is not None), None)


def _problems(game: Game, checker: NaiveGame, features: bool) -> Iterator[str | None]:
    # A generator so the costlier checks only run once the cheap ones agree.
    if features or game.over:
        yield _feature_diff(game, checker)
    yield _diff("scores", game.scores, checker.scores)
    yield _diff("supplies", game.supply, checker.supplies)
    yield _diff("figures", _figures(game),
                {(f.player, f.kind, f.cell, f.index) for f in checker.followers})
    if hasattr(checker, "tokens"):
        yield _diff("tokens", [game.tokens(p) for p in range(len(game.players))],
                    [checker.tokens(p) for p in range(len(game.players))])
    yield _diff("unused forced outcomes", game.unused_forced(), {})
    yield _phase_diff(game, checker)


class Mirror:
    """Plays on the referee what the engine played, and draws what chance decides."""

    def __init__(self, game: Game, checker: NaiveGame, draws: random.Random) -> None:
        self.game, self.checker, self.seed_line = game, checker, draws
        self.token: str | None = None
        self.bonus: str | None = None  # the bonus tile the referee expects to be placed

    def before(self, action: object) -> None:
        """Fix in the engine what chance decides in this action."""
        ref, game = self.checker, self.game
        self.token = None
        if isinstance(ref, NaiveHillsSheep) and (
                (isinstance(action, Deploy) and action.figure == "shepherd")
                or action == Choose("grow")):
            self.token = self.seed_line.choice(ref.bag)
            game.force("draws", self.token)
        if isinstance(ref, NaiveHunters) and isinstance(action, Deploy | Skip | Move) \
                and ref.bonus_due():
            self.bonus = self.seed_line.choice(ref.pile)
            game.force("bonus", self.bonus)

    def after(self, action: object, player: int) -> str | None:
        """Play the action on the referee; a disagreement on whose turn it is, or None."""
        ref = self.checker
        if isinstance(action, Place):
            if isinstance(ref, NaiveHunters):
                ref.in_extra = action.tile == self.bonus
            if isinstance(ref, NaiveHillDale):
                ref.current = player
            ref.place(action.tile, action.x, action.y, action.rotation)
            if isinstance(ref, NaiveHillsSheep | NaiveHunters):
                ref.after_place(player)
            return None
        if isinstance(action, Choose):
            assert isinstance(ref, NaiveHillsSheep)
            ref.choose(player, action.choice, self.token)
            return None
        if isinstance(action, Deploy):
            if isinstance(ref, NaiveHillsSheep):
                ref.deploy(player, action.target, action.figure, self.token)
            else:
                ref.deploy(player, action.target, action.figure)
        elif isinstance(action, Move):
            assert isinstance(ref, NaiveHillDale)
            ref.move(player, action.cell)
        ref.end_turn()
        return self._after_turn(player)

    def _after_turn(self, player: int) -> str | None:
        ref, game = self.checker, self.game
        extra = False
        if isinstance(ref, NaiveHunters):
            bonus, self.bonus = self.bonus, None
            if ref.gold and not ref.in_extra and bonus is not None:
                ref.pile.remove(bonus)
                extra = bool(ref.legal_placements(bonus))
                self.bonus = bonus if extra else None
            if not extra:
                ref.finish_turn()
        if game.over:
            ref.final()
            return None
        if extra != (game.in_extra and game.current == player):
            return f"a bonus placement: engine {game.in_extra}, naive {extra}"
        return None


def play_and_compare(name: str, seed: int,
                     referee: Callable[..., NaiveGame] | None = None) -> str | None:
    """Play one random 2-player game; the first disagreement found, or None."""
    setup = SETUPS[name]
    options = {"returns": ("at-once", "end-of-turn")[seed % 2]} \
        if name == "hunters-and-gatherers" else {}
    game = Game(REGISTRY.ruleset(setup.game, setup.expansions), ["A", "B"], seed=seed,
                options=options)
    files = [TILESETS / f"{f}.yaml" for f in setup.files]
    make = referee or setup.referee
    checker = make(files, 2, **options)
    checker.place_start()
    if (problem := compare(game, checker)) is not None:
        return f"{name} seed {seed}, at the start: {problem}"
    rng, mirror = random.Random(seed), Mirror(game, checker, random.Random(seed + 1))
    move = 0
    while not game.over:
        action = rng.choice(game.legal_actions())
        player = game.current
        mirror.before(action)
        game.apply(action)
        move += 1
        problem = mirror.after(action, player) or compare(game, checker,
                                                          isinstance(action, Place))
        if problem is not None:
            return f"{name} seed {seed}, move {move} ({action}, player {player}): {problem}"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SETUPS))
@pytest.mark.parametrize("seed", range(GAMES))
def test_engine_agrees_with_naive_checker(name: str, seed: int) -> None:
    problem = play_and_compare(name, seed)
    assert problem is None, problem


class ThreePointCities(NaiveCarcassonne):
    """A deliberately wrong referee: completed cities pay 3 per tile."""

    def completed_points(self, feature: Feature) -> int:
        if feature.kind == "city":
            return 3 * feature.tiles + 2 * feature.shields
        return super().completed_points(feature)


class NoTieBreakOnHills(NaiveHillsSheep):
    """A deliberately wrong referee: hills break no tie."""

    def winners(self, followers: list[Follower]) -> list[int]:
        return NaiveCarcassonne.winners(self, followers)


def test_cross_check_catches_a_wrong_city_score() -> None:
    """The comparison is not vacuous: a wrong rule is caught within a few games."""
    problems = [play_and_compare("carcassonne", seed, ThreePointCities) for seed in range(5)]
    caught = [p for p in problems if p is not None]
    assert caught, "a referee paying 3 per city tile agreed with the engine on 5 games"
    assert all("scores" in p for p in caught)


@pytest.mark.slow
def test_cross_check_catches_a_missing_expansion_rule() -> None:
    problems = [play_and_compare("hills-and-sheep", seed, NoTieBreakOnHills)
                for seed in range(12)]
    assert any(p is not None and "scores" in p for p in problems), \
        "a referee without the hills tie-break agreed with the engine on 12 games"
