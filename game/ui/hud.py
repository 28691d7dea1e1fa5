"""Heads-up display of the play scene: players, tray, log, banner, remaining tiles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules import Game, Phase
from game.view import extra_prompt, move_prompt
from game.vocabulary import figure_word, question_text

from . import palette as pal
from .art.icons import BARE_BELOW
from .palette import Colour
from .resources import Resources
from .seat_marks import draw_seat_marks
from .session import Session
from .widgets import blit_centred, fit_text, panel

SIDEBAR_W = 316
ROW_H = 58  # a player's row, when the window is tall enough
MIN_ROW_H = 46  # rows shrink to this on short windows, so that the turn log keeps some room
PLAYERS_TITLE_H = 34
TRAY_H = 268
TRAY_TILE = 132
LOG_MIN_H = 60  # a turn log shorter than this is not drawn
LOG_WANTED_H = 120  # rows shrink (down to MIN_ROW_H) before the log gets shorter than this
BANNER_H = 60  # the prompt banner's strip at the top of the board


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
        pad = px(12)
        # The sidebar stacks players, tray and log; on a short window the player rows shrink
        # before the log does, and a log with no room left is not drawn (height 0).
        room = h - 4 * pad - px(TRAY_H + PLAYERS_TITLE_H + LOG_WANTED_H)
        row_h = max(px(MIN_ROW_H), min(px(ROW_H), room // max(1, players)))
        players_r = pygame.Rect(side_x + pad, pad, side_w - 2 * pad,
                                px(PLAYERS_TITLE_H) + row_h * players)
        tray_r = pygame.Rect(side_x + pad, players_r.bottom + pad, side_w - 2 * pad, px(TRAY_H))
        tray_tile = pygame.Rect(0, 0, px(TRAY_TILE), px(TRAY_TILE))
        tray_tile.midtop = (tray_r.centerx, tray_r.y + px(34))
        supply = pygame.Rect(tray_r.x + px(10), tray_tile.bottom + px(8), tray_r.w - px(20),
                             px(36))
        bw = (tray_r.w - px(30)) // 2
        confirm = pygame.Rect(tray_r.x + px(10), tray_r.bottom - px(56), bw, px(46))
        undo = pygame.Rect(confirm.right + px(10), confirm.y, bw, px(46))
        log_h = h - tray_r.bottom - 2 * pad
        log_r = pygame.Rect(side_x + pad, tray_r.bottom + pad, side_w - 2 * pad,
                            log_h if log_h >= px(LOG_MIN_H) else 0)
        toolbar = pygame.Rect(pad, h - px(58), px(6 * 52 + 5 * 6), px(46))
        free = pygame.Rect(pad, px(BANNER_H), side_x - 2 * pad, toolbar.y - pad - px(BANNER_H))
        return cls(size, pygame.Rect(0, 0, side_x, h), players_r, tray_r, tray_tile, supply,
                   confirm, undo, log_r, toolbar, free)


def player_row(res: Resources, rect: pygame.Rect, player: int, players: int) -> pygame.Rect:
    """A player's row in the players' panel ``rect``."""
    px = res.px
    row_h = min(px(ROW_H), (rect.h - px(PLAYERS_TITLE_H)) // max(1, players))
    return pygame.Rect(rect.x + px(6), rect.y + px(30) + player * row_h, rect.w - px(12),
                       row_h - px(4))


def draw_players(surface: pygame.Surface, res: Resources, session: Session,
                 rect: pygame.Rect, scores: Sequence[int] | None = None) -> None:
    """The players' rows; ``scores``: what the counters show, when it is not the score yet
    (they count up while a scoring is shown)."""
    game = session.game
    px = res.px
    panel(surface, rect)
    title = res.text(_("Players"), 22, pal.TEXT_DIM, bold=True)
    surface.blit(title, (rect.x + px(14), rect.y + px(9)))
    fig_kinds = list(game.tileset.figures)
    shown = game.scores if scores is None else scores
    for i, seat in enumerate(session.seats):
        row = player_row(res, rect, i, len(session.seats))
        current = i == game.current and not game.over
        if current:
            pygame.draw.rect(surface, pal.CURRENT_ROW, row, border_radius=px(8))
            pygame.draw.rect(surface, seat.rgb, row, width=px(2), border_radius=px(8))
        meeple = res.figures.figure(fig_kinds[0], seat.rgb, px(30))
        surface.blit(meeple, meeple.get_rect(midleft=(row.x + px(8), row.centery)))
        score = res.text(str(shown[i]), 34, pal.TEXT, bold=True)
        score_rect = score.get_rect(midright=(row.right - px(10), row.centery))
        surface.blit(score, score_rect)
        marks = session.marks(i)  # at a network table: connected, clock
        if marks is not None:
            score_rect = score_rect.move(-draw_seat_marks(surface, res, row, score_rect,
                                                          marks), 0)
        name_img = _fitted(res, seat.label, score_rect.x - px(8) - (row.x + px(46)), current)
        surface.blit(name_img, (row.x + px(46), row.y + px(7)))
        supply = "  ".join(_("{n} {figures}").format(
            n=game.supply[i][k], figures=figure_word(game.tileset, k, game.supply[i][k]))
            for k in fig_kinds)
        line_y = row.y + min(px(30), row.h - px(15))
        text = res.text(supply, 17, pal.TEXT_DIM)
        surface.blit(text, (row.x + px(46), line_y))
        # Tokens fill the room after the name, then after the supply line.
        tokens = sorted(game.tokens(i).items())
        for left, top in ((row.x + px(56) + name_img.get_width(), row.y + px(8)),
                          (row.x + px(52) + text.get_width(), line_y - px(2))):
            tokens = _draw_tokens(surface, res, session, tokens,
                                  pygame.Rect(left, top, score_rect.x - px(8) - left, px(18)),
                                  last=top != row.y + px(8))


def _fitted(res: Resources, name: str, width: int, bold: bool) -> pygame.Surface:
    """A player's name (with a computer's level) in the room before the score: smaller
    type for a long one, cut short with an ellipsis when even that is too wide."""
    for size in (22, 20, 18):
        img = res.text(name, size, pal.TEXT, bold=bold)
        if img.get_width() <= width:
            return img
    while len(name) > 1 and img.get_width() > width:
        name = name[:-1]
        img = res.text(name.rstrip() + "…", 18, pal.TEXT, bold=bold)
    return img


def _draw_tokens(surface: pygame.Surface, res: Resources, session: Session,
                 tokens: list[tuple[str, int]], area: pygame.Rect,
                 last: bool) -> list[tuple[str, int]]:
    """Draw tokens as small icons with counts, as many as fit the area; returns the rest
    (on the ``last`` area, an ellipsis stands for them)."""
    art = res.tile_art(session.tileset)
    px = res.px
    x = area.x
    for k, (name, n) in enumerate(tokens):
        count = res.text(str(n), 16, pal.TEXT, bold=True)
        if x + px(18) + count.get_width() > area.right:
            if last and area.w >= px(12):
                surface.blit(res.text("…", 16, pal.TEXT_DIM), (max(area.x, x), area.y + px(1)))
            return tokens[k:]
        surface.blit(art.icons.icon(name, px(18), bare=px(18) < BARE_BELOW), (x, area.y))
        surface.blit(count, (x + px(19), area.y + px(2)))
        x += px(23) + count.get_width()
    return []


@dataclass(frozen=True)
class LogLine:
    text: str
    dot: Colour | None = None  # the player it is about
    bold: bool = False
    marked: bool = False  # lit (the turn shown in the history)


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line]


def draw_log(surface: pygame.Surface, res: Resources, lines: Sequence[LogLine],
             rect: pygame.Rect, info: list[str] | None = None) -> None:
    """The turn log, newest at the bottom (or, when some lines are marked, the last marked
    one near the bottom); rule modules' state lines (``info``) on top."""
    px = res.px
    if rect.h < px(LOG_MIN_H):  # no room at this window size (see Layout.compute)
        return
    panel(surface, rect)
    top = rect.y + px(9)
    for state in info or []:
        surface.blit(res.text(state, 18, pal.TEXT, bold=True), (rect.x + px(14), top))
        top += px(21)
    if info:
        top += px(6)
        pygame.draw.line(surface, pal.PANEL_EDGE, (rect.x + px(10), top - px(4)),
                         (rect.right - px(10), top - px(4)))
    surface.blit(res.text(_("Turn log"), 22, pal.TEXT_DIM, bold=True), (rect.x + px(14), top))
    marked = [i for i, line in enumerate(lines) if line.marked]
    last = min(len(lines), marked[-1] + 3) if marked else len(lines)
    y = rect.bottom - px(10)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x + px(4), top + px(24), rect.w - px(8),
                                 rect.bottom - top - px(30)))
    text_x = rect.x + px(26)
    width = rect.right - px(10) - text_x
    for line in reversed(lines[:last]):
        font = res.font(18, bold=line.bold)
        rows = _wrap(font, line.text, width)
        height = px(20) * len(rows) + px(2)
        y -= height
        if y < top + px(24):  # only whole entries
            break
        if line.marked:
            band = pygame.Rect(rect.x + px(6), y - px(1), rect.w - px(12), height)
            pygame.draw.rect(surface, pal.CURRENT_ROW, band, border_radius=px(5))
            pygame.draw.rect(surface, pal.PANEL_EDGE, band, width=px(1), border_radius=px(5))
        if line.dot is not None:
            pygame.draw.circle(surface, line.dot, (rect.x + px(16), y + px(9)), px(5))
        for k, row in enumerate(rows):
            surface.blit(font.render(row, True, pal.TEXT), (text_x, y + px(20) * k))
    surface.set_clip(clip)


def draw_banner(surface: pygame.Surface, res: Resources, board: pygame.Rect, text: str,
                colour: tuple[int, int, int], clear_of: pygame.Rect | None = None
                ) -> pygame.Rect:
    """The prompt at the top of the board, centred; moved right of ``clear_of`` (a button in
    the board's corner) when it would cover it, in smaller letters if it does not fit, and cut
    short if even then it does not.
    Returns where it is drawn."""
    px = res.px
    left = board.x + px(8) if clear_of is None else clear_of.right + px(8)
    room = board.right - px(8) - left - px(36)
    size = next((points for points in (24, 21, 18)
                 if res.font(points, bold=True).size(text)[0] <= room), 18)
    img = res.text(fit_text(res, text, size, room, bold=True), size, pal.TEXT, bold=True)
    rect = img.get_rect(midtop=(board.centerx, px(12))).inflate(px(36), px(18))
    if clear_of is not None and rect.colliderect(clear_of):
        rect.left = left
    panel(surface, rect, radius=px(14))
    pygame.draw.circle(surface, colour, (rect.x + px(16), rect.centery), px(7))
    blit_centred(surface, img, (rect.centerx + px(8), rect.centery))
    return rect


def describe_phase(session: Session, pending: bool, can_move: bool = False,
                   hand: int = 1) -> str:
    """The banner's prompt: whose turn it is and what they may do (``can_move``: a figure
    may move instead; ``hand``: the tiles the player may choose from)."""
    game: Game = session.game
    seat = session.current_seat
    player = seat.name
    if game.over:
        return _("Game over")
    if not seat.is_human:
        return _("{player} is thinking…").format(player=seat.label)
    if game.phase is Phase.PLACE:
        if game.in_extra:
            return extra_prompt(game, player)
        if hand > 1:
            return _("{player}: drag one of your tiles onto a lit cell (Tab picks, R "
                     "turns)").format(player=player)
        return _("{player}: drag the tile onto a lit cell (R or right-click turns it)").format(
            player=player)
    if game.phase is Phase.CHOOSE and game.choices:
        request = game.choices[0]
        said = question_text(game.tileset, request.key)  # the rules' own words if none
        return _("{player}: {question}").format(
            player=player, question=said.prompt if said is not None else request.prompt)
    if pending:
        return _("{player}: Enter confirms, Backspace takes back").format(player=player)
    if can_move:
        return move_prompt(game, player)
    return _("{player}: place a figure on a lit area, or Enter to end the turn").format(
        player=player)
