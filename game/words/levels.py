"""How the set-up tells the computer levels: each with its rating in the chosen game and one
line on how it plays, from the weakest up (the ladder a player climbs)."""

from __future__ import annotations

from pathlib import Path

from .i18n import N_, _

# How each level the set-up offers plays, in a line.
HOW_IT_PLAYS = {
    "easy": N_("often picks a lesser move: a newcomer can beat it"),
    "quick": N_("weighs every move of its turn by the points it makes and sets up"),
    "strong": N_("tries its best moves in imagined futures, about a second a move"),
}


def how_it_plays(level: str) -> str:
    return _(HOW_IT_PLAYS[level]) if level in HOW_IT_PLAYS else ""


def ladder_heading() -> str:
    return _("Computer levels")


def ladder_scale(anchor_name: str, anchor_rating: int) -> str:
    """What the ratings are: ``rating in this game, Medium = 1500``."""
    return _("rating in this game, {anchor} = {rating}").format(
        anchor=anchor_name, rating=anchor_rating)


def rating_detail(rating: int, low: int, high: int, games: int) -> str:
    """What a level's rating rests on, for a player who asks (the pointer on its row)."""
    return _("Rated {rating} (95% interval {low}–{high}) from {games} games against the other "
             "levels in this game, two players, each at its own time a move.").format(
                 rating=rating, low=low, high=high, games=games)


def record_words(won: int, lost: int, drawn: int) -> str:
    """The player's games against a level: ``you 3–1`` (won–lost), ``you 3–1–1`` with draws."""
    if drawn:
        return _("you {won}–{lost}–{drawn}").format(won=won, lost=lost, drawn=drawn)
    return _("you {won}–{lost}").format(won=won, lost=lost)


def results_problem(problem: str, kept: Path | None) -> str:
    """Why the player's results against the levels could not be read, and where the file
    is."""
    where = _("Its file is kept as it is.") if kept is None else _(
        "Its file is kept as {name} in the game's data folder.").format(name=kept.name)
    return _("Your results against the computer cannot be read ({problem}): they start "
             "again.").format(problem=problem) + " " + where


def record_sentence(level_name: str, won: int, lost: int, drawn: int) -> str:
    """``Your games against Hard in this game: 3 won, 1 lost`` (and drawn, when some were)."""
    if drawn:
        return _("Your games against {level} in this game: {won} won, {lost} lost, {drawn} "
                 "drawn").format(level=level_name, won=won, lost=lost, drawn=drawn)
    return _("Your games against {level} in this game: {won} won, {lost} lost").format(
        level=level_name, won=won, lost=lost)
