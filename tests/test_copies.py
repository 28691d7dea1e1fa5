"""A copy of a game shares nothing mutable with its original, in every game: scores,
supplies, features, the board, module state and the random source are its own.  What both
share is the tile set and its engine lookups, which no game changes."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from types import FunctionType, MappingProxyType, ModuleType
from typing import Any

import pytest

from game.ai.random_policy import random_action
from game.rules import Game, Phase, TileSet
from game.rules.registry import Registry

GAMES = {
    "carcassonne": ("carcassonne", ()),
    "hills-and-sheep": ("carcassonne", ("hills-and-sheep",)),
    "hunters-and-gatherers": ("hunters-and-gatherers", ()),
    "over-hill-and-dale": ("over-hill-and-dale", ()),
}
ATOMS = (str, bytes, int, float, complex, bool, type(None), type, FunctionType, ModuleType)


def _children(obj: Any) -> Iterator[Any]:
    if isinstance(obj, dict | MappingProxyType):
        yield from obj.keys()
        yield from obj.values()
    elif isinstance(obj, list | tuple | set | frozenset):
        yield from obj
    if hasattr(obj, "__dict__") and not isinstance(obj, type):
        yield from vars(obj).values()
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                yield getattr(obj, name)


def reachable(root: Any, stop: set[int] | None = None) -> dict[int, Any]:
    """Every object reachable from ``root`` (ids in ``stop`` and below them are not
    entered), by id."""
    seen: dict[int, Any] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if isinstance(obj, ATOMS) or id(obj) in seen or (stop and id(obj) in stop):
            continue
        seen[id(obj)] = obj
        todo.extend(_children(obj))
    return seen


def is_mutable(obj: Any) -> bool:
    if isinstance(obj, list | dict | set | bytearray | random.Random):
        return True
    if isinstance(obj, tuple | frozenset | MappingProxyType):
        return False
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return not vars(type(obj))["__dataclass_params__"].frozen
    slots = [n for cls in type(obj).__mro__ for n in getattr(cls, "__slots__", ())]
    return hasattr(obj, "__dict__") or bool(slots)


def shared_mutables(game: Game, other: Game, static: set[int] | None = None) -> list[Any]:
    """Mutable objects both games reach, the tile set and its tables (``static``) aside."""
    if static is None:
        static = set(reachable((game.tileset, game.lookups)))
    mine = reachable(game, static)
    theirs = reachable(other, static)
    return [obj for key, obj in mine.items() if key in theirs and is_mutable(obj)]


def fingerprint(game: Game) -> str:
    """Everything a game holds that play can change, as text."""
    feats = game.features
    modules = [sorted(vars(m).items()) if hasattr(m, "__dict__") else () for m in game.modules]
    return repr((game.scores, game.supply, sorted(game.figures.items()), game.events, game.moves,
                 game.hands, game.deck, game.set_aside, game.current, game.phase, game.notices,
                 game.choices, sorted(game.board.tiles), sorted(game.board.demands.items()),
                 feats.parent, feats.open, feats.figures, feats.done, feats.ring,
                 [dict(i) for i in feats.icons], modules))


def positions(tileset: TileSet, seed: int) -> Iterator[Game]:
    """Positions along a random game: every phase, before and after module draws."""
    game = Game(tileset, ["Red", "Blue", "Green"], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        if len(game.moves) % 9 == 0 or game.phase is Phase.CHOOSE:
            yield game
        game.apply(random_action(game, rng))
    yield game


@pytest.mark.parametrize("name", list(GAMES))
def test_a_copy_shares_nothing_mutable(registry: Registry, name: str) -> None:
    game_id, expansions = GAMES[name]
    tileset = registry.ruleset(game_id, expansions)
    checked = 0
    static: set[int] | None = None
    for seed in range(2):
        for game in positions(tileset, seed):
            twin = game.copy()
            if static is None:
                static = set(reachable((game.tileset, game.lookups)))
            shared = shared_mutables(game, twin, static)
            assert not shared, f"{name}, move {len(game.moves)}: shared {shared[:3]}"
            checked += 1
    assert checked > 12


@pytest.mark.parametrize("name", list(GAMES))
def test_playing_a_copy_leaves_the_original_alone(registry: Registry, name: str) -> None:
    game_id, expansions = GAMES[name]
    tileset = registry.ruleset(game_id, expansions)
    for game in positions(tileset, 5):
        before = fingerprint(game)
        twin = game.copy()
        rng = random.Random(1)
        while not twin.over:
            twin.apply(random_action(twin, rng))
        assert fingerprint(game) == before, f"{name}, move {len(game.moves)}"


def test_a_copy_draws_what_its_original_would(registry: Registry) -> None:
    """The random source is copied, not shared: both draw the same next outcomes, and a
    draw in one leaves the other's unchanged."""
    game = Game(registry.ruleset("carcassonne", ["hills-and-sheep"]), ["Red", "Blue"], seed=3)
    bag = [str(i) for i in range(50)]
    game.draw("test", bag)  # the original's own generator is live now
    twin = game.copy()
    ahead = [twin.draw("test", bag) for _ in range(5)]
    assert [game.draw("test", bag) for _ in range(5)] == ahead
    again = game.copy()
    again.reseed(99)
    assert [again.draw("test", bag) for _ in range(5)] != [game.draw("test", bag)
                                                          for _ in range(5)]


def test_the_walk_finds_a_shared_list(registry: Registry) -> None:
    """The structural check is not vacuous: a list left shared is found."""
    game = Game(registry.ruleset("carcassonne"), ["Red", "Blue"], seed=1)
    twin = game.copy()
    twin.deck = game.deck
    assert any(obj is game.deck for obj in shared_mutables(game, twin))
