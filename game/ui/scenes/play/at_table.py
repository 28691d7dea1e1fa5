"""The play scene at a network table: what the table sent, read each frame (the shown game
set to the table's when a move was taken back or the game rebuilt, with what shows it), the
rest told to the scene as small values (``Rebuilt``, ``Told``, ``Over``); and the table's
state shown over the board: this window's connection (reconnecting, left), the players who
dropped and, for the host, the button that hands a dropped player's seat to a computer
after a wait."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.net import client
from game.rules import Action, Place
from game.view.chronicle import Chronicle

from ... import palette as pal
from ...intents import Intent
from ...net_session import TAKEOVER_OFFER, NetworkSession
from ...resources import Resources
from ...widgets import Button, panel
from .feedback import Feedback
from .follow import CameraFollow
from .frame import Frame
from .hand import HandTray
from .options import TurnOptions
from .pointer import Pointer
from .score_show import ScoreShow
from .table_turns import TableTurns
from .turn import PersonTurn


@dataclass(frozen=True)
class Rebuilt:
    """The shown game was rebuilt from the table: its turn begins again."""


@dataclass(frozen=True)
class Told:
    text: str  # a short message for the player (the table refused a request)


@dataclass(frozen=True)
class Over:
    """The table said the game is over (its seed came: the real game can be kept)."""


News = Rebuilt | Told | Over


@dataclass(frozen=True)
class Parts:
    """The play scene's parts that show the game, set again when the table resets it."""

    turns: TableTurns
    turn: PersonTurn
    hand: HandTray
    feedback: Feedback
    score_show: ScoreShow
    follow: CameraFollow
    options: TurnOptions
    pointer: Pointer


class AtTable:
    def __init__(self, session: NetworkSession, parts: Parts) -> None:
        self.session = session
        self.parts = parts
        self.buttons: list[tuple[int, Button]] = []  # the host's hand-over buttons, by seat
        self.rect: pygame.Rect | None = None
        self._lines: list[tuple[str, tuple[int, int, int]]] = []

    def update(self) -> list[News]:
        """Read what the table sent: what the scene must know of it."""
        game = self.session.game
        last = game.moves[-1] if game.moves else None
        news: list[News] = []
        for happening in self.session.poll():
            if isinstance(happening, client.TookBack):
                self._taken_back(last)
            elif isinstance(happening, client.Rebuilt):
                self._rebuilt()
                news.append(Rebuilt())
            elif isinstance(happening, client.Refusal) and happening.code != "bad-message":
                news.append(Told(_("The table refused: {reason}").format(
                    reason=happening.message)))
            elif isinstance(happening, client.Ended):
                news.append(Over())
        return news

    def _reset(self) -> None:
        parts = self.parts
        parts.turns.drop()
        parts.turn.pending = None
        parts.pointer.drag = None

    def _taken_back(self, undone: Action | None) -> None:
        """The table took a move back: the tile back in hand, turned as it was."""
        self._reset()
        parts = self.parts
        parts.feedback.keep_in_step()
        if isinstance(undone, Place):
            parts.turn.rotation = undone.rotation // 90
            tiles = parts.hand.tiles()
            if undone.tile in tiles:
                parts.hand.select(tiles.index(undone.tile))

    def _rebuilt(self) -> None:
        """The game was rebuilt from the table: shown as it stands, without animating."""
        self._reset()
        parts = self.parts
        parts.score_show.skip()
        parts.feedback.chronicle = Chronicle.of(self.session.game)
        parts.turn.ended()
        parts.follow.fit(parts.options.legal_cells(), immediate=True)

    # ------------------------------------------------------------------ the state shown
    def _state(self) -> list[tuple[str, tuple[int, int, int]]]:
        session = self.session
        status = session.status
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if status == client.Status.CONNECTING:
            lines.append((_("Connecting to the table…"), pal.TEXT))
        elif status == client.Status.RECONNECTING:
            lines.append((_("Connection lost: reconnecting…"), pal.ILLEGAL))
        elif status in (client.Status.FAILED, client.Status.CLOSED):
            problem = session.link.net.problem or _("the connection was closed")
            lines.append((_("Left the table: {problem}").format(problem=problem), pal.ILLEGAL))
        elif session.resigned and not session.game.over:
            lines.append((_("You resigned: a computer plays your seat"), pal.TEXT_DIM))
        mine = session.link.net.seats
        for seat, _waited in session.away():
            if seat not in mine:
                lines.append((_("{player} is reconnecting…").format(
                    player=session.seats[seat].name), pal.TEXT))
        return lines

    def layout(self, frame: Frame) -> None:
        """Where the table's state shows: the board's top right corner, under the banner."""
        res = frame.res
        px = res.px
        self._lines = self._state()
        offers = [seat for seat, waited in self.session.away()
                  if self.session.link.hosting and waited >= TAKEOVER_OFFER
                  and seat not in self.session.link.net.seats]
        if not self._lines:
            self.rect, self.buttons = None, []
            return
        width = max(res.font(18, bold=True).size(text)[0] for text, _colour in self._lines) + px(28)
        labels = {seat: _("Computer plays for {player}").format(
            player=self.session.seats[seat].name) for seat in offers}
        for label in labels.values():  # a button 36 px high sets its label at 22 points
            width = max(width, res.font(22, bold=True).size(label)[0] + px(44))
        width = min(width, frame.layout.free.w // 2)
        height = px(14) + px(24) * len(self._lines) + px(44) * len(offers)
        board = frame.layout.free
        self.rect = pygame.Rect(board.right - width - px(8), board.y + px(8), width, height)
        old = {seat: b for seat, b in self.buttons}
        self.buttons = []
        y = self.rect.y + px(8) + px(24) * len(self._lines)
        for seat in offers:
            rect = pygame.Rect(self.rect.x + px(10), y, width - px(20), px(36))
            button = old.get(seat) or Button(rect, labels[seat], self._hand_over(seat))
            button.rect, button.label = rect, labels[seat]
            self.buttons.append((seat, button))
            y += px(44)

    def _hand_over(self, seat: int) -> Callable[[], object]:
        return lambda: self.session.hand_over(seat)

    def handle(self, intent: Intent) -> bool:
        return any(button.handle(intent) for _seat, button in self.buttons)

    def covers(self) -> pygame.Rect | None:
        return self.rect

    def draw(self, surface: pygame.Surface, res: Resources) -> None:
        if self.rect is None:
            return
        px = res.px
        panel(surface, self.rect, radius=px(10))
        y = self.rect.y + px(8)
        for text, colour in self._lines:
            img = res.text(text, 18, colour, bold=True)
            clip = surface.get_clip()
            surface.set_clip(self.rect.inflate(-px(8), 0))
            surface.blit(img, (self.rect.x + px(14), y))
            surface.set_clip(clip)
            y += px(24)
        for _seat, button in self.buttons:
            button.draw(surface, res)

    def wake_in(self, following: bool) -> float | None:
        """Seconds until the shown state changes without a message: a move to show (when
        ``following`` the table's moves), a running clock's next second, a dropped player's
        wait reaching the hand-over offer."""
        session = self.session
        waits: list[float] = []
        if following and session.shown.upcoming() is not None:
            waits.append(0.0)
        if session.clock_runs():
            running = session.link.net.table.info.get("running")
            marks = session.marks(running) if isinstance(running, int) else None
            if marks is not None and marks.clock is not None:
                waits.append(marks.clock - math.floor(marks.clock) + 0.01)
        if session.link.hosting:
            waits += [TAKEOVER_OFFER - waited for _, waited in session.away()
                      if waited < TAKEOVER_OFFER]
        return min(waits, default=None)
