"""Dead cells: open cells that no tile still to come fits, turned any way, worked out from the
tiles still to come (the pile, the hands, a bonus pile) on constructed positions."""

from __future__ import annotations

from game.rules import Game, Registry
from game.view.dead import dead_cells, tiles_to_come


def base_game(registry: Registry, coming: list[str]) -> Game:
    """The start tile alone (a city to the north, a road from west to east, a field to the
    south) and only ``coming`` still to come: the pile, and the first player's hand."""
    game = Game(registry.ruleset("carcassonne"), ["Red", "Blue"], seed=5)
    game.hands = [coming[:1], []]
    game.deck = coming[1:]
    return game


def test_a_cell_only_a_city_fits_dies_when_no_city_is_to_come(registry: Registry) -> None:
    game = base_game(registry, ["U", "U", "V"])  # roads only
    assert dead_cells(game) == {(0, -1)}  # it needs a city on its south side


def test_any_rotation_of_a_tile_to_come_keeps_a_cell_alive(registry: Registry) -> None:
    game = base_game(registry, ["E", "E"])  # city caps: a city on one side, fields elsewhere
    # North of the start tile a cap fits turned upside down, south of it turned any way but
    # one; east and west the road has nothing to meet.
    assert dead_cells(game) == {(1, 0), (-1, 0)}


def test_nothing_to_come_leaves_every_open_cell_dead(registry: Registry) -> None:
    game = base_game(registry, [])
    assert dead_cells(game) == set(game.board.demands)


def test_the_answer_is_kept_for_the_turn(registry: Registry) -> None:
    game = base_game(registry, ["U", "V"])
    first = dead_cells(game)
    assert dead_cells(game) is first


def test_the_tiles_of_a_bonus_pile_are_to_come(registry: Registry) -> None:
    game = Game(registry.ruleset("hunters-and-gatherers"), ["Red", "Blue"], seed=5)
    coming = tiles_to_come(game)
    bonus = [t for t in game.tileset.tiles if t.pile != "main"]
    assert bonus and all(coming[t.id] == t.count for t in bonus)
    assert sum(coming.values()) == len(game.deck) + sum(map(len, game.hands)) + sum(
        t.count for t in bonus)


def test_a_finished_game_has_no_dead_cells(registry: Registry) -> None:
    """Once the game is over no open cell can be filled, and none is crossed out: the board
    help marking every cell around the board would say nothing."""
    game = Game(registry.ruleset("carcassonne"), ["Red", "Blue"], seed=5)
    while not game.over:
        game.apply(next(iter(game.legal_actions())))
    assert game.board.demands and not dead_cells(game)
