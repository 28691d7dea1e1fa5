"""The game menu over a game in play (Esc or the Menu button): resume, save, load, the rules
pages, the settings, back to the title.  At a network table: resign (after a confirmation)
and leave the table instead of loading; saving once the game is over."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.net.terms import SeatKind, Watchers
from game.words.i18n import _

from .. import palette as pal
from ..app import App
from ..net_session import NetworkSession
from ..session import Session
from ..widgets import blit_centred, fit_text
from .help import HelpScene
from .lobby import copy_link
from .menus import ConfirmScene, MenuScene
from .saves import LoadScene, save_scene
from .settings import SettingsScene


class PauseScene(MenuScene):
    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        self.seed_line: str | None = None  # the game's seed as the menu shows it, if it may
        super().__init__(app)

    def layout(self, size: tuple[int, int]) -> None:
        # Again after the settings (the language may change); a finished game is not paused,
        # nor one at a network table: the others play on and the clocks run meanwhile.
        if self.session.ended():
            self.title = _("Game over")
        elif isinstance(self.session, NetworkSession):
            self.title = (_("The table is paused") if self.session.paused is not None
                          else _("The game goes on"))
        else:
            self.title = _("Game paused")
        super().layout(size)
        self.seed_line = self.session.told_seed()
        if self.seed_line is not None:  # a line under the buttons, for a friend to type
            self.rect.h += self.app.res.px(30)
            self.rect.centery = size[1] // 2
            for i, b in enumerate(self.buttons):
                b.rect.y = self.rect.y + self.app.res.px(74 + 62 * i)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.seed_line is not None:
            res = self.app.res
            line = fit_text(res, self.seed_line, 17, self.rect.w - res.px(40))
            blit_centred(surface, res.text(line, 17, pal.TEXT_DIM),
                         (self.rect.centerx, self.rect.bottom - res.px(30)))

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        if isinstance(self.session, NetworkSession):
            return self._at_table(self.session)
        return [(_("Resume"), self.app.pop),
                (_("Save game"), lambda: self.app.push(save_scene(self.app, self.session))),
                (_("Load game"), lambda: self.app.push(LoadScene(self.app))),
                (_("Rules"), lambda: self.app.push(HelpScene(self.app, self.session.game_id))),
                (_("Settings"), self.open_settings),
                (_("Quit to title"), self.to_title)]

    def _at_table(self, session: NetworkSession) -> list[tuple[str, Callable[[], object]]]:
        entries: list[tuple[str, Callable[[], object]]] = [(_("Resume"), self.app.pop)]
        kept = session.final()
        if kept is not None:
            entries.append((_("Save game"), lambda: self.app.push(save_scene(self.app, kept))))
        elif not session.resigned and not session.ended() and session.link.net.seats:
            entries.append((_("Resign"), self.confirm_resign))
        if not session.ended():  # for a friend who lost theirs, or a table that moved
            entries.append((_("Copy link"), lambda: copy_link(self.app, session.link)))
        if session.link.host_powers:
            entries.append((_("Who may chat"), lambda: self.app.push(
                MuteScene(self.app, session))))
        entries += [(_("Rules"), lambda: self.app.push(HelpScene(self.app, session.game_id))),
                    (_("Settings"), self.open_settings),
                    (_("Leave the table"), self.confirm_leave)]
        return entries

    def confirm_resign(self) -> None:
        assert isinstance(self.session, NetworkSession)
        session = self.session

        def resign() -> None:
            session.resign()
            self.app.pop()  # the confirmation
            self.app.pop()  # the menu

        self.app.push(ConfirmScene(self.app, _("Resign?"), resign_words(session), _("Resign"),
                                   resign))

    def confirm_leave(self) -> None:
        assert isinstance(self.session, NetworkSession)
        if self.session.ended():
            self.to_title()
            return
        text = (_("You host this table: leaving stops it for everyone, until Continue on "
                  "the title screen opens it again where it stands.")
                if self.session.link.hosting else
                _("You stop watching: Join game with the same link watches again.")
                if self.session.link.watching else
                _("Your seat stays yours: Continue on the title screen takes it back, as "
                  "does Join game with the same link."))
        self.app.push(ConfirmScene(self.app, _("Leave the table?"), text, _("Leave"),
                                   self.to_title))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def to_title(self) -> None:
        self.app.replace(self.app.routes.title())


class MuteScene(MenuScene):
    """The host's say over the table's chat: each other player's seat, and the spectators,
    muted or let speak again (the table tells everyone)."""

    def __init__(self, app: App, session: NetworkSession) -> None:
        self.session = session
        super().__init__(app)

    def layout(self, size: tuple[int, int]) -> None:
        self.title = _("Who may chat")
        super().layout(size)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        net = self.session.link.net
        table = net.table
        entries: list[tuple[str, Callable[[], object]]] = []
        for i, seat in enumerate(table.seats):
            if i in net.seats or seat["kind"] not in (SeatKind.PLAYER, SeatKind.HOST):
                continue
            name = str(seat["name"])
            entries.append(((_("Let {name} chat") if table.muted(i) else _("Mute {name}")
                             ).format(name=name), self._toggle(i, not table.muted(i))))
        if table.watchers == Watchers.CHAT:
            entries.append((_("Let the spectators chat") if table.muted(None)
                            else _("Mute the spectators"),
                            self._toggle(None, not table.muted(None))))
        entries.append((_("Back"), self.app.pop))
        return entries

    def _toggle(self, seat: int | None, mute: bool) -> Callable[[], None]:
        def fn() -> None:
            if not self.session.link.net.host("mute" if mute else "unmute", seat):
                self.app.show_toast(_("Not connected to the table: try again"))
            self.app.pop()
        return fn


def resign_words(session: NetworkSession) -> str:
    """What resigning does: the game ends at once when it leaves one player in it."""
    mine = session.link.net.seats
    left = [i for i in range(len(session.seats)) if i not in session.gave_up and i not in mine]
    if len(left) == 1:
        return _("{player} is the one player left: the game ends now, and {player} "
                 "wins.").format(player=session.seats[left[0]].name)
    return _("A computer plays your seat to the end of the game. With one player left, the "
             "game ends.")
