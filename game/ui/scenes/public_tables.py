"""The public tables of a server with a lobby, from Join game: each table's game, who sits
there and which seats are open, its clock and whether it may be watched; *Join* takes an
open seat, *Watch* watches.  The list is asked once when the screen opens (*Refresh* asks
again), in a thread beside the window's loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.net.links import Link, address_of
from game.net.looking import LookError, Looking, public_tables
from game.net.seats import shown_code
from game.net.terms import SeatKind, TableState, Watchers
from game.words.i18n import _

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..net_link import join_table, post_wake, watch_table
from ..net_refusals import refusal_words
from ..table_options import table_lines
from ..widgets import Button, blit_centred, fit_text, panel
from .lobby import LobbyScene

ROW = 76  # px at 100 %: a table's row


class PublicTablesScene(Scene):
    def __init__(self, app: App, server: Link, name: str) -> None:
        super().__init__(app)
        self.server = server
        self.name = name
        self.looking: Looking | None = None
        self.tables: list[dict[str, Any]] = []
        self.problem = ""
        self.first = 0  # the first table shown (a page of them at a time)
        self.buttons: list[Button] = []
        self.card = pygame.Rect(0, 0, 900, 600)
        self._seen = False
        self.refresh()

    def refresh(self) -> None:
        server = self.server
        self.looking = Looking(lambda: public_tables(server), post_wake)
        self._seen = False

    # ------------------------------------------------------------------ the server's word
    def update(self, dt: float) -> None:
        looking = self.looking
        if looking is None or not looking.done or self._seen:
            return
        self._seen = True
        if looking.error is not None:
            self.problem = _look_words(looking.error)
            self.tables = []
        else:
            self.problem = ""
            self.tables = list(looking.result or [])
        self.first = 0
        self.layout(self.app.screen.get_size())

    @property
    def waiting(self) -> bool:
        return self.looking is not None and not self.looking.done

    # ------------------------------------------------------------------ layout
    def _per_page(self) -> int:
        px = self.app.res.px
        return max(1, (self.card.h - px(110 + 90)) // px(ROW))

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(960), size[0] - px(40)),
                                min(px(640), size[1] - px(40)))
        self.card.center = (size[0] // 2, size[1] // 2)
        c = self.card
        self.buttons = []
        shown = self.tables[self.first:self.first + self._per_page()]
        for k, entry in enumerate(shown):
            y = c.y + px(104 + ROW * k)
            info = entry["table"]
            open_seat = info.get("state") == TableState.LOBBY and any(
                s.get("kind") == SeatKind.OPEN for s in info.get("seats", []))
            watchable = info.get("watchers") in (Watchers.WATCH, Watchers.CHAT)
            self.buttons.append(Button(pygame.Rect(c.right - px(150), y + px(8), px(120),
                                                   px(44)), _("Join"),
                                       self._join(entry["code"]), enabled=open_seat,
                                       primary=open_seat))
            self.buttons.append(Button(pygame.Rect(c.right - px(280), y + px(8), px(120),
                                                   px(44)), _("Watch"),
                                       self._watch(entry["code"]), enabled=watchable))
        bottom = c.bottom - px(70)
        per_page = self._per_page()
        self.buttons += [
            Button(pygame.Rect(c.x + px(30), bottom, px(150), px(50)), _("Back"), self.app.pop),
            Button(pygame.Rect(c.x + px(192), bottom, px(170), px(50)), _("Refresh"),
                   self._refresh_now, enabled=not self.waiting)]
        if len(self.tables) > per_page:
            self.buttons += [
                Button(pygame.Rect(c.right - px(340), bottom, px(150), px(50)), _("Previous"),
                       lambda: self._page(-1), enabled=self.first > 0),
                Button(pygame.Rect(c.right - px(180), bottom, px(150), px(50)), _("Next"),
                       lambda: self._page(1),
                       enabled=self.first + per_page < len(self.tables))]

    def _page(self, step: int) -> None:
        per_page = self._per_page()
        self.first = max(0, min(self.first + step * per_page, len(self.tables) - 1))
        self.layout(self.app.screen.get_size())

    def _refresh_now(self) -> None:
        self.refresh()
        self.layout(self.app.screen.get_size())

    def _join(self, code: str) -> Callable[[], None]:
        def fn() -> None:
            link = Link(self.server.host, self.server.port, code, self.server.secure)
            self._open(join_table(self.app.registry, self.app.storage, link, self.name))
        return fn

    def _watch(self, code: str) -> Callable[[], None]:
        def fn() -> None:
            link = Link(self.server.host, self.server.port, code, self.server.secure)
            self._open(watch_table(self.app.registry, link, self.name))
        return fn

    def _open(self, table: Any) -> None:
        self.app.pop()  # this list
        self.app.pop()  # Join game
        self.app.push(LobbyScene(self.app, table))

    # ------------------------------------------------------------------ input and drawing
    def handle(self, intent: Intent) -> None:
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.TABLETOP)
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=250)
        blit_centred(surface, res.heading(_("Public tables"), 40, pal.TEXT),
                     (c.centerx, c.y + px(36)))
        where = _("On {server}").format(server=address_of(self.server))
        surface.blit(res.text(fit_text(res, where, 18, c.w - px(60)), 18, pal.TEXT_DIM),
                     (c.x + px(30), c.y + px(70)))
        said = (_("Asking the server…") if self.waiting else self.problem
                or (_("No public table on this server now") if not self.tables else ""))
        if said:
            surface.blit(res.text(fit_text(res, said, 20, c.w - px(60)), 20,
                                  pal.ILLEGAL if self.problem else pal.TEXT),
                         (c.x + px(30), c.y + px(110)))
        shown = self.tables[self.first:self.first + self._per_page()]
        for k, entry in enumerate(shown):
            self._draw_row(surface, entry, c.y + px(104 + ROW * k))
        for b in self.buttons:
            b.draw(surface, res)

    def _draw_row(self, surface: pygame.Surface, entry: dict[str, Any], y: int) -> None:
        res = self.app.res
        px = res.px
        c = self.card
        info = entry["table"]
        width = c.w - px(60 + 290)
        lines = table_lines(self.app.registry, info)
        title = f"{shown_code(entry['code'])}   {lines[0]}"
        surface.blit(res.text(fit_text(res, title, 20, width, bold=True), 20, pal.TEXT,
                              bold=True), (c.x + px(30), y + px(6)))
        seats = ", ".join(_("open seat") if s.get("kind") == SeatKind.OPEN else str(s.get("name"))
                          for s in info.get("seats", []))
        state = {"lobby": _("waiting for players"), "playing": _("under way")}.get(
            str(info.get("state")), "")
        details = "  ·  ".join(part for part in (seats, state, *lines[1:3]) if part)
        surface.blit(res.text(fit_text(res, details, 16, width), 16, pal.TEXT_DIM),
                     (c.x + px(30), y + px(34)))
        pygame.draw.line(surface, pal.PANEL_EDGE, (c.x + px(24), y + px(ROW - 6)),
                         (c.right - px(24), y + px(ROW - 6)))


def _look_words(error: LookError) -> str:
    """Why the list could not be had, for the player."""
    if error.code in ("connection", "timeout", "failed"):
        return _("The server does not answer: check its address")
    return refusal_words(error.code, error.message)
