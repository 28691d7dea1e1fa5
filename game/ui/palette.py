"""Colours of the game: player colours, the styles of feature kinds, and the UI colours.

Plain data, no pygame.  A kind's style is made from its tile set's look; a kind without one is
drawn flat, by its role.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.model import EDGE_WIDTH, KindLook, LineEnd, Role, Texture, TileSet
from game.words.i18n import N_, _, in_every_language

Colour = tuple[int, int, int]

# Six meeple colours, told apart by hue and by lightness (red/green differ in both, so they
# stay distinct for the common colour-blindnesses; black and yellow are the extremes).
PLAYER_COLOURS: list[tuple[str, Colour]] = [
    ("red", (216, 52, 40)),
    ("blue", (38, 104, 206)),
    ("yellow", (250, 202, 38)),
    ("green", (24, 156, 96)),
    ("black", (46, 46, 52)),
    ("purple", (176, 84, 196)),
]
# A new seat is named after its colour, in the window's language.
COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"),
                "green": N_("Green"), "black": N_("Black"), "purple": N_("Purple")}


def colour_name(colour: str) -> str:
    """A player colour's name as a seat's default name, in the window's language."""
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour.capitalize()


def is_colour_name(name: str, colour: str) -> bool:
    """Whether ``name`` is the default name of a seat of ``colour``, in any language: such a
    name was never chosen by a player, so it follows the seat's colour and the window's
    language."""
    if colour not in COLOUR_NAMES:
        return name == colour.capitalize()
    return name.strip() in in_every_language(COLOUR_NAMES[colour])


def colour_rgb(name: str) -> Colour:
    """The colour of a player colour name ("red"...), a "#rrggbb" string, or a neutral grey."""
    key = name.strip().lower()
    for n, rgb in PLAYER_COLOURS:
        if n == key:
            return rgb
    aliases = {"pink": "purple", "violet": "purple", "grey": "black", "gray": "black"}
    if key in aliases:
        return colour_rgb(aliases[key])
    if key.startswith("#") and len(key) == 7:
        try:
            return (int(key[1:3], 16), int(key[3:5], 16), int(key[5:7], 16))
        except ValueError:
            pass
    return (150, 150, 150)


# --- the tabletop and the HUD -----------------------------------------------------------------
TABLETOP: Colour = (37, 45, 51)  # the screens' background: a dark slate that makes tiles pop
TABLETOP_LINE: Colour = (47, 57, 64)  # faint grid or vignette lines on the tabletop
SIDEBAR: Colour = (28, 34, 39)  # the strip beside the board that holds the panels
PANEL: Colour = (246, 238, 220)  # parchment panels
PANEL_EDGE: Colour = (150, 121, 84)
CURRENT_ROW: Colour = (236, 221, 188)  # the current player's row in a panel
FIELD_BG: Colour = (255, 251, 241)  # text entry fields
SELECTION: Colour = (250, 208, 110)  # behind the selected text of a field
TEXT: Colour = (48, 36, 26)  # on panels
TEXT_DIM: Colour = (126, 108, 88)
TEXT_LIGHT: Colour = (236, 230, 218)  # on the tabletop
BUTTON: Colour = (235, 224, 198)
BUTTON_HOVER: Colour = (247, 239, 216)
BUTTON_OFF: Colour = (214, 208, 196)
PRIMARY: Colour = (178, 74, 44)  # terracotta, the colour of the roofs
PRIMARY_HOVER: Colour = (198, 90, 56)
TEXT_ON_PRIMARY: Colour = (255, 248, 236)
SHADOW: Colour = (22, 26, 30)
HIGHLIGHT: Colour = (255, 212, 84)  # golden: selection, focus, the last placed tile
LEGAL: Colour = (118, 222, 128)
ILLEGAL: Colour = (232, 78, 66)
TARGET: Colour = (96, 206, 255)  # areas a figure may be put on: reads on grass, sand and roofs

# --- feature kinds ------------------------------------------------------------------------
# How a kind is drawn is the tile set's (its ``look:`` section, ``game.rules.looks``); what
# the window draws besides is here.


@dataclass(frozen=True)
class KindStyle:
    """How a feature kind is drawn.  Widths are in unit tile coordinates."""

    fill: Colour
    edge: Colour  # wall, verge, bank or outline colour
    texture: Texture = "plain"
    edge_width: float = EDGE_WIDTH
    wall: bool = False  # areas: a crenellated wall along the boundary inside the tile
    wall_top: Colour = (206, 192, 168)  # the light stone on top of the wall
    building: bool = False  # inner kinds: a building at the anchor instead of a filled shape
    roof: Colour = (182, 78, 52)
    body: Colour = (238, 226, 200)  # building walls
    end: LineEnd = "junction"  # lines: how a dead end in open land is marked


def style_of(look: KindLook) -> KindStyle:
    """The style a kind's look asks for."""
    return KindStyle(fill=look.colour, edge=look.edge, texture=look.texture,
                     edge_width=look.edge_width, wall=look.wall, wall_top=look.wall_top,
                     building=look.building, roof=look.roof, body=look.walls, end=look.end)


# A kind whose tile set gives it no look is drawn flat, by its role: plainly unfinished, and
# named by ``python -m game.tileset check``.
FALLBACK_STYLES: dict[Role, KindStyle] = {
    "area": KindStyle(fill=(196, 176, 146), edge=(104, 90, 76), edge_width=0.026),
    "line": KindStyle(fill=(222, 212, 190), edge=(132, 118, 98), edge_width=0.014),
    "background": KindStyle(fill=(150, 160, 140), edge=(100, 110, 95)),
    "inner": KindStyle(fill=(214, 204, 184), edge=(92, 80, 70), edge_width=0.026),
}


def kind_style(tileset: TileSet, kind: str) -> KindStyle:
    """The style of a kind of the tile set: as its look says, else the flat one of its
    role."""
    look = tileset.looks.kinds.get(kind)
    if look is not None:
        return style_of(look)
    known = tileset.kinds.get(kind)
    return FALLBACK_STYLES[known.role if known is not None else "area"]


# Under a tile's features, where a tile has no land of its own (a city on every side).
UNDERLAY = KindStyle(fill=(112, 160, 72), edge=(80, 118, 50), texture="grass")
# The back of every tile (the draw pile): dark grass.
TILE_BACK_GRASS: Colour = (108, 160, 66)
TILE_BACK_EDGE: Colour = (76, 118, 46)
# A house where roads end in open land.
HOUSE_ROOF: Colour = (178, 72, 48)
HOUSE_WALLS: Colour = (240, 230, 206)
HOUSE_EDGE: Colour = (92, 74, 60)
