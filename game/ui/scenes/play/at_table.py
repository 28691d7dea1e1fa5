"""The play scene at a network table: what the table sent, read each frame (the shown game
set to the table's when a move was taken back or the game rebuilt, with what shows it), the
rest told to the scene as small values (``Rebuilt``, ``Told``, ``Over``); and the table's
state shown over the board: this window's connection (reconnecting, left), a pause and why
(its host left, its server stopped, it cannot save), the players who dropped, how long the
turn of one away waits before a computer plays it, and, for the host, the button that hands
a dropped player's seat to a computer after a wait."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.net import client
from game.net.terms import SeatKind
from game.rules import Action, Place
from game.ui.net_refusals import pause_lines, problem_words, refusal_words
from game.view.chronicle import Chronicle
from game.words.i18n import _, ngettext

from ... import palette as pal
from ...intents import Intent
from ...net_session import TAKEOVER_OFFER, NetworkSession
from ...palette import Colour
from ...resources import Resources
from ...seat_marks import away_sentence, clock_text
from ...widgets import Button, fit_lines, panel
from .feedback import Feedback
from .follow import CameraFollow
from .frame import Frame
from .hand import HandTray
from .options import TurnOptions
from .pointer import Pointer
from .score_show import ScoreShow
from .table_turns import TableTurns
from .turn import PersonTurn

LINE_SIZE = 18


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
        self._lines: list[tuple[str, int, Colour, int]] = []  # text, size, colour, y

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
                news.append(Told(refusal_words(happening.code, happening.message)))
            elif isinstance(happening, client.Ended):
                news.append(Over())
            elif isinstance(happening, client.Lost):
                news.append(Told(ngettext(
                    "The table came back from its last save: {count} move was lost",
                    "The table came back from its last save: {count} moves were lost",
                    happening.moves).format(count=happening.moves)))
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
        parts.feedback.chronicle = Chronicle.of(self.session.game, self.session.played_for)
        parts.turn.ended()
        parts.follow.fit(parts.options.legal_cells(), immediate=True)

    # ------------------------------------------------------------------ the state shown
    def _state(self, offers: set[int]) -> list[tuple[str, Colour, int | None]]:
        """The lines to show, each with its colour and the seat of a dropped player (the
        one whose turn it is only with the hand-over offered under it: the banner says the
        rest)."""
        session = self.session
        status = session.status
        lines: list[tuple[str, Colour, int | None]] = []
        if session.ended() or session.rematched:
            return lines  # the game is over: who is away or plays for whom no longer matters
        paused = pause_lines(session.link)
        if paused:
            lines += [(line, pal.ILLEGAL if k == 0 else pal.TEXT, None)
                      for k, line in enumerate(paused)]
            return lines  # nothing else goes on meanwhile
        if status == client.Status.CONNECTING:
            lines.append((_("Connecting to the table…"), pal.TEXT, None))
        elif status == client.Status.RECONNECTING:
            lines.append((_("Connection lost: reconnecting…"), pal.ILLEGAL, None))
        elif status in (client.Status.FAILED, client.Status.CLOSED):
            problem = problem_words(session.link.net) or _("the connection was closed")
            lines.append((_("Left the table: {problem}").format(problem=problem), pal.ILLEGAL,
                          None))
        elif session.resigned:
            lines.append((_("You resigned: a computer plays your seat"), pal.TEXT_DIM, None))
        mine = session.link.net.seats
        if session.link.moved_from is not None and any(
                seat not in mine for seat, _waited in session.away()):
            lines.append((_("The table moved to port {port}: friends away need its new "
                            "link (Menu, Copy link)").format(port=session.link.link.port),
                          pal.TEXT, None))
        for seat, waited in session.away():
            if seat not in mine and (seat != session.game.current or seat in offers):
                lines.append((away_sentence(session.seats[seat].name, session.marks(seat)),
                              pal.TEXT, seat))
            elif seat not in mine and status == client.Status.PLAYING:
                lines += self._waiting(seat, waited)
        return lines

    def _waiting(self, seat: int, waited: float) -> list[tuple[str, Colour, int | None]]:
        """While the player away on their turn is waited for (the banner names them): when
        a computer plays it, and what the others may do meanwhile."""
        session = self.session
        player = session.seats[seat].name
        wait = session.takeover_in()
        if wait is not None:
            said = _("A computer plays {player}'s turn in {time} unless they come back"
                     ).format(player=player, time=clock_text(wait))
        elif session.link.hosting:
            said = _("You may let a computer play {player}'s turn in {time}").format(
                player=player, time=clock_text(TAKEOVER_OFFER - waited))
        elif any(s["kind"] == SeatKind.HOST for s in session.link.net.table.seats):
            said = _("The host may let a computer play {player}'s turn").format(player=player)
        else:
            said = ""  # a server's table that never takes over: it waits for them
        meanwhile = (_("Meanwhile you may look back over the game (V)"), pal.TEXT_DIM, None)
        return [(said, pal.TEXT, None), meanwhile] if said else [meanwhile]

    def layout(self, frame: Frame, banner_bottom: int) -> None:
        """Where the table's state shows: the board's top right corner, under the banner
        (ending at ``banner_bottom``, lower when a long prompt wraps); each line wrapped to
        the panel, the host's hand-over button under a dropped player's line once the wait
        is over."""
        res = frame.res
        px = res.px
        offers = {seat for seat, waited in self.session.away()
                  if self.session.link.hosting and waited >= TAKEOVER_OFFER
                  and seat not in self.session.link.net.seats}
        state = self._state(offers)
        if not state:
            self.rect, self.buttons, self._lines = None, [], []
            return
        board = frame.layout.free
        label = _("Computer plays meanwhile")
        widest = max(res.font(LINE_SIZE, bold=True).size(text)[0] for text, _c, _s in state)
        if offers:
            widest = max(widest, res.font(22, bold=True).size(label)[0] + px(30))
        width = min(widest + px(28), max(board.w // 2, px(300)))
        self._lines = []
        old = dict(self.buttons)
        self.buttons = []
        y = px(8)
        for text, colour, seat in state:
            lines, size = fit_lines(res, text, (LINE_SIZE, 16), width - px(28), 3, bold=True)
            for line in lines:
                self._lines.append((line, size, colour, y))
                y += px(LINE_SIZE + 6)
            if seat in offers:
                rect = pygame.Rect(px(10), y, width - px(20), px(36))
                button = old.get(seat) or Button(rect, label, self._hand_over(seat))
                button.rect, button.label = rect, label
                self.buttons.append((seat, button))
                y += px(44)
        top = max(board.y, banner_bottom) + px(8)
        self.rect = pygame.Rect(board.right - width - px(8), top, width, y + px(6))
        for _seat, button in self.buttons:
            button.rect.move_ip(self.rect.topleft)

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
        for text, size, colour, y in self._lines:
            surface.blit(res.text(text, size, colour, bold=True),
                         (self.rect.x + px(14), self.rect.y + y))
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
            # at zero it shows nothing new until the table's word on it comes (and wakes)
            if marks is not None and marks.clock is not None and marks.clock > 0:
                waits.append(marks.clock - math.floor(marks.clock) + 0.01)
        if session.link.hosting:
            waits += [TAKEOVER_OFFER - waited for _, waited in session.away()
                      if waited < TAKEOVER_OFFER]
        countdown = session.takeover_in()
        if countdown is not None and countdown > 0:  # its next second
            waits.append(countdown - math.floor(countdown) + 0.01)
        return min(waits, default=None)
