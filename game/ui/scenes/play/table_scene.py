"""The play scene at a network table.

Everything a game on one screen shows, with the table as the source of its moves: this
window's actions (its person's, or its computer's for a seat joined with a level) go to the
table, and the table's moves, this window's own among them, are shown and played on the
shown game as they come (``TableTurns``).  The table's state is read every frame
(``AtTable``): a move taken back or the game rebuilt after a reconnection resets what shows
it; the connection, the players who dropped and the host's hand-over button show over the
board.  The seat stays the player's when the scene ends (Join game takes it back); a
hosted table closes with its host's scene.  The final scores offer the table's next game;
once it begins with this player, the window goes into it (a scene of its own, at the same
table), from the final scores or from the finished board.  The table's chat shows under the
turn log (``ChatPanel``); when it becomes this player's turn the window asks for their
attention (its taskbar entry flashes while they are elsewhere).
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.rules import Action
from game.words.i18n import _

from ...app import App
from ...intents import Intent
from ...net_session import NetworkSession
from ...session import Actor
from ..final import FinalScene
from ..menus import MessageScene
from .at_table import AtTable, Parts, Rebuilt, Told
from .chat_panel import ChatPanel
from .computer_turns import ComputerTurns
from .frame import Frame
from .scene import PlayScene
from .table_turns import TableTurns


class TablePlayScene(PlayScene):
    def __init__(self, app: App, session: NetworkSession) -> None:
        self.table_session = session
        super().__init__(app, session)
        assert isinstance(self.computer, TableTurns)
        self.turns = self.computer
        self.table = AtTable(session, Parts(self.turns, self.turn, self.hand, self.feedback,
                                            self.score_show, self.follow, self.options,
                                            self.pointer))
        self._began_for: tuple[int, Actor] | None = None  # the turn and actor last begun
        self._told_unverified = False
        self.chat = ChatPanel(app, session)
        self._log_room: pygame.Rect | None = None  # the log's room before the chat's share
        self._split_for: bool | None = None  # whether the log showed when it was shared
        self._my_turn: bool | None = None  # whether it was this player's turn last frame

    def _computer_turns(self) -> ComputerTurns:
        return TableTurns(self.table_session, self.pace, self.app.wake)

    def exit(self) -> None:
        super().exit()
        self.chat.unfocus()
        self.table_session.leave()  # the seat stays the player's: Join game takes it back

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self._log_room = self.layout_obj.log
        self._share_log()

    def _share_log(self) -> None:
        """The chat takes the lower part of the turn log's room (all of it while the log
        is hidden)."""
        if self._log_room is not None:
            shown = self.feedback.show_log
            self.layout_obj.log = self.chat.split(self._log_room, shown)
            self._split_for = shown

    def frame(self) -> Frame:
        frame = super().frame()
        if self.table.rect is None:
            return frame
        return replace(frame, over_board=(*frame.over_board, self.table.rect))

    # ------------------------------------------------------------------ this window's actions
    def play(self, action: Action) -> None:
        """Sent to the table: its move comes back like anyone's."""
        if not self.table_session.submit(action):
            self.app.show_toast(_("Not connected to the table: try again"))

    def undo(self) -> None:
        self.hint_rest = None  # the player takes the hint's move back: their turn again
        if not self.human_turn:
            return
        if self.turn.pending is not None:
            self.turn.pending = None  # the figure held goes back, as on one screen
        elif self.game.can_undo:
            self.table_session.take_back()  # the table takes it back, everywhere

    def handle(self, intent: Intent) -> None:
        if self.chat.handle(intent) or self.table.handle(intent):
            return
        super().handle(intent)

    # ------------------------------------------------------------------ the table's moves
    def update(self, dt: float) -> None:
        for news in self.table.update():
            if isinstance(news, Rebuilt):
                self._began_for = None  # the turn begins again, as the game now stands
            elif isinstance(news, Told):
                self.app.show_toast(news.text, 3.0)
        session = self.table_session
        if self._split_for != self.feedback.show_log:
            self._share_log()
        self.chat.update(dt)
        self._call_when_my_turn()
        if session.account() is not None:
            self._keep_finished()
        if session.rematched and session.ended() and self.app.scene is self \
                and not session.link.net.sitting_out():
            self.app.replace(self.app.routes.play(session.next_game()))
            return
        super().update(dt)

    def _call_when_my_turn(self) -> None:
        """When it becomes this player's turn, the window asks for their attention (its
        taskbar entry flashes while they are elsewhere): a game over days is played with the
        window left open."""
        mine = self.session.actor() is Actor.PERSON
        if mine and self._my_turn is False:
            self.app.ask_attention()
        self._my_turn = mine

    def show_final(self) -> None:
        """The final scores, with the table's offer of its next game."""
        self.app.sound.play("end")
        self.app.push(FinalScene(self.app, self.session.final() or self.session,
                                 table=self.table_session))

    def _keep_finished(self) -> None:
        """Every move of the finished game is shown and the table told its seed: the game
        is kept (the table's real game, or, when the table's account of it does not rebuild
        the game shown here, the game as this window saw it, and the player told so before
        the final scores)."""
        if not self.table_session.kept:  # (unless the turn's end kept it already)
            problem = self.session.autosave(self.app.storage, self.app.registry)
            if problem is not None:
                self.app.push(MessageScene(self.app, _("Autosave failed"), problem))
        said = None if self._told_unverified else self.table_session.unverified()
        if said is not None:
            self._told_unverified = True
            self.app.push(MessageScene(self.app, _("The game could not be verified"), said))

    def advance(self, dt: float, actor: Actor) -> None:
        if actor is Actor.PERSON and self._began_for != (self.feedback.chronicle.turn, actor):
            self._turn_began()  # the table's moves are all shown: the person's turn begins
        if self.score_show.busy:
            return
        if actor is Actor.TABLE:
            self.act(self.turns.follow(dt))
        else:
            super().advance(dt, actor)

    def _turn_began(self) -> None:
        self._began_for = (self.feedback.chronicle.turn, self.session.actor())
        super()._turn_began()

    def wake_in(self) -> float | None:
        following = self.session.actor() is Actor.TABLE and not self.history.active
        waits = [w for w in (super().wake_in(), self.table.wake_in(following),
                             self.chat.wake_in()) if w is not None]
        return min(waits, default=None)

    def redraw_in(self) -> float | None:
        # Under the game menu the table's moves wait for the menu to close, but a running
        # turn clock and a dropped player's wait go on: they are drawn as time passes.
        return self.table.wake_in(following=False)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.chat.draw(surface)
        self.table.layout(self.frame(), self.drawing.banner_bottom)
        self.table.draw(surface, self.app.res)
