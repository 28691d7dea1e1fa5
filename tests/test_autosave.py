"""The autosave only ever holds one game played on: before another game takes its place, the
game it held is kept as a save of its own (finished or unfinished), unless a save holds it as
it is already; a game played on replaces its own autosave without a copy."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai.random_policy import random_action
from game.rules import Game
from game.rules.registry import Registry
from game.store.storage import AUTOSAVE, SavedGame, Storage


def played(registry: Registry, seed: int, actions: int | None) -> Game:
    """A game of random moves: ``actions`` of them, or to its end."""
    game = Game(registry.ruleset("carcassonne"), ["Ana", "Bo"], seed=seed)
    rng = random.Random(seed)
    while not game.over and (actions is None or len(game.moves) < actions):
        game.apply(random_action(game, rng))
    return game


def saved(game: Game) -> SavedGame:
    return SavedGame.of(game, "carcassonne", [], ["red", "blue"], ["human", "human"])


def others(store: Storage) -> dict[str, SavedGame]:
    """Every save but the autosave, by file name."""
    return {p.name: store.load(p) for p in sorted(store.saves_dir.glob("*.json"))
            if p.name != AUTOSAVE}


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path)


def test_a_game_played_on_replaces_its_own_autosave(store: Storage,
                                                    registry: Registry) -> None:
    game = played(registry, 1, 6)
    store.autosave(saved(game), registry)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
        store.autosave(saved(game), registry)
    assert others(store) == {}
    assert store.load(store.autosave_path()).moves == [str(m) for m in game.moves]


@pytest.mark.parametrize(("actions", "prefix"), [(10, "unfinished-"), (None, "finished-")])
def test_another_game_keeps_the_one_the_autosave_held(store: Storage, registry: Registry,
                                                      actions: int | None,
                                                      prefix: str) -> None:
    first = saved(played(registry, 2, actions))
    store.autosave(first, registry)
    second = saved(played(registry, 3, 2))
    store.autosave(second, registry)
    ((name, kept),) = others(store).items()
    assert name.startswith(prefix) and kept.moves == first.moves and kept.seed == 2
    assert kept.over is (actions is None)
    kept.restore(registry, store.saves_dir / name)  # loadable
    assert store.load(store.autosave_path()).moves == second.moves


def test_a_later_start_keeps_the_autosave_of_an_earlier_one(tmp_path: Path,
                                                            registry: Registry) -> None:
    """The window that wrote the autosave is gone: the game is read from the file."""
    Storage(tmp_path).autosave(saved(played(registry, 4, 8)), registry)
    later = Storage(tmp_path)
    later.autosave(saved(played(registry, 5, 2)), registry)
    assert [s.seed for s in others(later).values()] == [4]


def test_an_older_turn_of_the_same_game_keeps_the_later_one(store: Storage,
                                                             registry: Registry) -> None:
    """Going back to a save of turn 15 while the autosave is at turn 17: both stay."""
    game = played(registry, 6, 30)
    early = saved(game)
    store.save(early, "turn 15.json")
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    store.autosave(saved(game), registry)
    store.autosave(early, registry)  # the save of turn 15, opened again
    names = sorted(others(store))
    assert names[0] == "turn 15.json" and names[1].startswith("unfinished-")
    assert len(others(store)[names[1]].moves) == 34


def test_a_game_a_save_holds_as_it_is_is_not_copied(store: Storage,
                                                    registry: Registry) -> None:
    first = saved(played(registry, 7, 12))
    store.save(first, "mine.json")
    store.autosave(first, registry)
    store.autosave(saved(played(registry, 8, 2)), registry)
    assert list(others(store)) == ["mine.json"]


def test_a_game_is_kept_once(store: Storage, registry: Registry) -> None:
    """Back and forth between two saved games: no copy of either piles up."""
    one, two = saved(played(registry, 9, 6)), saved(played(registry, 10, 6))
    store.save(one, "one.json")
    store.save(two, "two.json")
    for game in (one, two, one, two):
        store.autosave(game, registry)
    assert list(others(store)) == ["one.json", "two.json"]
