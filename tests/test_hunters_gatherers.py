"""Hunters & Gatherers (2002): the tile set as data, the rule module's rules, and random games
(bonus tiles only after gold and never a chain, figures conserved, scores never fall)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from game import view
from game.ai.random_policy import random_action
from game.commands.scenario import main as scenario_main
from game.rules import Deploy, Game, IllegalAction, Place, Registry, Skip, TileSet
from game.rules.model import StartDef
from game.rules.modules.hunters import GoldFound, HuntersGatherers, MeadowScore, NoBonusLeft
from game.rules.yamlsrc import load_located
from game.view import notices
from game.view.modules.hunters import _meadow
from game.words import i18n
from tests.tile_counts import has_mark, icon_count

GAME = "hunters-and-gatherers"
SCENARIOS = Path(__file__).parent / "scenarios" / GAME
SPRITES = Path(__file__).parent.parent / "sprites" / "icons"


@pytest.fixture(scope="module")
def hg(registry: Registry) -> TileSet:
    return registry.ruleset(GAME)


def module(game: Game) -> HuntersGatherers:
    m = game.module("hunters-gatherers")
    assert isinstance(m, HuntersGatherers)
    return m


def icon_total(ts: TileSet, name: str, pile: str = "main", kind: str | None = None) -> int:
    return sum(t.count * icon_count(f, name) for t in ts.tiles if t.pile == pile
               for f in t.features if kind is None or f.kind == kind)


# ---------------------------------------------------------------------- the tile set


def test_counts_piles_and_start(hg: TileSet) -> None:
    piles = Counter[str]()
    for t in hg.tiles:
        piles[t.pile] += t.count
    assert piles == {"main": 79, "bonus": 12}  # 78 landscape tiles + the start tile
    assert hg.start is not None and hg.start.tile == "volcano"
    start = next(t for t in hg.tiles if t.id == "volcano")
    assert start.count == 1 and has_mark(start, "volcano")
    assert hg.players == (2, 5)
    assert hg.figures["follower"].count == 5 and hg.figures["hut"].count == 2
    hut = hg.figures["hut"]
    assert hut.stays and not hut.majority and hut.group != hg.figures["follower"].group
    assert hg.figures["follower"].on == {"river", "forest", "meadow"}
    assert hut.on == {"river", "lake"}
    assert hut.building and not hg.figures["follower"].building
    assert "bonus" in Game(hg, ["Red", "Blue"]).turn_keys  # the module's scenario key


def test_every_reference_tile_once(hg: TileSet) -> None:
    """Each tile type names the scan tiles it stands for, one per copy."""
    raw = load_located(Path(hg.path).read_text(encoding="utf-8"))
    seen: list[str] = []
    for tile in raw["tiles"]:
        if tile["id"] == "volcano":
            assert "stands_for" not in tile and "provisional" in tile["notes"]
            continue
        stands_for = [str(t) for t in tile["stands_for"]]
        assert len(stands_for) == tile["count"], tile["id"]
        seen.extend(stands_for)
    expected = [f"t{i:02d}" for i in range(78)] + [f"b{i:02d}" for i in range(1, 13)]
    assert sorted(seen) == sorted(expected)


def test_animals_fish_and_gold(hg: TileSet) -> None:
    assert icon_total(hg, "deer") == 29
    assert icon_total(hg, "tiger") == 12
    assert icon_total(hg, "mammoth") == 13 + 1  # and one on the start tile
    assert icon_total(hg, "fish", kind="lake") == 29 + 1  # the start tile's spring: 1
    assert icon_total(hg, "fish") == icon_total(hg, "fish", kind="lake")
    for name in ("deer", "tiger", "mammoth", "aurochs", "fire", "cult"):
        assert all(f.kind == "meadow" for t in hg.tiles for f in t.features
                   if icon_count(f, name)), name
    # bonus tiles
    assert icon_total(hg, "aurochs", "bonus") == 6
    assert icon_total(hg, "fire", "bonus") == 1 and icon_total(hg, "cult", "bonus") == 1
    assert icon_total(hg, "mushroom", "bonus") == 3
    assert icon_total(hg, "gold", "bonus") == 0
    # gold: exactly on the landscape tiles whose forest piece touches two or more edges
    gold_tiles = 0
    for t in hg.tiles:
        for f in t.features:
            wants = t.pile == "main" and t.id != "volcano" and f.kind == "forest" \
                and len(f.ports) >= 2
            assert icon_count(f, "gold") == (1 if wants else 0), (t.id, f.index)
            gold_tiles += t.count * icon_count(f, "gold")
    assert gold_tiles == 30


def test_rivers_end_at_lakes_and_springs(hg: TileSet) -> None:
    springs = 0  # tiles with a spring
    for t in hg.tiles:
        springs += t.count * any(icon_count(f, "spring") for f in t.features)
        lakes = {f.index for f in t.features if f.kind == "lake"}
        for f in t.features:
            if f.kind != "river":
                continue
            ends_in_lake = [i for i in f.touches if i in lakes]
            if icon_count(f, "spring"):
                assert len(f.ports) == 1 and not ends_in_lake, t.id
            elif len(f.ports) == 1:
                assert len(ends_in_lake) == 1, t.id  # a river with one end ends in a lake
            else:
                assert len(f.ports) == 2 and not ends_in_lake, t.id
        for i in lakes:
            assert any(i in f.touches for f in t.features if f.kind == "river"), t.id
            assert t.features[i].name is not None
    # t13, t16, t30, t41, t75, t00 (one spring feeding two rivers) and bonus tile b11
    assert springs == 7


def test_every_icon_has_a_sprite(hg: TileSet) -> None:
    names = {i.name for t in hg.tiles for f in t.features for i in f.icons}
    names |= {i.name for t in hg.tiles for i in t.icons}
    assert names == {"deer", "tiger", "mammoth", "aurochs", "fish", "gold", "mushroom", "fire",
                     "cult", "volcano", "spring"}
    for name in names:
        assert (SPRITES / f"{name}.svg").is_file(), name


# ---------------------------------------------------------------------- rules


def _play(game: Game, tile: str, x: int, y: int, rotation: int,
          figure: tuple[str, str] | None = None) -> None:
    game.force("tile", tile)
    game.apply(Place(tile, x, y, rotation))
    game.apply(Deploy(*figure) if figure else Skip())


def test_river_scores_segments_and_the_fish_at_its_ends(hg: TileSet) -> None:
    game = Game(hg, ["Red", "Blue"])
    _play(game, "H33m", 1, 0, 180, ("follower", "E"))  # lake, 1 fish
    _play(game, "H35m", 2, 0, 0)
    _play(game, "H36", 3, 0, 0)  # lake, 1 fish, with three rivers: ends this one
    assert game.scores == [3 + 2, 0]


def test_huts_block_each_other_on_a_network_not_fishers(hg: TileSet) -> None:
    game = Game(hg, ["Blue", "Red"], start=_start("H35m"))
    _play(game, "H38dd", 1, 0, 0, ("hut", "lake"))
    game.force("tile", "H27")
    game.apply(Place("H27", 2, 0, 180))
    options = game.deploy_options()
    assert Deploy("hut", "lake") not in options  # same network, through the river
    assert Deploy("follower", "W") in options  # a fisher does not mind the hut
    with pytest.raises(IllegalAction):
        game.apply(Deploy("hut", "lake"))
    game.apply(Deploy("follower", "W"))
    # a hut on a river that holds a fisher: another network, so allowed
    game.force("tile", "H35d")
    game.apply(Place("H35d", -1, 0, 0))
    assert Deploy("hut", "E") not in game.deploy_options()  # H35m's river joins the network
    game.apply(Skip())
    game.force("tile", "H33m")
    game.apply(Place("H33m", 2, -1, 0))
    assert Deploy("hut", "lake") in game.deploy_options()
    assert Deploy("hut", "W") in game.deploy_options()


def _start(tile: str) -> StartDef:
    return StartDef(tile, (0, 0), 0)


def _forest_with_gold(game: Game, last: str = "H18m") -> None:
    """Red and Blue build a gold forest (H16 between two caps); the third tile completes it
    (placed by Red, the first player, when the game has two players)."""
    _play(game, "H16", 0, -1, 90)
    _play(game, "H18d", 1, -1, 270)
    game.force("tile", last)
    game.apply(Place(last, -1, -1, 90))


def test_gold_gives_the_placer_one_bonus_tile(hg: TileSet) -> None:
    game = Game(hg, ["Red", "Blue", "Green"], start=_start("H32d"))
    _play(game, "H16", 0, -1, 90, ("follower", "E"))  # Red's gatherer
    _play(game, "H18d", 1, -1, 270)  # Blue
    game.force("tile", "H18m")
    game.force("bonus", "b02")
    game.apply(Place("H18m", -1, -1, 90))  # Green completes Red's forest
    game.apply(Skip())
    assert game.scores == [6, 0, 0]
    assert game.current == 2 and game.in_extra and game.current_tile == "b02"
    assert module(game).drawn == [(2, "b02")] and len(module(game).pile) == 11
    assert game.notices == [GoldFound(((-1, -1), (0, -1), (1, -1)), 2, "b02")]
    assert notices.told(game, game.notices[0]) == "Green found gold: a bonus tile!"
    lines = view.module_lines(game)
    assert "A bonus tile to place now" in lines and not any("b02" in line for line in lines)
    assert not game.can_undo  # a bonus tile was drawn: no taking back
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    game.apply(Skip())
    assert game.current == 0 and not game.in_extra


def test_no_bonus_when_the_pile_is_empty(hg: TileSet) -> None:
    game = Game(hg, ["Red", "Blue"], start=_start("H32d"))
    module(game).pile.clear()
    _forest_with_gold(game)
    game.apply(Skip())
    assert game.current == 1 and not game.in_extra
    assert [type(n) for n in game.notices] == [NoBonusLeft]
    assert notices.told(game, game.notices[0]) == "Red found gold, but the bonus pile is empty"
    assert view.module_lines(game) == ["Bonus tiles: 0 left"]


def test_the_game_ends_with_the_turn_of_the_last_landscape_tile(hg: TileSet) -> None:
    """000 "Fin du jeu": "À la fin du tour où la dernière tuile paysage a été posée (pas les
    tuiles bonus !) le jeu se termine" (001: "et ce même s'il reste des tuiles bonus").  The
    last landscape tile completes a gold forest: its bonus tile is still placed in that turn,
    then the game ends with 11 bonus tiles never drawn."""
    game = Game(hg, ["Red", "Blue"], start=_start("H32d"))
    game.hands = [["H16"], []]
    game.deck = ["H18m", "H18d"]  # drawn from the end: H18d, then H18m (the last one)
    _play(game, "H16", 0, -1, 90, ("follower", "E"))  # Red's gatherer
    _play(game, "H18d", 1, -1, 270)
    assert not game.deck
    game.force("bonus", "b07")
    game.apply(Place("H18m", -1, -1, 90))  # Red completes the gold forest: 6
    game.apply(Skip())
    assert not game.over and game.current == 0 and game.current_tile == "b07"
    game.apply(Place("b07", 0, 1, 0))
    game.apply(Deploy("follower", "WL"))  # a hunter on the bonus tile: 2 mammoths, 1 deer
    assert game.over and len(module(game).pile) == 11
    assert game.scores == [6 + 6, 0]


@pytest.mark.parametrize("returns", ["at-once", "end-of-turn"])
def test_a_returned_follower_and_the_bonus_tile(hg: TileSet, returns: str) -> None:
    """000: the gatherer just returned may go on the bonus tile; 001: it comes back only at
    the end of the turn."""
    game = Game(hg, ["Red", "Blue"], options={"returns": returns}, start=_start("H32d"))
    _play(game, "H16", 0, -1, 90)
    _play(game, "H18d", 1, -1, 270)
    game.supply[0]["follower"] = 1  # Red's last follower
    game.force("tile", "H18m")
    game.force("bonus", "b07")
    game.apply(Place("H18m", -1, -1, 90))
    game.apply(Deploy("follower", "E"))  # completes the forest at once: 6, back home
    assert game.scores == [6, 0] and game.current_tile == "b07"
    game.apply(Place("b07", 0, 1, 0))
    on_bonus = game.is_legal(Deploy("follower", "WL"))
    assert on_bonus == (returns == "at-once")
    assert game.supply[0]["follower"] == (1 if returns == "at-once" else 0)
    game.apply(Skip())
    assert game.supply[0]["follower"] == 1 and game.current == 1


def _rejected_at_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str,
                      turn_line: str, place: str) -> str:
    """Add a figure placement to one turn of a scenario; the runner must reject it (exit 2).
    Returns what it printed."""
    text = (SCENARIOS / scenario).read_text(encoding="utf-8")
    assert turn_line in text
    text = text.replace(turn_line, turn_line[:-2] + f", place: {place}}}\n")
    path = tmp_path / scenario
    path.write_text(text, encoding="utf-8")
    assert scenario_main([str(path)]) == 2
    return capsys.readouterr().err


def test_no_hunter_in_a_meadow_joined_by_the_tile(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """000 "Les prairies": after the new tile joins the meadows, the player who placed it may
    not put a hunter there: the meadow is occupied."""
    err = _rejected_at_turn(tmp_path, capsys, "meadow-2-tiger-eats-the-deer.yaml",
                            "  - {tile: H19, at: [1, 0], rotation: 0}\n",
                            "{figure: follower, on: SL}")
    assert "turn 3:" in err


def test_a_second_hut_on_the_network_is_an_invalid_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _rejected_at_turn(tmp_path, capsys, "huts-5-fish.yaml",
                            "  - {tile: H27, at: [2, 0], rotation: 180}\n",
                            "{figure: hut, on: lake}")
    assert "turn 2:" in err


def test_final_details_name_each_meadow(hg: TileSet) -> None:
    game = Game(hg, ["Red", "Blue"], start=_start("H32d"))
    _play(game, "H09t", 1, 0, 0, ("follower", "WL"))
    other = game.copy()
    other.final_scoring()
    assert view.final_details(other) == ["Meadow of 2 tiles: 1 deer, 1 tiger: 0 to Red"]
    assert module(game).meadows == []  # the copy's scoring left the game alone
    meadow = module(other).meadows[0]
    assert (meadow.deer, meadow.tigers, meadow.points, meadow.winners) == (1, 1, 0, (0,))


def test_a_meadows_line_leaves_out_the_animals_it_has_none_of() -> None:
    """No "0 deer" beside the mammoth, as no "0 tigers" or "0 aurochs"; a meadow with no
    animal at all says so."""
    def meadow(deer: int, mammoths: int) -> MeadowScore:
        return MeadowScore(((0, 0), (1, 0)), {0: 1}, deer, 0, mammoths, 0, False, None,
                           2 * (deer + mammoths), (0,))

    names = ("Red", "Blue")
    assert _meadow(meadow(0, 1), names) == "Meadow of 2 tiles: 1 mammoth: 2 to Red"
    assert _meadow(meadow(3, 1), names) == "Meadow of 2 tiles: 3 deer, 1 mammoth: 8 to Red"
    assert _meadow(meadow(0, 0), names) == "Meadow of 2 tiles: no animals: 0 to Red"
    try:
        i18n.set_language("fr")
        assert _meadow(meadow(0, 1), ("Rouge", "Bleu")) == (
            "Prairie de 2 tuiles : 1 mammouth : 2 pour Rouge")
        assert _meadow(meadow(3, 1), ("Rouge", "Bleu")) == (
            "Prairie de 2 tuiles : 3 cerfs, 1 mammouth : 8 pour Rouge")
        assert _meadow(meadow(0, 0), ("Rouge", "Bleu")) == (
            "Prairie de 2 tuiles : aucun animal : 0 pour Rouge")
    finally:
        i18n.set_language("en")


def test_copies_keep_their_own_bonus_pile(hg: TileSet) -> None:
    game = Game(hg, ["Red", "Blue"], start=_start("H32d"))
    other = game.copy()
    module(other).pile.pop()
    assert len(module(game).pile) == 12 and len(module(other).pile) == 11


# ---------------------------------------------------------------------- random games


def _gold_completed(game: Game, cell: tuple[int, int]) -> bool:
    placed = game.board.tiles[cell]
    for fid in placed.fids:
        feature = game.feature(fid)
        if feature.kind == "forest" and feature.icons.get("gold", 0) and game.is_complete(fid):
            return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("returns", ["at-once", "end-of-turn"])
def test_random_games(hg: TileSet, returns: str) -> None:
    totals = {name: f.count for name, f in hg.figures.items()}
    bonus_ids = {t.id for t in hg.tiles if t.pile == "bonus"}
    drawn_any = 0
    for seed in range(60):
        players = 2 + seed % 4
        game = Game(hg, [f"P{i}" for i in range(players)], seed=seed,
                    options={"returns": returns})
        m = module(game)
        assert not bonus_ids & set(game.deck)
        rng = random.Random(seed)
        scores = list(game.scores)
        turn_draws = 0
        cell: tuple[int, int] | None = None
        was_gold = False
        while not game.over:
            action = random_action(game, rng)
            if isinstance(action, Place):
                assert (action.tile in bonus_ids) == game.in_extra
                if not game.in_extra:
                    turn_draws = 0
                cell = action.cell
                extra = game.in_extra
                pile = len(m.pile)
            drawn = len(m.drawn)
            game.apply(action)
            if isinstance(action, Place):
                was_gold = False
            elif cell is not None and game.last_cell is None:  # the placement step ended
                was_gold = _gold_completed(game, cell)
                new = len(m.drawn) - drawn
                turn_draws += new
                assert new == (1 if was_gold and not extra and pile else 0), (seed, cell)
                assert turn_draws <= 1  # never a chain
                drawn_any += new
                cell = None
            assert all(a >= b for a, b in zip(game.scores, scores, strict=True))
            scores = list(game.scores)
            for p in range(players):
                on_board = Counter(f.kind for f in game.figures.values() if f.player == p)
                for kind, total in totals.items():
                    assert game.supply[p][kind] + on_board[kind] == total
        assert not game.deck and game.extra_tile is None
        assert len(m.pile) + len(m.drawn) == 12
        placed_bonus = [p.tile.id for p in game.board.tiles.values() if p.tile.pile == "bonus"]
        assert len(placed_bonus) + sum(1 for t in game.set_aside if t in bonus_ids) == len(m.drawn)
    assert drawn_any > 50  # gold is common: the bonus pile is used


def test_the_last_line_of_many_meadows_says_one_point_in_the_singular(hg: TileSet) -> None:
    """More meadows than the final screen has lines: the rest is summed up, "1 point" as
    "8 points" (and in French "0 point", "1 point", "8 points")."""
    def meadow(points: int) -> MeadowScore:
        return MeadowScore(((0, 0), (1, 0)), {0: 1}, points // 2, 0, 0, 0, False, None,
                           points, (0,))

    def last_line(rest: list[int], language: str) -> str:
        game = Game(hg, ["Red", "Blue"], start=_start("H32d"))
        module(game).meadows = [meadow(20) for _ in range(15)] + [meadow(p) for p in rest]
        i18n.set_language(language)
        try:
            return view.final_details(game)[-1]
        finally:
            i18n.set_language("en")

    assert last_line([1, 0], "en") == "… 2 more meadows and networks: 1 point in all"
    assert last_line([6, 2], "en") == "… 2 more meadows and networks: 8 points in all"
    assert last_line([0, 0], "fr") == "… 2 prairies et réseaux de plus : 0 point en tout"
    assert last_line([1, 0], "fr") == "… 2 prairies et réseaux de plus : 1 point en tout"
    assert last_line([6, 2], "fr") == "… 2 prairies et réseaux de plus : 8 points en tout"
