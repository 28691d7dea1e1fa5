"""The ladder of computer levels as the set-up shows it: each level offered, weakest first,
with its rating in the chosen game, the player's games against it there (won–lost, once
there are some) and a line on how it plays; the levels seated in full colour, the others
dim."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import pygame

from game.review.ladder import Ladder
from game.store.level_results import Record
from game.words.levels import how_it_plays, ladder_heading, ladder_scale, record_words

from . import palette as pal
from .resources import Resources
from .session import kind_name
from .widgets import fit_text, wrap_text


def draw_ladder(surface: pygame.Surface, res: Resources, ladder: Ladder,
                game: tuple[str, Sequence[str]], levels: Sequence[str],
                seated: Collection[str], room: pygame.Rect,
                records: Mapping[str, Record] | None = None) -> list[tuple[str, pygame.Rect]]:
    """Draw the ladder from the top of ``room``, whole or not at all (without its lines on how
    each level plays where the whole does not fit: the pointer on a level still tells it):
    each level's row as drawn (none when it did not fit).  ``records``: the player's games
    against each level in this game."""
    px = res.px
    played = {level: r for level, r in (records or {}).items() if r.games}
    name_w, rating_w = px(84), px(52)
    record_w = px(80) if played else 0
    text_w = room.w - name_w - rating_w - record_w
    rows = [(level, ladder.rating(game[0], game[1], level),
             wrap_text(res, how_it_plays(level), 16, text_w)) for level in levels]
    if _height(res, rows) > room.h:  # names and ratings alone where the rows leave less room
        rows = [(level, rated, []) for level, rated, _lines in rows]
    if _height(res, rows) > room.h:
        return []
    heading = res.text(ladder_heading(), 20, pal.TEXT_DIM, bold=True)
    surface.blit(heading, room.topleft)
    scale = res.text(ladder_scale(kind_name(ladder.anchor), ladder.anchor_rating), 16,
                     pal.TEXT_DIM)
    surface.blit(scale, (room.x + heading.get_width() + px(10),
                         room.y + heading.get_height() - scale.get_height()))
    y = room.y + px(30)
    drawn = []
    for level, rated, lines in rows:
        top = y
        colour = pal.TEXT if level in seated else pal.TEXT_DIM
        name = fit_text(res, kind_name(level), 17, name_w - px(6), bold=True)
        surface.blit(res.text(name, 17, colour, bold=True), (room.x, y))
        if rated is not None:
            surface.blit(res.text(str(rated.rating), 17, colour, bold=True),
                         (room.x + name_w, y))
        if level in played:
            record = played[level]
            said = fit_text(res, record_words(record.won, record.lost, record.drawn), 16,
                            record_w - px(8))
            surface.blit(res.text(said, 16, colour), (room.x + name_w + rating_w, y + px(1)))
        for line in lines:
            surface.blit(res.text(line, 16, colour),
                         (room.x + name_w + rating_w + record_w, y + px(1)))
            y += px(19)
        if not lines:
            y += px(19)
        drawn.append((level, pygame.Rect(room.x, top, room.w, y - top)))
        y += px(6)
    return drawn


def _height(res: Resources, rows: Sequence[tuple[str, object, list[str]]]) -> int:
    px = res.px
    return px(30) + sum(px(19) * max(1, len(lines)) + px(6) for _level, _rated, lines in rows)
