"""The extension points rule modules use: questions, forced draws, moves, extra placements,
deferred returns, tokens.  Exercised through a small module made for the test."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from game.ai.random_policy import random_action
from game.rules import Choose, Deploy, Game, Host, IllegalAction, Move, Phase, Place, Skip, TileSet
from game.rules.actions import Action
from game.rules.board import PlacedTile
from game.rules.features import Figure
from game.rules.modules import HOOKS, MODULES, RuleModule


class Probe(RuleModule):
    name = "probe"

    def __init__(self, host: Host) -> None:
        self.answers: list[str] = []
        self.drawn: list[str] = []

    def clone(self) -> Probe:
        out = Probe.__new__(Probe)
        out.answers, out.drawn = list(self.answers), list(self.drawn)
        return out

    def after_place(self, host: Host, placed: PlacedTile) -> None:
        if placed.tile.id == "U":
            host.request_choice(self, "pick", ["left", "right"], "Which way?")

    def on_choice(self, host: Host, key: str, choice: str) -> None:
        self.answers.append(f"{key}={choice}")

    def extra_actions(self, host: Host) -> list[Action]:
        cell = host.last_cell
        return [Move(9, 9)] if cell is not None and host.board.tiles[cell].tile.id == "V" \
            else []

    def apply_extra(self, host: Host, action: Action) -> bool:
        if isinstance(action, Move):
            host.award(host.current, 5, "hike", [action.cell])
            return True
        return False

    def on_deploy(self, host: Host, figure: Figure, placed: PlacedTile) -> None:
        self.drawn.append(host.draw("draws", ["1", "2", "wolf"]))

    def after_scoring(self, host: Host, placed: PlacedTile) -> None:
        if placed.tile.id == "E":
            host.grant_extra_placement("B")

    def tokens(self, host: Host, player: int) -> dict[str, int]:
        return {"wolf": self.drawn.count("wolf")} if player == 0 and self.drawn else {}


@pytest.fixture
def probe_set(base: TileSet) -> Iterator[TileSet]:
    MODULES["probe"] = Probe
    yield dataclasses.replace(base, rules=(*base.rules, "probe"))
    del MODULES["probe"]


def probe(game: Game) -> Probe:
    module = game.module("probe")
    assert isinstance(module, Probe)
    return module


def test_a_question_comes_before_the_figure(probe_set: TileSet) -> None:
    game = Game(probe_set, ["Red", "Blue"])
    game.force("tile", "U")
    game.apply(Place("U", 1, 0, 0))
    assert (game.phase, game.legal_actions()) == (Phase.CHOOSE, [Choose("left"), Choose("right")])
    with pytest.raises(IllegalAction, match="Which way"):
        game.apply(Skip())
    game.apply(Choose("right"))
    assert (game.phase, probe(game).answers) == (Phase.FIGURE, ["pick=right"])
    game.undo()  # takes the answer back
    assert game.phase is Phase.CHOOSE and probe(game).answers == []


def test_forced_draws_are_used_and_replayed(probe_set: TileSet) -> None:
    game = Game(probe_set, ["Red", "Blue"])
    game.force("tile", "D")
    game.force("draws", "wolf")
    game.apply(Place("D", 1, 0, 180))
    assert game.can_undo
    game.apply(Deploy("follower", "S"))
    assert probe(game).drawn == ["wolf"]
    again = Game.replay(probe_set, game.players, game.seed, {}, game.moves, game.forced)
    assert probe(again).drawn == ["wolf"]
    game.force("tile", "D")
    game.force("draws", "7")
    game.apply(Place("D", -1, 0, 180))
    with pytest.raises(IllegalAction, match="cannot be drawn"):
        game.apply(Deploy("follower", "S"))


def test_a_move_instead_of_a_figure(probe_set: TileSet) -> None:
    game = Game(probe_set, ["Red", "Blue"])
    game.force("tile", "V")
    game.apply(Place("V", 1, 0, 90))
    assert Move(9, 9) in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(Move(8, 8))
    game.apply(Move(9, 9))
    assert game.scores == [5, 0] and game.current == 1


def test_an_extra_placement_in_the_same_turn(probe_set: TileSet) -> None:
    game = Game(probe_set, ["Red", "Blue"])
    game.force("tile", "E")
    game.apply(Place("E", 0, -1, 180))  # closes the start tile's city: Red places again
    game.apply(Skip())
    assert game.current == 0 and game.phase is Phase.PLACE and game.current_tile == "B"
    assert game.in_extra and game.legal_actions()
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    game.apply(Skip())
    assert game.current == 1 and not game.in_extra


def test_random_games_with_every_hook(probe_set: TileSet) -> None:
    for seed in range(30):
        game = Game(probe_set, ["Red", "Blue", "Green"], seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(random_action(game, rng))
        assert not game.deck


def test_the_hooks_are_the_methods_of_a_rule_module_and_a_game_asks_those_overridden(
        probe_set: TileSet) -> None:
    public = {name for name in vars(RuleModule)
              if not name.startswith("_") and callable(getattr(RuleModule, name))}
    assert {hook.__name__ for hook in HOOKS} == public - {"clone", "overrides"}
    game = Game(probe_set, ["Red", "Blue"])
    mine = game.modules.index(probe(game))
    assert set(game.hooks) == set(HOOKS)
    for hook in HOOKS:  # the probe's own hooks, and no module's where none overrides it
        assert (mine in game.hooks[hook]) == (hook.__name__ in vars(Probe)), hook.__name__
    assert game.hooks[RuleModule.tokens] == (mine,)
    game.force("tile", "D")
    game.force("draws", "wolf")
    game.apply(Place("D", 1, 0, 180))
    game.apply(Deploy("follower", "S"))
    assert game.tokens(1) == {} and game.copy().tokens(0) == {"wolf": 1}
