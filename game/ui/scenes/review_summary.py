"""A review's summary, one reviewed player at a time (a tab per player): how many moves were
judged and how they fared, the points lost by kind, and the three costliest moves, each a
button that opens the history at that turn with the better move on the board."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.review import Decision, Review, Verdict
from game.review.turns import position_before
from game.review.words import advice, category_word, lost_text, verdict_word
from game.words.i18n import _, decimal, ngettext

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..session import Session
from ..widgets import Button, blit_centred, fit_line, panel
from .menus import dim

KINDS_SHOWN = 6  # rows of points lost by kind, at most
KIND_ROW = 26  # the height of one of them



def kinds_shown(lost: dict[str, float], rows: int) -> list[tuple[str, float]]:
    """The rows of points lost by kind: the largest parts first, gains (negative) with them,
    and when they are more than ``rows``, the smallest as one last row (kind "") so that the
    rows still add up to the whole."""
    parts = sorted(((k, v) for k, v in lost.items() if abs(v) >= 0.05),
                   key=lambda kv: -abs(kv[1]))
    if len(parts) > rows > 1:
        rest = sum(v for _k, v in parts[rows - 1:])
        parts = parts[:rows - 1] + ([("", rest)] if abs(rest) >= 0.05 else [])
    return parts[:rows]

class ReviewSummaryScene(Scene):
    overlay = True

    def __init__(self, app: App, session: Session, review: Review,
                 show_turn: Callable[[int], object]) -> None:
        super().__init__(app)
        self.session = session
        self.review = review
        self.show_turn = show_turn
        self.players = list(review.seats)
        self.player = self.players[0]
        self.card = pygame.Rect(0, 0, 760, 560)
        self.tabs: list[Button] = []
        self.costly: list[Button] = []
        self.close_button = Button(pygame.Rect(0, 0, 200, 50), _("Close"), self.app.pop,
                                   hotkey=_("Esc"))
        self._advice_of: dict[int, str] = {}

    def _advice(self, decision: Decision) -> str:
        """The better move and why (worked out once)."""
        if decision.move not in self._advice_of:
            position = position_before(self.session.game, decision.move)
            # No board here: the cell is told by the one the player chose (a click on the
            # move opens its turn, where the board outlines the better one).
            self._advice_of[decision.move] = advice(position, decision, shown=True,
                                                    board=False)
        return self._advice_of[decision.move]

    def choose(self, player: int) -> None:
        self.player = player
        self.layout(self.app.screen.get_size())

    def layout(self, size: tuple[int, int]) -> None:
        res = self.app.res
        px = res.px
        # Taller, as far as the window allows, by the rows of points lost by kind beyond the
        # three the least card holds: a window with room shows every kind rather than
        # folding the smaller ones (cities, roads) into "Other kinds".
        rows = max(len(kinds_shown(self.review.lost_by_category(p), KINDS_SHOWN))
                   for p in self.players)
        tall = px(580) if rows <= 3 else px(584 + KIND_ROW * (rows - 3))  # 4: rounding's
        self.card = pygame.Rect(0, 0, min(px(760), size[0] - px(40)),
                                min(tall, size[1] - px(30)))
        self.card.center = (size[0] // 2, size[1] // 2)
        c = self.card
        self.tabs = []
        if len(self.players) > 1:
            width = (c.w - px(40) - px(8) * (len(self.players) - 1)) // len(self.players)
            for i, player in enumerate(self.players):
                rect = pygame.Rect(c.x + px(20) + i * (width + px(8)), c.y + px(64), width,
                                   px(36))
                self.tabs.append(Button(rect, self._tab_label(player, width),
                                        self._chooser(player),
                                        primary=player == self.player))
        self.close_button.rect.size = (px(200), px(50))
        self.close_button.rect.midbottom = (c.centerx, c.bottom - px(16))
        self.costly = []
        top = self.close_button.rect.y - px(12)
        for decision in reversed(self.review.costliest(self.player)):
            top -= px(60)
            rect = pygame.Rect(c.x + px(30), top, c.w - px(60), px(54))
            self.costly.insert(0, Button(rect, self._costly_label(decision, rect.w),
                                         self._opener(decision.turn),
                                         detail=_("Better: {move}").format(
                                             move=self._advice(decision))))
            top -= px(6)
        self.costly_top = top

    def _chooser(self, player: int) -> Callable[[], None]:
        return lambda: self.choose(player)

    def _opener(self, turn: int) -> Callable[[], object]:
        return lambda: self.show_turn(turn)

    def _tab_label(self, player: int, width: int) -> str:
        shown, _size = fit_line(self.app.res, self.session.seats[player].name, (24, 20, 18),
                                width - self.app.res.px(20), True)
        return shown

    def _costly_label(self, decision: Decision, width: int) -> str:
        text = _("Turn {turn}: {verdict}, {lost} points").format(
            turn=decision.turn, verdict=verdict_word(decision.verdict),
            lost=lost_text(decision))
        shown, _size = fit_line(self.app.res, text, (18,), width - self.app.res.px(24), True)
        return shown

    def handle(self, intent: Intent) -> None:
        for b in [*self.tabs, *self.costly, self.close_button]:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=255)
        review, player = self.review, self.player
        title, size = fit_line(res, _("Review: {player}").format(
            player=self.session.seats[player].name), (32, 28, 24), c.w - px(40), True)
        blit_centred(surface, res.text(title, size, pal.TEXT, bold=True),
                     (c.centerx, c.y + px(34)))
        for tab in self.tabs:
            tab.draw(surface, res)
        y = c.y + px(112 if self.tabs else 70)
        counts = review.counts(player)
        judged = len(review.of_player(player))
        line = _("{decisions}: {inaccuracies}, {mistakes}; {lost} points lost").format(
            decisions=ngettext("{n} move judged", "{n} moves judged", judged).format(n=judged),
            inaccuracies=ngettext("{n} inaccuracy", "{n} inaccuracies",
                                  counts[Verdict.INACCURACY]).format(
                n=counts[Verdict.INACCURACY]),
            mistakes=ngettext("{n} mistake", "{n} mistakes", counts[Verdict.MISTAKE]).format(
                n=counts[Verdict.MISTAKE]),
            lost=decimal(review.lost(player)))
        shown, size = fit_line(res, line, (21, 19, 17), c.w - px(60))
        surface.blit(res.text(shown, size, pal.TEXT), (c.x + px(30), y))
        y += px(36)
        y = self._draw_kinds(surface, y)
        heading = (_("The costliest moves (click one to see it)") if self.costly
                   else _("No inaccuracy, no mistake: well played!"))
        shown, size = fit_line(res, heading, (20, 18, 16), c.w - px(60), True)
        # The costliest moves stand above Close, their heading just above them; the praise,
        # with nothing under it, follows the counts.
        top = max(y + px(6), self.costly_top - px(28)) if self.costly else y + px(6)
        surface.blit(res.text(shown, size, pal.TEXT_DIM, bold=True), (c.x + px(30), top))
        for b in self.costly:
            b.draw(surface, res)
        self.close_button.draw(surface, res)

    def _draw_kinds(self, surface: pygame.Surface, y: int) -> int:
        """Points lost by kind, a bar each (what the moves made gained there shows as a
        negative figure); the line below them."""
        res = self.app.res
        px = res.px
        c = self.card
        # rows above the heading
        room = (self.costly_top - px(36) - y - px(30)) // px(KIND_ROW)
        parts = kinds_shown(self.review.lost_by_category(self.player),
                            max(0, min(KINDS_SHOWN, room)))
        if not parts:
            return y
        surface.blit(res.text(_("Points lost by kind"), 20, pal.TEXT_DIM, bold=True),
                     (c.x + px(30), y))
        y += px(30)
        most = max(abs(v) for _k, v in parts)
        name_w = px(190)
        bar_x = c.x + px(40) + name_w
        bar_w = c.w - px(40) - name_w - px(110)
        for kind, value in parts:
            word = category_word(self.session.game, kind) if kind else _("Other kinds")
            name, size = fit_line(res, word, (19, 17, 15), name_w - px(10))
            surface.blit(res.text(name, size, pal.TEXT), (c.x + px(40), y))
            # Lost in red; gained (the move made kept a figure, say) in green.
            pygame.draw.rect(surface, pal.ILLEGAL if value > 0 else pal.LEGAL,
                             (bar_x, y + px(3), max(px(2), round(bar_w * abs(value) / most)),
                              px(16)), border_radius=px(4))
            figure = res.text(decimal(value), 19, pal.TEXT)
            surface.blit(figure, figure.get_rect(topright=(c.right - px(40), y)))
            y += px(KIND_ROW)
        return y
