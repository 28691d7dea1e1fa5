"""Your tables: every unfinished network table this computer sits at, on every server, with
how it stands now: whose turn it is (this player's first), the time left of a move at a game
over days, a table still waiting for players.  Each server is asked once, for all its tables
at once, with the seats' kept tokens (a ``peek``: nobody at the tables sees it); a click
opens a table again (its seat taken back), and a table its server no longer has is
forgotten."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pygame

from game.net.links import Link
from game.net.looking import LookError, Looking, standings
from game.net.seats import shown_code
from game.net.terms import TableState
from game.words.i18n import _

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..kept_tables import KeptTable
from ..net_link import kept_tables, post_wake
from ..table_options import left_text
from ..widgets import Button, blit_centred, fit_text, panel
from .kept import open_kept, table_details, unfinished_tables
from .menus import MessageScene

ROW = 74  # px at 100 %: a table's row
Server = tuple[str, int, bool]  # host, port, over TLS


def server_of(link: Link) -> Server:
    return link.host, link.port, link.secure


class YourTablesScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.tables: list[KeptTable] = []
        self.standing: dict[str, dict[str, Any]] = {}  # by code: as its server says
        self.unanswered: set[Server] = set()  # servers that did not answer
        self.looking: Looking | None = None
        self.first = 0
        self.buttons: list[Button] = []
        self.card = pygame.Rect(0, 0, 900, 600)
        self._read = False
        self.refresh()

    # ------------------------------------------------------------------ asking the servers
    def refresh(self) -> None:
        self.tables = unfinished_tables(self.app)
        kept = kept_tables(self.app.storage)
        asked: dict[Server, list[tuple[str, str]]] = {}
        for table in self.tables:
            if table.hosting or table.seat is None:
                continue  # served from this computer: its own file says how it stands
            token = kept.tokens.get(table.link, table.seat)
            if token is not None:
                asked.setdefault(server_of(table.link), []).append((table.code, token))

        async def ask() -> dict[Server, list[dict[str, Any]] | LookError]:
            servers = list(asked)
            found = await asyncio.gather(
                *(standings(Link(h, p, "", s), asked[(h, p, s)]) for h, p, s in servers),
                return_exceptions=True)
            return {server: (f if isinstance(f, (list, LookError)) else
                             LookError("failed", str(f)))
                    for server, f in zip(servers, found, strict=True)}

        self.looking = Looking(ask, post_wake) if asked else None
        self._read = False

    def update(self, dt: float) -> None:
        looking = self.looking
        if looking is None or not looking.done or self._read:
            return
        self._read = True
        self.standing, self.unanswered = {}, set()
        for server, found in (looking.result or {}).items():
            if isinstance(found, LookError):
                self.unanswered.add(server)
                continue
            for entry in found:
                self.standing[entry["code"]] = entry
        self.tables.sort(key=lambda t: (not self._my_turn(t), -t.played_at()))
        self.layout(self.app.screen.get_size())

    @property
    def asking(self) -> bool:
        return self.looking is not None and not self.looking.done

    def _my_turn(self, table: KeptTable) -> bool:
        entry = self.standing.get(table.code)
        return bool(entry and entry.get("turn") is not None
                    and entry.get("turn") in entry.get("you", []))

    def status(self, table: KeptTable) -> tuple[str, tuple[int, int, int]]:
        """How the table stands, in a few words, and their colour."""
        if table.hosting:
            return _("Served from this computer"), pal.TEXT_DIM
        if server_of(table.link) in self.unanswered:
            return _("Its server does not answer"), pal.ILLEGAL
        entry = self.standing.get(table.code)
        if entry is None:
            return (_("Asking its server…") if self.asking else ""), pal.TEXT_DIM
        state = entry["state"]
        if state == "gone":
            return _("No longer on its server"), pal.ILLEGAL
        if state == TableState.LOBBY:
            return _("Waiting for players"), pal.TEXT_DIM
        if state == TableState.OVER:
            return _("The game is over"), pal.TEXT_DIM
        turn, players = entry.get("turn"), entry.get("players", [])
        left = entry.get("left")
        if self._my_turn(table):
            said = _("Your turn")
        elif isinstance(turn, int) and 0 <= turn < len(players):
            said = _("{player}'s turn").format(player=players[turn])
        else:
            said = _("Under way")
        if isinstance(left, int):
            said = _("{turn}: {time} left").format(turn=said, time=left_text(left / 1000))
        return said, pal.PRIMARY if self._my_turn(table) else pal.TEXT

    # ------------------------------------------------------------------ layout
    def _per_page(self) -> int:
        px = self.app.res.px
        return max(1, (self.card.h - px(100 + 90)) // px(ROW))

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(960), size[0] - px(40)),
                                min(px(640), size[1] - px(40)))
        self.card.center = (size[0] // 2, size[1] // 2)
        c = self.card
        self.buttons = []
        for k, table in enumerate(self._shown()):
            y = c.y + px(96 + ROW * k)
            gone = self.standing.get(table.code, {}).get("state") in ("gone", "over")
            label, action = ((_("Forget"), self._forget(table)) if gone
                             else (_("Sit down"), self._open(table)))
            self.buttons.append(Button(pygame.Rect(c.right - px(150), y + px(10), px(120),
                                                   px(44)), label, action,
                                       primary=self._my_turn(table)))
        bottom = c.bottom - px(70)
        per_page = self._per_page()
        self.buttons += [
            Button(pygame.Rect(c.x + px(30), bottom, px(150), px(50)), _("Back"), self.app.pop),
            Button(pygame.Rect(c.x + px(192), bottom, px(170), px(50)), _("Refresh"),
                   self._refresh_now, enabled=not self.asking)]
        if len(self.tables) > per_page:
            self.buttons += [
                Button(pygame.Rect(c.right - px(340), bottom, px(150), px(50)), _("Previous"),
                       lambda: self._page(-1), enabled=self.first > 0),
                Button(pygame.Rect(c.right - px(180), bottom, px(150), px(50)), _("Next"),
                       lambda: self._page(1),
                       enabled=self.first + per_page < len(self.tables))]

    def _shown(self) -> list[KeptTable]:
        return self.tables[self.first:self.first + self._per_page()]

    def _page(self, step: int) -> None:
        self.first = max(0, min(self.first + step * self._per_page(), len(self.tables) - 1))
        self.layout(self.app.screen.get_size())

    def _refresh_now(self) -> None:
        self.refresh()
        self.layout(self.app.screen.get_size())

    def _open(self, table: KeptTable) -> Callable[[], None]:
        def fn() -> None:
            open_kept(self.app, table)
        return fn

    def _forget(self, table: KeptTable) -> Callable[[], None]:
        def fn() -> None:
            try:
                kept_tables(self.app.storage).remove(table)
            except OSError as exc:
                self.app.push(MessageScene(self.app, _("Could not remove"), str(exc)))
                return
            self.tables = [t for t in self.tables if t.code != table.code]
            self.first = min(self.first, max(0, len(self.tables) - 1))
            self.layout(self.app.screen.get_size())
        return fn

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
        blit_centred(surface, res.heading(_("Your tables"), 40, pal.TEXT),
                     (c.centerx, c.y + px(36)))
        note = _("Every unfinished table you sit at, and how it stands now")
        surface.blit(res.text(fit_text(res, note, 18, c.w - px(60)), 18, pal.TEXT_DIM),
                     (c.x + px(30), c.y + px(66)))
        if not self.tables:
            surface.blit(res.text(_("You sit at no unfinished table"), 20, pal.TEXT),
                         (c.x + px(30), c.y + px(110)))
        for k, table in enumerate(self._shown()):
            self._draw_row(surface, table, c.y + px(96 + ROW * k))
        for b in self.buttons:
            b.draw(surface, res)

    def _draw_row(self, surface: pygame.Surface, table: KeptTable, y: int) -> None:
        res = self.app.res
        px = res.px
        c = self.card
        width = c.w - px(60 + 140)
        where = (_("this computer") if table.hosting
                 else f"{table.link.host}:{table.link.port}")
        title = _("Table {code} · {server}").format(code=shown_code(table.code), server=where)
        status, colour = self.status(table)
        status_img = res.text(fit_text(res, status, 19, width // 2, bold=True), 19, colour,
                              bold=True)
        surface.blit(status_img, (c.right - px(170) - status_img.get_width(), y + px(8)))
        room = width - status_img.get_width() - px(20)
        surface.blit(res.text(fit_text(res, title, 20, room, bold=True), 20, pal.TEXT,
                              bold=True), (c.x + px(30), y + px(8)))
        details = table_details(self.app, table)
        surface.blit(res.text(fit_text(res, details, 16, width), 16, pal.TEXT_DIM),
                     (c.x + px(30), y + px(38)))
        pygame.draw.line(surface, pal.PANEL_EDGE, (c.x + px(24), y + px(ROW - 6)),
                         (c.right - px(24), y + px(ROW - 6)))
