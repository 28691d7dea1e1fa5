"""Rules pages: the Markdown beside each tile set, read into blocks; their pictures show tiles
that exist, fit each other and hold figures where figures may stand."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from game.rules import Deploy, Game, IllegalAction, Place, Skip, TileSet
from game.rules.model import StartDef
from game.rules.ports import OFFSETS
from game.rules.registry import Registry, builtin_tileset_dir
from game.ui.picture import picture_problems
from game.words import i18n
from game.words.i18n import LANGUAGES
from game.words.rulespages import (
    Heading,
    Page,
    PageError,
    Paragraph,
    Picture,
    PictureTile,
    Span,
    find_page,
    parse_page,
    spans,
)
from game.words.setpage import generated_page


def page_tileset(registry: Registry, set_id: str) -> TileSet:
    own = registry.sets[set_id]
    return registry.ruleset(own.extends, [set_id]) if own.extends else registry.ruleset(set_id)


def built_in_pages(registry: Registry) -> list[tuple[str, str]]:
    return [(sid, code) for sid in registry.sets for code in LANGUAGES]


def test_every_built_in_set_has_a_page_in_every_language(registry: Registry) -> None:
    for sid, code in built_in_pages(registry):
        page = find_page([builtin_tileset_dir()], sid, code)
        assert page is not None and page.language == code, (sid, code)
        assert isinstance(page.blocks[0], Heading) and page.blocks[0].level == 1
        assert page.pictures(), f"{sid}.{code}: no picture"
        steps = [b for b in page.blocks if isinstance(b, Paragraph) and b.marker == "1."]
        assert steps, f"{sid}.{code}: the turn is not told in steps"


def test_the_languages_tell_the_same_page(registry: Registry) -> None:
    """Both languages have the same sections and the same pictures, in the same order."""
    for sid in registry.sets:
        pages = [find_page([builtin_tileset_dir()], sid, code) for code in LANGUAGES]
        shapes = [[type(b).__name__ + (str(b.level) if isinstance(b, Heading) else "")
                   for b in p.blocks if not isinstance(b, Paragraph)] for p in pages if p]
        assert all(s == shapes[0] for s in shapes), sid
        pictures = [[pic.tiles for pic in p.pictures()] for p in pages if p]
        assert all(p == pictures[0] for p in pictures), sid


def place_all(picture: Picture, tileset: TileSet) -> list[str]:
    """Check the picture as the rules would: every tile touches another by a side, and
    every side it shares with a neighbour matches it (the rules' edge labels)."""
    tiles = {t.id: t for t in tileset.tiles}
    at = {pt.cell: tiles[pt.tile].rotations[pt.rotation] for pt in picture.tiles}
    problems: list[str] = []
    for pt in picture.tiles:
        turned = at[pt.cell]
        neighbours = 0
        for side, (dx, dy) in enumerate(OFFSETS):
            other = at.get((pt.cell[0] + dx, pt.cell[1] + dy))
            if other is None:
                continue
            neighbours += 1
            if turned.edges[side] != other.edges[(side + 2) % 4]:
                problems.append(f"{pt.tile} at {pt.cell} turned {pt.rotation * 90} does not "
                                f"fit its neighbour on side {'NESW'[side]}")
        if neighbours == 0 and len(picture.tiles) > 1:
            problems.append(f"{pt.tile} at {pt.cell} touches no other tile")
    return problems


def test_every_picture_is_a_board_the_rules_allow(registry: Registry) -> None:
    for sid, code in built_in_pages(registry):
        page = find_page([builtin_tileset_dir()], sid, code)
        assert page is not None
        tileset = page_tileset(registry, sid)
        for picture in page.pictures():
            where = f"{sid}.{code}.md:{picture.line}"
            assert picture_problems(picture, tileset) == [], where
            assert place_all(picture, tileset) == [], where
            assert any(f.label for t in picture.tiles for f in t.figures), where


def test_a_page_opens_with_the_numbers_of_its_tile_set(registry: Registry) -> None:
    """The opening paragraph tells how many tiles each pile has and how many of each figure
    a player has (two or more), as the tile set's data says."""
    for sid, code in built_in_pages(registry):
        page = find_page([builtin_tileset_dir()], sid, code)
        assert page is not None
        opening = next(b for b in page.blocks if isinstance(b, Paragraph))
        text = " ".join(span.text for span in opening.spans)
        own = registry.sets[sid]
        piles = Counter[str]()
        for tile in own.tiles:
            piles[tile.pile] += tile.count
        if own.extends:  # an expansion's page counts the tiles it adds
            for tile in registry.sets[own.extends].tiles:
                piles[tile.pile] -= tile.count
        for pile, count in piles.items():
            assert re.search(rf"\b{count}\b", text), f"{sid}.{code}: {count} {pile} tiles"
        words = own.text[code].figures
        parent = registry.sets[own.extends].figures if own.extends else {}
        for name, figure in own.figures.items():
            if figure.count > 1 and name not in parent:
                told = f"{figure.count} {words[name].many}"
                assert told in text, f"{sid}.{code}: '{told}'"


def _touches(tile: PictureTile, placed: list[PictureTile]) -> bool:
    x, y = tile.cell
    return any(abs(x - p.cell[0]) + abs(y - p.cell[1]) == 1 for p in placed)


def _put(game: Game, tile: PictureTile, colours: list[str]) -> None:
    """Place a picture's tile and the figure on it.  A picture shows a position, not a whole
    game: the owner of the figure on a tile is made the player who places it."""
    if tile.figures:
        player = colours.index(tile.figures[0].colour)
        hands = game.hands
        hands[player], hands[game.current] = hands[game.current], hands[player]
        game.current = player
    game.force("tile", tile.tile)
    game.apply(Place(tile.tile, tile.cell[0], tile.cell[1], tile.rotation * 90))
    game.apply(Deploy(tile.figures[0].kind, tile.figures[0].target) if tile.figures else Skip())


def picture_points(picture: Picture, tileset: TileSet) -> dict[str, int] | None:
    """What each colour scores when the picture's tiles are placed one by one, each with its
    figure, in the first order (written order first) the rules allow: the points of the turn
    the last tile is placed, or, for a colour that scored nothing then, the final scoring's.
    None when no order is allowed (e.g. two figures shown in one city no tile joined)."""
    colours = list(dict.fromkeys(f.colour for t in picture.tiles for f in t.figures))
    players = colours + ["grey"] * (max(tileset.players[0], len(colours)) - len(colours))

    def play(game: Game, placed: list[PictureTile]) -> Game | None:
        if len(placed) == len(picture.tiles):
            return game
        for tile in picture.tiles:
            if tile in placed or not _touches(tile, placed):
                continue
            after = game.copy()
            try:
                _put(after, tile, colours)
            except IllegalAction:
                continue
            if (done := play(after, [*placed, tile])) is not None:
                return done
        return None

    for first in picture.tiles:
        if first.figures:
            continue
        start = StartDef(tile=first.tile, at=first.cell, rotation=first.rotation * 90)
        game = play(Game(tileset, players, seed=1, start=start), [first])
        if game is not None:
            during = list(game.scores)
            game.final_scoring()
            return {c: during[i] or game.scores[i] for i, c in enumerate(colours)}
    return None


def test_every_picture_scores_what_its_labels_say(registry: Registry) -> None:
    """The points a picture gives its figures are the points the rules score for them, and
    the position it shows can be reached by placing its tiles.  Flocks of sheep are drawn
    from the bag: those pictures are left to the scenarios of Hills & Sheep."""
    for sid in registry.sets:
        page = find_page([builtin_tileset_dir()], sid, "en")
        assert page is not None
        tileset = page_tileset(registry, sid)
        for picture in page.pictures():
            if any(f.tokens for t in picture.tiles for f in t.figures):
                continue
            want = {f.colour: int(f.label) for t in picture.tiles for f in t.figures
                    if f.label}
            got = picture_points(picture, tileset)
            assert got is not None, f"{sid}.en.md:{picture.line}: no order of play reaches it"
            assert {c: got[c] for c in want} == want, f"{sid}.en.md:{picture.line}"


def test_a_picture_whose_tiles_do_not_fit_is_found(registry: Registry) -> None:
    page = parse_page("```board\nE 0,0\nE 0,1\n```\n", "x.md", "carcassonne", "en")
    problems = place_all(page.pictures()[0], registry.ruleset("carcassonne"))
    assert problems == ["E at (0, 0) turned 0 does not fit its neighbour on side S",
                        "E at (0, 1) turned 0 does not fit its neighbour on side N"]


def test_picture_problems_name_what_is_missing(registry: Registry) -> None:
    page = parse_page("```board\nE 0,0 follower@cloister:red hut@N:blue\nZZ 1,0\n"
                      "E 0,1 follower@N:mauve\n```\n", "x.md", "carcassonne", "en")
    assert picture_problems(page.pictures()[0], registry.ruleset("carcassonne")) == [
        "tile E has nothing at 'cloister'", "no figure 'hut' in carcassonne",
        "no tile 'ZZ' in carcassonne", "'mauve' is not a player colour"]


def test_markdown_blocks_lists_and_bold() -> None:
    page = parse_page("# Title\n\nSome **bold** text\ngoes on.\n\n## Part\n- one\n"
                      "2. two\n   more\n", "p.md", "s", "en")
    assert page.title == "Title"
    assert page.blocks == (
        Heading(1, "Title", 1),
        Paragraph((Span("Some "), Span("bold", True), Span(" text goes on.")), 3),
        Heading(2, "Part", 6),
        Paragraph((Span("one"),), 7, "•"),
        Paragraph((Span("two more"),), 8, "2."))
    assert spans("**a** b **c**") == (Span("a", True), Span(" b "), Span("c", True))


def test_a_picture_line_reads_tile_cell_turn_figures_and_new() -> None:
    page = parse_page("```board\nE 1,-2 270 follower@W:red:+8 shepherd@NL:blue new\n```\n",
                      "p.md", "s", "en")
    tile = page.pictures()[0].tiles[0]
    assert (tile.tile, tile.cell, tile.rotation, tile.new) == ("E", (1, -2), 3, True)
    assert [(f.kind, f.target, f.colour, f.label) for f in tile.figures] == [
        ("follower", "W", "red", "+8"), ("shepherd", "NL", "blue", "")]


def test_tokens_go_beside_the_figure_before_them() -> None:
    page = parse_page("```board\nE 0,0 shepherd@SL:red:+8 sheep*5 shepherd@SR:blue sheep*3\n"
                      "```\n", "p.md", "s", "en")
    red, blue = page.pictures()[0].tiles[0].figures
    assert (red.label, red.tokens, blue.tokens) == ("+8", ("sheep", 5), ("sheep", 3))


@pytest.mark.parametrize(("text", "line", "problem"), [
    ("intro\n```python\nx\n```\n", 2, "only ```board blocks"),
    ("```board\nE 0,0\n", 1, "not closed"),
    ("```board\nE here\n```\n", 2, "TILE x,y"),
    ("```board\nE 0,0 45\n```\n", 2, "0, 90, 180 or 270"),
    ("```board\nE 0,0\nF 0,0\n```\n", 3, "two tiles at 0,0"),
    ("```board\nE 0,0 follower\n```\n", 2, "'follower' is neither a figure"),
    ("```board\nE 0,0 sheep*2 shepherd@SL:red\n```\n", 2, "come after their figure"),
    ("```board\nE 0,0 shepherd@SL:red sheep*0\n```\n", 2, "neither a figure"),
    ("```board\n```\n", 1, "at least one tile"),
    ("####### deep\n", 1, "a heading is"),
])
def test_a_mistake_in_a_page_names_its_line(text: str, line: int, problem: str) -> None:
    with pytest.raises(PageError) as info:
        parse_page(text, "p.md", "s", "en")
    assert info.value.line == line and problem in info.value.problem


def test_a_page_is_found_beside_its_tile_set_and_falls_back_to_english(tmp_path: Path) -> None:
    mine = tmp_path / "help"
    mine.mkdir()
    (mine / "mine.en.md").write_text("# Mine\n", encoding="utf-8")
    found = find_page([builtin_tileset_dir(), tmp_path], "mine", "fr")
    assert isinstance(found, Page) and (found.title, found.language) == ("Mine", "en")
    (mine / "mine.fr.md").write_text("# À moi\n", encoding="utf-8")
    assert find_page([tmp_path], "mine", "fr").title == "À moi"  # type: ignore[union-attr]
    assert find_page([tmp_path], "other", "en") is None
    (mine / "bad.en.md").write_bytes(b"\xff\xfe")
    with pytest.raises(PageError, match="not a UTF-8 text file"):
        find_page([tmp_path], "bad", "en")


def test_a_page_made_from_the_tile_set_reads_as_french_writes(registry: Registry) -> None:
    """The page of a set that brings none: a space before each colon in French, and the set's
    own word for an icon."""
    base = registry.ruleset("carcassonne")
    try:
        i18n.set_language("fr")
        lines = ["".join(s.text for s in b.spans) for b in generated_page(base, base).blocks
                 if isinstance(b, Paragraph)]
    finally:
        i18n.set_language("en")
    assert lines[1] == ("Ville : s'achève quand plus rien ne reste ouvert ; rapporte 2 par "
                        "tuile, 2 par blason à l'achèvement, 1 par tuile, 1 par blason à la fin.")
    assert any(line.startswith("Paysans : par ville — ") for line in lines)
