"""Heads-up display of the play scene: its layout, the players' rows and the prompt banner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game.rules import Game, Phase
from game.rules.looks import figure_sprite
from game.view import extra_prompt, move_prompt
from game.view.narrate import stood_in
from game.words.i18n import _
from game.words.vocabulary import figure_word, question_text

from . import palette as pal
from .art.icons import BARE_BELOW
from .keymap import labels
from .resources import Resources
from .seat_marks import away_sentence, draw_resigned, draw_seat_marks, ended_sentence
from .session import Connection, Session
from .widgets import blit_centred, fit_line, fit_lines, panel

SIDEBAR_W = 316
ROW_H = 58  # a player's row, when the window is tall enough
MIN_ROW_H = 40  # rows shrink to this on short windows, so that the turn log keeps some room
PLAYERS_TITLE_H = 24  # the players' panel's title, left out when room is short
PLAYERS_EDGE = 4  # above the first row and below the last
TRAY_TILE = 132  # the tray's tile, when the window is tall enough
MIN_TRAY_TILE = 92


class Spacing(NamedTuple):
    """The sidebar's spacing at 100 %: roomy, or tight when the turn log would be short."""

    pad: int  # around and between the panels
    tray_top: int  # the tray's title above its tile
    gap: int  # around the supply row
    supply: int  # the supply row
    button: int  # Confirm and Undo
    foot: int  # under them

    def below(self) -> int:
        """The tray under its tile."""
        return self.gap * 2 + self.supply + self.button + self.foot


ROOMY = Spacing(pad=12, tray_top=32, gap=8, supply=36, button=46, foot=10)
TIGHT = Spacing(pad=8, tray_top=30, gap=6, supply=34, button=40, foot=8)
LOG_MIN_H = 60  # a turn log shorter than this is not drawn
LOG_WANTED_H = 170  # room for the rules' state lines and a few lines of the log
BOARD_PAD = 12  # between the board's edges and the toolbar, the free area
BANNER_H = 60  # the prompt banner's strip at the top of the board
BANNER_SIZES = (24, 21, 18)  # the banner's type, smaller for a long prompt
BANNER_LINES = 2  # a prompt too long for one line wraps


@dataclass
class Layout:
    size: tuple[int, int]
    board: pygame.Rect
    players: pygame.Rect
    tray: pygame.Rect
    tray_tile: pygame.Rect
    supply: pygame.Rect
    confirm: pygame.Rect
    undo: pygame.Rect
    log: pygame.Rect
    toolbar: pygame.Rect
    free: pygame.Rect  # the board not covered by the banner and the toolbar

    @classmethod
    def compute(cls, size: tuple[int, int], players: int, scale: float = 1.0) -> Layout:
        """The play scene's rectangles for a window of ``size`` at interface ``scale``."""
        def px(length: float) -> int:
            return round(length * scale)

        w, h = size
        side_w = px(SIDEBAR_W)
        side_x = w - side_w
        n = max(1, players)
        # The sidebar stacks players, tray and log.  Each starts at its least (short rows,
        # a small tile, no players' title), then the room left goes, in turn, to the log up
        # to a few lines, to the players' title, to the rows, to the tile, and what remains
        # to the log: with five players on the smallest window the log still shows lines
        # (there, with tighter spacing).
        least = n * px(MIN_ROW_H) + px(2 * PLAYERS_EDGE + MIN_TRAY_TILE)
        space = ROOMY
        spare = h - least - px(4 * space.pad + space.tray_top + space.below())
        if spare < px(LOG_WANTED_H):
            space = TIGHT
            spare = h - least - px(4 * space.pad + space.tray_top + space.below())
        pad = px(space.pad)
        log_h = min(spare, px(LOG_WANTED_H))
        spare -= log_h
        title = px(PLAYERS_TITLE_H) if spare >= px(PLAYERS_TITLE_H) else 0
        spare -= title
        row_h = px(MIN_ROW_H) + min(px(ROW_H - MIN_ROW_H), max(0, spare) // n)
        spare -= (row_h - px(MIN_ROW_H)) * n
        tile = px(MIN_TRAY_TILE) + min(px(TRAY_TILE - MIN_TRAY_TILE), max(0, spare))
        spare -= tile - px(MIN_TRAY_TILE)
        log_h += max(0, spare)
        players_r = pygame.Rect(side_x + pad, pad, side_w - 2 * pad,
                                title + px(2 * PLAYERS_EDGE) + row_h * n)
        tray_r = pygame.Rect(side_x + pad, players_r.bottom + pad, side_w - 2 * pad,
                             px(space.tray_top + space.below()) + tile)
        tray_tile = pygame.Rect(0, 0, tile, tile)
        tray_tile.midtop = (tray_r.centerx, tray_r.y + px(space.tray_top))
        supply = pygame.Rect(tray_r.x + px(10), tray_tile.bottom + px(space.gap),
                             tray_r.w - px(20), px(space.supply))
        bw = (tray_r.w - px(30)) // 2
        confirm = pygame.Rect(tray_r.x + px(10), tray_r.bottom - px(space.button + space.foot),
                              bw, px(space.button))
        undo = pygame.Rect(confirm.right + px(10), confirm.y, bw, px(space.button))
        log_r = pygame.Rect(side_x + pad, tray_r.bottom + pad, side_w - 2 * pad,
                            log_h if log_h >= px(LOG_MIN_H) else 0)
        edge = px(BOARD_PAD)
        toolbar = pygame.Rect(edge, h - px(58), px(6 * 52 + 5 * 6), px(46))
        free = pygame.Rect(edge, px(BANNER_H), side_x - 2 * edge, toolbar.y - edge - px(BANNER_H))
        return cls(size, pygame.Rect(0, 0, side_x, h), players_r, tray_r, tray_tile, supply,
                   confirm, undo, log_r, toolbar, free)


def _players_title(res: Resources, rect: pygame.Rect, players: int) -> int:
    """The height of the players' panel's title: none when the rows had to shrink for it
    (see Layout.compute)."""
    px = res.px
    with_title = px(PLAYERS_TITLE_H) + px(2 * PLAYERS_EDGE) + max(1, players) * px(MIN_ROW_H)
    return px(PLAYERS_TITLE_H) if rect.h >= with_title else 0


def player_row(res: Resources, rect: pygame.Rect, player: int, players: int) -> pygame.Rect:
    """A player's row in the players' panel ``rect``."""
    px = res.px
    top = _players_title(res, rect, players) + px(PLAYERS_EDGE)
    row_h = (rect.h - top - px(PLAYERS_EDGE)) // max(1, players)
    return pygame.Rect(rect.x + px(6), rect.y + top + player * row_h, rect.w - px(12),
                       row_h - px(4))


THE_CURRENT = -1  # the players' row lit: that of the player whose turn it is


def draw_players(surface: pygame.Surface, res: Resources, session: Session,
                 rect: pygame.Rect, scores: Sequence[int] | None = None,
                 held: str | None = None, lit: int | None = THE_CURRENT) -> None:
    """The players' rows; ``scores``: what the counters show, when it is not the score yet
    (they count up while a scoring is shown); ``held``: the kind of the figure the player of
    the turn has put on the new tile, not confirmed yet, already out of their supply;
    ``lit``: the row lit, when not the current player's (the history lights the player of
    the turn it shows, as its banner names them), None for none."""
    game = session.game
    if lit == THE_CURRENT:
        lit = None if session.ended() else session.turn_shown
    px = res.px
    panel(surface, rect)
    if _players_title(res, rect, len(session.seats)):
        title = res.text(_("Players"), 20, pal.TEXT_DIM, bold=True)
        surface.blit(title, (rect.x + px(14), rect.y + px(7)))
    fig_kinds = list(game.tileset.figures)
    shown = game.scores if scores is None else scores
    for i, seat in enumerate(session.seats):
        row = player_row(res, rect, i, len(session.seats))
        current = i == lit
        if current:
            pygame.draw.rect(surface, pal.CURRENT_ROW, row, border_radius=px(8))
            pygame.draw.rect(surface, seat.rgb, row, width=px(2), border_radius=px(8))
        meeple = res.figures.figure(figure_sprite(game.tileset.looks, fig_kinds[0]), seat.rgb,
                                    px(30))
        surface.blit(meeple, meeple.get_rect(midleft=(row.x + px(8), row.centery)))
        score = res.text(str(shown[i]), 34 if row.h >= px(44) else 30, pal.TEXT, bold=True)
        score_rect = score.get_rect(midright=(row.right - px(10), row.centery))
        surface.blit(score, score_rect)
        marks = session.marks(i)  # at a network table: connected, clock
        if marks is not None:
            score_rect = score_rect.move(-draw_seat_marks(surface, res, row, score_rect,
                                                          marks), 0)
        elif i in session.gave_up:
            score_rect = score_rect.move(-draw_resigned(surface, res, row, score_rect), 0)
        room = score_rect.x - px(8) - (row.x + px(46))
        # Name and supply fill the row, its two lines set closer on a short row.
        short = row.h < px(50)
        name, size = fitted_name(res, seat.label, room, current)
        name_img = res.text(name, size, pal.TEXT, bold=current)
        name_y = row.y + (px(2) if short else px(5))
        surface.blit(name_img, (row.x + px(46), name_y))
        counts = {k: game.supply[i][k] - int(k == held and i == game.current) for k in fig_kinds}
        supply = "  ".join(_("{n} {figures}").format(
            n=counts[k], figures=figure_word(game.tileset, k, counts[k])) for k in fig_kinds)
        line_y = row.bottom - (px(19) if short else px(22))
        supply, supply_size = fit_line(res, supply, (16, 15, 14), room)
        text = res.text(supply, supply_size, pal.TEXT_DIM)
        surface.blit(text, (row.x + px(46), line_y))
        # Tokens fill the room after the name, then after the supply line.
        tokens = sorted(game.tokens(i).items())
        areas = [pygame.Rect(left, top, score_rect.x - px(8) - left, px(18))
                 for left, top in ((row.x + px(56) + name_img.get_width(), name_y + px(2)),
                                   (row.x + px(52) + text.get_width(), line_y - px(1)))]
        # Smaller icons rather than tokens left out (a harvest of six kinds, say).
        icon = next((size for size in TOKEN_SIZES
                     if not _draw_tokens(None, res, session, tokens, areas, size)),
                    TOKEN_SIZES[-1])
        _draw_tokens(surface, res, session, tokens, areas, icon)


def fitted_name(res: Resources, name: str, width: int, bold: bool) -> tuple[str, int]:
    """A player's name (with a computer's level) in the room before the score: smaller
    type for a long one, cut short with an ellipsis when even that is too wide (a name a
    player typed, in a row of one line)."""
    return fit_line(res, name, (21, 19, 17), width, bold)


TOKEN_SIZES = (18, 15, 13)  # a token's icon in a player's row, at 100 %, largest first


def _draw_tokens(surface: pygame.Surface | None, res: Resources, session: Session,
                 tokens: list[tuple[str, int]], areas: list[pygame.Rect],
                 icon: int) -> list[tuple[str, int]]:
    """Draw tokens as icons of ``icon`` px (at 100 %) with their counts, filling the areas in
    turn; returns those that did not fit (an ellipsis in the last area stands for them).
    With ``surface`` None nothing is drawn: only what would not fit is told."""
    art = res.tile_art(session.tileset)
    px = res.px
    size = 16 if icon >= TOKEN_SIZES[0] else 14
    left = list(tokens)
    for k, area in enumerate(areas):
        x = area.x
        while left:
            name, n = left[0]
            count = res.text(str(n), size, pal.TEXT, bold=True)
            if x + px(icon) + count.get_width() > area.right:
                break
            if surface is not None:
                surface.blit(art.icons.icon(name, px(icon), bare=px(icon) < BARE_BELOW),
                             (x, area.y + px(18 - icon) // 2))
                surface.blit(count, (x + px(icon + 1), area.y + px(2)))
            x += px(icon + 5) + count.get_width()
            left.pop(0)
        if left and k == len(areas) - 1 and surface is not None and area.w >= px(12):
            surface.blit(res.text("…", 16, pal.TEXT_DIM), (max(area.x, x), area.y + px(1)))
    return left


def banner_layout(res: Resources, board: pygame.Rect, text: str,
                  clear_of: pygame.Rect | None = None) -> tuple[pygame.Rect, list[str], int]:
    """Where the prompt goes at the top of the board, its lines and their size: centred,
    moved right of ``clear_of`` (a button in the board's corner) when it would cover it; in
    smaller letters if it does not fit, then on two lines (cut short only if even those do
    not hold it)."""
    px = res.px
    left = board.x + px(8) if clear_of is None else clear_of.right + px(8)
    room = board.right - px(8) - left - px(44)
    lines, size = fit_lines(res, text, BANNER_SIZES, room, BANNER_LINES, bold=True)
    font = res.font(size, bold=True)
    width = max(font.size(line)[0] for line in lines)
    height = font.get_linesize() * len(lines) + px(4) * (len(lines) - 1)
    rect = pygame.Rect(0, 0, width + px(44), height + px(20))
    rect.midtop = (board.centerx, px(12))
    if clear_of is not None and rect.colliderect(clear_of):
        rect.left = left
    return rect, lines, size


def draw_banner(surface: pygame.Surface, res: Resources, board: pygame.Rect, text: str,
                colour: tuple[int, int, int], clear_of: pygame.Rect | None = None
                ) -> pygame.Rect:
    """The prompt at the top of the board (``banner_layout``), with a dot of the player's
    ``colour``.  Returns where it is drawn."""
    px = res.px
    rect, lines, size = banner_layout(res, board, text, clear_of)
    panel(surface, rect, radius=px(14))
    blit_centred(surface, res.figures.mark(colour, px(7)), (rect.x + px(16), rect.centery))
    step = res.font(size, bold=True).get_linesize() + px(4)
    top = rect.centery - (step * len(lines) - px(4)) / 2
    for i, line in enumerate(lines):
        img = res.text(line, size, pal.TEXT, bold=True)
        blit_centred(surface, img, (rect.centerx + px(8), top + step * i + img.get_height() / 2))
    return rect


def describe_phase(session: Session, pending: bool, can_move: bool = False,
                   hand: int = 1, can_place: bool = True) -> str:
    """The banner's prompt: whose turn it is and what they may do (``can_move``: a figure
    may move instead; ``hand``: the tiles the player may choose from; ``can_place``: a
    figure may go on the new tile)."""
    game: Game = session.game
    seat = session.current_seat
    player = seat.name
    if session.ended():  # played to its end, or ended by resignations
        return ended_sentence(session)
    connection = session.connection  # at a table: the line beside the board says why
    if connection is Connection.PAUSED:
        return _("The table is paused: {player}'s turn waits").format(player=player)
    marks = session.marks(game.current)  # at a network table: a player gone, or played for
    # the table's computer plays the seat now (this window's own seat: as the table last
    # said, while this window is at the table)
    if marks is not None and marks.stand_in and (
            not seat.is_human or connection is Connection.UP):
        if marks.reason is not None:  # and why: resigned, away, out of time
            return stood_in(player, marks.reason)
        return _("A computer plays for {player}…").format(player=player)
    if not seat.is_human:
        if marks is not None and not marks.connected:
            return away_sentence(seat.label, marks)
        return _("{player} is thinking…").format(player=seat.label)
    if connection is Connection.DOWN:
        return _("{player}: your turn waits for the connection to the table").format(
            player=player)
    if connection is Connection.GONE:
        return _("{player}: this window is no longer at the table").format(player=player)
    if game.phase is Phase.PLACE:
        if game.in_extra:
            return extra_prompt(game, player)
        if hand > 1:
            return _("{player}: drag one of your tiles onto a lit cell (1, 2, 3 or "
                     "{next_tile} picks, {rotate} turns)").format(player=player, **labels())
        return _("{player}: drag the tile onto a lit cell, or Tab to one and Enter "
                 "({rotate} turns it, so does a right-click)").format(player=player,
                                                                     **labels())
    if game.phase is Phase.CHOOSE and game.choices:
        request = game.choices[0]
        said = question_text(game.tileset, request.key)  # the rules' own words if none
        return _("{player}: {question}").format(
            player=player, question=said.prompt if said is not None else request.prompt)
    if pending:
        return _("{player}: Enter confirms, {undo} takes back").format(player=player,
                                                                        **labels())
    if can_move:
        return move_prompt(game, player)
    if not can_place:  # no figure left, or none of the tile's areas is free
        return _("{player}: no figure can go on this tile; Enter ends the turn").format(
            player=player)
    return _("{player}: place a figure on a lit area, or Enter to end the turn").format(
        player=player)
