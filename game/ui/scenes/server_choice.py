"""Where a hosted table is served, chosen from New game: this computer (friends elsewhere come
in through a port the router forwards; this computer holds the table), or a table server,
such as a club's (nobody forwards a port; nobody at the table can see the hands).  The
server's address is remembered for the next time."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.net.links import Link, address_of, parse_server
from game.words.i18n import _

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent, PointerDown
from ..widgets import Button, TextField, blit_centred, first_blink, fit_lines, fit_text, panel
from .menus import dim

SERVER_KEY = "table_server"  # the settings' record of the server last chosen (its address)


def remembered_server(app: App) -> str:
    """The address of the server last chosen, as it was typed."""
    found = app.settings.recall(SERVER_KEY)
    return "".join(c for c in str(found) if c.isprintable())[:100] if found else ""


def server_link(address: str) -> Link:
    """The server at ``address`` as typed; ValueError with a sentence for the player."""
    try:
        return parse_server(address)
    except ValueError:
        raise ValueError(_("Give the server's address, such as club.example.org or "
                           "club.example.org:7417")) from None


class ServerChoiceScene(Scene):
    """This computer, or a server at an address; ``chosen(address)`` is told the choice
    ("" for this computer) and the scene closes."""

    overlay = True

    def __init__(self, app: App, address: str, on_server: bool,
                 chosen: Callable[[str], None]) -> None:
        super().__init__(app)
        self.chosen = chosen
        self.on_server = on_server
        self.address = TextField(pygame.Rect(0, 0, 10, 10), address or remembered_server(app),
                                 max_len=100, placeholder="club.example.org:7417")
        self.address.focused = on_server and not self.address.text
        self.buttons: list[Button] = []
        self.problem = ""
        self.card = pygame.Rect(0, 0, 700, 460)

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(720), size[0] - px(40)),
                                min(px(470), size[1] - px(40)))
        self.card.center = (size[0] // 2, size[1] // 2)
        c = self.card
        width = c.w - px(60)
        here = Button(pygame.Rect(c.x + px(30), c.y + px(80), width, px(50)),
                      ("(•) " if not self.on_server else "( ) ") + _("This computer"),
                      self.choose_here, primary=not self.on_server)
        there = Button(pygame.Rect(c.x + px(30), c.y + px(200), width, px(50)),
                       ("(•) " if self.on_server else "( ) ") + _("A table server"),
                       self.choose_server, primary=self.on_server)
        self.address.rect = pygame.Rect(c.x + px(30), c.y + px(260), width, px(48))
        bottom = c.bottom - px(70)
        self.buttons = [here, there,
                        Button(pygame.Rect(c.x + px(30), bottom, px(150), px(50)), _("Back"),
                               self.app.pop),
                        Button(pygame.Rect(c.right - px(230), bottom, px(200), px(50)),
                               _("OK"), self.confirm, primary=True, hotkey=_("Enter"))]

    def choose_here(self) -> None:
        self.on_server = False
        self.address.focused = False
        self.app.input.text_focus = False
        self.layout(self.app.screen.get_size())

    def choose_server(self) -> None:
        self.on_server = True
        self.address.focused = True
        self.app.input.text_focus = True
        self.layout(self.app.screen.get_size())

    def confirm(self) -> None:
        if not self.on_server:
            self._done("")
            return
        try:
            link = server_link(self.address.text)
        except ValueError as exc:
            self.problem = str(exc)
            return
        self.app.settings.remember(SERVER_KEY, self.address.text.strip())
        self._done(address_of(link))

    def _done(self, address: str) -> None:
        self.app.input.text_focus = False
        self.app.pop()
        self.chosen(address)

    def handle(self, intent: Intent) -> None:
        if self.address.handle(intent):
            self.app.input.text_focus = self.address.focused
            if self.address.focused and not self.on_server:
                self.choose_server()
            if intent is Command.CONFIRM:
                self.confirm()
            if not isinstance(intent, PointerDown):
                return
        self.app.input.text_focus = self.address.focused
        for b in self.buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.input.text_focus = False
            self.app.pop()
        elif intent is Command.CONFIRM:
            self.confirm()

    def enter(self) -> None:
        self.app.input.text_focus = self.address.focused

    def exit(self) -> None:
        self.app.input.text_focus = False

    def update(self, dt: float) -> None:
        self.address.update(dt)

    def wake_in(self) -> float | None:
        return first_blink([self.address])

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=255)
        blit_centred(surface, res.heading(_("Where the table is served"), 34, pal.TEXT),
                     (c.centerx, c.y + px(40)))
        notes = ((_("Your computer holds the table: friends in another home come in through "
                    "a port your router forwards."), 136),
                 (_("A club's table server holds it: nobody forwards a port, and nobody at "
                    "the table can see the hands."), 318))
        for text, top in notes:
            lines, size = fit_lines(res, text, (17, 16, 15), c.w - px(60), 2)
            for k, line in enumerate(lines):
                surface.blit(res.text(line, size, pal.TEXT_DIM),
                             (c.x + px(30), c.y + px(top + k * (size + 5))))
        for b in self.buttons:
            b.draw(surface, res)
        if self.on_server:
            self.address.draw(surface, res)
        if self.problem:
            line = fit_text(res, self.problem, 17, c.w - px(60))
            surface.blit(res.text(line, 17, pal.ILLEGAL), (c.x + px(30), c.bottom - px(100)))
