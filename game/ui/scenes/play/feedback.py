"""What the player is told as the game goes on: the rules' announcements floated over the
board, and the turn log."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import Action, ScoreEvent
from game.view import notices
from game.view.chronicle import Chronicle, Tone
from game.words.i18n import language

from ... import palette as pal
from ...camera import Camera
from ...resources import Resources
from ...session import Session
from ...widgets import blit_centred, fit_lines, panel
from .log_panel import LogLine, LogPanel

Rgb = tuple[int, int, int]
PLATE_W = 560  # an announcement's plate at most, at 100 %
PLATE_MARGIN = 24  # what the board keeps on either side of a plate
PLATE_PAD = 10


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
        self.still = False  # motion reduced: an announcement stands where it is, unfaded
        self.chronicle = Chronicle.of(session.game, session.played_for)
        self.told_in = language()  # the language the log was told in
        self.show_log = True
        self.panel = LogPanel()  # how the log is scrolled
        self.notices_seen = len(session.game.notices)
        self.plates: list[pygame.Rect] = []  # where the announcements were last drawn

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
            self.chronicle = Chronicle.of(self.session.game, self.session.played_for)

    def log_lines(self, turn: int | None = None) -> list[LogLine]:
        """The log's lines, each with its player's colour; those of ``turn`` marked.  The
        log is told again when the window's language changed since it was told."""
        if self.told_in != language() and self.chronicle.complete:
            self.chronicle = Chronicle.of(self.session.game, self.session.played_for)
        self.told_in = language()
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
            colour = self.session.seat(n.player).rgb if n.player is not None else pal.PANEL_EDGE
            if n.cells:
                xs = [c[0] + 0.5 for c in n.cells]
                ys = [c[1] + 0.5 for c in n.cells]
                where = (sum(xs) / len(xs), sum(ys) / len(ys) - 0.3)
            else:
                where = self.camera.screen_to_world(board_centre)
            self.popups.append(Popup(notices.told(game, n), where, colour, age=-0.45 * i,
                                     size=24, life=2.6))

    def update(self, dt: float) -> None:
        for p in self.popups:
            p.age += dt
        self.popups = [p for p in self.popups if p.age < p.life]

    def draw_popups(self, surface: pygame.Surface, res: Resources) -> None:
        """Each announcement on a plate of its own (parchment, edged in its player's colour),
        readable on any tile; wrapped in the board's width.  Drawn while the board is the
        clip."""
        board = surface.get_clip()
        self.plates = []
        for p in self.popups:
            if p.age < 0:
                continue  # waits for its turn
            plate = popup_plate(res, p.text, p.size, p.colour, board.w)
            rise = 0.0 if self.still else 0.5 * p.age
            x, y = self.camera.world_to_screen((p.world[0], p.world[1] - rise))
            x = within(x, plate.get_width(), board)
            fade = p.life - 0.7
            if not self.still:
                plate.set_alpha(255 if p.age < fade
                                else max(0, int(255 * (p.life - p.age) / 0.7)))
            # the plate without its shadow; a newer one rises from under the older ones
            # rather than across them, so that each is read whole
            rect = plate.get_rect(center=(round(x), round(y))).inflate(-12, -12)
            while (hit := rect.collidelist(self.plates)) >= 0:
                rect.top = self.plates[hit].bottom + res.px(4)
            self.plates.append(rect)
            blit_centred(surface, plate, rect.center)


def popup_plate(res: Resources, text: str, size: int, colour: Rgb,
                board_w: int) -> pygame.Surface:
    """An announcement set on its plate: up to three lines no wider than the board allows
    (smaller type first), a dot of the player's colour before them."""
    px = res.px
    room = min(board_w - px(PLATE_MARGIN), px(PLATE_W)) - px(PLATE_PAD * 2 + 18)
    lines, points = fit_lines(res, text, (size, size - 4, size - 8), room, 3, bold=True)
    images = [res.text(line, points, pal.TEXT, bold=True) for line in lines]
    step = res.font(points, bold=True).get_linesize() + px(2)
    width = max(img.get_width() for img in images) + px(PLATE_PAD * 2 + 18)
    height = step * len(images) - px(2) + px(PLATE_PAD * 2) - px(4)
    plate = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)  # with its shadow
    rect = pygame.Rect(6, 6, width, height)
    panel(plate, rect, radius=px(10), alpha=242, border=None)
    pygame.draw.rect(plate, colour, rect, width=px(3), border_radius=px(10))
    blit_centred(plate, res.figures.mark(colour, px(6)),
                 (rect.x + px(PLATE_PAD + 5), rect.centery))
    for i, img in enumerate(images):
        plate.blit(img, img.get_rect(midleft=(rect.x + px(PLATE_PAD + 18),
                                              rect.y + px(PLATE_PAD - 2) + step * i
                                              + step // 2)))
    return plate


def within(x: float, width: int, area: pygame.Rect, margin: int = 6) -> float:
    """The centre x that keeps a text of that width inside the area (the board), so that a
    long announcement near its edge is read whole rather than cut; centred when too wide."""
    left, right = area.left + margin + width / 2, area.right - margin - width / 2
    if left > right:
        return float(area.centerx)
    return min(max(x, left), right)
