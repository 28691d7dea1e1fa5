"""Scoring shown on the board: each scored feature in turn is outlined in its winners'
colours with its points on it, the winners' counters count up, and the figures that stood on
it go home to their owners' rows.  The final scoring is shown the same way, feature after
feature (and each rule module's award); Space or a click skips to the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.rules import Action, Deploy, Game, ScoreEvent
from game.rules.features import Figure
from game.rules.looks import figure_sprite
from game.words.i18n import _

from ...board_view import BoardView
from ...camera import Camera, Cell
from ...highlight import FeatureOutlines
from ...hud import player_row
from ...keymap import labels
from ...resources import Resources
from ...session import Session
from ...widgets import blit_centred

STEP = 0.85  # seconds a scored feature is shown before the next
FINAL_STEP = 0.75  # the final scoring has more to show
HOME_AT = 0.45  # of a step: when the feature's figures leave for home
FLIGHT = 0.55  # seconds a figure takes to get home
FADE = 0.3  # an outline fades out after its step
COUNT_SPEED = 6.0  # counters close this share of the gap a second (and 25 points at least)

Part = tuple[Cell, int]


@dataclass
class Showing:
    """One scored feature (or one rule module's award): the events of its winners."""

    events: list[ScoreEvent]
    parts: tuple[Part, ...]  # the feature's pieces, empty when the award names tiles only
    figures: list[Figure] = field(default_factory=list)  # going home when it is shown
    age: float = 0.0

    @property
    def final(self) -> bool:
        return self.events[0].final

    @property
    def length(self) -> float:
        return FINAL_STEP if self.final else STEP

    @property
    def cells(self) -> tuple[Cell, ...]:
        return self.events[0].cells

    def winners(self) -> list[int]:
        return [ev.player for ev in self.events]


@dataclass
class Flight:
    figure: Figure
    start: tuple[float, float]  # screen point it leaves from
    age: float = 0.0


def group_events(events: Sequence[ScoreEvent]) -> list[list[ScoreEvent]]:
    """Events of one feature (the same kind, tiles and moment) together: a tie gives one
    event per winner."""
    groups: list[list[ScoreEvent]] = []
    for ev in events:
        last = groups[-1][0] if groups else None
        if last is not None and (last.category, last.cells, last.final) == \
                (ev.category, ev.cells, ev.final):
            groups[-1].append(ev)
        else:
            groups.append([ev])
    return groups


def feature_parts(game: Game, category: str, cells: Sequence[Cell]) -> tuple[Part, ...]:
    """The pieces of the feature an award was for: a feature of that kind on exactly those
    tiles, else any feature (not a field) on exactly those tiles (farmers score their
    cities), else none (the award is shown on its tiles)."""
    wanted = set(cells)
    fallback: tuple[Part, ...] = ()
    for view in game.all_features():
        if {c for c, _ in view.parts} != wanted:
            continue
        if view.kind == category:
            return tuple(sorted(view.parts))
        if not fallback and game.kinds[view.kind].role != "background":
            fallback = tuple(sorted(view.parts))
    return fallback


def figure_placed(game: Game, action: Action) -> Figure | None:
    """The figure a Deploy is about to put down (to show it going home if it scores at
    once)."""
    if not isinstance(action, Deploy) or game.last_cell is None:
        return None
    index = game.target_feature(action.target)
    if index is None:
        return None
    return Figure(-1, game.current, action.figure, game.last_cell, index)


def sent_home(game: Game, before: Mapping[int, Figure], placed: Figure | None) -> list[Figure]:
    """The figures an action just applied took off the board (``before``: the figures before
    it; ``placed``: the one it put down, home again at once if it completed its feature)."""
    gone = [f for i, f in before.items() if i not in game.figures]
    if placed is not None and not any(f.cell == placed.cell and f.index == placed.index
                                      for f in game.figures.values()):
        gone.append(placed)
    return gone


class ScoreShow:
    def __init__(self, session: Session, camera: Camera, view: BoardView,
                 outlines: FeatureOutlines, res: Resources) -> None:
        self.session = session
        self.camera = camera
        self.view = view
        self.outlines = outlines
        self.res = res
        game = session.game
        self.queue: list[Showing] = []
        self.current: Showing | None = None
        self.fading: list[Showing] = []
        self.flights: list[Flight] = []
        self.counted = [float(s) for s in game.scores]

    # ------------------------------------------------------------------ what happened
    def add(self, events: Sequence[ScoreEvent], gone: Sequence[Figure]) -> None:
        """Scores of an action just applied, and the figures it sent home."""
        game = self.session.game
        home = list(gone)
        for group in group_events(events):
            first = group[0]
            parts = feature_parts(game, first.category, first.cells)
            showing = Showing(group, parts)
            spots = set(parts)
            showing.figures = [f for f in home if (f.cell, f.index) in spots]
            home = [f for f in home if f not in showing.figures]
            self.queue.append(showing)
        for fig in home:  # sent home by something else (a wolf, a herd): at once
            self._fly(fig)

    @property
    def busy(self) -> bool:
        """Something is still being shown (computer players wait for it)."""
        return bool(self.queue or self.current is not None or self.flights)

    def moving(self) -> bool:
        """Something is shown or counts up (the window draws every frame meanwhile)."""
        return self.busy or bool(self.fading) or self.shown_scores() != self.targets()

    @property
    def final_running(self) -> bool:
        return any(s.final for s in [*self.queue, *([self.current] if self.current else [])])

    def final_waiting(self) -> int:
        """Events of the final scoring not shown yet (the log holds their lines back, so
        that it follows the board)."""
        return sum(len(s.events) for s in self.queue if s.final)

    def skip(self) -> None:
        """Everything still to show, done at once."""
        self.queue = []
        self.current = None
        self.fading = []
        self.flights = []
        self.counted = [float(s) for s in self.session.game.scores]

    def shown_scores(self) -> list[int]:
        """The scores the counters show now."""
        return [round(c) for c in self.counted]

    def targets(self) -> list[int]:
        """What the counters count towards: the scores less what is still queued."""
        out = list(self.session.game.scores)
        for showing in self.queue:
            for ev in showing.events:
                out[ev.player] -= ev.points
        return out

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """Time passes; True when a scored feature begins to be shown (it sounds)."""
        began = False
        cur = self.current
        if cur is not None:
            before = cur.age
            cur.age += dt
            if before < HOME_AT * cur.length <= cur.age:
                for fig in cur.figures:
                    self._fly(fig)
                cur.figures = []
            if cur.age >= cur.length:
                for fig in cur.figures:
                    self._fly(fig)
                cur.figures = []
                cur.age = 0.0
                self.fading.append(cur)
                self.current = None
        if self.current is None and self.queue:
            self.current = self.queue.pop(0)
            began = True
        for s in self.fading:
            s.age += dt
        self.fading = [s for s in self.fading if s.age < FADE]
        for f in self.flights:
            f.age += dt
        self.flights = [f for f in self.flights if f.age < FLIGHT]
        targets = self.targets()
        for p, target in enumerate(targets):
            gap = target - self.counted[p]
            step = max(25 * dt, abs(gap) * COUNT_SPEED * dt)
            self.counted[p] = target if abs(gap) <= step else self.counted[p] + \
                (step if gap > 0 else -step)
        return began

    def _fly(self, fig: Figure) -> None:
        if fig.cell not in self.session.game.board.tiles:
            return
        start = self.view.figure_point(self.camera, fig)
        self.flights.append(Flight(fig, start))

    # ------------------------------------------------------------------ drawing
    def draw_board(self, surface: pygame.Surface) -> None:
        """Outlines of the features being shown, under the figures."""
        for s in self.fading:
            self._outline(surface, s, round(255 * (1 - s.age / FADE)))
        if self.current is not None:
            self._outline(surface, self.current, min(255, round(255 * self.current.age / 0.12)))

    def _outline(self, surface: pygame.Surface, s: Showing, alpha: int) -> None:
        colours = [self.session.seat(p).rgb for p in s.winners()]
        if s.parts:
            self.outlines.draw(surface, self.camera, self.session.game, s.parts, colours,
                               fill=80, alpha=alpha)
        else:
            for cell in s.cells:
                self.view.cell_overlay(surface, self.camera, cell, colours[0],
                                       round(alpha * 0.3), border=3)

    def draw_figures(self, surface: pygame.Surface) -> None:
        """Figures of features still to show stay where they stood until it is their turn;
        then the points on the feature being shown."""
        cam = self.camera
        for s in [*([self.current] if self.current else []), *self.queue]:
            for fig in s.figures:
                self.view.draw_figure(surface, cam, fig.kind, self.session.seat(fig.player).rgb,
                                      fig.cell, fig.index)
        if self.current is not None:
            self._points(surface, self.current)

    def _points(self, surface: pygame.Surface, s: Showing) -> None:
        cam = self.camera
        res = self.res
        x, y = self._centre(s)
        size = max(28, min(64, round(cam.scale * 0.42)))
        rise = min(1.0, s.age / 0.25) * cam.scale * 0.12
        labels = [(f"+{ev.points}", self.session.seat(ev.player).rgb) for ev in s.events]
        images = [res.board_text(text, size, colour, bold=True) for text, colour in labels]
        width = sum(img.get_width() for img in images) + 12 * (len(images) - 1)
        left = x - width / 2
        for img, (text, _colour) in zip(images, labels, strict=True):
            centre = (left + img.get_width() / 2, y - rise)
            outline = res.board_text(text, size, (20, 16, 12), bold=True)
            for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-2, -2), (2, 2), (-2, 2), (2, -2)):
                blit_centred(surface, outline, (centre[0] + dx, centre[1] + dy))
            blit_centred(surface, img, centre)
            left += img.get_width() + 12

    def _centre(self, s: Showing) -> tuple[float, float]:
        """Where the points go: the figure spot of the feature's piece nearest its middle;
        for an award that names no tile (a rule module's points for the whole game), the
        middle of the board's free view."""
        cam = self.camera
        cells = s.cells or tuple(c for c, _ in s.parts)
        if not cells:
            free = cam.free_rect()
            return (free[0] + free[2] / 2, free[1] + free[3] / 2)
        mx = sum(c[0] + 0.5 for c in cells) / len(cells)
        my = sum(c[1] + 0.5 for c in cells) / len(cells)
        spots: list[tuple[float, float]] = []
        for cell, index in s.parts:
            placed = self.session.game.board.tiles.get(cell)
            if placed is not None:
                ax, ay = placed.turned.anchors[index]
                spots.append((cell[0] + ax, cell[1] + ay))
        if spots:
            mx, my = min(spots, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
        return cam.world_to_screen((mx, my))

    def draw_flights(self, surface: pygame.Surface, players: pygame.Rect) -> None:
        """Figures on their way home, over everything (they end in the players' panel,
        ``players``)."""
        res = self.res
        n = len(self.session.seats)
        for f in self.flights:
            t = min(1.0, f.age / FLIGHT)
            ease = t * t * (3 - 2 * t)
            row = player_row(res, players, f.figure.player, n)
            end = (row.x + res.px(24), row.centery)
            x = f.start[0] + (end[0] - f.start[0]) * ease
            arc = res.px(60) * (1 - (2 * t - 1) ** 2)  # up, then down into the row
            y = f.start[1] + (end[1] - f.start[1]) * ease - arc
            size = max(14, round(self.camera.scale * 0.34 * (1 - 0.4 * ease)))
            img = res.figures.figure(figure_sprite(self.session.game.tileset.looks,
                                                   f.figure.kind),
                                     self.session.seat(f.figure.player).rgb, size)
            if t > 0.75:
                img = img.copy()
                img.set_alpha(round(255 * (1 - t) / 0.25))
            blit_centred(surface, img, (x, y))


    def banner(self) -> str | None:
        """What the banner says while the final scoring is shown."""
        if not self.session.game.over or not self.final_running:
            return None
        return _("Final scoring: {confirm} or a click skips to the end").format(**labels())
