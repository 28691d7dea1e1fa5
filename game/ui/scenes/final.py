"""Final scores: a score sheet (a row per player, a column per category, with what came at the
end), a chart of each player's score over the turns (beside it, once the game is reviewed,
each player's chances to win, whose turning points open the history at their turn) or of how
the points were made; then the finished board, the same game again, a review of the game
(then its summary), or the title."""

from __future__ import annotations

from collections import defaultdict
from typing import Protocol, runtime_checkable

import pygame

from game import view
from game.review.chances import Chance
from game.view.phrases import listed
from game.view.score_chart import score_series
from game.words.i18n import _
from game.words.levels import record_sentence

from .. import palette as pal
from ..app import App, Scene
from ..chance_chart import ChanceChart, chart_title, review_chances
from ..intents import Command, Intent, PointerDown
from ..level_record import records_met
from ..net_session import NetworkSession
from ..resources import Resources
from ..score_chart import ScoreChart
from ..seat_marks import resigned_sentence
from ..session import Seat, Session, kind_name
from ..widgets import Button, blit_centred, fit_line, fit_lines, fit_text, panel
from .rematch import RematchOffer
from .review import ReviewScene, reviewed
from .review_summary import ReviewSummaryScene

CATEGORY_COLOURS = [(190, 96, 60), (214, 178, 110), (120, 132, 170), (112, 168, 84),
                    (90, 150, 190), (170, 120, 170), (200, 150, 60), (130, 130, 130)]


DETAIL_ROWS = 8  # rows of the modules' final lines in a column, at most


def detail_columns(res: Resources, details: list[str], columns: int, width: int
                   ) -> list[list[tuple[str, int]]]:
    """The modules' final lines flowed into ``columns`` columns of ``width`` px, rows of
    (text, size): a line too long for one row wraps onto a second rather than being cut
    short, and a line is never split across columns.  What does not fit is left out."""
    sizes = (19, 17, 15) if columns == 1 else (17, 15, 14)
    blocks = []
    for line in details:
        lines, size = fit_lines(res, line, sizes, width, 2)
        blocks.append([(text, size) for text in lines])
    total = sum(len(block) for block in blocks)
    least = max([-(-total // columns), *map(len, blocks)])
    for per_column in range(min(least, DETAIL_ROWS), DETAIL_ROWS + 1):  # the shortest that
        laid = _flowed(blocks, columns, per_column)                       # holds every line
        if sum(map(len, laid)) == total:
            break
    return laid


def _flowed(blocks: list[list[tuple[str, int]]], columns: int, per_column: int
            ) -> list[list[tuple[str, int]]]:
    laid: list[list[tuple[str, int]]] = [[]]
    for block in blocks:
        if len(laid[-1]) + len(block) > per_column:
            if len(laid) == columns:
                break
            laid.append([])
        laid[-1].extend(block)
    return laid


@runtime_checkable
class ShowsTurns(Protocol):
    """A scene that can open its game's history at a turn (the play scene)."""

    session: Session
    finished: bool  # its final scores were shown: its Scores button brings them back

    def show_history_at(self, turn: int) -> None: ...


def score_sheet(session: Session) -> tuple[list[str], list[dict[str, int]]]:
    """Categories in order of first appearance, and per player the points of each
    (``during`` and ``final`` parts are split as '<kind>' and '<kind>@end')."""
    game = session.game
    # Every kind that can score is a column, even at zero, and what the rule modules always
    # show; then anything else that scored.
    cats = view.score_categories(game)
    rows: list[dict[str, int]] = [defaultdict(int) for _ in game.players]
    for ev in game.events:
        if ev.category not in cats:
            cats.append(ev.category)
        rows[ev.player][ev.category] += ev.points
        if ev.final:
            rows[ev.player][ev.category + "@end"] += ev.points
    return cats, [dict(r) for r in rows]


def sheet_cells(cats: list[str], rows: list[dict[str, int]]
                ) -> list[list[tuple[str, str | None]]]:
    """Per player, per category: the points, and what came at the end ("(3 at end)") in every
    row of a category where anything came at the end, even when it is all or nothing."""
    at_end = {cat for cat in cats if any(r.get(cat + "@end", 0) for r in rows)}
    return [[(str(row.get(cat, 0)),
              _("({points} at end)").format(points=row.get(cat + "@end", 0))
              if cat in at_end else None) for cat in cats] for row in rows]


def standing(session: Session) -> list[int]:
    """The players in the order the final scores list them: the winners first, then by
    score; those who resigned last (they gave the game up, whatever they scored)."""
    scores = session.game.scores
    return sorted(range(len(scores)), key=lambda p: (p in session.gave_up, -scores[p]))


class FinalScene(Scene):
    overlay = True  # the finished board stays visible behind the scores

    def __init__(self, app: App, session: Session, table: NetworkSession | None = None
                 ) -> None:
        """``table``: the game just ended at that network table, which offers its next."""
        super().__init__(app)
        self.session = session
        self.offer = None if table is None else RematchOffer(table)
        self.buttons = [
            Button(pygame.Rect(0, 0, 220, 54), _("View board"), self.view_board,
                   hotkey=_("Esc")),
            Button(pygame.Rect(0, 0, 220, 54), _("Play again"), self.play_again, primary=True,
                   hotkey=_("Enter")),
            Button(pygame.Rect(0, 0, 220, 54), _("Review game"), self.review_game),
            Button(pygame.Rect(0, 0, 220, 54), _("Title"), self.to_title),
        ]
        self.button = self.buttons[1]  # the row of buttons lines up on the primary one
        self.review_button = self.buttons[2]
        self.card = pygame.Rect(0, 0, 900, 600)
        self.series = score_series(session.game)
        self.chart = ScoreChart()
        self.chances = ChanceChart()  # beside the score chart once the game is reviewed
        self.by_turns = True  # which chart: the scores over the turns, or points by kind
        self.chart_tabs = [
            Button(pygame.Rect(0, 0, 10, 10), _("Score over the turns"),
                   lambda: self._show_chart(True)),
            Button(pygame.Rect(0, 0, 10, 10), _("Points by kind"),
                   lambda: self._show_chart(False))]
        self.sheet_bottom = 0
        self.charts_shown = False  # there was room for the charts at the last frame
        self.details_top = 0  # where the lines under the score sheet began at the last frame
        # The player's games against the levels met here, this one counted: the ladder climbed.
        self.climbed = [record_sentence(kind_name(level), r.won, r.lost, r.drawn)
                        for level, r in records_met(session, app.storage)]

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(1000), size[0] - px(40)),
                                min(px(660), size[1] - px(40)))
        self.card.center = (size[0] // 2, size[1] // 2)
        gap = px(14)
        width = min(px(220), (self.card.w - px(40) - gap * 3) // 4)
        x = self.card.centerx - (width * 4 + gap * 3) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.card.bottom - px(20 + 54), width, px(54))
            x += width + gap
        self.review_button.label = _("Review summary") if reviewed(self.session) \
            else _("Review game")
        self.sheet_bottom = self.card.y + px(92 + 34 + 36 * len(self.session.seats))
        self._layout_tabs()

    def _layout_tabs(self) -> None:
        px = self.app.res.px
        res = self.app.res
        x = self.card.x + px(40)
        for i, tab in enumerate(self.chart_tabs):
            width = res.font(20, bold=True).size(tab.label)[0] + px(28)  # as Button sets it
            tab.rect = pygame.Rect(x, self.sheet_bottom + px(16), width, px(32))
            tab.primary = (i == 0) == self.by_turns
            x += width + px(8)

    def _show_chart(self, by_turns: bool) -> None:
        self.by_turns = by_turns
        self._layout_tabs()

    def review_game(self) -> None:
        """The summary of the review made, else a review of the human seats, whose
        summary follows."""
        review = reviewed(self.session)
        if review is not None:
            self.app.push(ReviewSummaryScene(self.app, self.session, review, self.open_turn))
            return
        self.app.push(ReviewScene(self.app, self.session, self._reviewed))

    def _reviewed(self) -> None:
        self.layout(self.app.screen.get_size())
        review = reviewed(self.session)
        if review is not None and self.app.scene is self:
            self.app.push(ReviewSummaryScene(self.app, self.session, review, self.open_turn))

    def open_turn(self, turn: int) -> None:
        """The game's history at ``turn`` (a costliest move of the summary), with the better
        move on the board: in the play scene under this screen, else a new one."""
        while self.app.stack and self.app.scene is not self:
            self.app.pop()
        self.app.pop()
        below = self.app.scene if self.app.stack else None
        if not (isinstance(below, ShowsTurns) and below.session is self.session):
            below = self._new_board()
        if isinstance(below, ShowsTurns):
            below.show_history_at(turn)

    def _new_board(self) -> Scene:
        """The finished board in place of what is under this screen (the title, for a
        finished game continued)."""
        board = self.app.routes.play(self.session)
        if isinstance(board, ShowsTurns):
            board.finished = True  # not these scores again as it opens
        self.app.replace(board)
        return board

    def to_title(self) -> None:
        self.app.replace(self.app.routes.title())

    def view_board(self) -> None:
        """Back to the finished board (its Scores button brings this score sheet back)."""
        self.app.pop()
        if not (self.app.stack and isinstance(self.app.scene, ShowsTurns)):
            self._new_board()

    def play_again(self) -> None:
        """A new game with the same players, game, expansions and options.  After a game at a
        table still there, its next game (``RematchOffer``); after a network game whose table
        is gone, its set-up, to host a new table the others join: they are not at this
        window."""
        if self.offer is not None and self.offer.live():
            if self.offer.press():
                self._into_next_game()
            return
        old = self.session
        if old.elsewhere:
            self.app.replace(self.app.routes.title())
            self.app.push(self.app.routes.setup(old))
            return
        seats = [Seat(s.name, s.colour, s.kind) for s in old.seats]
        session = Session.new(self.app.registry, old.game_id, old.expansions, seats,
                              dict(old.game.chosen_options))
        self.app.replace(self.app.routes.play(session))

    def update(self, dt: float) -> None:
        if self.offer is not None:
            if self.offer.update():
                self._into_next_game()
                return
            self.button.label, self.button.enabled = self.offer.button()

    def _into_next_game(self) -> None:
        assert self.offer is not None
        self.app.replace(self.app.routes.play(self.offer.table.next_game()))

    def handle(self, intent: Intent) -> None:
        for b in [*self.buttons, *(self.chart_tabs if self.charts_shown else [])]:
            if b.handle(intent):
                return
        if isinstance(intent, PointerDown) and intent.button == 1 and self.charts_shown \
                and self.by_turns:
            turn = self.chances.flag_at(intent.pos)
            if turn is not None:  # a turning point: the history at that turn
                self.open_turn(turn)
                return
        if intent is Command.CONFIRM and self.app.input.pressed != pygame.K_SPACE:
            self.play_again()  # Enter, as its button says: Space is what skips the scoring,
            # pressed again and again by a player who wants the scores
        elif intent is Command.BACK:
            self.view_board()

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 12, 16, 170))
        surface.blit(veil, (0, 0))
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=255)
        game = self.session.game
        winners = [self.session.seats[i].name for i in self.session.winners()]
        headline = (_("{player} wins!").format(player=winners[0]) if len(winners) == 1
                    else _("{players} share the win!").format(players=listed(winners)))
        blit_centred(surface, res.text(headline, 46, pal.TEXT, bold=True),
                     (c.centerx, c.y + px(40)))
        resigned = resigned_sentence(self.session)
        if resigned is not None:  # why the win is theirs, whatever the points say
            shown = fit_text(res, resigned, 19, c.w - px(80))
            blit_centred(surface, res.text(shown, 19, pal.TEXT_DIM),
                         (c.centerx, c.y + px(76)))
        cats, rows = score_sheet(self.session)
        self._draw_sheet(surface, cats, rows)
        details = [*view.final_details(game), *self.climbed]
        told = self.session.told_seed()
        if told is not None:  # last, for a friend to play the same draws
            details = [*details, told]
        # Up to 8 lines in one column, up to 16 in two (meadow by meadow, say).
        columns = 1 if len(details) <= 8 else 2
        width = (c.w - px(80)) // columns
        laid = detail_columns(res, details, columns, width - px(10))
        rows_shown = max((len(column) for column in laid), default=0)
        if self.offer is not None:  # the offer's line, right over the buttons
            rows_shown += 1
            self.offer.draw(surface, res, (c.centerx, self.button.rect.y - px(14 + 11)),
                            c.w - px(80))
        self._draw_chart(surface, cats, rows, reserve=px(22 * rows_shown))
        top = self.button.rect.y - px(14 + 22 * rows_shown)
        if not self.charts_shown:  # no room for a chart: the lines follow the sheet, no hole
            top = min(top, self.sheet_bottom + px(20))
        self.details_top = top
        for col, column in enumerate(laid):
            for row, (shown, size) in enumerate(column):
                surface.blit(res.text(shown, size, pal.TEXT_DIM),
                             (c.x + px(40) + col * width, top + px(22 * row)))
        for b in self.buttons:
            b.draw(surface, res)

    def _draw_sheet(self, surface: pygame.Surface, cats: list[str],
                    rows: list[dict[str, int]]) -> None:
        res = self.app.res
        px = res.px
        c = self.card
        x0 = c.x + px(40)
        col = max(px(96), (c.w - px(80 + 200)) // (len(cats) + 1))

        def right(j: int) -> int:  # the right edge of column j
            return x0 + px(200) + col * (j + 1) - px(12)

        y = c.y + px(92)
        titles = [view.category_title(self.session.game, cat) for cat in cats]
        for j, label in enumerate([*titles, _("Total")]):
            img = res.text(label, 22, pal.TEXT_DIM, bold=True)
            surface.blit(img, img.get_rect(topright=(right(j), y)))
        order = standing(self.session)
        cells = sheet_cells(cats, rows)
        for i, p in enumerate(order):
            seat = self.session.seats[p]
            ry = y + px(34 + i * 36)
            if i % 2 == 0:
                pygame.draw.rect(surface, pal.CURRENT_ROW,
                                 (x0 - px(10), ry - px(4), c.w - px(60), px(34)),
                                 border_radius=px(6))
            blit_centred(surface, res.figures.mark(seat.rgb, px(9)), (x0 + px(8), ry + px(13)))
            shown, size = fit_line(res, seat.name, (24, 21, 18), px(170), True)
            name = res.text(shown, size, pal.TEXT, bold=True)
            surface.blit(name, (x0 + px(26), ry + px(2)))
            room = px(196) - px(32) - name.get_width()
            # who played ("Hard", "Monte Carlo"), or that the player gave the game up
            beside = _("resigned") if p in self.session.gave_up else \
                None if seat.is_human else kind_name(seat.kind)
            if beside is not None and room > px(40):
                level = fit_text(res, beside, 16, room)
                surface.blit(res.text(level, 16, pal.TEXT_DIM),
                             (x0 + px(32) + name.get_width(), ry + px(9)))
            for j, (total, end_text) in enumerate(cells[p]):
                edge = right(j)
                if end_text is not None:
                    end = res.text(end_text, 16, pal.TEXT_DIM)
                    surface.blit(end, end.get_rect(topright=(edge, ry + px(8))))
                    edge -= end.get_width() + px(5)
                img = res.text(total, 22, pal.TEXT)
                surface.blit(img, img.get_rect(topright=(edge, ry + px(3))))
            img = res.text(str(self.session.game.scores[p]), 26, pal.TEXT, bold=True)
            surface.blit(img, img.get_rect(topright=(right(len(cats)), ry + px(1))))
        self.sheet_bottom = y + px(34 + len(rows) * 36)

    def _draw_chart(self, surface: pygame.Surface, cats: list[str],
                    rows: list[dict[str, int]], reserve: int = 0) -> None:
        """Below the score sheet, the chart chosen by its tabs: each player's score over the
        turns, or how their points were made."""
        res = self.app.res
        px = res.px
        c = self.card
        top = self.sheet_bottom + px(16)
        bottom = self.button.rect.y - px(20) - reserve
        self.charts_shown = bottom - top >= px(130)
        if not self.charts_shown:
            return
        for tab in self.chart_tabs:
            tab.draw(surface, res)
        top = self.chart_tabs[0].rect.bottom + px(12)
        self.chances.flags = []
        if self.by_turns:
            box = pygame.Rect(c.x + px(40), top, c.w - px(80), bottom - top)
            chances = review_chances(self.session.review, self.session.game.moves)
            if chances:
                box = self._draw_chances(surface, box, chances)
            self.chart.draw(surface, res, box, self.series, [s.rgb for s in self.session.seats])
        else:
            self._draw_bars(surface, cats, rows, top, bottom - px(30))

    def _draw_chances(self, surface: pygame.Surface, box: pygame.Rect,
                      chances: list[Chance]) -> pygame.Rect:
        """The chances to win in the right half of ``box``, their title over them; the
        half left for the score chart."""
        res = self.app.res
        px = res.px
        gap = px(28)
        half = pygame.Rect(box.x + (box.w + gap) // 2, box.y, (box.w - gap) // 2, box.h)
        review = self.session.review
        turning = review.turning_points() if review is not None else []
        title = chart_title() if not turning else \
            _("{title}: click a turning point to see it").format(title=chart_title())
        shown, size = fit_line(res, title, (16, 15, 14), half.w, True)
        surface.blit(res.text(shown, size, pal.TEXT_DIM, bold=True), (half.x, half.y - px(4)))
        plot = half.copy()
        plot.h -= px(18)
        plot.y += px(18)
        self.chances.draw(surface, res, plot, chances, len(self.series) - 1,
                          [s.rgb for s in self.session.seats], turning)
        return pygame.Rect(box.x, box.y, half.x - gap - box.x, box.h)

    def _draw_bars(self, surface: pygame.Surface, cats: list[str], rows: list[dict[str, int]],
                   top: int, bottom: int) -> None:
        """Stacked bars: how each player's points were made."""
        res = self.app.res
        px = res.px
        c = self.card
        n = len(rows)
        bar_h = min(px(34), (bottom - top) // max(1, n) - px(8))
        if bar_h < px(6):
            return
        scale = (c.w - px(320)) / max(1, max(self.session.game.scores))
        order = standing(self.session)
        for i, p in enumerate(order):
            y = top + i * (bar_h + px(8))
            seat = self.session.seats[p]
            name, size = fit_line(res, seat.name, (20, 17, 15), px(130))
            img = res.text(name, size, pal.TEXT)
            surface.blit(img, img.get_rect(midleft=(c.x + px(40), y + bar_h // 2)))
            blit_centred(surface, res.figures.mark(seat.rgb, max(3, min(px(9), bar_h // 2))),
                         (c.x + px(183), y + bar_h // 2))
            x = c.x + px(200)
            for j, cat in enumerate(cats):
                w = round(rows[p].get(cat, 0) * scale)
                if w > 0:
                    colour = CATEGORY_COLOURS[j % len(CATEGORY_COLOURS)]
                    pygame.draw.rect(surface, colour, (x, y, w, bar_h))
                    x += w
        lx = c.x + px(200)
        ly = top + n * (bar_h + px(8)) + px(6)  # the legend right under the bars
        for j, cat in enumerate(cats):
            pygame.draw.rect(surface, CATEGORY_COLOURS[j % len(CATEGORY_COLOURS)],
                             (lx, ly + px(2), px(16), px(16)), border_radius=px(3))
            img = res.text(view.category_title(self.session.game, cat), 19, pal.TEXT_DIM)
            surface.blit(img, (lx + px(22), ly))
            lx += px(44) + img.get_width()
