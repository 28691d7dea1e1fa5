"""How a chosen seed and a typed tile order are said to players: the refusals naming the
word at fault, and the line that tells a finished game's draws so a friend can type them."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.tile_order import Fault, OrderError, order_text

from .i18n import _, ngettext

MOST_SEED = 2**63  # as large as a save keeps a seed


def order_refusal(exc: OrderError) -> str:
    """One sentence on the word of a typed order the draw pile cannot follow."""
    if exc.fault is Fault.UNKNOWN:
        return _("No tile of this game is named “{word}”.").format(word=exc.word)
    if exc.fault is Fault.NOT_IN_PILE:
        return _("The tile “{word}” is not in the draw pile.").format(word=exc.word)
    return ngettext("“{word}” is typed {typed} times, but the draw pile holds only {held}.",
                    "“{word}” is typed {typed} times, but the draw pile holds only {held}.",
                    exc.held).format(word=exc.word, typed=exc.typed, held=exc.held)


def read_seed(text: str) -> int | None:
    """A typed seed: None when the field is empty (a random seed); ValueError, its message a
    sentence for the player, when it is not a whole number a save can keep."""
    word = text.strip()
    if not word:
        return None
    if not (word.isascii() and word.isdigit()) or int(word) >= MOST_SEED:
        raise ValueError(_("A seed is a whole number, such as 1234: “{word}” is not one."
                           ).format(word=word if len(word) <= 24 else word[:23] + "…"))
    return int(word)


def seed_line(seed: int, order: Sequence[str]) -> str:
    """The game's draws as a friend types them again: its seed, and its tile order if a
    player typed one."""
    if not order:
        return _("Seed {seed}").format(seed=seed)
    return _("Seed {seed} · tiles first: {tiles}").format(seed=seed, tiles=order_text(order))
