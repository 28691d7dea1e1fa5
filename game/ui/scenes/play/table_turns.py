"""Turns at a network table: the moves the table sends are shown as a computer's are (the
tile glides from the tray into place, the figure drops onto its spot) and handed to the
scene to play on the shown game; this window's own moves, put in place by its player, come
back without a glide, and stand where they were put while the table decides.  A computer
of this window (a seat joined with a level) thinks as on one screen; its action goes to the
table like a person's."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import Action, Deploy, Place

from ...board_view import BoardView
from ...camera import Camera
from ...net_session import NetworkSession
from ...resources import Resources
from .computer_turns import Animation, ComputerTurns, Pace
from .requests import Follow, Request


class TableTurns(ComputerTurns):
    def __init__(self, session: NetworkSession, pace: Callable[[], Pace],
                 wake: Callable[[], None]) -> None:
        super().__init__(session, pace, wake)
        self.table = session

    def follow(self, dt: float) -> list[Request]:
        """Time passes while the table's moves are awaited or shown: a tile about to be shown
        going down (to keep in sight), and each move once shown, to play."""
        if self.animation is not None:
            self.animation.age += dt
            if self.animation.age >= self.animation.length:
                return [self._shown(self.animation.action)]
            return []
        upcoming = self.table.next_step_action()
        if upcoming is None:
            return []
        action, own = upcoming
        if own:
            return [self._shown(action)]
        return self._show(action, self._shown)

    def _shown(self, action: Action) -> Follow:
        self.animation = None
        self.timer = 0.0
        self.table.shown_one()
        return Follow(action)

    def drop(self) -> None:
        """The shown game was set to the table's: a move being shown is no more."""
        self.animation = None
        self.cancel()

    def draw(self, surface: pygame.Surface, camera: Camera, view: BoardView,
             tray_tile: pygame.Rect, res: Resources) -> None:
        sent = self.table.sent
        if self.animation is None and isinstance(sent, (Place, Deploy)):
            # this window's move on its way to the table: where its player put it
            self.animation = Animation(sent, 1.0, age=1.0)
            try:
                super().draw(surface, camera, view, tray_tile, res)
            finally:
                self.animation = None
            return
        super().draw(surface, camera, view, tray_tile, res)
