"""Small phrases every sentence of the view may need, in the player's language: a number of
tiles, a list of names.  The words for a game's own things come from ``game.words.vocabulary``."""

from __future__ import annotations

from game.words.i18n import _, ngettext


def tiles(n: int) -> str:
    """ "1 tile", "4 tiles"."""
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
