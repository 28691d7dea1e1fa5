"""The words for the things of the games, in the player's language: feature kinds, figures and
icons, named from the tile sets' own names.

Each noun comes as the phrase a sentence needs ("the city", "a follower", "2 shields"), so
that a translation can give each its article and agreement; a name no table knows (a tile set
of the player's own) reads as its name with spaces.
"""

from __future__ import annotations

from game.i18n import N_, _, ngettext

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
    "follower": ("{n} follower", "{n} followers"),
    "shepherd": ("{n} shepherd", "{n} shepherds"),
    "hut": ("{n} hut", "{n} huts"),
    "meeple": ("{n} meeple", "{n} meeples"),
    "stable": ("{n} stable", "{n} stables"),
}

# Icons and tokens counted: (one, many), with {n}
_COUNTED: dict[str, tuple[str, str]] = {
    "shield": ("{n} shield", "{n} shields"),
    "fish": ("{n} fish", "{n} fish"),
    "mushroom": ("{n} mushroom", "{n} mushrooms"),
    "gold": ("{n} gold nugget", "{n} gold nuggets"),
    "deer": ("{n} deer", "{n} deer"),
    "tiger": ("{n} sabre-tooth tiger", "{n} sabre-tooth tigers"),
    "mammoth": ("{n} mammoth", "{n} mammoths"),
    "aurochs": ("{n} aurochs", "{n} aurochs"),
    "fire": ("{n} fire", "{n} fires"),
    "cult": ("{n} cult site", "{n} cult sites"),
    "apple": ("{n} apple", "{n} apples"),
    "strawberry": ("{n} strawberry", "{n} strawberries"),
    "pumpkin": ("{n} pumpkin", "{n} pumpkins"),
    "sunflower": ("{n} sunflower", "{n} sunflowers"),
    "wheat": ("{n} wheat sheaf", "{n} wheat sheaves"),
    "scarecrow": ("{n} scarecrow", "{n} scarecrows"),
    "sheep": ("{n} sheep", "{n} sheep"),
    "cow": ("{n} cow", "{n} cows"),
    "horse": ("{n} horse", "{n} horses"),
    "pig": ("{n} pig", "{n} pigs"),
    "rooster": ("{n} rooster", "{n} roosters"),
    "animal": ("{n} animal", "{n} animals"),
}
# marks that are not worth anything on their own and are not counted on a card
UNCOUNTED = frozenset({"spring", "volcano", "junction"})


def _words(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


def kind_title(kind: str) -> str:
    """A feature kind as a title: "City", "Crop field"."""
    known = _KINDS.get(kind)
    return _(known[0]) if known else _words(kind).capitalize()


def category_title(category: str) -> str:
    """What a score category is called on the final screen: "Cities", "Hikes"."""
    known = _CATEGORIES.get(category)
    return _(known) if known else _words(category).capitalize()


def kind_noun(kind: str) -> str:
    """A feature kind as a noun: "city", "crop field"."""
    known = _KINDS.get(kind)
    return _(known[1]) if known else _words(kind)


def the_kind(kind: str) -> str:
    """A feature kind in a sentence: "the city"."""
    known = _KINDS.get(kind)
    return _(known[2]) if known else _("the {name}").format(name=_words(kind))


def a_figure(figure: str) -> str:
    """One figure in a sentence: "a follower"."""
    known = _FIGURES.get(figure)
    return _(known) if known else _("a {name}").format(name=_words(figure))


def counted(icon: str, n: int) -> str:
    """A number of icons or tokens: "2 shields", "1 fish"."""
    one, many = _COUNTED.get(icon, ("{n} " + _words(icon), "{n} " + _words(icon)))
    return ngettext(one, many, n).format(n=n)


def counted_figures(figure: str, n: int) -> str:
    """A number of figures: "2 followers"."""
    one, many = _FIGURES_COUNTED.get(figure, ("{n} " + _words(figure), "{n} " + _words(figure)))
    return ngettext(one, many, n).format(n=n)


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
