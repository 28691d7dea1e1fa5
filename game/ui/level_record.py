"""A finished game on this screen counts in the player's results against the computer
levels (``game.store.level_results``), which New game's ladder shows: only a game with one
person at the window, and only against the levels the set-up offers."""

from __future__ import annotations

from game.review.ladder import ladder_key
from game.store.level_results import LevelResults, Record, fingerprint, outcomes
from game.store.savefile import Person
from game.store.storage import Storage

from .session import LADDER_LEVELS, Session


def counts(session: Session) -> bool:
    """Whether the game counts in the results: played at this window (never a network
    table's: its seats are not all here) by exactly one person."""
    return not session.remote and [s.kind for s in session.seats].count(Person.HUMAN) == 1


def count_results(session: Session, storage: Storage) -> str | None:
    """Count the game's results once it is over; what to tell the player when they could not
    be written."""
    game = session.game
    if not game.over or not counts(session):
        return None
    found = outcomes([s.kind for s in session.seats], game.scores, Person.HUMAN,
                     LADDER_LEVELS)
    if not found:
        return None
    key = ladder_key(session.game_id, session.expansions)
    game_print = fingerprint(key, game.seed, game.order, [str(m) for m in game.moves])
    return LevelResults.load(storage).count(key, game_print, found)


def records_met(session: Session, storage: Storage) -> list[tuple[str, Record]]:
    """The player's games so far against each level seated in this game, weakest first (as
    the final scores tell them once the game has counted); none where it does not count."""
    if not counts(session):
        return []
    results = LevelResults.load(storage)
    key = ladder_key(session.game_id, session.expansions)
    seated = {s.kind for s in session.seats}
    return [(level, record) for level in LADDER_LEVELS
            if level in seated and (record := results.of(key, level)).games]
