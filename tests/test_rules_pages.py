"""Rules pages: the Markdown beside each tile set, read into blocks; the built-in games meet
every rule of ``game.words.gamecheck`` (the rules ``python -m game.tileset check`` reports),
their pictures scored by the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.registry import Registry, builtin_tileset_dir
from game.system.paths import sprites_dir
from game.ui.palette import PLAYER_COLOURS
from game.words import i18n
from game.words.gamecheck import check_set, fit_problems, picture_points
from game.words.pictures import PICTURE_COLOURS, picture_problems
from game.words.rulespages import (
    Heading,
    Page,
    PageError,
    Paragraph,
    Span,
    find_page,
    parse_page,
    spans,
)
from game.words.setpage import generated_page


def test_every_built_in_set_meets_every_rule(registry: Registry) -> None:
    """Its words in every language, how each kind, icon and figure looks, and its rules
    pages: the check ``python -m game.tileset check`` runs finds nothing to say."""
    for sid, tileset in registry.sets.items():
        source = registry.sources[sid]
        assert check_set(tileset, source.doc, str(source.path), sprites_dir()) == [], sid


def test_every_built_in_picture_is_scored_by_the_rules(registry: Registry) -> None:
    """The points a picture gives its figures are the points the rules score for them (the
    check scores each, but for flocks of sheep drawn from the bag: Hills & Sheep's
    scenarios hold those)."""
    scored = 0
    for sid, tileset in registry.sets.items():
        page = find_page([builtin_tileset_dir()], sid, "en")
        assert page is not None
        for picture in page.pictures():
            if any(f.tokens for t in picture.tiles for f in t.figures):
                continue
            want = {f.colour: f.label for t in picture.tiles for f in t.figures if f.label}
            got = picture_points(picture, tileset)
            assert got is not None and {c: f"+{got[c]}" for c in want} == want, picture.line
            scored += 1
    assert scored >= 12


def test_a_picture_whose_tiles_do_not_fit_is_found(registry: Registry) -> None:
    page = parse_page("```board\nE 0,0\nE 0,1\n```\n", "x.md", "carcassonne", "en")
    problems = fit_problems(page.pictures()[0], registry.ruleset("carcassonne"))
    assert problems == ["E at (0, 0) turned 0 does not fit its neighbour on side S",
                        "E at (0, 1) turned 0 does not fit its neighbour on side N"]


def test_picture_problems_name_what_is_missing(registry: Registry) -> None:
    page = parse_page("```board\nE 0,0 follower@cloister:red hut@N:blue\nZZ 1,0\n"
                      "E 0,1 follower@N:mauve\n```\n", "x.md", "carcassonne", "en")
    assert picture_problems(page.pictures()[0], registry.ruleset("carcassonne")) == [
        "tile E has nothing at 'cloister'", "no figure 'hut' in carcassonne",
        "no tile 'ZZ' in carcassonne", "'mauve' is not a player colour"]


def test_a_picture_wears_the_players_colours() -> None:
    assert tuple(name for name, _ in PLAYER_COLOURS) == PICTURE_COLOURS


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
