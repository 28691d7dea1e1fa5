"""A seat's marks in its player's row at a network table: whether its player is connected
(a dot by the figure), what happens to it (reconnecting, resigned, a computer plays it), and
its clock beside the score when the table has one."""

from __future__ import annotations

import pygame

from game.net.terms import StandIn
from game.view.phrases import listed
from game.words.i18n import _, ngettext

from . import palette as pal
from .resources import Resources
from .session import SeatMarks, Session

CONNECTED = (70, 190, 90)
AWAY = (230, 160, 40)
LOW_TIME = 30.0  # seconds: a clock this low is shown in red


DAY = 86400


def clock_text(seconds: float) -> str:
    """Thinking time as a chess clock shows it: 4:07, or 1:02:03 past an hour; a day or more
    (a correspondence move's) in days and hours: 2 d 5 h."""
    whole = max(0, int(seconds + 0.999))  # 0.2 s left still reads 0:01
    if whole >= DAY:
        return _("{days} d {hours} h").format(days=whole // DAY, hours=whole % DAY // 3600)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def away_sentence(player: str, marks: SeatMarks | None) -> str:
    """What the others read of a player away: gone by choice, or reconnecting."""
    if marks is not None and marks.left:
        return _("{player} left the table").format(player=player)
    return _("{player} is reconnecting…").format(player=player)


def resigned_sentence(session: Session) -> str | None:
    """Who gave the game up ("Bob resigned"), if anyone did."""
    names = [session.seats[i].name for i in session.gave_up if i < len(session.seats)]
    return resigned_words(names) if names else None


def resigned_words(names: list[str]) -> str:
    """"Bob resigned", "Bob and Eve resigned"."""
    return ngettext("{players} resigned", "{players} resigned", len(names)).format(
        players=listed(names))


def ended_sentence(session: Session) -> str:
    """What the banner says once the game is over: and why, when it ended early."""
    resigned = resigned_sentence(session) if not session.game.over else None
    if resigned is None:
        return _("Game over")
    return _("Game over: {resigned}").format(resigned=resigned)


def status_word(marks: SeatMarks) -> str | None:
    """The word under a player's clock: a computer plays their turn (its reason is in the
    dot, the clock or the word itself), or they are gone."""
    if marks.resigned:
        return _("resigned")
    if marks.stand_in:  # out of time (the clock says so), or away too long (the dot does)
        return _("computer plays")
    if not marks.connected:
        if marks.left:
            return _("left the table")
        return _("waiting for the table") if marks.paused else _("reconnecting…")
    return None


def clock_line(marks: SeatMarks) -> str | None:
    """The clock in a player's row: the time left, or why it stopped counting."""
    if marks.clock is None:
        return None
    if marks.stand_in and marks.reason == StandIn.CLOCK:
        return _("out of time")
    return clock_text(marks.clock)


def draw_seat_marks(surface: pygame.Surface, res: Resources, row: pygame.Rect,
                    score: pygame.Rect, marks: SeatMarks) -> int:
    """Draw the marks in ``row`` left of the ``score``; the width they take there."""
    px = res.px
    dot = (row.x + px(36), row.y + px(12))
    if marks.connected:
        pygame.draw.circle(surface, CONNECTED, dot, px(5))
    else:
        pygame.draw.circle(surface, AWAY, dot, px(5), width=max(1, px(2)))
    lines: list[pygame.Surface] = []
    clock = clock_line(marks)
    if clock is not None and marks.clock is not None:
        colour = pal.ILLEGAL if marks.clock < LOW_TIME else (
            pal.TEXT if marks.running else pal.TEXT_DIM)
        lines.append(res.text(clock, 18, colour, bold=marks.running))
    word = status_word(marks)
    if word is not None:
        lines.append(res.text(word, 15, AWAY if not marks.connected else pal.TEXT_DIM))
    return _beside_score(surface, res, row, score, lines)


def draw_resigned(surface: pygame.Surface, res: Resources, row: pygame.Rect,
                  score: pygame.Rect) -> int:
    """"resigned" left of the ``score`` in a player's ``row`` (a finished game opened
    again, whose table is no more); the width it takes there."""
    return _beside_score(surface, res, row, score, [res.text(_("resigned"), 15, pal.TEXT_DIM)])


def _beside_score(surface: pygame.Surface, res: Resources, row: pygame.Rect,
                  score: pygame.Rect, lines: list[pygame.Surface]) -> int:
    """Lines stacked left of the ``score``, centred on the ``row``; the width they take."""
    px = res.px
    if not lines:
        return 0
    width = max(img.get_width() for img in lines)
    right = score.x - px(8)
    height = sum(img.get_height() for img in lines)
    y = row.centery - height // 2
    for img in lines:
        surface.blit(img, img.get_rect(topright=(right, y)))
        y += img.get_height()
    return width + px(8)
