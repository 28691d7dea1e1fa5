"""What the player is told as the game goes on: the rules' announcements floated over the
board, and the turn log."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import Action, ScoreEvent
from game.view import notices
from game.view.chronicle import Chronicle, Tone

from ... import palette as pal
from ...camera import Camera
from ...hud import LogLine
from ...resources import Resources
from ...session import Session
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
    """The turn log (told by the game's chronicle) and the rules' announcements floated over
    the board, of one game in the window."""

    def __init__(self, session: Session, camera: Camera) -> None:
        self.session = session
        self.camera = camera
        self.popups: list[Popup] = []
        self.chronicle = Chronicle.of(session.game)
        self.show_log = True
        self.notices_seen = len(session.game.notices)

    def toggle_log(self) -> None:
        self.show_log = not self.show_log

    def apply(self, action: Action) -> list[ScoreEvent]:
        """Play an action and tell it in the log."""
        return self.chronicle.apply(action)

    def taken_back(self) -> None:
        self.chronicle.taken_back()

    def keep_in_step(self) -> None:
        """Tell the game again if moves were played (or taken back) without the log."""
        if not self.chronicle.in_step():
            self.chronicle = Chronicle.of(self.session.game)

    def log_lines(self, turn: int | None = None) -> list[LogLine]:
        """The log's lines, each with its player's colour; those of ``turn`` marked."""
        return [LogLine(entry.text,
                        None if entry.player is None else self.session.seat(entry.player).rgb,
                        bold=entry.tone in (Tone.SCORE, Tone.HEADING),
                        marked=entry.turn == turn)
                for entry in self.chronicle.entries]

    def show_notices(self, board_centre: tuple[int, int]) -> None:
        """Announcements of the rules (a wolf, a herded flock, a bonus tile...): logged, and
        floated over the board where they happen, one after another."""
        game = self.session.game
        fresh = game.notices[self.notices_seen:]
        self.notices_seen = len(game.notices)
        for i, n in enumerate(fresh):
            colour = self.session.seat(n.player).rgb if n.player is not None else pal.TEXT_LIGHT
            if n.cells:
                xs = [c[0] + 0.5 for c in n.cells]
                ys = [c[1] + 0.5 for c in n.cells]
                where = (sum(xs) / len(xs), sum(ys) / len(ys) - 0.3)
            else:
                where = self.camera.screen_to_world(board_centre)
            self.popups.append(Popup(notices.told(game, n), where, colour, age=-0.45 * i,
                                     size=28, life=2.6))

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
            x = within(x, img.get_width() + 4, surface.get_clip())
            outline = res.text(p.text, p.size, (20, 20, 20), bold=True)
            fade = p.life - 0.7
            alpha = 255 if p.age < fade else max(0, int(255 * (p.life - p.age) / 0.7))
            for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
                o = outline.copy()
                o.set_alpha(alpha)
                blit_centred(surface, o, (x + dx, y + dy))
            img.set_alpha(alpha)
            blit_centred(surface, img, (x, y))


def within(x: float, width: int, area: pygame.Rect, margin: int = 6) -> float:
    """The centre x that keeps a text of that width inside the area (the board), so that a
    long announcement near its edge is read whole rather than cut; centred when too wide."""
    left, right = area.left + margin + width / 2, area.right - margin - width / 2
    if left > right:
        return float(area.centerx)
    return min(max(x, left), right)
