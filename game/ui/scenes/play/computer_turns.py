"""Computer players' turns in the window: each seat's computer player thinks off the frame
loop at the level the seat was given, then its action is shown at the chosen pace (the tile
glides from the tray into place, the figure drops onto its spot) and handed to the scene to
apply."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules import Action, Deploy, Place
from game.rules.looks import figure_sprite

from ...board_view import BoardView
from ...camera import Camera
from ...computer import ComputerPlayer
from ...resources import Resources
from ...session import Session
from ...widgets import blit_centred
from .requests import KeepInSight, Play, Request


@dataclass(frozen=True)
class Pace:
    """How a computer's turn is shown."""

    delay: float  # at least this long between a computer's actions, to follow them
    glide: float  # a computer's tile glides from the tray into place
    drop: float  # a computer's figure drops onto its spot


PACES = {
    "relaxed": Pace(1.1, 0.6, 0.4),
    "normal": Pace(0.55, 0.35, 0.25),
    "instant": Pace(0.0, 0.0, 0.0),  # applied as soon as decided
}
AUTOPLAY_PACE = Pace(0.25, 0.35, 0.25)  # random games for visual checks: brisk


@dataclass
class Animation:
    """A computer's action being shown before it is applied."""

    action: Action
    length: float
    age: float = 0.0


class ComputerTurns:
    """The computer players of one game: ``update`` while a computer is to play; it returns
    each action once it has been shown, for the scene to play."""

    def __init__(self, session: Session, pace: Callable[[], Pace],
                 wake: Callable[[], None]) -> None:
        self.session = session
        self.pace = pace  # read at every action: the setting may change during a game
        self.wake = wake  # ends the window's rest when an answer is ready
        self.brains: dict[int, ComputerPlayer] = {}  # per computer seat
        self.animation: Animation | None = None
        self.ready: Action | None = None  # a computer's chosen action, waiting to be shown
        self.timer = 0.0  # since the last action was applied

    def cancel(self) -> None:
        """Drop every search in flight."""
        for brain in self.brains.values():
            brain.cancel()

    def update(self, dt: float) -> list[Request]:
        """Time passes; a tile about to be shown going down (to keep in sight), and the
        action to play once it has been shown."""
        game = self.session.game
        self.timer += dt
        if self.animation is not None:
            self.animation.age += dt
            if self.animation.age >= self.animation.length:
                return [self._apply(self.animation.action)]
            return []
        if self.ready is None:
            self.ready = self._answer()
        pace = self.pace()
        if self.ready is None or self.timer < pace.delay or game.over:
            return []
        action, self.ready = self.ready, None
        return self._show(action, self._apply)

    def _show(self, action: Action, done: Callable[[Action], Request]) -> list[Request]:
        """Begin showing ``action``: the tile about to go down kept in sight, then its glide
        or drop; ``done`` hands it over at once when the pace shows no movement."""
        pace = self.pace()
        shown: list[Request] = [KeepInSight(action.cell)] if isinstance(action, Place) else []
        length = pace.glide if isinstance(action, Place) else \
            pace.drop if isinstance(action, Deploy) else 0.0
        if length > 0:
            self.animation = Animation(action, length)
            return shown
        return [*shown, done(action)]

    def _answer(self) -> Action | None:
        """The current seat's action once its computer player has chosen it."""
        game = self.session.game
        level = self.session.current_seat.kind
        brain = self.brains.get(game.current)
        if brain is None or brain.level != level:
            brain = self.brains[game.current] = ComputerPlayer(
                level, seed=game.seed * 31 + game.current, on_ready=self.wake)
        action = brain.poll()  # first: the answer is set before its thread ends
        if action is not None and action in game.legal_actions():
            return action
        if action is not None or not brain.thinking:
            brain.start(game)  # stale, or not asked yet: think (again)
        return None

    def _apply(self, action: Action) -> Play:
        self.animation = None
        self.timer = 0.0
        return Play(action)

    def animating(self) -> bool:
        return self.animation is not None

    def wake_in(self) -> float | None:
        """Seconds until a chosen action is due to be shown; None while the computer
        thinks (its answer wakes the window); 0 when it is still to be asked."""
        if self.ready is not None:
            return max(0.0, self.pace().delay - self.timer)
        brain = self.brains.get(self.session.game.current)
        return None if brain is not None and brain.thinking else 0.0

    def draw(self, surface: pygame.Surface, camera: Camera, view: BoardView,
             tray_tile: pygame.Rect, res: Resources) -> None:
        """The action being shown: the tile on its way from the tray, or the figure
        dropping."""
        anim = self.animation
        if anim is None:
            return
        game = self.session.game
        t = min(1.0, anim.age / anim.length) if anim.length else 1.0
        ease = 1 - (1 - t) ** 3
        action = anim.action
        if isinstance(action, Place):
            x1, y1, w, _ = camera.cell_rect(action.cell)
            sx, sy = tray_tile.center
            cx = sx + (x1 + w / 2 - sx) * ease
            cy = sy + (y1 + w / 2 - sy) * ease
            size = round(tray_tile.w + (w - tray_tile.w) * ease)
            img = view.tile_image(game.tile_types[action.tile], action.rotation // 90,
                                  max(8, size))
            blit_centred(surface, img, (cx, cy))
        elif isinstance(action, Deploy) and game.last_cell is not None:
            idx = game.target_feature(action.target)
            if idx is not None:
                cell = game.last_cell
                ax, ay = camera.local_to_screen(cell, game.board.tiles[cell].turned.anchors[idx])
                size = max(12, round(camera.scale * 0.34))
                img = res.figures.figure(figure_sprite(game.tileset.looks, action.figure),
                                         self.session.current_seat.rgb, size,
                                         lying=view.lies_down(cell, idx, action.figure))
                blit_centred(surface, img, (ax, ay - (1 - ease) * camera.scale * 0.8))
