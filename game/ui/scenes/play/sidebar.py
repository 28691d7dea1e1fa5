"""The play scene's sidebar: the players, the tray with the hand and the figure supply, and
the turn log."""

from __future__ import annotations

import pygame

from game.rules import Deploy, Game, Phase
from game.rules.looks import figure_sprite
from game.view import module_lines
from game.words.i18n import _, ngettext

from ... import palette as pal
from ...hud import draw_players
from ...widgets import blit_centred, panel
from .feedback import Feedback
from .frame import Frame, TileDrag
from .hand import HandTray, hides_hands
from .history_mode import HistoryMode
from .log_panel import LogLine
from .score_show import ScoreShow


def supply_slots(game: Game, area: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
    """Where each kind of figure the current player still has sits in the supply row."""
    supply = game.supply[game.current]
    slots = []
    x = area.x
    width, step = round(area.h * 10 / 9), round(area.h * 23 / 18)  # 40 and 46 px at 100 %
    for kind, n in supply.items():
        if n > 0:
            slots.append((kind, pygame.Rect(x, area.y, width, area.h)))
            x += step
    return slots


def visible_log(feedback: Feedback, history: HistoryMode, score_show: ScoreShow
                ) -> list[LogLine]:
    """The log's lines, the history's turn lit; the final scoring's lines come one by one
    as the board shows them."""
    lines = feedback.log_lines(history.turn if history.active else None)
    waiting = 0 if history.active else score_show.final_waiting()
    return lines[:len(lines) - waiting]


class Sidebar:
    def __init__(self, hand: HandTray, history: HistoryMode, score_show: ScoreShow,
                 feedback: Feedback) -> None:
        self.hand = hand
        self.history = history
        self.score_show = score_show
        self.feedback = feedback

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        lay = frame.layout
        res = frame.res
        surface.fill(pal.SIDEBAR, pygame.Rect(lay.board.right, 0, surface.get_width()
                                              - lay.board.right, surface.get_height()))
        history = self.history
        if history.active and history.session is not None:
            draw_players(surface, res, history.session, lay.players,
                         lit=history.player_shown())
            history.draw_tray(surface, lay.tray, lay.tray_tile)
        else:
            pending = frame.pending
            draw_players(surface, res, frame.session, lay.players,
                         self.score_show.shown_scores(),
                         pending.figure if isinstance(pending, Deploy) else None)
            self._draw_tray(surface, frame)
        # the rules' state lines of the game shown (in the history: as it stood then)
        info = module_lines(frame.shown.game)
        if self.feedback.show_log:
            self.feedback.panel.draw(surface, res,
                                     visible_log(self.feedback, history, self.score_show),
                                     lay.log, info)

    def _draw_tray(self, surface: pygame.Surface, frame: Frame) -> None:
        """The tile to place, the figures to take, the rules' questions."""
        lay = frame.layout
        res = frame.res
        px = res.px
        panel(surface, lay.tray)
        game = frame.game
        tiles = self.hand.tiles()
        n = game.tiles_left
        if game.phase is Phase.OVER or frame.session.ended():
            # no tile and no supply to show: the tray says why it is empty
            surface.blit(res.text(_("The game is over"), 20, pal.TEXT_DIM,
                                  bold=True), (lay.tray.x + px(14), lay.tray.y + px(10)))
            return
        own = frame.session.viewer if hides_hands(game) else None
        waiting = own is not None and own != game.current
        title = (ngettext("Your tiles   ·   {count} left in the pile",
                          "Your tiles   ·   {count} left in the pile", n)
                 if waiting
                 else ngettext("Tiles in hand   ·   {count} left in the pile",
                               "Tiles in hand   ·   {count} left in the pile", n)
                 if hides_hands(game)
                 else ngettext("Tile to place   ·   {count} left in the pile",
                               "Tile to place   ·   {count} left in the pile", n)
                 ).format(count=n)
        surface.blit(res.text(title, 20, pal.TEXT_DIM, bold=True), (lay.tray.x + px(14),
                                                                     lay.tray.y + px(10)))
        if frame.session.turn_shown != game.current:  # the turn shown is played: its slot
            pygame.draw.rect(surface, pal.PANEL_EDGE, lay.tray_tile, width=px(2),
                             border_radius=px(6))
            blit_centred(surface, res.text(_("Placed"), 22, pal.TEXT_DIM), lay.tray_tile.center)
            return
        if own is not None and waiting:  # another plays: the person's own hand waits
            self.hand.draw_waiting(surface, res, frame.view.art, lay.tray_tile, lay.tray,
                                   game.hands[own])
        elif tiles:
            hover = frame.mouse if frame.human_turn else None
            self.hand.draw(surface, res, frame.view.art, lay.tray_tile, lay.tray,
                           frame.rotation, isinstance(frame.drag, TileDrag), hover)
        else:
            pygame.draw.rect(surface, pal.PANEL_EDGE, lay.tray_tile, width=px(2),
                             border_radius=px(6))
            if game.phase is Phase.FIGURE and game.last_cell is not None and frame.human_turn:
                blit_centred(surface, res.text(_("Placed"), 22, pal.TEXT_DIM),
                             lay.tray_tile.center)
        if game.phase is Phase.FIGURE and frame.human_turn:
            _draw_supply(surface, frame)


def _draw_supply(surface: pygame.Surface, frame: Frame) -> None:
    """The figures the player may take, the one held for the new tile faded."""
    game = frame.game
    lay = frame.layout
    res = frame.res
    seat = frame.session.current_seat
    pending = frame.pending
    slots = supply_slots(game, lay.supply)
    for kind, rect in slots:
        held = isinstance(pending, Deploy) and pending.figure == kind \
            and game.supply[game.current][kind] == 1
        img = res.figures.figure(figure_sprite(game.tileset.looks, kind), seat.rgb, res.px(34))
        if held:
            img = img.copy()
            img.set_alpha(80)
        blit_centred(surface, img, rect.center)
    hint_x = (slots[-1][1].right + res.px(12)) if slots else lay.supply.x
    for i, line in enumerate((_("drag onto a lit area"), _("or click the area"))):
        surface.blit(res.text(line, 17, pal.TEXT_DIM),
                     (hint_x, lay.supply.y + res.px(2 + 17 * i)))
