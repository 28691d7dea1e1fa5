"""A table's refusal in the player's language.  The table words its refusals in English (the
protocol's words, read by any client); the window says those a player can meet in their own
language, by the refusal's code, and any other as the table wrote it."""

from __future__ import annotations

from game.net.client import NetSession
from game.words.i18n import N_, _

_SAID = {
    "code": N_("No table has that join code: check it with the host"),
    "table-full": N_("Every seat of this table is taken"),
    "seat-taken": N_("That seat is no longer open"),
    "protocol": N_("The host plays another version of the game: both need the same one"),
    "slow-down": N_("Too many joins failed: wait a minute before trying again"),
    "replaced": N_("Your seat was taken back by another window"),
    "table-closed": N_("The table met a problem and was closed"),
}


def problem_words(net: NetSession) -> str | None:
    """Why the table was left or refused, for the player; None when nothing went wrong."""
    said = _SAID.get(net.refused or "")
    return _(said) if said is not None else net.problem
