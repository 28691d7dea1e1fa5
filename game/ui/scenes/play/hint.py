"""The Hint on the board: the tile of the plan the review's judge finds best, lit where it
would go, its figure on it, and why in one line under the banner.  Shown until the player acts
or asks again; it never plays (see ``game.review.hints``).

Asking for it starts the thinking (about ``THINK_SECONDS``) in a background thread on a copy
of the game, and "Hint: thinking…" shows where its line goes; the thread wakes the window
when the plan is ready, and the scene's ``poll`` each update shows it.  The thinking is
dropped, and nothing appears, if the player acts meanwhile (the moment it was asked for is
gone), asks again, or leaves the game (``cancel``).

The hinted placement is the one a click on its cell makes: asking for the hint takes up the
hinted tile of the hand, turned as hinted, and the hint goes as soon as the player turns the
tile or takes up another (the lit cell would no longer be what a click places), or puts a
figure down, chooses a hike or takes either back (the turn is no longer the one hinted).
Placing the hinted tile as hinted (or giving the hinted answer) keeps the rest of the hint:
its figure stays lit on its area, and a click there takes that figure (a shepherd, a hut),
not the area's first."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pygame

from game.review import hints
from game.review.hints import Hint
from game.rules import Choose, Deploy, Game, Move, Place, TileType
from game.rules.looks import figure_sprite
from game.words.i18n import _
from game.words.pictures import feature_index

from ... import palette as pal
from ...board_view import BoardView
from ...camera import Camera, Cell
from ...resources import Resources
from ...widgets import blit_centred, fit_lines, panel
from .frame import Frame
from .options import TurnOptions
from .requests import HandleTile, LookAt, Request, ShowRotation
from .turn import PersonTurn

Moment = tuple[object, ...]


def draw_suggestion(surface: pygame.Surface, res: Resources, cam: Camera, view: BoardView,
                    game: Game, place: Place, figure: Deploy | Move | None,
                    rgb: tuple[int, int, int]) -> None:
    """A suggested placement: the tile faint on its cell, lit, with the figure on it (the
    Hint's, and the review's better move)."""
    tile = game.tile_types[place.tile]
    q = place.rotation // 90
    x, y, w, _h = cam.cell_rect(place.cell)
    img = view.tile_image(tile, q, w).copy()
    img.set_alpha(190)
    surface.blit(img, (x, y))
    view.outline(surface, cam, place.cell, pal.HIGHLIGHT, width=4)
    if isinstance(figure, Deploy):
        draw_figure_on(surface, res, cam, game, place.cell, tile, q, figure, rgb)


def draw_figure_on(surface: pygame.Surface, res: Resources, cam: Camera, game: Game,
                   cell: Cell, tile: TileType, q: int, figure: Deploy,
                   rgb: tuple[int, int, int], alpha: int = 255) -> None:
    """A figure at its feature's anchor on ``tile`` turned ``q`` quarters at ``cell``
    (``alpha`` below 255: see-through, a figure that is not really there)."""
    turned = tile.rotations[q]
    index = feature_index(tile, turned, figure.target)
    if index is None:
        return
    at = cam.local_to_screen(cell, turned.anchors[index])
    size = max(14, round(cam.scale * 0.34))
    lying = game.kinds[tile.features[index].kind].role == "background"
    image = res.figures.figure(figure_sprite(game.tileset.looks, figure.figure), rgb, size,
                               lying=lying)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    blit_centred(surface, image, at)


class HintShown:
    """The hint of one moment of the game: it goes as soon as a move is made, or when the
    player may no longer act (``hide``)."""

    def __init__(self, game: Game, options: TurnOptions, turn: PersonTurn,
                 wake: Callable[[], None] = lambda: None) -> None:
        self.game = game
        self.options = options
        self.turn = turn
        self.wake = wake  # ends the window's rest once the plan is ready
        self.hint: Hint | None = None
        self.moves = -1  # how many moves the game had when the hint was made
        self.held: Deploy | Move | None = None  # the figure or hike held then
        self._lock = threading.Lock()
        self._stop: threading.Event | None = None  # the thinking's, while it thinks
        self._asked: Moment = ()  # the moment the thinking is about
        self._ready: Hint | None = None  # its plan, once found
        self._error: BaseException | None = None  # what the thinking met, for ``poll``

    def _moment(self) -> Moment:
        """What tells one moment of the turn from another: the moves made (an undone
        placement followed by another leaves their count as it was), the figure held, the
        tile handled and how it is turned."""
        game, turn = self.game, self.turn
        return (len(game.moves), game.moves[-1] if game.moves else None, turn.pending,
                turn.hand.selected, turn.hand.handled(), turn.rotation)

    def toggle(self, allowed: bool) -> list[Request]:
        """Asked for: the thinking starts (nothing to do until ``poll`` has the plan); asked
        again while it thinks, or while a hint is shown, it goes."""
        if self.thinking():
            self.cancel()
            return []
        if self.current() is not None or not allowed:
            self.hint = None
            return []
        if self.game.over:
            return []
        copy = self.game.copy()
        stop = threading.Event()
        with self._lock:
            self._stop = stop
            self._ready = None
        self._asked = self._moment()
        threading.Thread(target=self._think, args=(copy, stop), name="hint",
                         daemon=True).start()
        return []

    def _think(self, game: Game, stop: threading.Event) -> None:
        try:
            hint = hints.advise(game, hints.THINK_SECONDS, stop.is_set)
        except Exception as exc:  # handed to the frame loop by poll()
            with self._lock:
                if stop is self._stop and not stop.is_set():
                    self._error = exc
            self.wake()
            return
        with self._lock:
            if stop is not self._stop or stop.is_set() or hint is None:
                return  # dropped meanwhile
            self._ready = hint
        self.wake()

    def thinking(self) -> bool:
        """The hint asked for is still being thought of, for this very moment (it is dropped
        once the player acted)."""
        with self._lock:
            asked = self._stop is not None
        if asked and self._asked != self._moment():
            self.cancel()
            return False
        return asked

    def poll(self, allowed: bool) -> list[Request]:
        """Each update: the hint once its plan is ready (while the player may act), with the
        hinted tile taken up and turned as hinted, and the cell it is about looked at (it
        may be out of sight)."""
        if not self.thinking() or not allowed:
            return []
        with self._lock:
            hint, self._ready = self._ready, None
            error, self._error = self._error, None
            if error is not None:
                self._stop = None
                raise error
            if hint is None:
                return []
            self._stop = None
        game = self.game
        self.hint = hint
        self.moves = len(game.moves)
        self.held = self.turn.pending
        out: list[Request] = []
        if hint.place is not None:
            tiles = self.turn.hand.tiles()
            if hint.place.tile in tiles:
                out.append(HandleTile(tiles.index(hint.place.tile)))
            out.append(ShowRotation(hint.place.rotation // 90))
        if isinstance(hint.figure, Move):
            out.append(LookAt(hint.figure.cell))
        elif hint.place is not None:
            out.append(LookAt(hint.place.cell))
        elif game.last_cell is not None:
            out.append(LookAt(game.last_cell))
        return out

    def cancel(self) -> None:
        """The thinking stops; a plan still to come is dropped."""
        with self._lock:
            if self._stop is not None:
                self._stop.set()
            self._stop = None
            self._ready = None
            self._error = None

    def hide(self) -> None:
        self.hint = None
        self.cancel()

    def current(self) -> Hint | None:
        """The hint of this moment: once the player made the hint's own first moves (its
        placement, its answer), the rest of it, so that the figure it showed is still lit
        and still the one a click on its area takes; none once another move was made, a
        figure put down or taken back, or once the tile handled or its turn is no longer the
        one hinted."""
        hint = self.hint
        if hint is not None:
            hint = self._rest(hint)
        if hint is None or self.held != self.turn.pending:
            self.hint = hint = None
        if hint is not None and hint.place is not None and (
                self.turn.hand.handled() != hint.place.tile
                or self.turn.rotation != hint.place.rotation // 90):
            self.hint = hint = None
        return hint

    def _rest(self, hint: Hint) -> Hint | None:
        """What is left of ``hint`` after the moves made since it was shown: all of it when
        none was, the rest when they are its first actions, else (or when nothing is left)
        none."""
        made = self.game.moves[self.moves:] if len(self.game.moves) >= self.moves else None
        plan = hint.actions()
        if made is None or made != plan[:len(made)] or (made and len(made) >= len(plan)):
            return None
        if not made:
            return hint
        rest = plan[len(made):]
        return Hint(None, next((a for a in rest if isinstance(a, Choose)), None),
                    next((a for a in rest if isinstance(a, (Deploy, Move))), None), hint.why)

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """The lit cell, the tile and the figure; call with the board clipped."""
        hint = self.current()
        if hint is None:
            return
        game, cam, view = self.game, frame.camera, frame.view
        rgb = frame.session.current_seat.rgb
        if hint.place is not None:
            draw_suggestion(surface, frame.res, cam, view, game, hint.place, hint.figure, rgb)
        elif isinstance(hint.figure, Deploy) and game.last_cell is not None:
            target = next((t for t in self.options.targets() if hint.figure in t.deploys),
                          None)
            regions = self.options.regions()
            if target is not None and regions is not None:
                x, y, _w, _h = cam.cell_rect(game.last_cell)
                surface.blit(regions.highlight(target.index, pal.HIGHLIGHT, 120, edge=3), (x, y))
                view.draw_figure(surface, cam, hint.figure.figure, rgb, game.last_cell,
                                 target.index, alpha=220, scale=target.ghost, spot=target.spot)
        if isinstance(hint.figure, Move):
            view.cell_overlay(surface, cam, hint.figure.cell, pal.HIGHLIGHT, 120, border=4)

    def line(self) -> str | None:
        """Why, in one line; while it thinks, that it does; None when there is nothing."""
        hint = self.current()
        if hint is not None:
            return _("Hint: {why}").format(why=hint.why)
        if self.thinking():
            return _("Hint: thinking…")
        return None

    def line_rect(self, res: Resources, board: pygame.Rect, top: int) -> pygame.Rect | None:
        """Where the line stands under the banner (at ``top``), if it shows."""
        text = self.line()
        return None if text is None else reason_rect(res, board, top, text)

    def draw_line(self, surface: pygame.Surface, frame: Frame, top: int) -> None:
        """Why, in one line, under the banner (at ``top``); while it thinks, that it does."""
        text = self.line()
        if text is not None:
            draw_reason(surface, frame.res, frame.layout.board, top, text)


def _reason_lines(res: Resources, board: pygame.Rect, top: int,
                  text: str) -> tuple[pygame.Rect, list[pygame.Surface], int]:
    """A suggestion's box, its lines' images and their line height."""
    px = res.px
    lines, size = fit_lines(res, text, (21, 19, 17), board.w - px(80), 2, bold=True)
    images = [res.text(line, size, pal.TEXT, bold=True) for line in lines]
    step = res.font(size, bold=True).get_linesize()
    width = max(img.get_width() for img in images)
    rect = pygame.Rect(0, 0, width, step * len(images)).inflate(px(28), px(14))
    rect.midtop = (board.centerx, top)
    return rect, images, step


def reason_rect(res: Resources, board: pygame.Rect, top: int, text: str) -> pygame.Rect:
    """The box ``draw_reason`` draws ``text`` in."""
    return _reason_lines(res, board, top, text)[0]


def draw_reason(surface: pygame.Surface, res: Resources, board: pygame.Rect, top: int,
                text: str) -> pygame.Rect:
    """A suggestion's line, lit, under the banner (at ``top``), on a second line rather
    than cut short when the board is narrow; its box."""
    px = res.px
    rect, images, step = _reason_lines(res, board, top, text)
    panel(surface, rect, colour=pal.FIELD_BG, radius=px(12))
    pygame.draw.rect(surface, pal.HIGHLIGHT, rect, width=px(3), border_radius=px(12))
    for i, img in enumerate(images):
        blit_centred(surface, img, (rect.centerx, rect.y + px(7) + step * i + step // 2))
    return rect
