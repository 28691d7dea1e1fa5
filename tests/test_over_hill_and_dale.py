"""Over Hill and Dale: the reconstructed tile set, the hill-dale rule module (hikes, harvest
tokens, stables, final harvest) and random-game invariants checked independently of it."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from game import view
from game.ai.random_policy import random_action
from game.commands.scenario import build_game, play_turn
from game.rules import Deploy, Game, Move, Phase, Place, Skip, TileSet
from game.rules import ports as P
from game.rules.geometry import point_in_polygon
from game.rules.modules.hill_dale import (
    ANIMALS,
    CROPS,
    HARVEST,
    SCARECROW,
    STABLE,
    SUPPLY,
    HillDale,
    NoTokenLeft,
    TokenTaken,
    harvest_points,
    harvest_sets,
)
from game.rules.registry import Registry
from game.rules.yamlsrc import load_located
from game.view import notices
from game.view.modules import hill_dale as hill_dale_view
from tests.tile_counts import tile_count

SCENARIOS = Path(__file__).parent / "scenarios" / "over-hill-and-dale"
# The rulebook's inventory, in the order printed; the tile ids are A..X in that order.
INVENTORY = [11, 8, 5, 1, 2, 7, 2, 1, 1, 3, 2, 1, 4, 3, 2, 4, 1, 1, 2, 2, 2, 1, 4, 3]


@pytest.fixture(scope="module")
def ohd(registry: Registry) -> TileSet:
    return registry.ruleset("over-hill-and-dale")


def module(game: Game) -> HillDale:
    m = game.module("hill-dale")
    assert isinstance(m, HillDale)
    return m


# ---------------------------------------------------------------------- the tile set


def test_inventory(ohd: TileSet) -> None:
    assert [t.count for t in ohd.tiles] == INVENTORY
    assert [t.id for t in ohd.tiles] == [chr(ord("A") + i) for i in range(24)]
    assert tile_count(ohd) == 73
    assert ohd.start is not None and ohd.start.tile == "X"  # one of the three X tiles
    assert ohd.players == (2, 5)
    assert ohd.figures["meeple"].count == 4 and ohd.figures["stable"].count == 2
    assert ohd.figures["stable"].on == {"meadow"} and ohd.figures["stable"].stays


def test_marked_as_reconstructed(ohd: TileSet) -> None:
    text = Path(ohd.path).read_text(encoding="utf-8")
    assert "reconstructed" in load_located(text)["notes"].lower()
    doc = Path(__file__).parents[1] / "docs" / "games" / "over-hill-and-dale.md"
    assert "reconstructed" in doc.read_text(encoding="utf-8").lower()


def test_one_icon_per_harvest_token_and_many_animals(ohd: TileSet) -> None:
    icons: Counter[str] = Counter()
    several = 0
    for t in ohd.tiles:
        names = [i.name for f in t.features for i in f.icons]
        icons.update({n: t.count * k for n, k in Counter(names).items()})
        if sum(1 for n in names if n in ANIMALS) >= 2:
            several += t.count
    assert {n: icons[n] for n in HARVEST} == SUPPLY
    assert sum(SUPPLY.values()) == 33
    assert all(icons[a] >= 10 for a in ANIMALS)
    assert sum(icons[a] for a in ANIMALS) >= 73  # more than one a tile on average
    assert several >= 15
    # icons sit where they belong: crops in crop fields, animals on meadows
    for t in ohd.tiles:
        for f in t.features:
            for i in f.icons:
                assert (f.kind == "cropfield") == (i.name in HARVEST), (t.id, i.name)


def test_paths_end_only_at_junctions_fields_or_loops(ohd: TileSet) -> None:
    """A path piece with one edge ends inside the tile: at a junction (three or more such
    pieces meet) or in a crop field of the tile (its end lies in the field's shape)."""
    for t in ohd.tiles:
        stubs = [f for f in t.features if f.kind == "path" and len(f.ports) == 1]
        if len(stubs) >= 3:
            continue
        fields = [f.shape for f in t.features if f.kind == "cropfield"]
        for f in stubs:
            (port,) = f.ports
            far = max(f.shape, key=lambda p: (p[0] - P.PORT_POINTS[port][0]) ** 2
                      + (p[1] - P.PORT_POINTS[port][1]) ** 2)
            assert any(point_in_polygon(far, shape) for shape in fields), t.id


# ---------------------------------------------------------------------- the harvest


def test_sets_of_five_with_scarecrows_as_jokers() -> None:
    # the rulebook's 12 tokens: 2 sets, the second completed by 2 scarecrows -> 22 points
    tokens = Counter(apple=3, strawberry=3, pumpkin=2, sunflower=1, wheat=1, scarecrow=2)
    assert sum(tokens.values()) == 12
    assert harvest_sets(tokens) == 2 and harvest_points(tokens) == 22
    assert harvest_sets(Counter({c: 1 for c in CROPS})) == 1
    assert harvest_sets(Counter(apple=4)) == 0
    assert harvest_sets(Counter(apple=1, scarecrow=4)) == 1  # any number of jokers in a set
    assert harvest_sets(Counter(scarecrow=8)) == 1
    assert harvest_sets(Counter({**{c: 2 for c in CROPS}, SCARECROW: 5})) == 3
    assert harvest_points(Counter()) == 0


def _scenario(name: str, registry: Registry, turns: int | None = None) -> Game:
    doc = load_located((SCENARIOS / name).read_text(encoding="utf-8"))
    game, _ = build_game(doc, registry)
    for i, turn in enumerate(doc["turns"][:turns], start=1):
        play_turn(game, turn, i)
    return game


def test_tied_field_tokens_handed_out_in_turn_order(registry: Registry) -> None:
    game = _scenario("harvest-tie-5-tokens.yaml", registry)
    taken = [n for n in game.notices if isinstance(n, TokenTaken)]
    assert taken == game.notices
    assert [n.token for n in taken] == ["apple", "strawberry", "pumpkin", "sunflower", "wheat"]
    assert [notices.told(game, n) for n in game.notices] == [
        "Red took an apple token", "Yellow took a strawberry token", "Red took a pumpkin token",
        "Yellow took a sunflower token", "Red took a wheat token"]
    assert [n.player for n in game.notices] == [0, 1, 0, 1, 0]
    assert all(n.cells for n in game.notices)


def test_tie_starts_with_the_next_tied_player_clockwise(ohd: TileSet) -> None:
    # Blue (not in the field) closes Red's and Yellow's tied field: Yellow, after Blue
    # clockwise, takes the first token.
    game = Game(ohd, ["Red", "Blue", "Yellow"])
    for tile, x, y, rot, fig in [("A", 1, 0, 0, None), ("A", -1, 0, 0, None),
                                 ("P", -1, -1, 90, "E"), ("K", 1, -1, 270, "W"),
                                 ("B", -1, -2, 0, None), ("C", 0, -2, 180, None),
                                 ("A", 2, 0, 0, None), ("H", 0, -1, 0, None)]:
        game.force("tile", tile)
        game.apply(Place(tile, x, y, rot))
        game.apply(Deploy("meeple", fig) if fig else Skip())
    assert [n.player for n in game.notices] == [2, 0, 2, 0, 2]
    assert sum(game.tokens(0).values()) == 2 and sum(game.tokens(2).values()) == 3
    assert game.tokens(1) == {} and game.current == 2


def test_a_crop_that_ran_out_gives_nothing(registry: Registry) -> None:
    game = _scenario("field-6-points.yaml", registry, turns=4)
    module(game).supply["pumpkin"] = 0  # as if every pumpkin were taken
    game.force("tile", "C")
    game.apply(Place("C", 0, 2, 0))
    game.apply(Skip())
    assert game.tokens(0) == {"wheat": 1}
    (left,) = [n for n in game.notices if isinstance(n, NoTokenLeft)]
    assert left.token == "pumpkin" and left.player is None
    assert notices.told(game, left) == "No pumpkin token left"
    assert game.scores[0] == 6  # the field still scores


def test_picks_help_the_picker() -> None:
    game_like = HillDale.__new__(HillDale)
    game_like.held = [Counter(apple=1, strawberry=1, pumpkin=1, sunflower=1)]
    assert game_like.pick(0, ["apple", "wheat"]) == "wheat"  # completes a set
    assert game_like.pick(0, ["apple", "scarecrow"]) == "scarecrow"  # completes it too
    game_like.held = [Counter(apple=2)]
    assert game_like.pick(0, ["apple", "pumpkin"]) == "pumpkin"


# ---------------------------------------------------------------------- hikes and stables


def test_hike_labels_and_copy(registry: Registry) -> None:
    game = _scenario("hike-2-tiles.yaml", registry, turns=6)
    game.force("tile", "A")
    game.apply(Place("A", -1, 0, 0))
    hm = module(game)
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    # east past Blue's hiker to [2, 1]; west onto the start and the new tile
    assert {m.cell: view.move_label(game, m) for m in moves} == {(2, 1): "+2", (0, 0): "+1",
                                                                  (-1, 0): "+2"}
    other = game.copy()
    other.apply(Move(2, 1))
    assert other.scores[0] == game.scores[0] + 2
    assert module(other).held == hm.held and len(game.moves) + 1 == len(other.moves)
    assert sorted(m.cell for m in moves) == sorted(
        m.cell for m in game.legal_actions() if isinstance(m, Move))  # the original is intact
    game.undo()  # the tile is taken back: no hike any more
    assert not any(isinstance(a, Move) for a in game.legal_actions())


def test_the_tokens_left_are_counted_in_words(registry: Registry) -> None:
    game = _scenario("harvest-12-tokens-22-points.yaml", registry)
    rule = module(game)
    rule.supply["apple"], rule.supply["wheat"] = 1, 4
    lines = view.module_lines(game)
    assert "1 apple," in lines[1] and "4 wheat sheaves" in lines[2]


def test_final_details_explain_the_set_bonus(registry: Registry) -> None:
    game = _scenario("harvest-12-tokens-22-points.yaml", registry)
    lines = view.final_details(game)
    assert "+5" in lines[0] and "scarecrow" in lines[0]
    assert lines[1:4] == ["Red: 12 harvest tokens", "Red: 2 sets of five crops, +10",
                          "Red: 2 scarecrows stood in for crops"]
    assert game.tokens(0)["apple"] == 3


def test_one_stables_animals_are_counted_in_words(registry: Registry,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A player with one stable reads "a stable with 1 animal", not "stables with 1
    animals"; with several, the stables' animals are added up."""
    game = Game(registry.ruleset("over-hill-and-dale"), ["Red", "Blue"], seed=3)
    rng = random.Random(3)
    while not game.over:
        game.apply(random_action(game, rng))
    reds = [f.id for f in game.figures.values() if f.kind == STABLE and f.player == 0]
    assert len(reds) == 2
    assert "Red: stables with " in " ".join(view.final_details(game))
    del game.figures[reds[0]]  # Red's other stable alone
    monkeypatch.setattr(hill_dale_view, "stable_animals", lambda host, cell: 1)
    assert "Red: a stable with 1 animal" in view.final_details(game)
    monkeypatch.setattr(hill_dale_view, "stable_animals", lambda host, cell: 7)
    assert "Red: a stable with 7 animals" in view.final_details(game)


# ---------------------------------------------------------------------- random games


def _segments_next(game: Game, seg: tuple[tuple[int, int], int]) -> list[tuple[tuple[int, int],
                                                                                 int]]:
    """Independent neighbour rule: the pieces of the same feature root on the tile across each
    edge the piece covers."""
    cell, idx = seg
    placed = game.board.tiles[cell]
    root = game.features.find(placed.fids[idx])
    out = []
    for side in placed.turned.feature_ports[idx] & {0, 1, 2, 3}:
        dx, dy = P.OFFSETS[side]
        other = game.board.tiles.get((cell[0] + dx, cell[1] + dy))
        if other is None:
            continue
        for j, ports in enumerate(other.turned.feature_ports):
            if (side + 2) % 4 in ports and game.features.find(other.fids[j]) == root:
                out.append((other.cell, j))
    return out


def expected_hikes(game: Game) -> dict[tuple[int, int], int]:
    """The hikes the rulebook allows now, by target tile, with their points (the best when
    several hikes end on one tile), found by a plain breadth-first walk."""
    if game.phase is not Phase.FIGURE or game.last_cell is None:
        return {}
    placed = game.board.tiles[game.last_cell]
    roots = {game.features.find(placed.fids[f.index]) for f in placed.tile.features
             if f.kind == "path"}
    hikers = [f for f in game.figures.values() if f.kind == "meeple"
              and game.board.tiles[f.cell].tile.features[f.index].kind == "path"]
    out: dict[tuple[int, int], int] = {}
    for fig in hikers:
        root = game.features.find(game.board.tiles[fig.cell].fids[fig.index])
        if fig.player != game.current or root not in roots or game.features.open[root] == 0:
            continue
        blocked = {f.cell for f in hikers if f.id != fig.id}
        start = (fig.cell, fig.index)
        dist = {start: 0}
        frontier = [start]
        while frontier:
            seg = frontier.pop(0)
            for nxt in _segments_next(game, seg):
                if nxt not in dist:
                    dist[nxt] = dist[seg] + 1
                    frontier.append(nxt)
        for (cell, _), d in dist.items():
            if d > 0 and cell not in blocked:
                out[cell] = max(out.get(cell, 0), d)
    return out


def _check_invariants(game: Game, ohd: TileSet) -> None:
    hm = module(game)
    held = Counter[str]()
    for p in range(len(game.players)):
        held.update(game.tokens(p))
    for name in HARVEST:  # tokens are never created or lost
        assert hm.supply[name] + held[name] == SUPPLY[name]
    on_board: Counter[tuple[int, str]] = Counter((f.player, f.kind) for f in game.figures.values())
    for p in range(len(game.players)):  # figures are conserved
        for kind, fig in ohd.figures.items():
            assert game.supply[p][kind] + on_board[p, kind] == fig.count
    listed = {f.id: f for root in game.features.roots() for f in game.features.figures[root]}
    assert listed == game.figures  # every figure on the board stands on its feature
    stables = [f.cell for f in game.figures.values() if f.kind == "stable"]
    for a in stables:  # no stable within the 8 tiles around another
        assert sum(1 for b in stables if abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1) == 1


@pytest.mark.slow
def test_random_games_keep_every_rule(ohd: TileSet) -> None:
    hikes = 0
    for seed in range(60):
        players = 2 + seed % 4
        game = Game(ohd, [f"P{i}" for i in range(players)], seed=seed)
        rng = random.Random(seed)
        scores = list(game.scores)
        while not game.over:
            legal = game.legal_actions() if game.phase is Phase.FIGURE else []
            moves = [a for a in legal if isinstance(a, Move)]
            assert {m.cell: int(str(view.move_label(game, m))[1:]) for m in moves} \
                == expected_hikes(game), seed
            if moves and rng.random() < 0.6:
                action = rng.choice(moves)
                who = game.current
                before = {f.id: f for f in game.figures.values() if f.player == who}
                points = expected_hikes(game)[action.cell]
                events = len(game.events)
                game.apply(action)
                hikes += 1
                after = {f.id: f for f in game.figures.values() if f.player == who}
                changed = [i for i in before if before[i] != after.get(i)]
                assert len(changed) == 1 and after[changed[0]].cell == action.cell, seed
                walked = [e for e in game.events[events:] if e.category == "hike"]
                assert [(e.player, e.points) for e in walked] == [(who, points)], seed
            else:
                game.apply(random_action(game, rng))
            assert all(now >= was for now, was in zip(game.scores, scores, strict=True)), seed
            scores = list(game.scores)
            _check_invariants(game, ohd)
        assert game.tiles_left == 0 and len(game.board) + len(game.set_aside) == 73
        assert sum(e.points for e in game.events) == sum(game.scores)
    assert hikes > 50


# ---------------------------------------------------------------------- in the window


def test_a_hike_in_the_window(registry: Registry, tmp_path: Path) -> None:
    """Headless: the tile is placed with a click, the lit hike target shows its points, a
    click on it and Enter make the hike."""
    import pygame

    from game.ui.app import App, AppConfig
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.routes import SceneRoutes
    from game.ui.session import Seat, Session

    app = App(AppConfig(size=(1280, 800), storage_root=tmp_path), SceneRoutes)
    try:
        game = _scenario("hike-2-tiles.yaml", app.registry, turns=6)
        game.force("tile", "A")
        session = Session(game, "over-hill-and-dale", [], [Seat("Red", "red"),
                                                           Seat("Blue", "blue")])
        scene = PlayScene(app, session)
        app.replace(scene)
        app.step(1 / 60)

        def click(cell: tuple[int, int]) -> None:
            x, y, w, h = scene.camera.cell_rect(cell)
            pos = (x + w // 2, y + h // 2)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
                app.step(1 / 60)

        click((-1, 0))
        assert game.phase is Phase.FIGURE and game.last_cell == (-1, 0)
        assert {m.cell for m in scene.options.moves()} == {(2, 1), (0, 0), (-1, 0)}
        click((2, 1))
        assert scene.turn.pending == Move(2, 1)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="",
                                                 scancode=0))
        app.step(1 / 60)
        assert game.scores == [2, 1] and game.current == 1
        assert any(f.cell == (2, 1) and f.player == 0 for f in game.figures.values())
    finally:
        pygame.quit()
