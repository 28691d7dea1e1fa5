"""A network table before its game: who sits where, what it plays, and for the host where
friends join it (the address, the code, the whole link to copy) and the start.

The host turns an open seat into a computer (or back) and starts the game once no seat is
open; a player who joined waits for the start.  The game opens by itself when the table
begins it.  Leaving a table the window joined keeps the seat (Join game takes it back);
leaving a table it hosts closes the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.net.client import Refusal, Status
from game.net.terms import SeatKind
from game.ui.net_refusals import pause_lines, problem_words, unanswered_words
from game.words.i18n import _, ngettext

from .. import clipboard
from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..net_link import TableLink, address_shown, home_network_only, join_table
from ..net_session import NetworkSession
from ..session import kind_name
from ..table_options import table_lines
from ..widgets import Button, blit_centred, fit_line, fit_lines, fit_text, panel
from .help import HelpScene

ROW = 56
RIGHT_X = 470  # where the table's column starts in the card
STAND_IN = "quick"  # the level an open seat gets when the host gives it to a computer


class LobbyScene(Scene):
    def __init__(self, app: App, table: TableLink) -> None:
        super().__init__(app)
        self.table = table
        self.handed = False  # the table went on to the game: the play scene holds it now
        self.buttons: list[Button] = []
        self.card = pygame.Rect(0, 0, 900, 600)
        self.start_button: Button | None = None
        self.copy_button: Button | None = None
        self._seen: Any = None  # the table's description the buttons were made for
        self.retried = False

    # ------------------------------------------------------------------ the table
    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.table.net.table.seats

    def update(self, dt: float) -> None:
        refused = [h.code for h in self.table.poll() if isinstance(h, Refusal)]
        net = self.table.net
        if "token" in refused and net.status == Status.FAILED and not self.retried:
            self._join_afresh()  # the seat held here was opened again: join as new
            return
        if net.game is not None and net.status in (Status.PLAYING, Status.OVER):
            self.handed = True
            self.app.replace(self.app.routes.play(NetworkSession.joined(self.table)))
            return
        seen = (net.status, repr(net.table.info))
        if seen != self._seen:
            self._seen = seen
            self.layout(self.app.screen.get_size())

    def _join_afresh(self) -> None:
        """Join the table again without the seat this computer held there."""
        old = self.table
        old.forget_seats()
        old.close()
        self.retried = True
        self.table = join_table(self.app.registry, self.app.storage, old.link, old.net.name,
                                level=old.level, fresh=True)

    def exit(self) -> None:
        if not self.handed:
            self.table.close()

    def help_topic(self) -> str | None:
        return str(self.table.net.table.info.get("game") or "") or None

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(960), w - px(40)), min(px(620), h - px(40)))
        self.card.center = (w // 2, h // 2)
        c = self.card
        self.buttons = []
        host = self.hosts
        if self.table.host_powers and self.table.net.status == Status.LOBBY:
            for i, seat in enumerate(self.seats):
                gone = seat["kind"] == SeatKind.PLAYER and not seat["connected"]
                if seat["kind"] in (SeatKind.OPEN, SeatKind.COMPUTER) or gone:
                    label = _("Computer") if seat["kind"] == SeatKind.OPEN else _("Reopen")
                    rect = pygame.Rect(c.x + px(RIGHT_X - 150), self._row(i) + px(6), px(120),
                                       px(40))
                    self.buttons.append(Button(rect, label, self._seat_kind(i, seat["kind"])))
        bottom = c.bottom - px(70)
        refused = self.table.net.status == Status.FAILED and not self.table.hosting
        back = _("Back") if refused else _("Close the table") if host else _("Leave")
        self.buttons.append(Button(pygame.Rect(c.x + px(30), bottom, px(220), px(50)), back,
                                   self.back_to_join if refused else self.leave))
        self.buttons.append(Button(pygame.Rect(c.x + px(262), bottom, px(130), px(50)),
                                   _("Rules"), self.show_rules))
        self.start_button = self.copy_button = None
        if host and self.table.link.code:
            ready = self.table.net.status == Status.LOBBY and bool(self.seats) and all(
                s["kind"] != SeatKind.OPEN for s in self.seats)
            self.start_button = Button(pygame.Rect(c.right - px(250), bottom, px(220), px(50)),
                                       _("Start game"), self.start, primary=True,
                                       enabled=ready)
            self.buttons.append(self.start_button)
            self.copy_button = Button(pygame.Rect(c.x + px(RIGHT_X), self._copy_y(), px(180),
                                                  px(42)), _("Copy link"), self.copy_link)
            self.buttons.append(self.copy_button)

    @property
    def hosts(self) -> bool:
        """This window is the table's host (it serves it, or made it on a server)."""
        return self.table.host_powers or (self.table.made_on_server
                                          and self.table.net.status == Status.CONNECTING)

    def leave(self) -> None:
        """Leave the lobby: the host of a table made on a server closes it there first (it
        is no more: its code joins nothing)."""
        if self.table.made_on_server and self.table.host_powers:
            self.table.net.host("close")
        self.app.pop()

    def _row(self, i: int) -> int:
        return self.card.y + self.app.res.px(120 + i * ROW)

    def _copy_y(self) -> int:
        return self.card.y + self.app.res.px(330)

    # ------------------------------------------------------------------ actions
    def _seat_kind(self, seat: int, kind: str) -> Callable[[], None]:
        def fn() -> None:
            self.table.net.host("seat", seat,
                                STAND_IN if kind == SeatKind.OPEN else SeatKind.OPEN)
        return fn

    def start(self) -> None:
        self.table.net.host("start")

    def back_to_join(self) -> None:
        """Refused (a code mistyped, the table full): back to the form, as it was filled in,
        saying why (a table the server would not make: back to New game)."""
        self.app.pop()
        if not self.table.made_on_server:
            self.app.push(self.app.routes.join(problem_words(self.table.net) or ""))

    def copy_link(self) -> None:
        copy_link(self.app, self.table)

    def show_rules(self) -> None:
        game = self.help_topic()
        self.app.push(HelpScene(self.app, game) if game else HelpScene(self.app))

    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.leave()
        elif intent is Command.COPY and self.copy_button is not None:
            self.copy_link()
        elif intent is Command.CONFIRM and self.start_button is not None \
                and self.start_button.enabled:
            self.start()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.TABLETOP)
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=250)
        title = _("Your table") if self.hosts else _("Table {code}").format(
            code=self.table.code)
        blit_centred(surface, res.heading(title, 42, pal.TEXT), (c.centerx, c.y + px(36)))
        surface.blit(res.text(_("Players, in seat order"), 24, pal.TEXT_DIM, bold=True),
                     (c.x + px(30), c.y + px(80)))
        for i, seat in enumerate(self.seats):
            self._draw_seat(surface, i, seat)
        self._draw_table(surface)
        if self.hosts:
            self._draw_who_sees(surface)
        for b in self.buttons:
            b.draw(surface, res)

    def _draw_who_sees(self, surface: pygame.Surface) -> None:
        """One line over the buttons: the host's computer could see every hand."""
        res = self.app.res
        px = res.px
        c = self.card
        said = (_("Your computer holds the table: it could see every hand. On a club server "
                  "nobody at the table can.") if self.table.hosting else
                _("The server {address} holds the table: nobody at it can see the others' "
                  "hands.").format(address=address_shown(self.table.link)))
        text, size = fit_line(res, said, (16, 15, 14, 13), c.w - px(60))
        surface.blit(res.text(text, size, pal.TEXT_DIM), (c.x + px(30), c.bottom - px(100)))

    def _draw_seat(self, surface: pygame.Surface, i: int, seat: dict[str, Any]) -> None:
        res = self.app.res
        px = res.px
        y = self._row(i)
        colours = self.table.net.table.info.get("colours") or []
        name = colours[i] if i < len(colours) else pal.PLAYER_COLOURS[i % 6][0]
        figure = res.figures.figure("follower", pal.colour_rgb(str(name)), px(34))
        blit_centred(surface, figure, (self.card.x + px(52), y + px(26)))
        room = px(RIGHT_X - 110) - (px(130) if self.table.host_powers else 0)
        shown = _("Open seat") if seat["kind"] == SeatKind.OPEN else seat["name"]
        text, size = fit_line(res, shown, (22, 20, 18), room, bold=True)  # smaller, then cut
        surface.blit(res.text(text, size, pal.TEXT, bold=True),
                     (self.card.x + px(80), y + px(4 + (22 - size) // 2)))
        state, colour = self._seat_state(i, seat)
        surface.blit(res.text(fit_text(res, state, 17, room), 17, colour),
                     (self.card.x + px(80), y + px(30)))

    def _seat_state(self, i: int, seat: dict[str, Any]) -> tuple[str, tuple[int, int, int]]:
        kind = seat["kind"]
        if kind == SeatKind.OPEN:
            return _("waiting for a player to join"), pal.TEXT_DIM
        if kind == SeatKind.COMPUTER:
            return _("computer: {level}").format(level=kind_name(str(seat["level"]))), \
                pal.TEXT_DIM
        if i in self.table.net.seats:
            return _("you, at this screen"), pal.TEXT_DIM
        if kind == SeatKind.HOST:
            return _("at the host's screen"), pal.TEXT_DIM
        if seat["connected"]:
            return _("joined"), pal.TEXT_DIM
        if seat.get("left"):
            return _("left the table"), pal.ILLEGAL
        return _("away: reconnecting…"), pal.ILLEGAL

    def _draw_table(self, surface: pygame.Surface) -> None:
        res = self.app.res
        px = res.px
        c = self.card
        x = c.x + px(RIGHT_X)
        width = c.right - x - px(30)
        y = c.y + px(80)
        info = self.table.net.table.info
        for k, line in enumerate(table_lines(self.app.registry, info) if info else []):
            size, bold = (22, True) if k == 0 else (17, False)
            surface.blit(res.text(fit_text(res, line, size, width, bold=bold), size,
                                  pal.TEXT if k == 0 else pal.TEXT_DIM, bold=bold), (x, y))
            y += px(30 if k == 0 else 22)
        y = max(y + px(16), c.y + px(220))
        if self.hosts and self.table.link.code:
            self._draw_address(surface, x, y, width)
        else:
            self._draw_waiting(surface, x, y, width)

    def _draw_address(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        res = self.app.res
        px = res.px
        link = self.table.shown
        surface.blit(res.text(_("Friends join with Join game:"), 19, pal.TEXT_DIM), (x, y))
        pairs = ((_("Address"), address_shown(link)), (_("Code"), self.table.code))
        for k, (label, value) in enumerate(pairs):
            top = y + px(28 + 40 * k)
            surface.blit(res.text(label, 19, pal.TEXT_DIM), (x, top + px(8)))
            surface.blit(res.text(value, 30, pal.TEXT, bold=True), (x + px(110), top))
        copy_y = self._copy_y()
        text, size = fit_line(res, str(link), (17, 16, 15, 14, 13), width - px(192))
        surface.blit(res.text(text, size, pal.TEXT), (x + px(192), copy_y + px(20 - size // 2)))
        status = self.table.net.status
        note = (_("Start the game once every open seat is taken.")
                if status == Status.LOBBY else self._status_text(status))
        note = " ".join(pause_lines(self.table)) or note
        surface.blit(res.text(fit_text(res, note, 17, width), 17, pal.TEXT_DIM),
                     (x, copy_y + px(58)))
        watchers = self._watchers_line()
        if watchers:
            surface.blit(res.text(fit_text(res, watchers, 17, width), 17, pal.TEXT_DIM),
                         (x, copy_y + px(80)))
        if status == Status.LOBBY and self.table.hosting and home_network_only(link.host):
            away = _("Friends in another home: have your router forward TCP port {port} to "
                     "this computer ({address}), then give them your internet address and "
                     "the code.").format(port=link.port, address=link.host)
            lines, size = fit_lines(res, away, (16, 15, 14), width, 3)
            for k, line in enumerate(lines):
                surface.blit(res.text(line, size, pal.TEXT_DIM),
                             (x, copy_y + px(96 + k * (size + 6))))

    def _watchers_line(self) -> str:
        """How many watch, once someone does."""
        n = self.table.net.table.watching
        if not n:
            return ""
        return ngettext("{n} spectator watches", "{n} spectators watch", n).format(n=n)

    def _draw_waiting(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        res = self.app.res
        link = self.table.link
        host = (_("Server: {address}") if self.table.made_on_server
                else _("Host: {address}")).format(address=address_shown(link))
        surface.blit(res.text(fit_text(res, host, 19, width), 19, pal.TEXT_DIM), (x, y))
        status = self.table.net.status
        text = (_("Waiting for the host to start the game…") if status == Status.LOBBY
                else self._status_text(status))
        if self.table.made_on_server and status == Status.CONNECTING:
            text = _("Making the table on the server…")
        elif self.table.watching and status == Status.LOBBY:
            text = _("You watch this table: the game shows once the host starts it")
        problem = problem_words(self.table.net) if status == Status.FAILED else None
        if status == Status.RECONNECTING and not self.table.net.seats:  # never answered
            text, problem = unanswered_words(self.table.net)
        if status == Status.FAILED and self.table.net.refused is None:
            text = _("Left the table:")  # not refused: this window gave up on the table
        colour = pal.ILLEGAL if status in (Status.FAILED, Status.RECONNECTING,
                                           Status.PAUSED) else pal.TEXT
        told = pause_lines(self.table)  # why the table stands still, and how it goes on
        if status == Status.FAILED and self.table.net.refused == "host-closed" and problem:
            told, problem = [problem], None  # not a refusal: the table is no more
        if told:
            for k, line in enumerate(told):
                surface.blit(res.text(fit_text(res, line, 20, width, bold=k == 0), 20, colour,
                                      bold=k == 0), (x, y + res.px(40 + 28 * k)))
            return
        surface.blit(res.text(fit_text(res, text, 20, width, bold=True), 20, colour,
                              bold=True), (x, y + res.px(40)))
        if problem:  # a table's long sentence wraps
            lines, size = fit_lines(res, problem, (20, 18, 16), width, 4)
            for k, line in enumerate(lines):
                surface.blit(res.text(line, size, colour),
                             (x, y + res.px(68) + k * res.px(size + 6)))

    @staticmethod
    def _status_text(status: Status) -> str:
        return {Status.CONNECTING: _("Connecting to the table…"),
                Status.RECONNECTING: _("Connection lost: reconnecting…"),
                Status.FAILED: _("The table refused to seat you:"),
                Status.CLOSED: _("You left the table."),
                # the game opens once it has begun: over here, it never did
                Status.OVER: _("The table ended the game before it began.")}.get(status, "")


def copy_link(app: App, table: TableLink) -> None:
    """The link friends paste to the clipboard (here, and in the game menu at a table)."""
    if clipboard.copy(str(table.shown)):
        app.show_toast(_("Link copied: paste it to your friends"))
    else:
        app.show_toast(_("No clipboard here: read the link out to your friends"), 3.0)
