"""What the player is told as the game goes on: points floating up from where they were
scored, the rules' announcements floated over the board, and the turn log."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import Action, Choose, Deploy, Move, Place, ScoreEvent

from ... import palette as pal
from ...camera import Camera
from ...resources import Resources
from ...session import Seat, Session
from ...widgets import blit_centred

Rgb = tuple[int, int, int]


@dataclass
class Popup:
    text: str
    world: tuple[float, float]
    colour: Rgb
    age: float = 0.0
    size: int = 40
    life: float = 1.8


class Feedback:
    """Score popups, notices and the turn log of one game in the window."""

    def __init__(self, session: Session, camera: Camera) -> None:
        self.session = session
        self.camera = camera
        self.popups: list[Popup] = []
        self.log: list[tuple[str, Rgb]] = []
        self.show_log = True
        self.notices_seen = len(session.game.notices)

    def resumed(self) -> None:
        game = self.session.game
        if game.moves:
            self.log.append((f"Game resumed after {len(game.board) - 1} tiles", pal.TEXT_DIM))

    def action(self, seat: Seat, action: Action) -> None:
        """A line in the log for an action just applied."""
        if isinstance(action, Place):
            self.log.append((f"{seat.name}: tile {action.tile} at {action.x},{action.y}",
                             pal.TEXT))
        elif isinstance(action, Deploy):
            self.log.append((f"{seat.name}: {action.figure} on {action.target}", seat.rgb))
        elif isinstance(action, Choose):
            self.log.append((f"{seat.name}: {action.choice}", seat.rgb))
        elif isinstance(action, Move):
            self.log.append((f"{seat.name}: moves to {action.x},{action.y}", seat.rgb))

    def score(self, ev: ScoreEvent) -> None:
        seat = self.session.seat(ev.player)
        self.log.append((f"  {seat.name} +{ev.points} ({ev.category})", seat.rgb))

    def taken_back(self) -> None:
        self.log.append(("  (taken back)", pal.TEXT_DIM))

    def final_scoring(self) -> None:
        self.log.append(("Final scoring", pal.TEXT))

    def turn_start(self) -> None:
        seat = self.session.current_seat
        self.log.append((f"— {seat.name}'s turn", seat.rgb))
        if len(self.log) > 200:
            del self.log[:100]

    def show_notices(self, board_centre: tuple[int, int]) -> None:
        """Announcements of the rules (a wolf, a herded flock, a bonus tile...): logged, and
        floated over the board where they happen, one after another."""
        game = self.session.game
        fresh = game.notices[self.notices_seen:]
        self.notices_seen = len(game.notices)
        for i, n in enumerate(fresh):
            colour = self.session.seat(n.player).rgb if n.player is not None else pal.TEXT_LIGHT
            self.log.append((f"  {n.text}", colour))
            if n.cells:
                xs = [c[0] + 0.5 for c in n.cells]
                ys = [c[1] + 0.5 for c in n.cells]
                where = (sum(xs) / len(xs), sum(ys) / len(ys) - 0.3)
            else:
                where = self.camera.screen_to_world(board_centre)
            self.popups.append(Popup(n.text, where, colour, age=-0.45 * i, size=28, life=2.6))

    def update(self, dt: float) -> None:
        for p in self.popups:
            p.age += dt
        self.popups = [p for p in self.popups if p.age < p.life]

    def draw_popups(self, surface: pygame.Surface, res: Resources) -> None:
        for p in self.popups:
            if p.age < 0:
                continue  # waits for its turn
            x, y = self.camera.world_to_screen((p.world[0], p.world[1] - 0.5 * p.age))
            img = res.text(p.text, p.size, p.colour, bold=True)
            outline = res.text(p.text, p.size, (20, 20, 20), bold=True)
            fade = p.life - 0.7
            alpha = 255 if p.age < fade else max(0, int(255 * (p.life - p.age) / 0.7))
            for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
                o = outline.copy()
                o.set_alpha(alpha)
                blit_centred(surface, o, (x + dx, y + dy))
            img.set_alpha(alpha)
            blit_centred(surface, img, (x, y))
