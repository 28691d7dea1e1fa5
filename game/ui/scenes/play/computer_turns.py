"""Computer players' turns in the window: each seat's computer player thinks off the frame
loop, then its action is shown at a pace a person can follow (the tile glides from the tray
into place, the figure drops onto its spot) and applied."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules import Action, Deploy, Place

from ...board_view import BoardView
from ...camera import Camera
from ...computer import ComputerPlayer
from ...resources import Resources
from ...session import Session
from ...widgets import blit_centred

AUTOPLAY_DELAY = 0.25
COMPUTER_DELAY = 0.55  # at least this long between a computer's actions, to follow them
GLIDE_TIME = 0.35  # a computer's tile glides from the tray into place
DROP_TIME = 0.25  # a computer's figure drops onto its spot


@dataclass
class Animation:
    """A computer's action being shown before it is applied."""

    action: Action
    age: float = 0.0

    @property
    def length(self) -> float:
        if isinstance(self.action, Place):
            return GLIDE_TIME
        return DROP_TIME if isinstance(self.action, Deploy) else 0.0


class ComputerTurns:
    """The computer players of one game: ``update`` while a computer is to play; each action
    is handed to ``play`` once it has been shown."""

    def __init__(self, session: Session, autoplay: bool,
                 play: Callable[[Action], object]) -> None:
        self.session = session
        self.autoplay = autoplay  # every seat plays random moves
        self.play = play
        self.brains: dict[int, ComputerPlayer] = {}  # per computer seat
        self.animation: Animation | None = None
        self.ready: Action | None = None  # a computer's chosen action, waiting to be shown
        self.timer = 0.0  # since the last action was applied

    def cancel(self) -> None:
        """Drop every search in flight."""
        for brain in self.brains.values():
            brain.cancel()

    def update(self, dt: float) -> None:
        game = self.session.game
        self.timer += dt
        if self.animation is not None:
            self.animation.age += dt
            if self.animation.age >= self.animation.length:
                shown, self.animation = self.animation.action, None
                self.timer = 0.0
                self.play(shown)
            return
        seat = self.session.current_seat
        level = "random" if self.autoplay or seat.is_human else seat.kind
        brain = self.brains.get(game.current)
        if brain is None or brain.level != level:
            brain = self.brains[game.current] = ComputerPlayer(
                level, seed=game.seed * 31 + game.current)
        if self.ready is None and not brain.thinking:
            action = brain.poll()
            if action is None or action not in game.legal_actions():
                brain.start(game)  # nothing yet, or stale: think (again)
                return
            self.ready = action
        delay = AUTOPLAY_DELAY if self.autoplay else COMPUTER_DELAY
        if self.ready is not None and self.timer >= delay:
            self.animation, self.ready = Animation(self.ready), None

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
                img = res.figures.figure(action.figure, self.session.current_seat.rgb, size,
                                         lying=view.lies_down(action.figure, cell, idx))
                blit_centred(surface, img, (ax, ay - (1 - ease) * camera.scale * 0.8))
