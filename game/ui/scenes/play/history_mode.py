"""The game's history in the play scene: a turn slider (and the arrow keys) shows the board
as it was after any earlier turn, read only, with that turn's tiles outlined in its player's
colour and its lines lit in the log, and a chart of the scores over the turns (a click on it
goes to that turn), beside it once the game is reviewed a chart of the chances to win, its
turning points flagged (a click goes to that turn too).  The board still pans and zooms; V,
the History button or Esc go back to the game.  In the tray, Review game has the game
reviewed; the review's verdicts then mark the slider, and a turn that lost points shows the
better move (``review_shown``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.review.chances import Chance
from game.rules import Place
from game.view.chronicle import Chronicle
from game.view.history import History
from game.words.i18n import _

from ... import palette as pal
from ...board_view import BoardView
from ...camera import Camera, box_of
from ...chance_chart import ChanceChart, review_chances
from ...chance_chart import chart_title as chances_title
from ...hud import Layout
from ...intents import Command, Intent, Pan, PointerDown, PointerMove, PointerUp, Wheel
from ...keymap import first_labels
from ...resources import Resources
from ...score_chart import ScoreChart, chart_title
from ...session import Session
from ...widgets import Button, blit_centred, fit_line, panel
from ..review import reviewed
from .follow import MIN_FOLLOW_ZOOM
from .review_shown import ReviewShown, draw_verdict_mark

SLIDER_H = 54
CHART_W, CHART_H = 340, 176  # the score chart's panel, at most
# What would change the game does nothing in the history; the view's commands pass.
HELD_BACK = (Command.CONFIRM, Command.UNDO, Command.ROTATE, Command.ROTATE_BACK, Command.SAVE)


SIGHT_MARGIN = 0.3  # tiles of room kept around a turn shown in the history

class HistoryMode:
    def __init__(self, session: Session, res: Resources,
                 review: Callable[[], object] = lambda: None) -> None:
        self.live = session  # the game in play
        self.res = res
        self.reviewed = ReviewShown(session)
        self.review_button = Button(pygame.Rect(0, 0, 10, 10), _("Review game"), review,
                                    primary=True)
        self.chart = ScoreChart()
        self.chances = ChanceChart()
        self.history: History | None = None
        self.turn = 0
        self.view: BoardView | None = None
        self.session: Session | None = None  # the players as they stood after the turn
        self.dragging = False

    @property
    def active(self) -> bool:
        return self.history is not None

    def open(self, chronicle: Chronicle) -> bool:
        """The history of the game as ``chronicle`` told it, at its last turn; False when
        its moves do not rebuild the game."""
        if not chronicle.complete:
            return False
        self.history = History(self.live.game, chronicle.turn_ends)
        self.show(self.history.turns)
        return True

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
        self.view = BoardView(self.res, state)
        self.session = replace(self.live, game=state)

    # ------------------------------------------------------------------ input
    def slider(self, layout: Layout) -> pygame.Rect:
        px = self.res.px
        board = layout.board
        toolbar = layout.toolbar
        return pygame.Rect(board.x + px(14), toolbar.y - px(SLIDER_H + 12), board.w - px(28),
                           px(SLIDER_H))

    def handle(self, intent: Intent, layout: Layout) -> bool:
        """True when the history took the intent (the game underneath never gets it)."""
        if not self.active:
            return False
        track = self._track(layout)
        if isinstance(intent, Pan) and intent.dx and not intent.dy:
            self.show(self.turn + (-1 if intent.dx > 0 else 1))  # ← back, → forward
            return True
        if intent in (Command.BACK, Command.HISTORY):
            self.close()
            return True
        if isinstance(intent, Command):
            return intent in HELD_BACK
        if self.review_button.handle(intent):
            return True
        if isinstance(intent, PointerDown):
            if intent.button == 1 and self.slider(layout).collidepoint(intent.pos):
                self.dragging = True
                self._seek(intent.pos[0], track)
                return True
            if intent.button == 1 and self._chart_shown(layout) and \
                    self.chart_rect(layout).collidepoint(intent.pos):
                if self.chart.plot.w:
                    self.show(self.chart.turn_at(intent.pos[0]))
                return True
            if intent.button == 1 and self._chances_shown(layout) and \
                    self.chances_rect(layout).collidepoint(intent.pos):
                flagged = self.chances.flag_at(intent.pos)
                if flagged is not None or self.chances.plot.w:
                    self.show(flagged if flagged is not None
                              else self.chances.turn_at(intent.pos[0]))
                return True
            return not layout.board.collidepoint(intent.pos)
        if isinstance(intent, PointerMove) and self.dragging:
            self._seek(intent.pos[0], track)
            return True
        if isinstance(intent, PointerUp) and self.dragging:
            self.dragging = False
            return True
        # The wheel over the slider or the chart steps through the turns, as it does over
        # a list; it zooms the board only over the board itself.
        return isinstance(intent, Wheel) and any(
            r.collidepoint(intent.pos) for r in self.covers(layout)) and self._wheel(intent)

    def chart_rect(self, layout: Layout) -> pygame.Rect:
        """The score chart's panel: the board's lower right corner, above the slider."""
        px = self.res.px
        board = layout.board
        slider = self.slider(layout)
        w = min(px(CHART_W), board.w * 2 // 5)
        h = min(px(CHART_H), board.h // 3)
        return pygame.Rect(board.right - px(14) - w, slider.y - px(10) - h, w, h)

    def _chart_shown(self, layout: Layout) -> bool:
        """Whether the board leaves the chart room enough to be read."""
        rect = self.chart_rect(layout)
        return rect.h >= self.res.px(90) and rect.w >= self.res.px(160)

    def chances_rect(self, layout: Layout) -> pygame.Rect:
        """The chances chart's panel: beside the score chart, on its left."""
        rect = self.chart_rect(layout)
        return rect.move(-rect.w - self.res.px(10), 0)

    def _chances_shown(self, layout: Layout) -> bool:
        """Whether the game's review has chances and the board room for them beside the
        score chart."""
        return self._chart_shown(layout) and bool(self._chances()) and \
            self.chances_rect(layout).x >= layout.board.x + self.res.px(14)

    def _chances(self) -> list[Chance]:
        return review_chances(self.live.review, self.live.game.moves)

    def covers(self, layout: Layout) -> list[pygame.Rect]:
        """What the history lays over the board."""
        if not self._chart_shown(layout):
            return [self.slider(layout)]
        if not self._chances_shown(layout):
            return [self.slider(layout), self.chart_rect(layout)]
        return [self.slider(layout), self.chart_rect(layout), self.chances_rect(layout)]

    def keep_in_sight(self, camera: Camera, layout: Layout, top: int) -> None:
        """The tiles of the turn shown, and the review's better move, brought into view and
        out from under the slider, the chart and the review's line under the banner (at
        ``top``)."""
        if self.history is None:
            return
        covers = self.covers(layout)
        line = self.reviewed.line_rect(self.res, layout.board, top, self.turn)
        if line is not None:
            covers.append(line)
        cells = self.history.cells_of(self.turn)
        ghost = self.ghost_cell()
        if ghost is not None:
            cells = [*cells, ghost]
        box = box_of(cells, margin=SIGHT_MARGIN)
        if box is not None:  # a turn far off, stepped to with the arrows, say
            camera.keep_in_view(box, MIN_FOLLOW_ZOOM)
        camera.uncover(cells, [(r.x, r.y, r.w, r.h) for r in covers], self.res.px(12))

    def _wheel(self, intent: Wheel) -> bool:
        self.show(self.turn + (1 if intent.steps > 0 else -1))
        return True

    def _track(self, layout: Layout) -> pygame.Rect:
        px = self.res.px
        s = self.slider(layout)
        return pygame.Rect(s.x + px(150), s.centery - px(4), s.w - px(180), px(8))

    def _seek(self, x: int, track: pygame.Rect) -> None:
        assert self.history is not None
        turns = max(1, self.history.turns)
        self.show(round((x - track.x) / max(1, track.w) * turns))

    # ------------------------------------------------------------------ drawing
    def draw_tiles(self, surface: pygame.Surface, cam: Camera) -> None:
        if self.view is not None:
            self.view.draw_tiles(surface, cam)

    def draw_marks(self, surface: pygame.Surface, cam: Camera) -> None:
        """Over the tiles: the turn's tiles outlined in its player's colour, the figures."""
        if self.view is None or self.history is None:
            return
        player = self.history.player_of(self.turn)
        if player is not None:
            for cell in self.history.cells_of(self.turn):
                self.view.outline(surface, cam, cell, self.live.seat(player).rgb,
                                  width=max(2, round(cam.scale / 28)))
        self.view.draw_figures(surface, cam, [s.rgb for s in self.live.seats])
        self.reviewed.draw_ghost(surface, self.res, cam, self.view, self.turn)

    def banner(self) -> str:
        assert self.history is not None
        player = self.history.player_of(self.turn)
        if player is None:
            return _("History: the start. {left} and {right} step through the turns, Esc "
                     "returns").format(**first_labels())
        return _("History: turn {turn} of {turns}, {player}. {left} and {right} step, Esc "
                 "returns").format(turn=self.turn, turns=self.history.turns,
                                   player=self.live.seat(player).name, **first_labels())

    def player_shown(self) -> int | None:
        """Who played the turn shown (None at the start)."""
        assert self.history is not None
        return self.history.player_of(self.turn)

    def colour(self) -> tuple[int, int, int]:
        """The colour of the player of the turn shown."""
        assert self.history is not None
        player = self.history.player_of(self.turn)
        return pal.TEXT_DIM if player is None else self.live.seat(player).rgb

    def draw_slider(self, surface: pygame.Surface, layout: Layout) -> None:
        if self.history is None:
            return
        res = self.res
        px = res.px
        rect = self.slider(layout)
        panel(surface, rect, alpha=245)
        label = res.text(_("Turn {turn} / {turns}").format(turn=self.turn,
                                                           turns=self.history.turns),
                         22, pal.TEXT, bold=True)
        surface.blit(label, label.get_rect(midleft=(rect.x + px(16), rect.centery)))
        track = self._track(layout)
        pygame.draw.rect(surface, pal.PANEL_EDGE, track, border_radius=px(4))
        turns = max(1, self.history.turns)
        for t in range(1, self.history.turns + 1):  # a tick per turn, in its player's colour
            x = track.x + round(track.w * t / turns)
            player = self.history.player_of(t)
            colour = self.live.seat(player).rgb if player is not None else pal.TEXT_DIM
            pygame.draw.line(surface, colour, (x, track.y - px(7)), (x, track.bottom + px(6)),
                             px(2))
        x = track.x + round(track.w * self.turn / turns)
        player = self.history.player_of(self.turn)
        colour = self.live.seat(player).rgb if player is not None else pal.TEXT_DIM
        pygame.draw.circle(surface, pal.PANEL, (x, track.centery), px(13))
        pygame.draw.circle(surface, colour, (x, track.centery), px(10))
        pygame.draw.circle(surface, pal.TEXT, (x, track.centery), px(13), width=px(2))
        # The review's verdicts under the track, over the knob: they are what to look for.
        radius = max(3, min(px(7), round(track.w / turns * 0.9)))
        for turn, verdict in self.reviewed.verdicts().items():
            if 0 < turn <= self.history.turns:
                mark_x = track.x + round(track.w * turn / turns)
                draw_verdict_mark(surface, verdict, (mark_x, track.bottom + px(12)), radius)
        self._draw_chart(surface, layout)

    def _draw_chart(self, surface: pygame.Surface, layout: Layout) -> None:
        """Each player's score over the turns, the turn shown marked."""
        assert self.history is not None
        res = self.res
        px = res.px
        rect = self.chart_rect(layout)
        if not self._chart_shown(layout):
            self.chart.plot = pygame.Rect(0, 0, 0, 0)
            return
        panel(surface, rect, alpha=240)
        title, size = fit_line(res, chart_title(), (18, 16, 15), rect.w - px(20), True)
        surface.blit(res.text(title, size, pal.TEXT_DIM, bold=True),
                     (rect.x + px(10), rect.y + px(6)))
        series = [tuple(s.scores) for s in self.history.states]
        box = pygame.Rect(rect.x + px(6), rect.y + px(30), rect.w - px(14), rect.h - px(36))
        self.chart.draw(surface, res, box, series, [s.rgb for s in self.live.seats],
                        shown=self.turn)
        self._draw_chances(surface, layout)

    def _draw_chances(self, surface: pygame.Surface, layout: Layout) -> None:
        """Each player's chances to win over the turns, the turning points flagged, the turn
        shown marked."""
        assert self.history is not None
        res = self.res
        px = res.px
        self.chances.plot = pygame.Rect(0, 0, 0, 0)
        self.chances.flags = []
        if not self._chances_shown(layout):
            return
        rect = self.chances_rect(layout)
        panel(surface, rect, alpha=240)
        title, size = fit_line(res, chances_title(), (18, 16, 15), rect.w - px(20), True)
        surface.blit(res.text(title, size, pal.TEXT_DIM, bold=True),
                     (rect.x + px(10), rect.y + px(6)))
        review = self.live.review
        box = pygame.Rect(rect.x + px(6), rect.y + px(26), rect.w - px(14), rect.h - px(32))
        self.chances.draw(surface, res, box, self._chances(), self.history.turns,
                          [s.rgb for s in self.live.seats],
                          review.turning_points() if review is not None else [],
                          shown=self.turn)

    def draw_review(self, surface: pygame.Surface, layout: Layout, top: int) -> None:
        """The Review game button in the tray, and under the banner (at ``top``) what the
        review says of the turn shown."""
        self.review_button.rect = layout.confirm.union(layout.undo)
        self.review_button.label = (_("Review summary") if reviewed(self.live) is not None
                                    else _("Review game"))
        self.review_button.draw(surface, self.res)
        self.reviewed.draw_line(surface, self.res, layout.board, top, self.turn)

    def ghost_cell(self) -> tuple[int, int] | None:
        """Where the better move of the turn shown goes, if one is shown."""
        shown = self.reviewed.turn(self.turn)
        if shown is None or not shown.better:
            return None
        for action in shown.decision.best_actions():
            if isinstance(action, Place):
                return action.cell
        return shown.position.last_cell

    def draw_tray(self, surface: pygame.Surface, tray: pygame.Rect,
                  tile_rect: pygame.Rect) -> None:
        """In the tray: the tile the shown turn placed."""
        res = self.res
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
