"""Drawing the play scene: the board with what the player may do lit on it, the held figure,
the computer's action being shown, the popups, then the sidebar, buttons, banner and the
panels over the board (the rules' question, the tiles still to come)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import Deploy, Move, Phase, Place
from game.rules.looks import figure_sprite
from game.ui.scenes.play.misfit_note import MisfitNote
from game.view.dead import dead_cells

from ... import palette as pal
from ...focus import draw_ring
from ...hud import describe_phase, draw_banner
from ...widgets import blit_centred
from .board_help import draw_legend
from .computer_turns import ComputerTurns
from .controls import Controls
from .feedback import Feedback
from .frame import FigureDrag, Frame, MoveDrag, TileDrag
from .hand import HandTray
from .hint import HintShown
from .history_mode import HistoryMode
from .hover_card import HoverCard
from .keyboard import KeyChoice
from .options import Target, TurnOptions
from .question import Question
from .remaining import RemainingPanel
from .score_show import ScoreShow
from .sidebar import Sidebar


class Drawing:
    """Draws a frame of the play scene with the parts that show something."""

    def __init__(self, options: TurnOptions, hand: HandTray, controls: Controls,
                 hint: HintShown, question: Question, remaining: RemainingPanel,
                 score_show: ScoreShow, history: HistoryMode, hover: HoverCard,
                 computer: ComputerTurns, feedback: Feedback, misfit_note: MisfitNote,
                 keys: KeyChoice) -> None:
        self.options = options
        self.hand = hand
        self.controls = controls
        self.hint = hint
        self.question = question
        self.remaining = remaining
        self.score_show = score_show
        self.history = history
        self.hover = hover
        self.computer = computer
        self.feedback = feedback
        self.misfit_note = misfit_note
        self.keys = keys
        self.sidebar = Sidebar(hand, history, score_show, feedback)
        # What the banner says instead of the turn's prompt, when it says something (a
        # puzzle's verdict once answered).
        self.told: Callable[[], str | None] = lambda: None
        self.banner_bottom = 0  # where the banner ended last frame: a long prompt wraps

    def draw(self, surface: pygame.Surface, frame: Frame, finished: bool) -> None:
        lay = frame.layout
        cam = frame.camera
        drag = frame.drag
        history = self.history
        res = frame.res
        surface.blit(res.tabletop(surface.get_size()), lay.board, area=lay.board)
        clip = surface.get_clip()
        surface.set_clip(lay.board)
        if history.active:
            history.draw_tiles(surface, cam)
            self.hover.draw_outline(surface, frame)
            history.draw_marks(surface, cam)
        else:
            self._draw_board(surface, frame)
        surface.set_clip(clip)
        self.sidebar.draw(surface, frame)
        self.controls.light(frame.show_farms and not history.active, self.remaining.shown)
        for b in self.controls.shown(history.active, finished):
            b.draw(surface, res)
        seat = frame.session.current_seat
        prompt = self.told() or (history.banner() if history.active else None) or \
            self.score_show.banner() or describe_phase(frame.session, frame.pending is not None,
                                                       can_move=bool(self.options.moves()),
                                                       hand=len(self.hand.tiles()),
                                                       can_place=bool(self.options.targets()))
        banner = draw_banner(surface, res, lay.board, prompt, self._banner_colour(frame),
                             clear_of=self.controls.history_button.rect)
        self.banner_bottom = banner.bottom
        self.question.under_banner(banner.bottom, res)
        if not history.active:
            hint = self.hint.current()
            self.question.draw(surface, res,
                               hint.answer.choice if hint is not None and hint.answer else None)
            self._draw_keys(surface, frame)
            self.hint.draw_line(surface, frame, self.question.below_banner(res))
            if frame.show_farms:
                draw_legend(surface, frame, self._legend_bottom(frame))
        else:
            history.draw_review(surface, lay, self.question.below_banner(res))
        if self.remaining.shown:
            self.remaining.draw(surface, res, frame.game, lay.board, frame.view.art.tile)
        if isinstance(drag, (FigureDrag, MoveDrag)):
            img = res.figures.figure(figure_sprite(frame.game.tileset.looks, drag.kind), seat.rgb,
                                     max(24, round(cam.scale * 0.34)))
            blit_centred(surface, img, drag.pos)
        if not history.active:
            self._draw_held_tile(surface, frame)
        self.score_show.draw_flights(surface, lay.players)
        if history.active:
            history.draw_slider(surface, lay)
        self.hover.draw_card(surface, frame)
        self.misfit_note.draw(surface, res, cam, lay.board)

    def _draw_keys(self, surface: pygame.Surface, frame: Frame) -> None:
        """What the keys chose: the ring on the answer chosen, the card of the cell or the
        figure chosen."""
        if not frame.human_turn:
            return
        keys, buttons = self.keys, self.question.buttons
        if keys.active and keys.answer is not None and keys.answer < len(buttons):
            draw_ring(surface, buttons[keys.answer].rect, frame.res.scale)
        keys.draw(surface, frame.res, frame.layout.free, frame.camera)

    def _draw_held_tile(self, surface: pygame.Surface, frame: Frame) -> None:
        """The dragged tile, away from any open cell: under the pointer, over the sidebar and
        the buttons too, so that it never vanishes on its way back to the tray."""
        drag = frame.drag
        tile_id = self.hand.handled()
        if not isinstance(drag, TileDrag) or tile_id is None or self.hand.face_down \
                or not frame.human_turn or frame.game.phase is not Phase.PLACE:
            return
        hovered = frame.hovered_cell
        if hovered is not None and hovered in frame.game.board.demands:
            return  # it stands on that cell, drawn with the board
        tile = frame.game.tile_types[tile_id]
        img = frame.view.tile_image(tile, frame.rotation, max(40, round(frame.camera.scale)))
        img = img.copy()
        img.set_alpha(200)
        blit_centred(surface, img, drag.pos)

    def _legend_bottom(self, frame: Frame) -> int:
        """Where the board help's legend ends: above the toolbar, and above a question's
        card standing there."""
        px, toolbar = frame.res.px, frame.layout.toolbar
        bottom = toolbar.y - px(10)
        card = self.question.card
        if card.h and card.bottom > toolbar.y - px(60):
            bottom = min(bottom, card.y - px(8))
        return bottom

    def _banner_colour(self, frame: Frame) -> tuple[int, int, int]:
        """The banner's dot: the player of the turn shown, or nobody's once the game is over
        (the seat next in line plays no more, and its colour beside "Game over" would read as
        the winner's)."""
        if self.history.active:
            return self.history.colour()
        return pal.TEXT_DIM if frame.session.ended() else frame.session.current_seat.rgb

    def _draw_board(self, surface: pygame.Surface, frame: Frame) -> None:
        """The game's board with what the player may do lit on it, the held figure, the
        computer's action and the scoring being shown."""
        cam = frame.camera
        game = frame.game
        view = frame.view
        pending = frame.pending
        view.draw_tiles(surface, cam)
        if frame.show_farms:  # the board help: fields by connection, and dead cells
            view.draw_field_hints(surface, cam)
            view.draw_dead_cells(surface, cam, dead_cells(game))
        _draw_last_tiles(surface, frame)
        self.score_show.draw_board(surface)
        self.hover.draw_outline(surface, frame)
        if frame.human_turn and game.phase is Phase.PLACE and not self.hand.face_down:
            _draw_placement(surface, frame, self.options, self.hand.handled())
        if frame.human_turn and game.phase is Phase.FIGURE:
            _draw_choices(surface, frame, self.options)
        moved = self.options.moved_figures(pending) if isinstance(pending, Move) else None
        view.draw_figures(surface, cam, [s.rgb for s in frame.session.seats], moved)
        self.score_show.draw_figures(surface)
        if isinstance(pending, Deploy) and game.last_cell is not None:
            # Where its ghost stood, as large: inside its area, as the click that chose it.
            for target in self.options.shown_figures():
                view.draw_figure(surface, cam, pending.figure, frame.session.current_seat.rgb,
                                 game.last_cell, target.index, alpha=235, scale=target.ghost,
                                 spot=target.spot)
        self.hint.draw(surface, frame)
        self.computer.draw(surface, cam, view, self._glide_start(frame), frame.res)
        self.feedback.draw_popups(surface, frame.res)

    def _glide_start(self, frame: Frame) -> pygame.Rect:
        """Where a computer's tile starts its glide: its place in the tray."""
        lay = frame.layout
        anim = self.computer.animation
        tiles = self.hand.tiles()
        if anim is None or not isinstance(anim.action, Place) or anim.action.tile not in tiles:
            return lay.tray_tile
        return self.hand.slots(lay.tray_tile, lay.tray)[tiles.index(anim.action.tile)]

def _draw_last_tiles(surface: pygame.Surface, frame: Frame) -> None:
    """The newest tile outlined: lit while its player may add a figure, else in the colour of
    the player who laid it."""
    game = frame.game
    tiles = game.board.tiles
    if len(tiles) <= 1:
        return
    newest = max(tiles.values(), key=lambda t: t.order)
    if game.phase is Phase.FIGURE:
        colour = pal.HIGHLIGHT
    else:
        # While its turn goes on (a question about it, a bonus tile to follow) the tile is
        # the current player's; after it, the previous player's.
        ongoing = game.last_cell is not None or game.in_extra
        laid_by = game.current if ongoing else (game.current - 1) % len(frame.session.seats)
        colour = frame.session.seat(laid_by).rgb
    frame.view.outline(surface, frame.camera, newest.cell, colour, width=3)


def _draw_placement(surface: pygame.Surface, frame: Frame, options: TurnOptions,
                    tile_id: str | None) -> None:
    """The lit cells for the tile being handled (``tile_id``), and that tile on the hovered
    cell (dragged, or offered on hover)."""
    cam = frame.camera
    game = frame.game
    view = frame.view
    if tile_id is None:
        return
    tile = game.tile_types[tile_id]
    legal = options.legal_cells()
    drag = frame.drag
    rotation = frame.rotation
    dragging = isinstance(drag, TileDrag)
    for cell in legal:
        view.cell_overlay(surface, cam, cell, pal.LEGAL, 90 if dragging else 45,
                          border=3 if dragging else 2)
    hovered = frame.hovered_cell
    if isinstance(drag, TileDrag):
        if hovered is not None and hovered in game.board.demands:
            rotation = options.shown_rotation(hovered, rotation)
            fits = options.rotation_fits(hovered, rotation)
            x, y, w, _ = cam.cell_rect(hovered)
            img = view.tile_image(tile, rotation, w)
            if not fits:
                img = img.copy()
                img.set_alpha(150)
            surface.blit(img, (x, y))
            view.outline(surface, cam, hovered, pal.LEGAL if fits else pal.ILLEGAL, 4)
    elif hovered is not None and hovered in legal:
        rot = options.fitting_rotation(hovered, rotation)
        if rot is not None:
            x, y, w, _ = cam.cell_rect(hovered)
            img = view.tile_image(tile, rot, w).copy()
            img.set_alpha(170)
            surface.blit(img, (x, y))
            if frame.keyed:  # chosen with the keys: no pointer shows where, the edge does
                view.outline(surface, cam, hovered, pal.HIGHLIGHT, 4)


def _draw_choices(surface: pygame.Surface, frame: Frame, options: TurnOptions) -> None:
    """What the player may do with a figure: the new tile's areas (each with a ghost
    figure), the cells a figure may hike to with their badges.  What lies under the pointer
    (``pick_at``, the very thing a click would do) is lit in the player's colour."""
    drag = frame.drag
    pos = drag.pos if isinstance(drag, (FigureDrag, MoveDrag)) else frame.mouse
    picked = options.pick_at(pos) if frame.on_board(pos) else None
    if isinstance(drag, FigureDrag) and not isinstance(picked, Target):
        picked = None
    _draw_move_cells(surface, frame, options, picked)
    _draw_targets(surface, frame, options, picked)
    _draw_badges(surface, frame, options, picked)


def _draw_targets(surface: pygame.Surface, frame: Frame, options: TurnOptions,
                  picked: object) -> None:
    cell = frame.game.last_cell
    regions = options.regions()
    if cell is None or regions is None:
        return
    colour = frame.session.current_seat.rgb
    x, y, _, _ = frame.camera.cell_rect(cell)
    targets = options.targets()
    hovered = picked.index if isinstance(picked, Target) else None
    for t in reversed(targets):
        if t.index != hovered:
            surface.blit(regions.highlight(t.index, pal.TARGET, 55, edge=2), (x, y))
    if hovered is not None:
        surface.blit(regions.highlight(hovered, colour, 110, edge=3), (x, y))
    if frame.pending is None:
        # A faint figure on every free spot shows at a glance where one may go.
        for t in targets:
            alpha = 235 if t.index == hovered else 110
            frame.view.draw_figure(surface, frame.camera, t.deploys[0].figure, colour, cell,
                                   t.index, alpha=alpha, scale=t.ghost, spot=t.spot)


def _draw_move_cells(surface: pygame.Surface, frame: Frame, options: TurnOptions,
                     picked: object) -> None:
    """The cells a figure may hike to."""
    for move in options.moves():
        chosen = move == frame.pending
        lit = move == picked
        alpha = 150 if chosen else (110 if lit else 60)
        frame.view.cell_overlay(surface, frame.camera, move.cell, pal.HIGHLIGHT, alpha,
                                border=4 if chosen or lit else 2)


def _draw_badges(surface: pygame.Surface, frame: Frame, options: TurnOptions,
                 picked: object) -> None:
    """On each of those cells, its badge (what the hike is worth), over everything else."""
    res = frame.res
    colour = frame.session.current_seat.rgb
    for move in options.moves():
        label = options.label(move)
        if not label:
            continue
        lit = move in (picked, frame.pending)
        rect = pygame.Rect(options.badge_rect(move.cell))
        pygame.draw.rect(surface, colour if lit else pal.HIGHLIGHT, rect,
                         border_radius=rect.h // 2)
        pygame.draw.rect(surface, pal.TEXT, rect, width=2, border_radius=rect.h // 2)
        img = res.board_text(label, max(14, rect.h - 6), pal.TEXT_LIGHT if lit else pal.TEXT,
                             bold=True)
        blit_centred(surface, img, rect.center)
