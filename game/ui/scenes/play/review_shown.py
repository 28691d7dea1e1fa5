"""The game's review in the history: a mark on the slider for every judged turn (good,
inaccuracy, mistake: a colour and a shape each, so they read without colour), and on a turn
marked inaccuracy or mistake the better move as a ghost on the board (the Hint's drawing)
with what it is and why, and the points lost with their uncertainty."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.review import Decision, Review, Verdict, moves_key
from game.review.turns import decision_of_turn, position_before, turn_verdicts
from game.review.words import advice, lost_text, verdict_word
from game.rules import Deploy, Game, Move, Place, TileType
from game.words.i18n import _
from game.words.pictures import feature_index

from ... import palette as pal
from ...board_view import BoardView
from ...camera import Camera
from ...resources import Resources
from ...session import Session
from .hint import draw_figure_on, draw_reason, draw_suggestion, reason_rect

Colour = tuple[int, int, int]
VERDICT_COLOURS: dict[Verdict, Colour] = {Verdict.GOOD: (84, 170, 92),
                                           Verdict.INACCURACY: (232, 168, 48),
                                           Verdict.MISTAKE: (206, 58, 48)}
INK: Colour = (40, 30, 22)
GHOST_FIGURE_ALPHA = 150  # the better move's figure on a tile really placed: see-through


@dataclass(frozen=True)
class TurnShown:
    """A judged turn as the history shows it."""

    decision: Decision
    position: Game  # the position the decision was made from
    advice: str  # the better move and why ("" when the move made was as good)

    @property
    def better(self) -> bool:
        """A better move is shown: the move made lost clearly (not within the noise)."""
        decision = self.decision
        return decision.verdict != Verdict.GOOD and decision.best != decision.played


def draw_verdict_mark(surface: pygame.Surface, verdict: Verdict, centre: tuple[int, int],
                      radius: int) -> None:
    """Good: a green disc; inaccuracy: an amber triangle; mistake: a red diamond with a
    bar across.  Each ringed in ink."""
    x, y = centre
    r = radius
    colour = VERDICT_COLOURS[verdict]
    edge = max(1, r // 4)
    if verdict == Verdict.GOOD:
        pygame.draw.circle(surface, colour, centre, r * 3 // 4)
        pygame.draw.circle(surface, INK, centre, r * 3 // 4, edge)
        return
    if verdict == Verdict.INACCURACY:
        points = [(x, y - r), (x + r, y + r * 3 // 4), (x - r, y + r * 3 // 4)]
    else:
        r += edge
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, INK, points, edge)
    if verdict == Verdict.MISTAKE:
        pygame.draw.line(surface, INK, (x - r // 2, y), (x + r // 2, y), edge + 1)


class ReviewShown:
    """The session's review, read turn by turn (what each turn shows is worked out once)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._of: Review | None = None
        self._verdicts: dict[int, Verdict] = {}
        self._turns: dict[int, TurnShown | None] = {}

    def review(self) -> Review | None:
        """The session's review, if it is of this game's moves (as far as it went)."""
        review = self.session.review
        moves = self.session.game.moves
        if review is None or review.moves > len(moves) \
                or review.key != moves_key(moves[:review.moves]):
            return None
        if review is not self._of:
            self._of = review
            self._verdicts = turn_verdicts(review)
            self._turns = {}
        return review

    def verdicts(self) -> dict[int, Verdict]:
        """Each judged turn's verdict."""
        return self._verdicts if self.review() is not None else {}

    def turn(self, turn: int) -> TurnShown | None:
        review = self.review()
        if review is None:
            return None
        if turn not in self._turns:
            decision = decision_of_turn(review, turn)
            shown = None
            if decision is not None:
                position = position_before(self.session.game, decision.move)
                told = (advice(position, decision, shown=True)
                        if decision.best != decision.played else "")
                shown = TurnShown(decision, position, told)
            self._turns[turn] = shown
        return self._turns[turn]

    def draw_ghost(self, surface: pygame.Surface, res: Resources, cam: Camera,
                   view: BoardView, turn: int) -> None:
        """The better move of ``turn``, faint on the board (call with the board clipped)."""
        shown = self.turn(turn)
        if shown is None or not shown.better:
            return
        draw_better_move(surface, res, cam, view, shown.position, shown.decision,
                         self.session.seat(shown.decision.player).rgb)

    def line(self, turn: int) -> str | None:
        """What the review says of ``turn``: "Mistake: −6.3 ± 1.2 points. Better: tile at
        [0, −3] turned 180°, keep your followers (completes your city: +8)"; "Good move"
        when nothing clearly better was found."""
        shown = self.turn(turn)
        if shown is None:
            return None
        decision = shown.decision
        if not shown.better:
            return _("Review: a good move")
        return _("{verdict}: {lost} points. Better: {move}").format(
            verdict=verdict_word(decision.verdict).capitalize(),
            lost=lost_text(decision),
            move=shown.advice)

    def line_rect(self, res: Resources, board: pygame.Rect, top: int,
                  turn: int) -> pygame.Rect | None:
        """Where the line of ``turn`` stands under the banner (at ``top``), if one shows."""
        text = self.line(turn)
        return None if text is None else reason_rect(res, board, top, text)

    def draw_line(self, surface: pygame.Surface, res: Resources, board: pygame.Rect,
                  top: int, turn: int) -> None:
        text = self.line(turn)
        if text is not None:
            draw_reason(surface, res, board, top, text)


def draw_better_move(surface: pygame.Surface, res: Resources, cam: Camera, view: BoardView,
                     position: Game, decision: Decision, rgb: Colour) -> None:
    """A decision's better move, faint on the board over the move made (the review's, a
    puzzle's answer); call with the board clipped."""
    actions = decision.best_actions()
    place = next((a for a in actions if isinstance(a, Place)), None)
    figure = next((a for a in actions if isinstance(a, (Deploy, Move))), None)
    made = next((a for a in decision.played_actions() if isinstance(a, Place)), None)
    if place is not None and place != made:
        draw_suggestion(surface, res, cam, view, position, place, figure, rgb)
    elif isinstance(figure, Deploy):  # the tile as it was placed: only the figure differs
        if place is not None:
            cell, tile, q = place.cell, position.tile_types[place.tile], place.rotation // 90
        elif position.last_cell is not None:
            placed = position.board.tiles[position.last_cell]
            cell, tile, q = placed.cell, placed.tile, placed.rotation
        else:
            return
        _draw_better_figure(surface, res, cam, view, position, cell, tile, q, figure, rgb)
    if isinstance(figure, Move):
        view.cell_overlay(surface, cam, figure.cell, pal.HIGHLIGHT, 120, border=4)


def _draw_better_figure(surface: pygame.Surface, res: Resources, cam: Camera,
                        view: BoardView, position: Game, cell: tuple[int, int], tile: TileType,
                        q: int, figure: Deploy, rgb: Colour) -> None:
    """The figure the better move adds to the tile the player placed: the area it should
    have gone to lit, as the Hint lights it, and the figure see-through beside the figures
    really played."""
    index = feature_index(tile, tile.rotations[q], figure.target)
    if index is not None:
        x, y, w, _h = cam.cell_rect(cell)
        regions = view.art.regions(tile, q, w)
        surface.blit(regions.highlight(index, pal.HIGHLIGHT, 120, edge=3), (x, y))
    view.outline(surface, cam, cell, pal.HIGHLIGHT, width=4)
    draw_figure_on(surface, res, cam, position, cell, tile, q, figure, rgb,
                   alpha=GHOST_FIGURE_ALPHA)
