"""The game's history in the play scene: a turn slider (and the arrow keys) shows the board
as it was after any earlier turn, read only, with that turn's tiles outlined in its player's
colour and its lines lit in the log.  The board still pans and zooms; V, the History button
or Esc go back to the game."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.view.history import History

from ... import palette as pal
from ...board_view import BoardView
from ...intents import Command, Intent, PointerDown, PointerMove, PointerUp, Wheel
from ...session import Session
from ...widgets import blit_centred, panel

if TYPE_CHECKING:
    from .scene import PlayScene

SLIDER_H = 54


class HistoryMode:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.history: History | None = None
        self.turn = 0
        self.view: BoardView | None = None
        self.session: Session | None = None  # the players as they stood after the turn
        self.dragging = False

    @property
    def active(self) -> bool:
        return self.history is not None

    def toggle(self) -> None:
        if self.active:
            self.close()
        else:
            self.open()

    def open(self) -> None:
        scene = self.scene
        chronicle = scene.feedback.chronicle
        if not chronicle.complete:  # its moves do not rebuild the game
            scene.app.show_toast(_("This game's history cannot be rebuilt"))
            return
        scene.score_show.skip()
        scene.pointer.drag = None
        self.history = History(scene.game, chronicle.turn_ends)
        self.show(self.history.turns)

    def close(self) -> None:
        self.history = None
        self.view = None
        self.session = None
        self.dragging = False

    def show(self, turn: int) -> None:
        """The board after ``turn`` (0: the start tile alone)."""
        assert self.history is not None
        self.turn = max(0, min(self.history.turns, turn))
        state = self.history.state(self.turn)
        self.view = BoardView(self.scene.app.res, state)
        self.session = replace(self.scene.session, game=state)

    # ------------------------------------------------------------------ input
    def slider(self) -> pygame.Rect:
        px = self.scene.app.res.px
        board = self.scene.layout_obj.board
        toolbar = self.scene.layout_obj.toolbar
        return pygame.Rect(board.x + px(14), toolbar.y - px(SLIDER_H + 12), board.w - px(28),
                           px(SLIDER_H))

    def handle(self, intent: Intent) -> bool:
        """True when the history took the intent (the game underneath never gets it)."""
        if not self.active:
            return False
        track = self._track()
        if isinstance(intent, Command):
            if intent.name == "pan" and intent.dx and not intent.dy:
                self.show(self.turn + (-1 if intent.dx > 0 else 1))  # ← back, → forward
                return True
            if intent.name in ("back", "history"):
                self.close()
                return True
            # what would change the game does nothing here; the view commands pass
            return intent.name in ("confirm", "undo", "rotate", "rotate_back", "save")
        if isinstance(intent, PointerDown):
            if intent.button == 1 and self.slider().collidepoint(intent.pos):
                self.dragging = True
                self._seek(intent.pos[0], track)
                return True
            return not self.scene.layout_obj.board.collidepoint(intent.pos)
        if isinstance(intent, PointerMove) and self.dragging:
            self._seek(intent.pos[0], track)
            return True
        if isinstance(intent, PointerUp) and self.dragging:
            self.dragging = False
            return True
        return isinstance(intent, Wheel) and self.slider().collidepoint(intent.pos) and \
            self._wheel(intent)

    def _wheel(self, intent: Wheel) -> bool:
        self.show(self.turn + (1 if intent.steps > 0 else -1))
        return True

    def _track(self) -> pygame.Rect:
        px = self.scene.app.res.px
        s = self.slider()
        return pygame.Rect(s.x + px(150), s.centery - px(4), s.w - px(180), px(8))

    def _seek(self, x: int, track: pygame.Rect) -> None:
        assert self.history is not None
        turns = max(1, self.history.turns)
        self.show(round((x - track.x) / max(1, track.w) * turns))

    # ------------------------------------------------------------------ drawing
    def draw_board(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if self.view is None or self.history is None:
            return
        cam = scene.camera
        self.view.draw_tiles(surface, cam)
        scene.hover.draw_outline(surface)
        player = self.history.player_of(self.turn)
        if player is not None:
            for cell in self.history.cells_of(self.turn):
                self.view.outline(surface, cam, cell, scene.session.seat(player).rgb,
                                  width=max(2, round(cam.scale / 28)))
        self.view.draw_figures(surface, cam, [s.rgb for s in scene.session.seats])

    def banner(self) -> str:
        assert self.history is not None
        player = self.history.player_of(self.turn)
        if player is None:
            return _("History: the start. Arrow keys step through the turns, Esc returns")
        return _("History: turn {turn} of {turns}, {player}. Arrow keys step, Esc returns").format(
            turn=self.turn, turns=self.history.turns,
            player=self.scene.session.seat(player).name)

    def colour(self) -> tuple[int, int, int]:
        """The colour of the player of the turn shown."""
        assert self.history is not None
        player = self.history.player_of(self.turn)
        return pal.TEXT_DIM if player is None else self.scene.session.seat(player).rgb

    def draw_slider(self, surface: pygame.Surface) -> None:
        if self.history is None:
            return
        scene = self.scene
        res = scene.app.res
        px = res.px
        rect = self.slider()
        panel(surface, rect, alpha=245)
        label = res.text(_("Turn {turn} / {turns}").format(turn=self.turn,
                                                           turns=self.history.turns),
                         22, pal.TEXT, bold=True)
        surface.blit(label, label.get_rect(midleft=(rect.x + px(16), rect.centery)))
        track = self._track()
        pygame.draw.rect(surface, pal.PANEL_EDGE, track, border_radius=px(4))
        turns = max(1, self.history.turns)
        for t in range(1, self.history.turns + 1):  # a tick per turn, in its player's colour
            x = track.x + round(track.w * t / turns)
            player = self.history.player_of(t)
            colour = scene.session.seat(player).rgb if player is not None else pal.TEXT_DIM
            pygame.draw.line(surface, colour, (x, track.y - px(7)), (x, track.bottom + px(6)),
                             px(2))
        x = track.x + round(track.w * self.turn / turns)
        player = self.history.player_of(self.turn)
        colour = scene.session.seat(player).rgb if player is not None else pal.TEXT_DIM
        pygame.draw.circle(surface, pal.PANEL, (x, track.centery), px(13))
        pygame.draw.circle(surface, colour, (x, track.centery), px(10))
        pygame.draw.circle(surface, pal.TEXT, (x, track.centery), px(13), width=px(2))

    def draw_tray(self, surface: pygame.Surface, tray: pygame.Rect,
                  tile_rect: pygame.Rect) -> None:
        """In the tray: the tile the shown turn placed."""
        scene = self.scene
        res = scene.app.res
        panel(surface, tray)
        surface.blit(res.text(_("The turn shown"), 20, pal.TEXT_DIM, bold=True),
                     (tray.x + res.px(14), tray.y + res.px(10)))
        if self.history is None or self.view is None:
            return
        cells = self.history.cells_of(self.turn)
        state = self.history.state(self.turn)
        if not cells:
            blit_centred(surface, res.text(_("The start tile"), 22, pal.TEXT_DIM),
                         tile_rect.center)
            return
        placed = state.board.tiles[cells[0]]
        surface.blit(self.view.art.tile(placed.tile, placed.rotation, tile_rect.w), tile_rect)
