"""Hills & Sheep: the tiles against the reference table, the shepherds and their bag, hills,
vineyards, the shared city edge of HS02, and random games with the expansion on."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from game import view
from game.ai.random_policy import random_action
from game.commands.tileset import main as tileset_main
from game.rules import (
    Choose,
    Deploy,
    FeatureView,
    Game,
    IllegalAction,
    Phase,
    Place,
    Skip,
    TileSet,
)
from game.rules import ports as P
from game.rules.features import Figure
from game.rules.modules.hills_sheep import BAG, Hills, SheepDrawn, Shepherds, WolfDrawn
from game.rules.registry import Registry, builtin_tileset_dir
from game.view import notices
from game.view.cards import feature_card
from tests.tile_counts import tile_count

EXPANSION = "hills-and-sheep"


@pytest.fixture(scope="module")
def hs(registry: Registry) -> TileSet:
    return registry.ruleset("carcassonne", [EXPANSION])


def shepherds(game: Game) -> Shepherds:
    module = game.module("shepherds")
    assert isinstance(module, Shepherds)
    return module


def hills(game: Game) -> Hills:
    module = game.module("hills")
    assert isinstance(module, Hills)
    return module


# ---------------------------------------------------------------------- the tiles

# From the tile reference of the base game and Hills & Sheep, its Hills & Sheep list (1st
# edition):
# id: (count, edges N E S W, cities, road port sets, cloisters, fields as (half edges, number
# of cities touched), mark)
Reference = tuple[int, str, int, list[set[str]], int, list[tuple[set[str], int]], str]
TILE_REFERENCE: dict[str, Reference] = {
    "HS01": (2, "CFFF", 1, [], 0, [({"WR", "WL", "SR"}, 1), ({"EL", "ER", "SL"}, 1)], "vineyard"),
    "HS02": (2, "CCFC", 2, [], 0, [({"SL", "SR"}, 2)], "vineyard"),
    "HS03": (1, "CFFC", 1, [], 0, [({"EL", "ER", "SL", "SR"}, 1)], "hill"),
    "HS04": (1, "CFFC", 2, [], 0, [({"EL", "ER", "SL", "SR"}, 2)], "hill"),
    "HS05": (1, "CFFC", 1, [], 0, [({"EL", "ER", "SL", "SR"}, 1)], "vineyard"),
    "HS06": (1, "CFCF", 2, [], 0, [({"WL", "WR", "EL", "ER"}, 2)], "hill"),
    "HS07": (1, "FCFC", 2, [], 0, [({"NL", "NR"}, 2), ({"SL", "SR"}, 2)], "vineyard"),
    "HS08": (1, "CFRF", 1, [{"S"}], 0, [({"WL", "WR", "SR"}, 1), ({"EL", "ER", "SL"}, 1)],
             "hill"),
    "HS09": (1, "CRRF", 1, [{"E", "S"}], 0, [({"EL", "WL", "WR", "SR"}, 1), ({"ER", "SL"}, 0)],
             "hill"),
    "HS10": (1, "CRRF", 1, [{"E", "S"}], 1, [({"EL", "WL", "WR", "SR"}, 1), ({"ER", "SL"}, 0)],
             ""),
    "HS11": (1, "RRRF", 0, [{"S"}, {"N", "E"}], 1,
             [({"ER", "SL", "SR", "WL", "WR", "NL"}, 0), ({"NR", "EL"}, 0)], ""),
    "HS12": (1, "CFRC", 2, [{"S"}], 0, [({"SR"}, 2), ({"EL", "ER", "SL"}, 1)], "vineyard"),
    "HS13": (1, "RFRF", 0, [{"N"}, {"S"}], 0,
             [({"NR", "EL", "ER", "SL"}, 0), ({"SR", "WL", "WR", "NL"}, 0)], "hill"),
    "HS14": (1, "FFRR", 0, [{"W"}, {"S"}], 0,
             [({"WR", "NL", "NR", "EL", "ER", "SL"}, 0), ({"SR", "WL"}, 0)], "hill"),
    "HS16": (1, "CFRR", 1, [{"S", "W"}], 0, [({"WR", "EL", "ER", "SL"}, 1), ({"WL", "SR"}, 0)],
             "hill"),
    "HS17": (1, "FRRR", 0, [{"W", "E"}, {"S"}], 0,
             [({"WR", "NL", "NR", "EL"}, 0), ({"ER", "SL", "SR", "WL"}, 0)], "vineyard"),
}
KIND_LETTER = {"city": "C", "road": "R", "field": "F"}


def test_tileset_check_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert tileset_main(["check", str(builtin_tileset_dir() / f"{EXPANSION}.yaml")]) == 0
    out = capsys.readouterr().out
    assert "18 tiles in 16 types" in out
    assert "hill 8, vineyard 8" in out
    assert "cloister 2" in out


def test_expansion_is_offered_for_the_base_game(registry: Registry) -> None:
    assert [s.id for s in registry.expansions("carcassonne")].count(EXPANSION) == 1
    assert not [e for e in registry.errors if EXPANSION in e.path]


def test_every_tile_as_in_the_reference(hs: TileSet) -> None:
    tiles = {t.id: t for t in hs.tiles if t.source == EXPANSION}
    assert set(tiles) == set(TILE_REFERENCE)  # HS15 (2nd edition, garden) is left out
    assert sum(t.count for t in tiles.values()) == 18
    for tid, (count, edges, cities, roads, cloisters, fields, mark) in TILE_REFERENCE.items():
        tile = tiles[tid]
        assert tile.count == count, tid
        assert "".join(KIND_LETTER[e] for e in tile.rotations[0].edges) == edges, tid
        kinds = Counter(f.kind for f in tile.features)
        assert kinds["city"] == cities, tid
        assert kinds["cloister"] == cloisters, tid
        assert [{P.port_name(p) for p in f.ports} for f in tile.features
                if f.kind == "road"] == roads, tid
        got = [({P.port_name(p) for p in f.ports}, len(f.touches)) for f in tile.features
               if f.kind == "field"]
        assert got == fields, tid
        assert [i.name for i in tile.icons] == ([mark] if mark else []), tid


def test_hs02_shared_edge_belongs_to_both_cities(hs: TileSet) -> None:
    tile = next(t for t in hs.tiles if t.id == "HS02")
    a, b, field = tile.features
    assert P.PORT_INDEX["N"] in a.ports
    # Both city shapes reach the shared edge (drawn as two cities meeting on it).
    assert any(y == 0 and x == 0.5 for x, y in a.shape)
    assert any(y == 0 and x == 0.5 for x, y in b.shape)
    assert field.touches == (0, 1)


# ---------------------------------------------------------------------- helpers


def play(game: Game, tile: str, x: int, y: int, rotation: int, *, draws: tuple[str, ...] = (),
         under: str | None = None) -> None:
    game.force("tile", tile)
    if under is not None:
        game.force("under", under)
    for token in draws:
        game.force("draws", token)
    game.apply(Place(tile, x, y, rotation))


# ---------------------------------------------------------------------- shepherds


def test_placing_a_shepherd_draws_a_token(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    play(game, "U", 1, 0, 0, draws=("3",))
    assert game.is_legal(Deploy("shepherd", "S"))
    assert game.can_undo
    game.apply(Deploy("shepherd", "S"))
    sh = shepherds(game)
    assert game.tokens(0) == {"sheep": 3}
    assert len(sh.bag) == 17 and sh.bag.count("3") == 4
    assert game.supply[0]["shepherd"] == 0
    assert game.notices == [SheepDrawn(((1, 0),), 0, 3)]
    assert notices.told(game, game.notices[0]) == "Red drew 3 sheep"
    fig = next(f for f in game.figures.values() if f.kind == "shepherd")
    assert view.figure_tokens(game, fig) == ("sheep", 3)
    assert view.module_lines(game) == ["Bag: 17 tokens, 2 wolves",
                                       "Sheep: 4\u00d71, 5\u00d72, 4\u00d73, 2\u00d74",
                                       "Flocks: 3 sheep, 1 shepherd"]


def test_wolf_on_placement_sends_the_shepherd_home(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    play(game, "U", 1, 0, 0, draws=("wolf",))
    game.apply(Deploy("shepherd", "S"))
    assert game.supply[0]["shepherd"] == 1
    assert not [f for f in game.figures.values() if f.kind == "shepherd"]
    assert Counter(shepherds(game).bag) == Counter(BAG)
    assert game.notices == [WolfDrawn(((1, 0),), 0, (0,), 1, 0)]
    assert notices.sounds(game, game.notices) == ["wolf"]


def test_the_question_comes_only_for_ones_own_shepherd(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    play(game, "U", 1, 0, 0, draws=("2",))
    game.apply(Deploy("shepherd", "S"))
    play(game, "U", -1, 0, 0)  # Blue extends Red's meadow: Blue is not asked
    assert game.phase is Phase.FIGURE
    game.apply(Skip())
    play(game, "U", 2, 0, 0)  # Red extends it: Red must choose before the figure step
    assert (game.phase, game.legal_actions()) == (Phase.CHOOSE, [Choose("grow"), Choose("herd")])
    assert [game.held_points(p) for p in (0, 1)] == [2, 0]  # what herding scores
    assert "2 sheep" in game.choices[0].prompt
    with pytest.raises(IllegalAction):
        game.apply(Skip())
    assert game.can_undo  # nothing drawn yet
    game.apply(Choose("herd"))
    assert game.scores == [2, 0]
    assert game.held_points(0) == 0
    assert game.supply[0]["shepherd"] == 1
    assert game.phase is Phase.FIGURE
    assert game.is_legal(Deploy("shepherd", "N"))  # home again, may go out at once


def test_grow_draws_and_blocks_undo(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    play(game, "U", 1, 0, 0, draws=("2",))
    game.apply(Deploy("shepherd", "S"))
    play(game, "V", 0, 1, 0)  # Blue: road S-W below the start tile, extends Red's meadow
    game.apply(Skip())
    play(game, "U", 2, 0, 0, draws=("4",))
    game.apply(Choose("grow"))
    assert game.tokens(0) == {"sheep": 6}
    assert not game.can_undo


def test_a_tile_not_touching_the_meadow_asks_nothing(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    play(game, "U", 1, 0, 0, draws=("2",))
    game.apply(Deploy("shepherd", "S"))
    play(game, "E", 0, -1, 180)  # Blue
    game.apply(Skip())
    play(game, "B", 0, -2, 0)  # Red: the E tile's meadow, not Red's
    assert game.phase is Phase.FIGURE


def test_shepherd_on_a_hill_breaks_no_tie(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    defs = hs.figures
    assert not defs["shepherd"].majority
    play(game, "HS06", 0, -1, 0, under="X")  # a hill tile north of the start tile
    game.apply(Skip())
    hill, plain = (0, -1), (0, 0)
    red = Figure(1, 0, "follower", plain, 0)
    blue = Figure(2, 1, "follower", plain, 0)
    blue_shepherd = Figure(3, 1, "shepherd", hill, 0)
    assert game.winners([red, blue, blue_shepherd]) == [0, 1]
    red_hill = Figure(4, 0, "follower", hill, 0)
    assert game.winners([red_hill, blue, blue_shepherd]) == [0]
    green = Figure(5, 2, "follower", hill, 0)
    assert hills(game).adjust_winners(game.host, [red_hill, blue, green], [0, 1, 2]) == [0, 2]


# ---------------------------------------------------------------------- hills


def test_a_hill_takes_a_tile_under_it(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    before = game.tiles_left  # the tile in hand is already drawn
    play(game, "HS06", 0, -1, 0, under="X")
    assert game.tiles_left == before - 1  # the tile slid under the hill
    assert "X" not in game.deck
    assert hills(game).under == [((0, -1), "X")]
    assert "Under hills: 1 tile" in view.module_lines(game)
    game.apply(Skip())
    assert game.tiles_left == before - 2  # Blue drew
    play(game, "U", 1, 0, 0)  # not a hill: nothing more leaves the pile
    game.apply(Skip())
    assert game.tiles_left == before - 3


def test_a_hill_without_a_forced_tile_takes_the_next_one_unseen(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"], seed=3)
    play(game, "HS06", 0, -1, 0)
    (_, tid), = hills(game).under
    assert sum(game.remaining().values()) + 1 + len(game.board) == tile_count(hs)
    assert tid in game.tile_types


# ---------------------------------------------------------------------- HS02's shared edge


def test_hs02_city_stays_open_until_the_shared_edge_is_joined(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    play(game, "HS02", 0, 1, 180)  # shared edge south; A covers S+E, B covers W+S
    game.apply(Deploy("follower", "W"))  # on B
    play(game, "E", -1, 1, 90)  # closes B's own edge: B still has the shared edge open
    game.apply(Skip())
    assert game.scores == [0, 0]
    assert game.feature_at((0, 1), "W").open == 1
    assert game.feature_at((0, 1), "W").id != game.feature_at((0, 1), "E").id
    play(game, "E", 1, 1, 270)  # closes A's east edge
    game.apply(Skip())
    play(game, "E", 0, 2, 0)  # joins the shared edge: A, B and three caps, complete
    game.apply(Skip())
    assert game.scores == [8, 0]


def test_hs02_placed_against_a_city_joins_at_once(hs: TileSet) -> None:
    game = Game(hs, ["Red", "Blue"])
    play(game, "E", 0, 1, 180)  # a cap facing south
    game.apply(Skip())
    play(game, "HS02", 0, 2, 0)  # shared edge north, against the cap
    a, b = game.feature_at((0, 2), "W"), game.feature_at((0, 2), "E")
    assert a.id == b.id and a.open == 2


# ---------------------------------------------------------------------- random games


def _check_invariants(game: Game, figures: dict[str, int]) -> None:
    sh = shepherds(game)
    on_board = Counter(t for tokens in sh.flocks.values() for t in tokens)
    assert Counter(sh.bag) + on_board == Counter(BAG)  # all 18 tokens accounted for
    assert "wolf" not in on_board
    assert set(sh.flocks) == {f.id for f in game.figures.values() if f.kind == "shepherd"}
    for p in range(len(game.players)):
        for kind, n in figures.items():
            out = sum(1 for f in game.figures.values() if f.player == p and f.kind == kind)
            assert game.supply[p][kind] + out == n


@pytest.mark.slow
@pytest.mark.parametrize("hand", [1, 3])
def test_random_games_keep_the_invariants(hs: TileSet, hand: int) -> None:
    figures = {name: f.count for name, f in hs.figures.items()}
    stats = Counter[str]()
    for seed in range(200 if hand == 1 else 40):
        players = 2 + seed % 4
        game = Game(hs, [f"P{i}" for i in range(players)], seed=seed, options={"hand": hand})
        rng = random.Random(seed)
        scores = list(game.scores)
        while not game.over:
            if game.phase is Phase.CHOOSE:
                stats["questions"] += 1
            game.apply(random_action(game, rng))
            _check_invariants(game, figures)
            assert all(now >= before for now, before in zip(game.scores, scores, strict=True))
            scores = list(game.scores)
        under = len(hills(game).under)
        assert len(game.board) + len(game.set_aside) + under == tile_count(hs), seed
        assert sum(e.points for e in game.events) == sum(game.scores)
        stats["sheep"] += sum(1 for e in game.events if e.category == "sheep")
        stats["under"] += under
    assert stats["questions"] > 0 and stats["sheep"] > 0 and stats["under"] > 0


def test_replay_and_copy_give_the_same_game(hs: TileSet) -> None:
    for seed in range(8):
        game = Game(hs, ["A", "B", "C"], seed=seed)
        rng = random.Random(seed)
        twin: Game | None = None
        while not game.over:
            action = random_action(game, rng)
            if twin is None and len(game.moves) == 40:
                twin = game.copy()
            game.apply(action)
            if twin is not None:
                twin.apply(action)
                assert twin.scores == game.scores
                assert shepherds(twin).bag == shepherds(game).bag
        again = Game.replay(hs, game.players, seed, {}, game.moves, game.forced)
        assert again.scores == game.scores
        assert shepherds(again).flocks == shepherds(game).flocks
        assert hills(again).under == hills(game).under


def _held_by_shepherds_alone(hs: TileSet, at_end: bool) -> Iterator[tuple[Game, FeatureView]]:
    """Fields held by shepherds alone in random games: after every move, or at the end."""
    for seed in range(40):
        game = Game(hs, ["Red", "Blue"], seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(random_action(game, rng))
            if at_end and not game.over:
                continue
            for feature in game.all_features():
                if feature.figures and all(f.kind == "shepherd" for f in feature.figures):
                    yield game, feature


def test_a_field_held_by_shepherds_alone_scored_nothing_at_the_end(hs: TileSet) -> None:
    """A shepherd still out at the end scores nothing: its field's card says so, and tells
    the flock left unherded."""
    for game, feature in _held_by_shepherds_alone(hs, at_end=True):
        lines = [line.text for line in feature_card(game, feature).lines]
        assert lines[-1] == "Scored nothing", lines
        assert any(line.startswith("Flock: ") for line in lines)
        return
    pytest.fail("no random game ended with a field held by shepherds alone")


def test_a_field_held_by_shepherds_alone_is_not_worth_its_count_to_them(hs: TileSet) -> None:
    """During play, the card of a field held by shepherds alone tells its final count as no
    shepherd's: a flock scores only when herded."""
    for game, feature in _held_by_shepherds_alone(hs, at_end=False):
        worth = game.feature_worth(feature.id).final
        if worth is None:
            continue
        lines = [line.text for line in feature_card(game, feature).lines]
        assert f"Worth {worth} at the end, not to a shepherd" in lines, lines
        assert f"Worth {worth} at the end" not in lines, lines
        return
    pytest.fail("no random game had a field held by shepherds alone")
