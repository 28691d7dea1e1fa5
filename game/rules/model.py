"""The value types of a loaded tile set: kinds, figures, options, tile types and their rotations.

Everything here is immutable and built once by the loader; the engine only reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .geometry import Point, Polygon

Role = Literal["area", "line", "background", "inner"]
Completion = Literal["closed", "surrounded", "never"]
OptionValue = str | int

ROLES: tuple[Role, ...] = ("area", "line", "background", "inner")
COMPLETIONS: tuple[Completion, ...] = ("closed", "surrounded", "never")


@dataclass(frozen=True)
class KindDef:
    """A feature kind.  ``role`` says how it meets the tile border:

    - area: covers whole edges (city, forest, crop field) and names the edge;
    - line: runs through edge centres (road, river, path) and splits the edge's halves;
    - background: the land between (field, meadow), made of half edges;
    - inner: touches no edge (cloister, lake).
    """

    name: str
    role: Role
    completion: Completion
    points: Mapping[str, int]  # when completed: "tile" and icon names -> points each
    final: Mapping[str, int]  # at the end when incomplete


@dataclass(frozen=True)
class FigureDef:
    name: str
    count: int
    on: frozenset[str]  # kinds it may be placed on
    group: str  # figures of one group block each other's placement
    majority: bool  # counts towards the majority of its feature
    stays: bool  # stays on the board when its feature is scored (to the end)
    blocks: bool = True  # a feature holding one keeps others of its group off
    building: bool = False  # a building (a hut, a stable): drawn standing, even on a field


@dataclass(frozen=True)
class OptionDef:
    name: str
    values: tuple[OptionValue, ...]
    default: OptionValue
    source: str  # the rulebook sentence the option comes from


@dataclass(frozen=True)
class Icon:
    name: str
    at: Point | None  # where it is drawn (unit tile coordinates), None: near the anchor


@dataclass(frozen=True)
class FeatureDef:
    index: int
    kind: str
    name: str | None
    ports: frozenset[int]  # as written (centre ports for areas and lines, halves for background)
    shared: frozenset[int]  # ports this feature shares with another feature of its kind
    icons: tuple[Icon, ...]
    touches: tuple[int, ...]  # indices of features on the same tile it touches (cities of a field)
    shape: Polygon
    anchor: Point


@dataclass(frozen=True)
class RotatedTile:
    """A tile type turned clockwise by ``rotation`` quarter turns, ready for the engine."""

    type_id: str
    rotation: int  # quarter turns
    edges: tuple[str, str, str, str]  # N E S W labels used for matching
    connect: tuple[tuple[int, ...], ...]  # per port: features joined across it
    target: tuple[int | None, ...]  # per port: the feature a figure on that port stands on
    feature_ports: tuple[frozenset[int], ...]  # per feature: ports it covers, turned
    shapes: tuple[Polygon, ...]
    anchors: tuple[Point, ...]
    icon_points: tuple[tuple[Point | None, ...], ...]
    tile_icon_points: tuple[Point | None, ...]


@dataclass(frozen=True)
class TileType:
    id: str
    count: int
    pile: str  # "main", or another pile such as "bonus"
    features: tuple[FeatureDef, ...]
    icons: tuple[Icon, ...]  # marks of the whole tile (hill, vineyard...)
    source: str  # tile set id it comes from
    line: int
    rotations: tuple[RotatedTile, RotatedTile, RotatedTile, RotatedTile]
    distinct_rotations: tuple[int, ...]  # rotations that differ for the rules
    names: Mapping[str, int]  # feature name -> index


@dataclass(frozen=True)
class StartDef:
    tile: str
    at: tuple[int, int]
    rotation: int  # degrees


@dataclass(frozen=True)
class ValueText:
    label: str  # an option's value as the set-up screen shows it
    explain: str  # what choosing it means, in one line


@dataclass(frozen=True)
class OptionText:
    name: str
    values: Mapping[str, ValueText] = field(default_factory=dict)  # by str(value)
    # The rulebook sentence the option comes from (``OptionDef.source``) in this language,
    # where the rulebook is in another: the set-up screen shows it with the original.
    quote: str = ""


@dataclass(frozen=True)
class QuestionText:
    prompt: str  # what a rule module's question is about
    answers: Mapping[str, ValueText] = field(default_factory=dict)  # by answer


@dataclass(frozen=True)
class Words:
    """What a tile set calls one of its kinds, figures or icons in one language."""

    one: str  # the singular: "city", "follower", "gold nugget"
    many: str  # the plural: "cities"
    phrase: str = ""  # in a sentence, with its article ("the city", "a follower"); "": none


@dataclass(frozen=True)
class LanguageText:
    """What a tile set says to players in one language (its ``text:`` section)."""

    name: str = ""
    note: str = ""  # a line the set-up screen shows under the game's name
    kinds: Mapping[str, Words] = field(default_factory=dict)
    figures: Mapping[str, Words] = field(default_factory=dict)
    icons: Mapping[str, Words] = field(default_factory=dict)  # icons counted on a card
    options: Mapping[str, OptionText] = field(default_factory=dict)
    questions: Mapping[str, QuestionText] = field(default_factory=dict)  # by question key
    moves: str = ""  # what moving a figure instead of placing one does (a hike)
    extra: str = ""  # what a second placement in the turn is (a bonus tile)


Colour = tuple[int, int, int]
# The surfaces, line ends and reliefs the window knows how to draw (``game.ui.art``): a tile
# set's look picks among them by name.
Texture = Literal["grass", "meadow", "city", "road", "earth", "water", "forest", "crop", "plain"]
LineEnd = Literal["junction", "spring", "none"]
Relief = Literal["hill"]
TEXTURES: tuple[Texture, ...] = ("grass", "meadow", "city", "road", "earth", "water", "forest",
                                 "crop", "plain")
LINE_ENDS: tuple[LineEnd, ...] = ("junction", "spring", "none")
RELIEFS: tuple[Relief, ...] = ("hill",)
EDGE_WIDTH = 0.018  # a kind's edge, in tiles, when its look says none
ICON_SIZE = 0.2  # an icon's size, in tiles, when its look says none


@dataclass(frozen=True)
class KindLook:
    """How the window draws a feature kind (a tile set's ``look: kinds:``)."""

    texture: Texture
    colour: Colour  # the surface
    edge: Colour  # its wall, verge, bank or outline
    edge_width: float = EDGE_WIDTH  # in tiles
    wall: bool = False  # areas: a crenellated wall along the boundary inside the tile
    wall_top: Colour = (206, 192, 168)  # the light stone on top of the wall
    building: bool = False  # inner kinds: a building at the anchor instead of a filled shape
    roof: Colour = (182, 78, 52)  # roofs: of the building, and drawn on the city texture
    walls: Colour = (238, 226, 200)  # a building's walls
    end: LineEnd = "junction"  # lines: what stands where one ends in open land


@dataclass(frozen=True)
class IconLook:
    """How the window draws an icon, on a tile and as a token (a tile set's ``look: icons:``):
    a drawing of ``sprites/icons``, else a token with letters."""

    sprite: str = ""  # "": no drawing, a lettered token
    letters: str = ""  # the token's letters when it has no drawing ("": the name's first two)
    size: float = ICON_SIZE  # on a tile, in tiles
    relief: Relief | None = None  # painted as the land itself (a hill) rather than as an icon


@dataclass(frozen=True)
class FigureLook:
    """How the window draws a figure (a tile set's ``look: figures:``): a drawing of
    ``sprites/figures``, tinted to its player's colour."""

    sprite: str


@dataclass(frozen=True)
class Looks:
    """A tile set's ``look:`` section: how its kinds, icons and figures are drawn.  What it
    does not name is drawn by a fallback (``game.words.gamecheck`` names each)."""

    kinds: Mapping[str, KindLook] = field(default_factory=dict)
    icons: Mapping[str, IconLook] = field(default_factory=dict)
    figures: Mapping[str, FigureLook] = field(default_factory=dict)


@dataclass(frozen=True)
class TileSet:
    id: str
    name: str
    path: str
    extends: str | None
    players: tuple[int, int]
    figures: Mapping[str, FigureDef]
    kinds: Mapping[str, KindDef]
    options: Mapping[str, OptionDef]
    rules: tuple[str, ...]
    start: StartDef | None
    tiles: tuple[TileType, ...]
    lineage: tuple[str, ...] = field(default=())  # ids of the sets merged into this one
    # id -> digest of what its file says, for each set merged in (a save keeps them to tell
    # when a tile set changed under it)
    fingerprints: Mapping[str, str] = field(default_factory=dict)
    text: Mapping[str, LanguageText] = field(default_factory=dict)  # by language code
    looks: Looks = field(default_factory=Looks)  # how the window draws it
