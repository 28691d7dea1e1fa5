"""A chosen seed and a typed tile order: the same seed and order give the same draws, the
tiles typed are drawn first in their order, the rest is the seed's shuffle of what remains;
an order the draw pile cannot follow is refused naming the word at fault; undo, a fresh copy,
replays and saves keep the order; saves from before orders load as they did."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.rules import Game, TileSet
from game.rules.actions import SKIP
from game.rules.registry import Registry
from game.rules.tile_order import Fault, OrderError, order_text, pile_counts, read_order
from game.store.storage import SavedGame, SaveError, Storage


def _drawn(game: Game, count: int) -> list[str]:
    """The first ``count`` tiles the game deals, played wherever they first fit."""
    drawn: list[str] = []
    while len(drawn) < count and not game.over:
        tile = game.hands[game.current][0]
        drawn.append(tile)
        game.apply(next(iter(game.legal_placements(tile))))
        game.apply(SKIP)
    return drawn


def test_the_same_seed_gives_the_same_draws_and_another_seed_others(base: TileSet) -> None:
    one, two = Game(base, ["A", "B"], seed=42), Game(base, ["A", "B"], seed=42)
    assert one.deck == two.deck and _drawn(one, 10) == _drawn(two, 10)
    assert Game(base, ["A", "B"], seed=43).deck != Game(base, ["A", "B"], seed=42).deck


def test_a_typed_order_is_drawn_first_and_the_rest_is_the_seeds_shuffle(base: TileSet) -> None:
    order = read_order(base, "a, u  v;X")
    assert order == ("A", "U", "V", "X")
    game = Game(base, ["A", "B"], seed=7, order=order)
    assert game.hands[0] == ["A"]  # the first tile typed is dealt first
    rest = [t.id for t in base.tiles if t.pile == "main" for _ in range(t.count)]
    assert base.start is not None
    rest.remove(base.start.tile)
    assert Counter(rest) == pile_counts(base)
    for tid in order:
        rest.remove(tid)
    random.Random(7).shuffle(rest)
    assert game.deck == [*rest, "X", "V", "U"]  # drawn from its end
    assert _drawn(game, 4) == ["A", "U", "V", "X"]
    again = Game(base, ["A", "B"], seed=7, order=order)
    assert again.deck == Game(base, ["A", "B"], seed=7, order=order).deck


def test_without_an_order_the_pile_is_as_it_always_was(base: TileSet) -> None:
    assert Game(base, ["A", "B"], seed=5, order=()).deck == Game(base, ["A", "B"], seed=5).deck


def test_undo_a_fresh_copy_and_a_replay_keep_the_order(base: TileSet) -> None:
    game = Game(base, ["A", "B"], seed=3, order=("B", "C"))
    game.apply(next(iter(game.legal_placements("B"))))
    game.undo()
    assert game.hands[0] == ["B"] and game.order == ("B", "C")
    assert game.fresh().order == ("B", "C") and game.copy().order == ("B", "C")
    _drawn(game, 2)
    replayed = Game.replay(base, game.players, game.seed, {}, game.moves, order=game.order)
    assert replayed.deck == game.deck and replayed.board.tiles.keys() == game.board.tiles.keys()


@pytest.mark.parametrize(("text", "word", "fault"), [
    ("A, Q, ZZ", "ZZ", Fault.UNKNOWN),
    ("c, x c", "c", Fault.TOO_MANY),  # one C tile in the draw pile, named twice
    ("D D D D", "D", Fault.TOO_MANY),  # four D tiles, one of them the start tile
])
def test_an_order_the_pile_cannot_follow_names_the_word(base: TileSet, text: str, word: str,
                                                        fault: Fault) -> None:
    with pytest.raises(OrderError) as caught:
        read_order(base, text)
    assert caught.value.word == word and caught.value.fault is fault
    assert repr(word) in str(caught.value)


def test_too_many_says_how_many_the_pile_holds(base: TileSet) -> None:
    with pytest.raises(OrderError) as caught:
        read_order(base, "D,D,D,D")
    assert (caught.value.typed, caught.value.held) == (4, 3)
    assert read_order(base, "D D D") == ("D", "D", "D")


def test_a_tile_of_another_pile_is_not_drawn(registry: Registry) -> None:
    hunters = registry.ruleset("hunters-and-gatherers")
    bonus = next(t.id for t in hunters.tiles if t.pile != "main")
    with pytest.raises(OrderError) as caught:
        read_order(hunters, bonus.upper())
    assert caught.value.fault is Fault.NOT_IN_PILE and caught.value.word == bonus.upper()


def test_the_game_itself_refuses_an_order_it_cannot_deal(base: TileSet) -> None:
    with pytest.raises(OrderError):
        Game(base, ["A", "B"], seed=1, order=("C", "C"))


def test_an_empty_text_is_no_order_and_an_order_reads_back(base: TileSet) -> None:
    assert read_order(base, "  ,; ") == ()
    assert read_order(base, order_text(("A", "U"))) == ("A", "U")


# -- saves ------------------------------------------------------------------------------------

BEFORE_ORDERS = Path(__file__).parent / "data" / "saves" / "before-orders-format-3.json"


def test_a_game_with_an_order_saves_loads_and_replays_exactly(tmp_path: Path, base: TileSet,
                                                             registry: Registry) -> None:
    game = Game(base, ["Ann", "Bob"], seed=11, order=("C", "A", "U"))
    _drawn(game, 5)
    store = Storage(tmp_path)
    path = store.save(SavedGame.of(game, "carcassonne", [], ["red", "blue"]))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["order"] == ["C", "A", "U"] and data["seed"] == 11
    saved = store.load(path)
    restored = saved.restore(registry, path)
    assert restored.order == ("C", "A", "U") and restored.deck == game.deck
    assert restored.moves == game.moves and restored.hands == game.hands
    # Without its order the same seed and moves are another game: the order is its identity.
    assert not SavedGame.of(Game(base, ["Ann", "Bob"], seed=11), "carcassonne", [],
                            ["red", "blue"]).continued_by(saved)


def test_a_save_whose_order_the_tile_set_cannot_deal_is_an_error(tmp_path: Path,
                                                                  base: TileSet,
                                                                  registry: Registry) -> None:
    saved = SavedGame.of(Game(base, ["Ann", "Bob"], seed=2), "carcassonne", [], ["red", "blue"])
    saved.order = ["C", "C"]
    path = Storage(tmp_path).save(saved)
    with pytest.raises(SaveError, match="do not replay"):
        Storage(tmp_path).load(path).restore(registry, path)


def test_a_save_from_before_orders_loads_as_it_did(registry: Registry, tmp_path: Path) -> None:
    saved = SavedGame.from_json(BEFORE_ORDERS.read_text(encoding="utf-8"), BEFORE_ORDERS)
    assert saved.order == []
    game = saved.restore(registry, BEFORE_ORDERS)
    assert game.order == () and len(game.moves) == 10
    assert game.deck[-5:] == ["F", "M", "M", "J", "V"]  # as that version's pile stood
    again = SavedGame.of(game, "carcassonne", [], ["red", "blue"])
    assert "order" not in json.loads(again.to_json())  # still readable where orders are not
