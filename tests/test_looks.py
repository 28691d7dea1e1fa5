"""How a tile set is drawn (its ``look:`` section): read, added to by an expansion, left out
of what a save checks, and every mistake named with its line."""

from __future__ import annotations

import pytest

from game.rules import TileSetError, parse_tileset
from game.rules.loader import fingerprint, read_yaml
from game.rules.model import FigureLook, IconLook, KindLook

from .test_loader_errors import GOOD

LOOK = """\
look:
  kinds:
    city: {texture: city, colour: [216, 190, 146], edge: "#5c4a3c", edge_width: 0.056,
           wall: true}
    road: {texture: road, colour: [236, 220, 178], edge: [146, 120, 84], end: none}
    field: {texture: grass, colour: [108, 160, 66], edge: [76, 118, 46]}
  icons:
    shield: {size: 0.22}
    nugget: {sprite: gold}
    zebra: {letters: Zb}
  figures:
    follower: {sprite: shepherd}
"""
LOOK_LINE = GOOD.count("\n") + 1  # where the look section starts


def test_kinds_icons_and_figures_look_as_the_set_says() -> None:
    looks = parse_tileset(GOOD + LOOK, "tiny.yaml").looks
    assert looks.kinds["city"] == KindLook("city", (216, 190, 146), (92, 74, 60), 0.056,
                                           wall=True)
    assert looks.kinds["road"].end == "none" and not looks.kinds["road"].wall
    assert looks.icons == {"shield": IconLook("shield", "", 0.22),
                           "nugget": IconLook("gold"), "zebra": IconLook("", "Zb")}
    assert looks.figures == {"follower": FigureLook("shepherd")}


def test_an_expansion_adds_to_its_games_looks() -> None:
    base = parse_tileset(GOOD + LOOK, "tiny.yaml")
    expansion = parse_tileset(
        "id: more\nname: More\nextends: tiny\n"
        "kinds:\n  lake: {role: inner}\n"
        "look:\n  kinds:\n    lake: {texture: water, colour: [78, 144, 202], edge: [1, 2, 3]}\n"
        "  icons:\n    nugget: {letters: Au}\n"
        "tiles: []\n", "more.yaml", base)
    assert set(expansion.looks.kinds) == {"city", "road", "field", "lake"}
    assert expansion.looks.icons["nugget"] == IconLook("", "Au")
    assert expansion.looks.figures == base.looks.figures


def test_a_save_does_not_see_a_change_of_look() -> None:
    """How a set is drawn is no part of how it plays: a saved game replays after a change."""
    plain = fingerprint(read_yaml(GOOD, "tiny.yaml"))
    assert fingerprint(read_yaml(GOOD + LOOK, "tiny.yaml")) == plain


@pytest.mark.parametrize(("wrong", "right", "offset", "problem"), [
    ("city: {texture: city,", "castle: {texture: city,", 2, "'castle' is not a kind"),
    ("texture: city", "texture: marble", 2, "'texture' of the look of kind 'city' must be "
                                            "one of grass, meadow"),
    ("colour: [216, 190, 146]", "colour: [216, 190]", 2, "must be a colour"),
    ('edge: "#5c4a3c"', 'edge: "#5c4a3"', 2, "must be a colour"),
    ("edge_width: 0.056", "edge_width: 2", 2, "must be a number from 0.002 to 0.1"),
    ("end: none", "wall: true", 4, "only an area has a wall ('road' is a line)"),
    ("end: none", "end: bridge", 4, "must be one of junction, spring, none"),
    ("{texture: grass, colour", "{colour", 5, "lacks 'texture'"),
    ("{texture: grass,", "{texture: grass, shine: 3,", 5, "unknown key 'shine'"),
    ("shield: {size: 0.22}", "shield: {size: 1}", 7, "'size' of the look of icon 'shield'"),
    ("{letters: Zb}", "{letters: Zebra}", 9, "must be 1 to 3 characters"),
    ("{letters: Zb}", "{letters: Zb, sprite: deer}", 9, "not both"),
    ("{sprite: gold}", "{sprite: ../gold}", 8, "must be the name of a drawing"),
    ("follower: {sprite", "meeple: {sprite", 11, "'meeple' is not a figure"),
    ("  figures:", "  tokens:", 10, "unknown key 'tokens' in 'look'"),
])
def test_a_mistake_in_the_look_names_its_line(wrong: str, right: str, offset: int,
                                              problem: str) -> None:
    assert wrong in LOOK
    with pytest.raises(TileSetError) as info:
        parse_tileset(GOOD + LOOK.replace(wrong, right, 1), "tiny.yaml")
    assert problem in info.value.problem
    assert info.value.line == LOOK_LINE + offset
