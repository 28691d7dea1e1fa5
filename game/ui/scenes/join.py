"""Join game: the host's address and the table's code (or the whole link, pasted: a
``carcassonne://`` or ``ws://`` link fills both), the name to play under; then the table's
lobby.  A seat this computer held at that table before is taken back.  *Watch* watches the
table instead (it must allow spectators); *Public tables* lists those the server at the
address shows (a server with a lobby)."""

from __future__ import annotations

import re

import pygame

from game.net.links import DEFAULT_PORT, Link, address_of, link_from, parse_link
from game.net.seats import CODE_ALPHABET, CODE_LENGTH, MAX_NAME, normal_code, shown_code
from game.words.i18n import _

from .. import clipboard
from .. import palette as pal
from ..app import App
from ..intents import Command, Intent
from ..net_link import TableLink, join_table, watch_table
from ..widgets import Button, TextField, blit_centred, fit_text, panel
from .form import FormScene
from .lobby import LobbyScene
from .public_tables import PublicTablesScene
from .server_choice import server_link

_HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$")


def read_link(address: str, code: str) -> Link:
    """The table's link from what was typed: a whole link in the address, or an address
    (``HOST`` or ``HOST:PORT``) and a code; ValueError says, for the player, what is wrong."""
    address, code = address.strip(), code.strip()
    secure = address.lower().startswith("wss://")
    if secure:  # the address of a table served over TLS: the scheme stays with it
        address = address[len("wss://"):].rstrip("/")
    if "/" in address:  # a link pasted whole
        try:
            return parse_link(("wss://" if secure else "") + address)
        except ValueError:
            raise ValueError(_("That link is not a table's link: it looks like "
                               "ws://HOST:PORT/CODE")) from None
    if not _HOST.match(address):
        raise ValueError(_("Give the host's address, such as 192.168.1.20:{port}").format(
            port=DEFAULT_PORT))
    code = normal_code(code)
    if len(code) != CODE_LENGTH:  # a letter short or too many: said here, not by the host
        raise ValueError(_("The table's code has {n} letters and digits, such as ABCD-EFGH; "
                           "this one has {typed}").format(n=CODE_LENGTH, typed=len(code)))
    if not set(code) <= set(CODE_ALPHABET):
        raise ValueError(_("A table's code has no 0, 1, O, I, L or U: check each letter"))
    try:
        return link_from(("wss://" if secure else "") + address, code)
    except ValueError:
        raise ValueError(_("The port is a number from 1 to 65535")) from None


class JoinScene(FormScene):
    def __init__(self, app: App, problem: str = "") -> None:
        super().__init__(app)
        settings = app.settings
        last = settings.recall("join")
        last = last if isinstance(last, dict) else {}
        players = settings.recall("players")
        first = players[0].get("name") if isinstance(players, list) and players \
            and isinstance(players[0], dict) else None
        self.address = TextField(pygame.Rect(0, 0, 10, 10), _printable(last.get("address")),
                                 max_len=100, placeholder="192.168.1.20:7417")
        self.code = TextField(pygame.Rect(0, 0, 10, 10), _printable(last.get("code")),
                              max_len=12, placeholder="ABCD-EFGH")
        self.name = TextField(pygame.Rect(0, 0, 10, 10),
                              _printable(last.get("name") or first or "")[:MAX_NAME],
                              max_len=MAX_NAME, placeholder=_("Your name"))
        self.fields = [self.address, self.code, self.name]
        self.address.focused = not self.address.text
        if problem and self.address.text:  # refused: the code is what is most often mistyped
            self.code.focused = self.code.selected = bool(self.code.text)
        self.buttons: list[Button] = []
        self.problem = problem  # what is wrong with what was typed, or why the table refused
        self.card = pygame.Rect(0, 0, 700, 460)

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(720), size[0] - px(40)),
                                min(px(480), size[1] - px(40)))
        self.card.center = (size[0] // 2, size[1] // 2)
        c = self.card
        left = c.x + px(200)
        width = c.right - px(30) - left
        for i, f in enumerate(self.fields):
            f.rect = pygame.Rect(left, c.y + px(110 + 66 * i), width, px(48))
        bottom = c.bottom - px(70)
        above = bottom - px(58)
        self.buttons = [
            Button(pygame.Rect(c.x + px(30), above, px(300), px(46)),
                   _("Public tables of this server"), self.public_tables),
            Button(pygame.Rect(c.right - px(230), above, px(200), px(46)), _("Watch"),
                   self.watch),
            Button(pygame.Rect(c.x + px(30), bottom, px(150), px(50)), _("Back"), self.app.pop),
            Button(pygame.Rect(c.x + px(192), bottom, px(200), px(50)), _("Paste link"),
                   self.paste, hotkey=_("Ctrl+V")),
            Button(pygame.Rect(c.right - px(230), bottom, px(200), px(50)), _("Join"),
                   self.join, primary=True, hotkey=_("Enter"))]

    def paste(self) -> None:
        text = clipboard.paste().strip()
        if not text:
            self.problem = _("The clipboard holds no text")
            return
        focused = next((f for f in self.fields if f.focused), None)
        if "/" in text or focused in (None, self.address):
            try:
                link = parse_link(text)
            except ValueError:
                link = None
            if link is not None and "/" in text:  # a whole link: address and code at once
                self.address.text = address_of(link)
                self.code.text = shown_code(link.code)
                self.address.selected = self.code.selected = False
                self.problem = ""
                return
        (focused or self.address).insert(text)

    def _filled(self) -> tuple[Link, str] | None:
        """The table's link and the name, remembered; None (and why, said) when the form
        is not filled in right."""
        name = " ".join(self.name.text.split())
        if not name:
            self.problem = _("Give the name the table shows for you")
            return None
        try:
            link = read_link(self.address.text, self.code.text)
        except ValueError as exc:
            self.problem = str(exc)
            return None
        self.app.settings.remember("join", {"address": self.address.text.strip(),
                                            "code": self.code.text.strip(), "name": name})
        return link, name

    def join(self) -> None:
        filled = self._filled()
        if filled is None:
            return
        self._open(join_table(self.app.registry, self.app.storage, *filled))

    def watch(self) -> None:
        """Watch the table as a spectator (it must allow spectators)."""
        filled = self._filled()
        if filled is None:
            return
        self._open(watch_table(self.app.registry, *filled))

    def _open(self, table: TableLink) -> None:
        self.app.input.text_focus = False
        self.app.pop()
        self.app.push(LobbyScene(self.app, table))

    def public_tables(self) -> None:
        """The tables this server lists (a server with a lobby)."""
        try:
            server = server_link(self.address.text)
        except ValueError as exc:
            self.problem = str(exc)
            return
        self.app.input.text_focus = False
        name = " ".join(self.name.text.split()) or _("Player")
        self.app.push(PublicTablesScene(self.app, server, name[:MAX_NAME]))

    def handle(self, intent: Intent) -> None:
        if intent is Command.PASTE:
            self.paste()
            return
        if self.fields_took(intent):
            if intent is Command.CONFIRM:
                self.join()
            return
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()
        elif intent is Command.CONFIRM:
            self.join()

    def enter(self) -> None:
        self.app.input.text_focus = any(f.focused for f in self.fields)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.TABLETOP)
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=250)
        blit_centred(surface, res.heading(_("Join game"), 42, pal.TEXT),
                     (c.centerx, c.y + px(36)))
        surface.blit(res.text(fit_text(res, _("The host's address and the table's code, or "
                                              "the whole link pasted"), 18, c.w - px(60)),
                              18, pal.TEXT_DIM), (c.x + px(30), c.y + px(72)))
        for f, label in zip(self.fields, (_("Address"), _("Code"), _("Your name")),
                            strict=True):
            text = res.text(fit_text(res, label, 21, px(160), bold=True), 21, pal.TEXT,
                            bold=True)
            surface.blit(text, text.get_rect(midleft=(c.x + px(30), f.rect.centery)))
            f.draw(surface, res)
        if self.problem:
            line = fit_text(res, self.problem, 18, c.w - px(60))
            surface.blit(res.text(line, 18, pal.ILLEGAL), (c.x + px(30), c.y + px(312)))
        for b in self.buttons:
            b.draw(surface, res)


def _printable(value: object) -> str:
    return "".join(c for c in str(value or "") if c.isprintable())
