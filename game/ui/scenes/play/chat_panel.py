"""The chat at a network table, in the sidebar under the turn log: the lines said at the
table, each with its speaker's colour, and a field to say one (Enter sends it, Esc leaves
the field).  A line is drawn as plain text, nothing in it read as anything else.  What the
field says when this player may not speak: muted by the host, or a spectator at a table
whose spectators only watch."""

from __future__ import annotations

import time

import pygame

from game.net.chat import CHAT_KEPT, ChatLine
from game.net.messages import CHAT_MOST
from game.net.terms import Watchers
from game.words.i18n import _

from ...app import App
from ...hud import LOG_MIN_H
from ...intents import Command, Intent, PointerDown
from ...net_session import NetworkSession
from ...widgets import TextField
from .log_panel import LogLine, LogPanel

CHAT_SHARE = 0.5  # of the turn log's room, when both show
CHAT_LEAST = 110  # px at 100 %: a line or two and the field, when the log leaves room
CHAT_SMALLEST = 90  # px at 100 %: the chat shares the log's room only with this much
FIELD_H = 34
GAP = 8


class ChatPanel:
    def __init__(self, app: App, session: NetworkSession) -> None:
        self.app = app
        self.session = session
        self.panel = LogPanel()
        self.field = TextField(pygame.Rect(0, 0, 10, 10), "", max_len=CHAT_MOST)
        self.rect = pygame.Rect(0, 0, 0, 0)  # the whole chat: its lines and its field
        self._lines: list[LogLine] = []
        self._made_of: tuple[int, int, int] = (-1, -1, -1)

    # ------------------------------------------------------------------ layout
    def split(self, log: pygame.Rect, log_shown: bool) -> pygame.Rect:
        """Take the lower part of the turn log's room (all of it while the log is hidden);
        the room left to the log."""
        px = self.app.res.px
        if not log.h:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return log
        if not log_shown:
            self.rect = log.copy()
            return log
        # its share, never leaving the log less than it needs to show lines at all
        height = min(max(px(CHAT_LEAST), round(log.h * CHAT_SHARE)),
                     log.h - px(GAP + LOG_MIN_H))
        if height < px(CHAT_SMALLEST):  # no room for both: the chat's (L shows the log)
            height = log.h
        self.rect = pygame.Rect(log.x, log.bottom - height, log.w, height)
        self.field.rect = pygame.Rect(self.rect.x + px(8), self.rect.bottom - px(8 + FIELD_H),
                                      self.rect.w - px(16), px(FIELD_H))
        left = self.rect.y - px(GAP) - log.y
        return pygame.Rect(log.x, log.y, log.w, max(0, left))

    # ------------------------------------------------------------------ what is said
    def refusal(self) -> str | None:
        """Why this player may not speak now (None: they may)."""
        net = self.session.link.net
        table = net.table
        if net.watching:
            if table.watchers != Watchers.CHAT:
                return _("Spectators only watch at this table")
            if table.muted(None):
                return _("The host muted the spectators")
        elif any(table.muted(i) for i in net.seats):
            return _("The host muted your chat")
        return None

    def lines(self) -> list[LogLine]:
        """The lines said, as the panel shows them (made again when more come)."""
        net = self.session.link.net
        key = (len(net.chat), net.chat[-1].n if net.chat else 0, len(self.session.seats))
        if key != self._made_of:
            self._made_of = key
            days = net.table.per_move is not None  # a game over days: the day each was said
            self._lines = [self._line(line, days) for line in net.chat[-CHAT_KEPT:]]
        return self._lines

    def _line(self, line: ChatLine, when: bool) -> LogLine:
        seats = self.session.seats
        if line.seat is None:
            who, dot = _("{name} (spectator)").format(name=line.name), None
        else:
            who = line.name
            dot = seats[line.seat].rgb if 0 <= line.seat < len(seats) else None
        said = _("{who}: {text}").format(who=who, text=line.text)
        day = _said_on(line.at) if when else None
        return LogLine(f"{day}  {said}" if day else said, dot)

    def say(self) -> None:
        text = self.field.text
        if not text.strip():
            return
        if self.session.link.net.say(text):
            self.field.text = ""
        else:
            self.app.show_toast(_("Not connected to the table: try again"))

    # ------------------------------------------------------------------ input
    @property
    def typing(self) -> bool:
        return self.field.focused

    def handle(self, intent: Intent) -> bool:
        """The field's typing and clicks, the wheel and the bar over the lines; True when
        the intent was the chat's."""
        if not self.rect.h:
            return False
        if isinstance(intent, PointerDown) and intent.button == 1:
            in_field = self.field.rect.collidepoint(intent.pos) and self.refusal() is None
            self._focus(in_field)
            if not self.rect.collidepoint(intent.pos):
                return False
            if not in_field:
                self.panel.handle(intent, self.rect)
            return True
        if self.field.focused:
            if intent is Command.CONFIRM:
                self.say()
                return True
            if intent is Command.BACK:
                self._focus(False)
                return True
            if self.field.handle(intent):
                return True
        return self.panel.handle(intent, self.rect)

    def _focus(self, on: bool) -> None:
        self.field.focused = on
        self.field.selected = False
        self.app.input.text_focus = on

    def unfocus(self) -> None:
        if self.field.focused:
            self._focus(False)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if not self.rect.h:
            return
        res = self.app.res
        refused = self.refusal()
        self.field.placeholder = refused or _("Say something to the table")
        if refused is not None:
            self.unfocus()
        self.panel.draw(surface, res, self.lines(), self.rect, (), _("Chat"),
                        foot=res.px(FIELD_H + 6))
        self.field.draw(surface, res)

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def wake_in(self) -> float | None:
        return self.field.next_blink()


def _said_on(at: int) -> str | None:
    """When a line was said on another day than today: its day and time (None: today)."""
    moment = time.localtime(at)
    if time.strftime("%Y-%m-%d", moment) == time.strftime("%Y-%m-%d"):
        return None
    return time.strftime("%d/%m %H:%M", moment)
