"""The hovered feature: when the pointer rests on any placed feature (in the game, its
history or the finished board), the whole feature is outlined across its tiles and a card
says its kind, owners and what it is worth (``game.view.cards``).  Which feature is under the
pointer is the question a click asks too (``TurnOptions.feature_at``): the card is always
about what a click there would choose.  During a person's turn the card tells the feature as
the board shows it, with the figure held or the hike chosen, not confirmed yet
(``TurnOptions.as_shown``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import FeatureView, Game, Phase
from game.view.cards import Card, feature_card

from ... import palette as pal
from ...highlight import FeatureOutlines
from ...widgets import blit_centred, panel, wrap_text
from .frame import Frame, Pos

# The feature under a point of the board in a game, as the board shows it (with the figures
# of the player's choice, when they are drawn): (cell, feature index) or None.
FeatureAt = Callable[[Game, Pos, bool], tuple[tuple[int, int], int] | None]
# A feature of a game with the figures the board shows on it (those not confirmed yet too).
AsShown = Callable[[Game, FeatureView], FeatureView]

HOVER_DELAY = 0.3  # seconds the pointer rests before the card shows
CARD_W = (220, 460)  # the card's least and greatest width


class HoverCard:
    def __init__(self, outlines: FeatureOutlines, feature_at: FeatureAt,
                 as_shown: AsShown) -> None:
        self.outlines = outlines
        self.feature_at = feature_at
        self.as_shown = as_shown
        self.feature: FeatureView | None = None
        self.card: Card | None = None
        self._key: tuple[int, int, int] | None = None  # (game, moves, feature)
        self.rest = 0.0  # seconds the pointer has rested on the feature

    def wake_in(self) -> float | None:
        """Seconds until the card of the feature under the resting pointer is due."""
        if self.feature is None or self.shown:
            return None
        return max(0.0, HOVER_DELAY - self.rest)

    @property
    def shown(self) -> bool:
        return self.feature is not None and self.rest >= HOVER_DELAY

    def forget(self) -> None:
        """No feature under the pointer: the card goes until the pointer rests again."""
        self.feature, self.card, self._key = None, None, None
        self.rest = 0.0

    def update(self, dt: float, frame: Frame) -> None:
        found = self._feature_under(frame.mouse, frame)
        if found is None:
            self.forget()
            return
        game, cell, index = found
        feature = self.as_shown(game, game.feature_at(cell, index))
        key = (id(game), len(game.moves), feature.id)
        if key != self._key:
            self._key = key
            self.card = None
            self.rest = 0.0
        else:
            self.rest += dt
        if feature != self.feature:  # a figure put on it or taken back: told at once
            self.feature, self.card = feature, None
        if frame.keyed:  # chosen with the keys: told at once
            self.rest = max(self.rest, HOVER_DELAY)
        if self.shown and self.card is None and self.feature is not None:
            self.card = feature_card(game, self.feature, worth=frame.session.aids)

    def _feature_under(self, pos: Pos, frame: Frame) -> tuple[Game, tuple[int, int], int] | None:
        if frame.drag is not None or frame.panning:
            return None
        if not frame.pointer_seen:  # the pointer has not been over the window yet
            return None
        if not frame.on_board(pos) or frame.board_covered:
            return None
        if any(rect.collidepoint(pos) for rect in frame.over_board):
            return None
        game = frame.shown.game  # the history's state while that is shown
        choosing = (frame.human_turn and not frame.in_history
                    and frame.game.phase is Phase.FIGURE)
        found = self.feature_at(game, pos, choosing)
        return None if found is None else (game, *found)

    # ------------------------------------------------------------------ drawing
    def draw_outline(self, surface: pygame.Surface, frame: Frame) -> None:
        """The whole hovered feature, in its leaders' colours (the highlight if none)."""
        if not self.shown or self.feature is None:
            return
        game = frame.shown.game
        leaders = game.winners(list(self.feature.figures)) if self.feature.figures else []
        colours = [frame.session.seat(p).rgb for p in leaders] or [pal.HIGHLIGHT]
        self.outlines.draw(surface, frame.camera, game, self.feature.parts, colours, fill=45)

    def draw_card(self, surface: pygame.Surface, frame: Frame) -> None:
        """The card beside the pointer, within the board: as wide as its longest line up to
        CARD_W, a longer line (owners of long names) wrapped."""
        if not self.shown or self.card is None:
            return
        res = frame.res
        px = res.px
        card = self.card
        board = frame.layout.board
        title = res.text(card.title, 24, pal.TEXT, bold=True)
        widest = min(px(CARD_W[1]), board.w - px(16))
        room = widest - px(28 + 16)
        rows = [(wrap_text(res, line.text, 19, room, line.strong), line.strong, line.player)
                for line in card.lines]
        width = max([title.get_width(), *(res.font(19, strong).size(text)[0] + px(16)
                                          for lines, strong, _who in rows for text in lines)])
        width = max(px(CARD_W[0]), min(widest, width + px(28)))
        height = px(16) + title.get_height() + px(16) + px(22) * sum(len(r[0]) for r in rows)
        x, y = frame.mouse
        rect = pygame.Rect(x + px(22), y + px(22), width, height)
        if rect.right > board.right - px(8):
            rect.right = x - px(16)
        if rect.bottom > board.bottom - px(8):
            rect.bottom = y - px(16)
        rect.clamp_ip(board)
        panel(surface, rect, alpha=248)
        surface.blit(title, (rect.x + px(14), rect.y + px(10)))
        top = rect.y + px(16) + title.get_height()
        for lines, strong, who in rows:
            left = rect.x + px(14)
            if who is not None:
                blit_centred(surface, res.figures.mark(frame.session.seat(who).rgb, px(6)),
                             (left + px(5), top + px(9)))
                left += px(16)
            for text in lines:
                surface.blit(res.text(text, 19, pal.TEXT, bold=strong), (left, top))
                top += px(22)
