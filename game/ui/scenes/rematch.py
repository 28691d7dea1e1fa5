"""The final screen's offer of the table's next game, after a game at a network table.

Everyone at the table is offered it: *Play again* accepts (the table begins the next game
once every player has answered, or when the host begins it with *Start now*), and a line
over the buttons says who wants to play again and who is waited for.  When the next game
begins with this player, the window goes into it; when it began without them (they had not
accepted), the line says so and *Join in* takes their seat back from the computer.  Once
the table is gone (the host left, its server stopped, the connection lost) the line says
which, and *Play again* sets up a new game, as after a game on one screen.
"""

from __future__ import annotations

import pygame

from game.net.client import Status
from game.net.terms import SeatKind
from game.view.phrases import listed
from game.words.i18n import _, ngettext

from .. import palette as pal
from ..net_session import NetworkSession
from ..resources import Resources
from ..widgets import blit_centred, fit_line

PEOPLE = (SeatKind.PLAYER, SeatKind.HOST)  # the table's seats a person plays


class RematchOffer:
    def __init__(self, table: NetworkSession) -> None:
        self.table = table
        self.was_live = table.offered()

    # ------------------------------------------------------------------ the table's word
    def update(self) -> bool:
        """Read what the table sent; True when the next game began with this player: the
        window goes into it."""
        table = self.table
        table.poll()
        if table.offered():
            self.was_live = True
        net = table.link.net
        return (table.rematched and net.status == Status.PLAYING and net.linked
                and not net.sitting_out())

    def live(self) -> bool:
        return self.table.offered()

    def _names(self, accepted: bool | None = None) -> list[str]:
        """The other players' names: those who accepted, or those still waited for (not
        accepted, not gone from the table); every other player with None."""
        net = self.table.link.net
        names = []
        for i, seat in enumerate(net.table.seats):
            if i in net.seats or seat["kind"] not in PEOPLE:
                continue
            if accepted is None or (net.table.accepted(i) if accepted
                                    else not net.table.accepted(i) and not seat["left"]):
                names.append(str(seat["name"]))
        return names

    def line(self) -> str | None:
        """What the offer stands at, in a sentence."""
        net = self.table.link.net
        if not self.live():
            return self._gone()
        if self.table.rematched:  # it began without this player
            playing = [str(s["name"]) for i, s in enumerate(net.table.seats)
                       if i not in net.seats and s["kind"] in PEOPLE and not s["out"]]
            return ngettext("{players} is playing again: join in",
                            "{players} are playing again: join in",
                            len(playing)).format(players=listed(playing))
        if not net.accepted():
            keen = self._names(accepted=True)
            if not keen:
                return _("Play again at this table, in the same seats")
            return ngettext("{players} wants to play again", "{players} want to play again",
                            len(keen)).format(players=listed(keen))
        waited = self._names(accepted=False)
        if not waited:
            return _("The next game begins…")
        if self.table.link.host_powers:
            return ngettext("Waiting for {players}: Start now gives their seat to a computer",
                            "Waiting for {players}: Start now gives their seats to a computer",
                            len(waited)).format(players=listed(waited))
        return _("Waiting for {players} to answer…").format(players=listed(waited))

    def _gone(self) -> str | None:
        """Why the table no longer offers its next game: its host left it, its server
        stopped (said even when this window came to its final scores after), or it closed
        (the connection lost); None when it never offered it here."""
        net = self.table.link.net
        if net.stopped or net.refused == "host-closed":
            host = next((str(s["name"]) for s in net.table.seats if s["kind"] == SeatKind.HOST),
                        None)
            if host is not None:
                return _("{host} left: the table is closed. Play again sets up a new "
                         "game").format(host=host)
            return _("The table's server stopped: the table is closed. Play again sets up a "
                     "new game")
        return _("The table has closed: Play again sets up a new game") \
            if self.was_live else None

    def button(self) -> tuple[str, bool]:
        """The label of the final screen's Play again button, and whether it can be pressed."""
        if not self.live():
            return _("Play again"), True
        if self.table.rematched:
            return _("Join in"), True
        if not self.table.link.net.accepted():
            return _("Play again"), True
        if self.table.link.host_powers:
            return _("Start now"), True
        return _("Waiting…"), False

    def press(self) -> bool:
        """Play again at the table: accept, or (the host, having accepted) begin now; True
        when the window goes into the next game at once (it began without this player)."""
        table = self.table
        if table.rematched:
            return True
        if not table.link.net.accepted():
            table.accept_rematch()
        else:
            table.begin_rematch()
        return False

    def draw(self, surface: pygame.Surface, res: Resources, centre: tuple[int, int],
             width: int) -> None:
        line = self.line()
        if line is None:
            return
        shown, size = fit_line(res, line, (20, 18, 16), width, True)
        blit_centred(surface, res.text(shown, size, pal.TEXT, bold=True), centre)
