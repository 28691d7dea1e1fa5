"""The words for the things of the games, in the player's language: feature kinds, figures and
icons, named from the tile sets' own names.

Each noun comes as the phrase a sentence needs ("the city", "a follower", "2 shields"), so
that a translation can give each its article and agreement; a kind or figure no table knows
(a tile set of the player's own) reads as that tile set calls it (its ``text:`` words), else
as its name with spaces.
"""

from __future__ import annotations

from game.i18n import N_, N_plural, _, ngettext
from game.rules import TileSet
from game.vocabulary import figure_word, kind_word

# Feature kinds: (title, noun, in a sentence)
_KINDS: dict[str, tuple[str, str, str]] = {
    "city": (N_("City"), N_("city"), N_("the city")),
    "road": (N_("Road"), N_("road"), N_("the road")),
    "cloister": (N_("Cloister"), N_("cloister"), N_("the cloister")),
    "field": (N_("Field"), N_("field"), N_("the field")),
    "river": (N_("River"), N_("river"), N_("the river")),
    "lake": (N_("Lake"), N_("lake"), N_("the lake")),
    "forest": (N_("Forest"), N_("forest"), N_("the forest")),
    "meadow": (N_("Meadow"), N_("meadow"), N_("the meadow")),
    "path": (N_("Path"), N_("path"), N_("the path")),
    "cropfield": (N_("Crop field"), N_("crop field"), N_("the crop field")),
}

# Figures: one of them in a sentence
_FIGURES: dict[str, str] = {
    "follower": N_("a follower"), "shepherd": N_("a shepherd"), "hut": N_("a hut"),
    "meeple": N_("a meeple"), "stable": N_("a stable"),
}

# What points are counted under on the final screen: kinds and rule modules' awards
_CATEGORIES: dict[str, str] = {
    "city": N_("Cities"), "road": N_("Roads"), "cloister": N_("Cloisters"),
    "field": N_("Farms"), "sheep": N_("Sheep"), "river": N_("Rivers"),
    "forest": N_("Forests"), "huts": N_("Huts"), "hunters": N_("Hunters"),
    "path": N_("Paths"), "cropfield": N_("Crop fields"), "hike": N_("Hikes"),
    "stable": N_("Stables"), "harvest": N_("Harvest"),
}

# Figures counted: (one, many), with {n}
_FIGURES_COUNTED: dict[str, tuple[str, str]] = {
    "follower": N_plural("{n} follower", "{n} followers"),
    "shepherd": N_plural("{n} shepherd", "{n} shepherds"),
    "hut": N_plural("{n} hut", "{n} huts"),
    "meeple": N_plural("{n} meeple", "{n} meeples"),
    "stable": N_plural("{n} stable", "{n} stables"),
}

# Icons and tokens counted: (one, many), with {n}
_COUNTED: dict[str, tuple[str, str]] = {
    "shield": N_plural("{n} shield", "{n} shields"),
    "fish": N_plural("{n} fish", "{n} fish"),
    "mushroom": N_plural("{n} mushroom", "{n} mushrooms"),
    "gold": N_plural("{n} gold nugget", "{n} gold nuggets"),
    "deer": N_plural("{n} deer", "{n} deer"),
    "tiger": N_plural("{n} sabre-tooth tiger", "{n} sabre-tooth tigers"),
    "mammoth": N_plural("{n} mammoth", "{n} mammoths"),
    "aurochs": N_plural("{n} aurochs", "{n} aurochs"),
    "fire": N_plural("{n} fire", "{n} fires"),
    "cult": N_plural("{n} cult site", "{n} cult sites"),
    "apple": N_plural("{n} apple", "{n} apples"),
    "strawberry": N_plural("{n} strawberry", "{n} strawberries"),
    "pumpkin": N_plural("{n} pumpkin", "{n} pumpkins"),
    "sunflower": N_plural("{n} sunflower", "{n} sunflowers"),
    "wheat": N_plural("{n} wheat sheaf", "{n} wheat sheaves"),
    "scarecrow": N_plural("{n} scarecrow", "{n} scarecrows"),
    "sheep": N_plural("{n} sheep", "{n} sheep"),
    "cow": N_plural("{n} cow", "{n} cows"),
    "horse": N_plural("{n} horse", "{n} horses"),
    "pig": N_plural("{n} pig", "{n} pigs"),
    "rooster": N_plural("{n} rooster", "{n} roosters"),
    "animal": N_plural("{n} animal", "{n} animals"),
}
# marks that are not worth anything on their own and are not counted on a card
UNCOUNTED = frozenset({"spring", "volcano", "junction"})


def _words(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


def _kind(kind: str, tileset: TileSet | None, count: int = 1) -> str:
    """A kind no table knows: as its tile set calls it, else its name with spaces."""
    return kind_word(tileset, kind, count) if tileset is not None else _words(kind)


def _figure(figure: str, tileset: TileSet | None, count: int = 1) -> str:
    return figure_word(tileset, figure, count) if tileset is not None else _words(figure)


def kind_title(kind: str, tileset: TileSet | None = None) -> str:
    """A feature kind as a title: "City", "Crop field"."""
    known = _KINDS.get(kind)
    if known:
        return _(known[0])
    word = _kind(kind, tileset)
    return word[:1].upper() + word[1:]


def category_title(category: str) -> str:
    """What a score category is called on the final screen: "Cities", "Hikes"."""
    known = _CATEGORIES.get(category)
    return _(known) if known else _words(category).capitalize()


def kind_noun(kind: str, tileset: TileSet | None = None) -> str:
    """A feature kind as a noun: "city", "crop field"."""
    known = _KINDS.get(kind)
    return _(known[1]) if known else _kind(kind, tileset)


def the_kind(kind: str, tileset: TileSet | None = None) -> str:
    """A feature kind in a sentence: "the city"."""
    known = _KINDS.get(kind)
    return _(known[2]) if known else _("the {name}").format(name=_kind(kind, tileset))


def a_figure(figure: str, tileset: TileSet | None = None) -> str:
    """One figure in a sentence: "a follower"."""
    known = _FIGURES.get(figure)
    return _(known) if known else _("a {name}").format(name=_figure(figure, tileset))


def counted(icon: str, n: int) -> str:
    """A number of icons or tokens: "2 shields", "1 fish"."""
    one, many = _COUNTED.get(icon, ("{n} " + _words(icon), "{n} " + _words(icon)))
    return ngettext(one, many, n).format(n=n)


def counted_figures(figure: str, n: int, tileset: TileSet | None = None) -> str:
    """A number of figures: "2 followers"."""
    known = _FIGURES_COUNTED.get(figure)
    if known is None:
        return _("{n} {figures}").format(n=n, figures=_figure(figure, tileset, n))
    return ngettext(*known, n).format(n=n)


def tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


def listed(items: list[str]) -> str:
    """Items in a sentence: "a", "a and b", "a, b and c"."""
    if not items:
        return ""
    out = items[0]
    for i, item in enumerate(items[1:], start=1):
        joint = _("{a} and {b}") if i == len(items) - 1 else _("{a}, {b}")
        out = joint.format(a=out, b=item)
    return out
