"""The play scene: the board, the tile tray, figures, confirm and undo."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.rules import Action, Choose, Deploy, Move, Phase, Place, ScoreEvent, Skip
from game.view import module_lines, move_label

from .. import palette as pal
from ..app import App, Scene
from ..board_view import BoardView
from ..camera import Camera, Cell
from ..computer import ComputerPlayer
from ..hud import (
    Layout,
    describe_phase,
    draw_banner,
    draw_log,
    draw_players,
    draw_remaining,
)
from ..intents import Command, Intent, PointerDown, PointerMove, PointerUp, Wheel
from ..session import Session
from ..widgets import Button, blit_centred, panel

ROLE_ORDER = {"inner": 0, "line": 1, "area": 2, "background": 3}
AUTOPLAY_DELAY = 0.25
COMPUTER_DELAY = 0.55  # at least this long between a computer's actions, to follow them
GLIDE_TIME = 0.35  # a computer's tile glides from the tray into place
DROP_TIME = 0.25  # a computer's figure drops onto its spot
PAN_THRESHOLD = 4  # pixels a press may wander before it counts as a drag
MIN_START_LEVEL = 6  # 80 px tiles


@dataclass
class TileDrag:
    pos: tuple[int, int]


@dataclass
class FigureDrag:
    kind: str
    pos: tuple[int, int]


@dataclass
class MoveDrag:
    """One of the player's figures on the board, dragged towards a lit cell (a hike)."""

    kind: str
    pos: tuple[int, int]


@dataclass
class Popup:
    text: str
    world: tuple[float, float]
    colour: tuple[int, int, int]
    age: float = 0.0
    size: int = 40
    life: float = 1.8


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


@dataclass
class Target:
    index: int  # feature index on the tile just placed
    deploys: list[Deploy]
    role: str


class PlayScene(Scene):
    def __init__(self, app: App, session: Session, autoplay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.autoplay = autoplay or all(not s.is_human for s in session.seats)
        self.view = BoardView(app.res, self.game)
        self.camera = Camera((0, 0, 800, 600))
        self.layout_obj = Layout.compute(app.screen.get_size(), len(session.seats))
        self.rotation = 0  # quarter turns of the tile in the tray
        self.drag: TileDrag | FigureDrag | MoveDrag | None = None
        self.press: tuple[int, int] | None = None  # where a left press on the board began
        self.panning = False
        self.pending: Deploy | Move | None = None
        self.choice_buttons: list[Button] = []
        self.mouse = (0, 0)
        self.popups: list[Popup] = []
        self.log: list[tuple[str, tuple[int, int, int]]] = []
        self.show_farms = False
        self.show_tiles = False
        self.show_log = True
        self.timer = 0.0
        self.rng = random.Random(self.game.seed ^ 0x5EED)
        self.buttons: list[Button] = []
        self.finished = False
        self.notices_seen = len(self.game.notices)
        self.brains: dict[int, ComputerPlayer] = {}  # per computer seat
        self.animation: Animation | None = None
        self.ready: Action | None = None  # a computer's chosen action, waiting to be shown

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.initial_view(self.camera, self.game.board.tiles.keys())
        if self.game.moves:
            self.log.append((f"Game resumed after {len(self.game.board) - 1} tiles",
                             pal.TEXT_DIM))
        self._log_turn_start()

    @staticmethod
    def initial_view(camera: Camera, cells: Iterable[Cell]) -> None:
        """Show the board, but never so small that tiles are hard to read."""
        camera.fit(cells, margin=1.0, immediate=True)
        camera.set_level(max(camera.level, MIN_START_LEVEL))

    def exit(self) -> None:
        for brain in self.brains.values():
            brain.cancel()

    def pause(self) -> None:
        self.exit()  # menus may load another game; a search in flight is dropped

    def layout(self, size: tuple[int, int]) -> None:
        lay = self.layout_obj = Layout.compute(size, len(self.session.seats))
        b = lay.board
        self.camera.viewport = (b.x, b.y, b.w, b.h)
        self.buttons = [
            Button(lay.confirm, "Confirm", self.confirm, primary=True, hotkey="Enter"),
            Button(lay.undo, "Undo", self.undo, hotkey="Backspace"),
        ]
        tools = [("−", lambda: self.camera.zoom_step(-1)), ("+", lambda: self.camera.zoom_step(1)),
                 ("Fit", self.fit), ("Farms", self.toggle_farms), ("Tiles", self.toggle_tiles),
                 ("Menu", self.open_menu)]
        x = lay.toolbar.x
        for label, fn in tools:
            width = max(46, self.app.res.font(24, bold=True).size(label)[0] + 22)
            self.buttons.append(Button(pygame.Rect(x, lay.toolbar.y, width, 46), label, fn))
            x += width + 6

    # ------------------------------------------------------------------ queries
    @property
    def human_turn(self) -> bool:
        return not self.game.over and self.session.current_seat.is_human and not self.autoplay

    def legal_cells(self) -> set[Cell]:
        if self.game.phase is not Phase.PLACE or self.game.current_tile is None:
            return set()
        return set(self.game.legal_placements().cells())

    def targets(self) -> list[Target]:
        game = self.game
        if game.phase is not Phase.FIGURE or game.last_cell is None:
            return []
        placed = game.board.tiles[game.last_cell]
        by_index: dict[int, Target] = {}
        for d in game.deploy_options():
            idx = game.target_feature(d.target)
            if idx is None:
                continue
            role = game.kinds[placed.tile.features[idx].kind].role
            by_index.setdefault(idx, Target(idx, [], role)).deploys.append(d)
        return sorted(by_index.values(), key=lambda t: ROLE_ORDER[t.role])

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        cell = self.game.last_cell
        if cell is None:
            return None
        shapes = self.game.board.tiles[cell].turned.shapes
        for t in self.targets():
            if self.camera.hit_polygon(pos, cell, shapes[t.index]):
                return t
        return None

    def moves(self) -> list[Move]:
        if self.game.phase is not Phase.FIGURE:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, Move)]

    def move_at(self, pos: tuple[int, int]) -> Move | None:
        cell = self.camera.cell_at(pos)
        return next((m for m in self.moves() if m.cell == cell), None)

    def fitting_rotation(self, cell: Cell) -> int | None:
        """The rotation to show on a hovered cell: the current one if it fits, else the
        first that fits (the cell offers its legal rotations first)."""
        rotations = [r // 90 for r in self.game.legal_placements().rotations(cell)]
        if not rotations:
            return None
        return self.rotation if self.rotation in rotations else rotations[0]

    # ------------------------------------------------------------------ actions
    def play(self, action: Action) -> list[ScoreEvent]:
        before_player = self.game.current
        phase_before = self.game.phase
        events = self.game.apply(action)
        seat = self.session.seat(before_player)
        if isinstance(action, Place):
            self.log.append((f"{seat.name}: tile {action.tile} at {action.x},{action.y}",
                             pal.TEXT))
        elif isinstance(action, Deploy):
            self.log.append((f"{seat.name}: {action.figure} on {action.target}", seat.rgb))
        elif isinstance(action, Choose):
            self.log.append((f"{seat.name}: {action.choice}", seat.rgb))
        elif isinstance(action, Move):
            self.log.append((f"{seat.name}: moves to {action.x},{action.y}", seat.rgb))
        for ev in events:
            self._popup(ev)
        if phase_before is Phase.FIGURE and self.game.phase is not Phase.FIGURE:
            self._turn_ended()
        return events

    def place(self, cell: Cell, rotation: int) -> bool:
        tile = self.game.current_tile
        if tile is None:
            return False
        action = Place(tile, cell[0], cell[1], rotation * 90)
        if action not in self.game.legal_placements():
            return False
        self.play(action)
        self.pending = None
        return True

    def confirm(self) -> None:
        if not self.human_turn or self.game.phase is not Phase.FIGURE:
            return
        action: Action = self.pending if self.pending is not None else Skip()
        if action not in self.game.legal_actions():
            self.pending = None
            return
        self.pending = None
        self.play(action)

    def undo(self) -> None:
        if not self.human_turn:
            return
        if self.pending is not None:
            self.pending = None
        elif self.game.can_undo:
            last = self.game.moves[-1]
            self.game.undo()
            if isinstance(last, Place):
                self.rotation = last.rotation // 90
            self.log.append(("  (taken back)", pal.TEXT_DIM))

    def rotate(self, step: int = 1) -> None:
        if self.game.phase is not Phase.PLACE:
            return
        hovered = self._hovered_cell()
        legal = self.game.legal_placements()
        if hovered is not None and legal.rotations(hovered):
            rots = [r // 90 for r in legal.rotations(hovered)]
            i = rots.index(self.rotation) if self.rotation in rots else -step
            self.rotation = rots[(i + step) % len(rots)]
        else:
            self.rotation = (self.rotation + step) % 4

    def fit(self) -> None:
        self.camera.fit(self.game.board.tiles.keys(), margin=1.0)

    def toggle_farms(self) -> None:
        self.show_farms = not self.show_farms

    def toggle_tiles(self) -> None:
        self.show_tiles = not self.show_tiles

    def open_menu(self) -> None:
        from .menus import PauseScene
        self.app.push(PauseScene(self.app, self))

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerMove):
            self.mouse = intent.pos
        for b in [*self.choice_buttons, *self.buttons]:
            if b.handle(intent):
                return
        if isinstance(intent, Command):
            self._command(intent)
        elif isinstance(intent, PointerDown):
            self._pointer_down(intent)
        elif isinstance(intent, PointerMove):
            self._pointer_move(intent)
        elif isinstance(intent, PointerUp):
            self._pointer_up(intent)
        elif isinstance(intent, Wheel):
            if isinstance(self.drag, TileDrag):
                self.rotate(1 if intent.steps < 0 else -1)
            elif self.layout_obj.board.collidepoint(intent.pos):
                self.camera.zoom_step(max(-3, min(3, intent.steps)), intent.pos)

    def _command(self, cmd: Command) -> None:
        name = cmd.name
        if name == "confirm":
            self.confirm()
        elif name == "undo":
            self.undo()
        elif name == "rotate":
            self.rotate(1)
        elif name == "rotate_back":
            self.rotate(-1)
        elif name == "fit":
            self.fit()
        elif name == "farms":
            self.toggle_farms()
        elif name == "tiles":
            self.toggle_tiles()
        elif name == "log":
            self.show_log = not self.show_log
        elif name == "pan":
            self.camera.pan_pixels(cmd.dx, cmd.dy)
        elif name == "zoom_in":
            self.camera.zoom_step(1)
        elif name == "zoom_out":
            self.camera.zoom_step(-1)
        elif name == "back":
            if self.drag is not None:
                self.drag = None
            elif self.show_tiles:
                self.show_tiles = False
            else:
                self.open_menu()
        elif name == "help":
            from .menus import HelpScene
            self.app.push(HelpScene(self.app))
        elif name == "save":
            from .menus import save_game
            save_game(self.app, self.session)

    def _pointer_down(self, ev: PointerDown) -> None:
        lay = self.layout_obj
        if ev.button == 3:
            if isinstance(self.drag, TileDrag) or (self.game.phase is Phase.PLACE
                                                   and self.human_turn):
                self.rotate(1)
            return
        if ev.button == 2 and lay.board.collidepoint(ev.pos):
            self.panning, self.press = True, ev.pos
            return
        if ev.button != 1:
            return
        if self.human_turn and self.game.phase is Phase.PLACE \
                and lay.tray_tile.collidepoint(ev.pos):
            self.drag = TileDrag(ev.pos)
            return
        if self.human_turn and self.game.phase is Phase.FIGURE:
            kind = self._supply_kind_at(ev.pos)
            if kind is not None:
                self.drag = FigureDrag(kind, ev.pos)
                return
            fig_kind = self._own_figure_at(ev.pos) if self.moves() else None
            if fig_kind is not None:
                self.drag = MoveDrag(fig_kind, ev.pos)
                return
        if lay.board.collidepoint(ev.pos):
            self.press = ev.pos
            self.panning = False

    def _pointer_move(self, ev: PointerMove) -> None:
        if self.drag is not None:
            self.drag.pos = ev.pos
            return
        if self.press is not None:
            dx, dy = ev.pos[0] - self.press[0], ev.pos[1] - self.press[1]
            if not self.panning and dx * dx + dy * dy > PAN_THRESHOLD ** 2:
                self.panning = True
                self.camera.pan_pixels(dx, dy)
            elif self.panning:
                self.camera.pan_pixels(ev.rel[0], ev.rel[1])

    def _pointer_up(self, ev: PointerUp) -> None:
        drag, self.drag = self.drag, None
        if isinstance(drag, TileDrag):
            cell = self.camera.cell_at(ev.pos)
            if self.layout_obj.board.collidepoint(ev.pos):
                self.place(cell, self.rotation)
            return
        if isinstance(drag, MoveDrag):
            move = self.move_at(ev.pos)
            if move is not None:
                self.pending = move
            return
        if isinstance(drag, FigureDrag):
            target = self.target_at(ev.pos)
            if target is not None:
                chosen = [d for d in target.deploys if d.figure == drag.kind]
                if chosen:
                    self.pending = chosen[0]
            return
        was_click = self.press is not None and not self.panning
        self.press, self.panning = None, False
        if was_click and ev.button == 1:
            self._click_board(ev.pos)

    def _click_board(self, pos: tuple[int, int]) -> None:
        if not self.human_turn:
            return
        if self.game.phase is Phase.PLACE:
            cell = self.camera.cell_at(pos)
            rotation = self.fitting_rotation(cell)
            if rotation is not None:
                self.rotation = rotation
                self.place(cell, rotation)
        elif self.game.phase is Phase.FIGURE:
            target = self.target_at(pos)
            if target is None:
                move = self.move_at(pos)
                if move is not None:
                    self.pending = None if self.pending == move else move
                return
            if isinstance(self.pending, Deploy) and self.pending in target.deploys:
                self.pending = None  # a second click takes the figure back
            else:
                self.pending = target.deploys[0]

    def _own_figure_at(self, pos: tuple[int, int]) -> str | None:
        """The kind of the current player's figure under the pointer, if any."""
        reach = max(10.0, self.camera.scale * 0.2)
        for fig in self.game.figures.values():
            if fig.player != self.game.current:
                continue
            x, y = self.view.figure_point(self.camera, fig)
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= reach * reach:
                return fig.kind
        return None

    def _supply_kind_at(self, pos: tuple[int, int]) -> str | None:
        for kind, rect in self._supply_slots():
            if rect.collidepoint(pos):
                return kind
        return None

    def _supply_slots(self) -> list[tuple[str, pygame.Rect]]:
        supply = self.game.supply[self.game.current]
        area = self.layout_obj.supply
        slots = []
        x = area.x
        for kind, n in supply.items():
            if n > 0:
                slots.append((kind, pygame.Rect(x, area.y, 40, area.h)))
                x += 46
        return slots

    def _hovered_cell(self) -> Cell | None:
        pos = self.drag.pos if isinstance(self.drag, TileDrag) else self.mouse
        if not self.layout_obj.board.collidepoint(pos):
            return None
        return self.camera.cell_at(pos)

    # ------------------------------------------------------------------ update
    def _refresh_choice_buttons(self) -> None:
        """Buttons for the question the rules ask now (in the tray, under the tile)."""
        if not (self.human_turn and self.game.phase is Phase.CHOOSE and self.game.choices):
            self.choice_buttons = []
            return
        options = self.game.choices[0].options
        if [b.label for b in self.choice_buttons] == [o.capitalize() for o in options]:
            return
        area = self.layout_obj.supply
        w = (area.w - 10 * (len(options) - 1)) // max(1, len(options))
        self.choice_buttons = [
            Button(pygame.Rect(area.x + i * (w + 10), area.y - 4, w, area.h + 4),
                   o.capitalize(), (lambda o=o: self.play(Choose(o))), primary=i == 0)  # type: ignore[misc]
            for i, o in enumerate(options)]

    def update(self, dt: float) -> None:
        self._refresh_choice_buttons()
        if not self.camera.update(dt):
            self.view.settle()
        self._show_notices()
        for p in self.popups:
            p.age += dt
        self.popups = [p for p in self.popups if p.age < p.life]
        if isinstance(self.drag, TileDrag):
            cell = self._hovered_cell()
            if cell is not None:
                rot = self.fitting_rotation(cell)
                if rot is not None and rot != self.rotation and not self._rotation_fits(cell):
                    self.rotation = rot
        if self.game.over:
            self.timer += dt
            if not self.finished and self.timer > 1.6:
                self.finished = True
                from .final import FinalScene
                self.app.push(FinalScene(self.app, self.session))
            return
        if not self.human_turn:
            self._computer_turn(dt)

    def _computer_turn(self, dt: float) -> None:
        """Let the seat's computer player think off the frame loop, then show its action
        at a pace a person can follow (the tile glides, the figure drops) and apply it."""
        self.timer += dt
        if self.animation is not None:
            self.animation.age += dt
            if self.animation.age >= self.animation.length:
                action, self.animation = self.animation.action, None
                self.timer = 0.0
                self.play(action)
            return
        seat = self.session.current_seat
        level = "random" if self.autoplay or seat.is_human else seat.kind
        brain = self.brains.get(self.game.current)
        if brain is None or brain.level != level:
            brain = self.brains[self.game.current] = ComputerPlayer(
                level, seed=self.game.seed * 31 + self.game.current)
        if self.ready is None and not brain.thinking:
            action = brain.poll()
            if action is None or action not in self.game.legal_actions():
                brain.start(self.game)  # nothing yet, or stale: think (again)
                return
            self.ready = action
        delay = AUTOPLAY_DELAY if self.autoplay else COMPUTER_DELAY
        if self.ready is not None and self.timer >= delay:
            self.animation, self.ready = Animation(self.ready), None

    def _rotation_fits(self, cell: Cell) -> bool:
        return self.rotation * 90 in self.game.legal_placements().rotations(cell)

    def _popup(self, ev: ScoreEvent) -> None:
        xs = [c[0] + 0.5 for c in ev.cells]
        ys = [c[1] + 0.5 for c in ev.cells]
        seat = self.session.seat(ev.player)
        self.popups.append(Popup(f"+{ev.points}", (sum(xs) / len(xs), sum(ys) / len(ys)),
                                 seat.rgb))
        self.log.append((f"  {seat.name} +{ev.points} ({ev.category})", seat.rgb))

    def _show_notices(self) -> None:
        """Announcements of the rules (a wolf, a herded flock, a bonus tile...): logged, and
        floated over the board where they happen, one after another."""
        fresh = self.game.notices[self.notices_seen:]
        self.notices_seen = len(self.game.notices)
        for i, n in enumerate(fresh):
            colour = self.session.seat(n.player).rgb if n.player is not None else pal.TEXT_LIGHT
            self.log.append((f"  {n.text}", colour))
            if n.cells:
                xs = [c[0] + 0.5 for c in n.cells]
                ys = [c[1] + 0.5 for c in n.cells]
                where = (sum(xs) / len(xs), sum(ys) / len(ys) - 0.3)
            else:
                where = self.camera.screen_to_world(self.layout_obj.board.center)
            self.popups.append(Popup(n.text, where, colour, age=-0.45 * i, size=28, life=2.6))

    def _turn_ended(self) -> None:
        from .menus import autosave
        autosave(self.app, self.session)
        self.rotation = 0
        if not self.human_turn and not self._cells_visible():
            self.fit()  # keep computer moves in view
        if not self.game.over:
            self._log_turn_start()
        else:
            self.log.append(("Final scoring", pal.TEXT))
            self.camera.fit(self.game.board.tiles.keys(), margin=1.0)

    def _cells_visible(self) -> bool:
        x0, y0, x1, y1 = self.camera.visible_cells()
        return all(x0 < c[0] < x1 and y0 < c[1] < y1 for c in self.game.board.tiles)

    def _log_turn_start(self) -> None:
        seat = self.session.current_seat
        self.log.append((f"— {seat.name}'s turn", seat.rgb))
        if len(self.log) > 200:
            del self.log[:100]

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout_obj
        cam = self.camera
        surface.fill(pal.TABLE, lay.board)
        clip = surface.get_clip()
        surface.set_clip(lay.board)
        self.view.draw_tiles(surface, cam)
        if self.show_farms:
            self.view.draw_field_hints(surface, cam)
        self._draw_last_tiles(surface)
        if self.human_turn and self.game.phase is Phase.PLACE:
            self._draw_placement(surface)
        if self.human_turn and self.game.phase is Phase.FIGURE:
            self._draw_targets(surface)
            self._draw_moves(surface)
        self.view.draw_figures(surface, cam, [s.rgb for s in self.session.seats])
        if isinstance(self.pending, Deploy) and self.game.last_cell is not None:
            idx = self.game.target_feature(self.pending.target)
            if idx is not None:
                self.view.draw_figure(surface, cam, self.pending.figure,
                                      self.session.current_seat.rgb, self.game.last_cell, idx,
                                      alpha=235)
        self._draw_animation(surface)
        self._draw_popups(surface)
        surface.set_clip(clip)
        self._draw_sidebar(surface)
        for b in self.buttons:
            b.enabled = self._button_enabled(b)
            b.draw(surface, self.app.res)
        seat = self.session.current_seat
        draw_banner(surface, self.app.res, lay.board,
                    describe_phase(self.session, self.pending is not None), seat.rgb)
        if self.show_tiles:
            draw_remaining(surface, self.app.res, self.session, lay.board,
                           self.view.art.tile)
        if isinstance(self.drag, (FigureDrag, MoveDrag)):
            img = self.app.res.figures.figure(self.drag.kind, seat.rgb,
                                              max(24, round(cam.scale * 0.34)))
            blit_centred(surface, img, self.drag.pos)

    def _button_enabled(self, b: Button) -> bool:
        if b.label == "Confirm":
            return self.human_turn and self.game.phase is Phase.FIGURE
        if b.label == "Undo":
            return self.human_turn and (self.pending is not None or self.game.can_undo)
        return True

    def _draw_last_tiles(self, surface: pygame.Surface) -> None:
        tiles = self.game.board.tiles
        if len(tiles) <= 1:
            return
        newest = max(tiles.values(), key=lambda t: t.order)
        if self.game.phase is Phase.FIGURE:
            colour = pal.HIGHLIGHT
        else:
            colour = self.session.seat((self.game.current - 1) % len(self.session.seats)).rgb
        self.view.outline(surface, self.camera, newest.cell, colour, width=3)

    def _draw_placement(self, surface: pygame.Surface) -> None:
        cam = self.camera
        tile_id = self.game.current_tile
        if tile_id is None:
            return
        tile = self.game.tile_types[tile_id]
        legal = self.legal_cells()
        dragging = isinstance(self.drag, TileDrag)
        for cell in legal:
            self.view.cell_overlay(surface, cam, cell, pal.LEGAL, 90 if dragging else 45,
                                   border=3 if dragging else 2)
        hovered = self._hovered_cell()
        if dragging:
            assert isinstance(self.drag, TileDrag)
            if hovered is not None and hovered in self.game.board.demands:
                fits = self._rotation_fits(hovered)
                x, y, w, _ = cam.cell_rect(hovered)
                img = self.view.tile_image(tile, self.rotation, w)
                if not fits:
                    img = img.copy()
                    img.set_alpha(150)
                surface.blit(img, (x, y))
                self.view.outline(surface, cam, hovered, pal.LEGAL if fits else pal.ILLEGAL, 4)
            else:
                px = max(40, round(cam.scale))
                img = self.view.tile_image(tile, self.rotation, px).copy()
                img.set_alpha(200)
                blit_centred(surface, img, self.drag.pos)
        elif hovered is not None and hovered in legal:
            rot = self.fitting_rotation(hovered)
            if rot is not None:
                x, y, w, _ = cam.cell_rect(hovered)
                img = self.view.tile_image(tile, rot, w).copy()
                img.set_alpha(170)
                surface.blit(img, (x, y))

    def _draw_targets(self, surface: pygame.Surface) -> None:
        cell = self.game.last_cell
        if cell is None:
            return
        shapes = self.game.board.tiles[cell].turned.shapes
        hover_pos = self.drag.pos if isinstance(self.drag, FigureDrag) else self.mouse
        hovered = self.target_at(hover_pos)
        colour = self.session.current_seat.rgb
        targets = self.targets()
        for t in reversed(targets):
            if hovered is not None and t.index == hovered.index:
                continue
            self.view.polygon(surface, self.camera, cell, shapes[t.index], pal.TARGET, 55, edge=2)
        if hovered is not None:
            self.view.polygon(surface, self.camera, cell, shapes[hovered.index], colour, 110,
                              edge=3)
        if self.pending is None:
            # A faint figure on every free spot shows at a glance where one may go.
            for t in targets:
                alpha = 235 if hovered is not None and t.index == hovered.index else 110
                self.view.draw_figure(surface, self.camera, t.deploys[0].figure, colour, cell,
                                      t.index, alpha=alpha, scale=0.28)

    def _draw_animation(self, surface: pygame.Surface) -> None:
        anim = self.animation
        if anim is None:
            return
        cam = self.camera
        t = min(1.0, anim.age / anim.length) if anim.length else 1.0
        ease = 1 - (1 - t) ** 3
        action = anim.action
        if isinstance(action, Place):
            x1, y1, w, _ = cam.cell_rect(action.cell)
            sx, sy = self.layout_obj.tray_tile.center
            cx = sx + (x1 + w / 2 - sx) * ease
            cy = sy + (y1 + w / 2 - sy) * ease
            size = round(self.layout_obj.tray_tile.w + (w - self.layout_obj.tray_tile.w) * ease)
            img = self.view.tile_image(self.game.tile_types[action.tile], action.rotation // 90,
                                       max(8, size))
            blit_centred(surface, img, (cx, cy))
        elif isinstance(action, Deploy) and self.game.last_cell is not None:
            idx = self.game.target_feature(action.target)
            if idx is not None:
                cell = self.game.last_cell
                ax, ay = cam.local_to_screen(cell, self.game.board.tiles[cell].turned.anchors[idx])
                size = max(12, round(cam.scale * 0.34))
                img = self.app.res.figures.figure(action.figure, self.session.current_seat.rgb,
                                                  size, lying=self.view.lies_down(cell, idx,
                                                                                  action.figure))
                blit_centred(surface, img, (ax, ay - (1 - ease) * cam.scale * 0.8))

    def _draw_moves(self, surface: pygame.Surface) -> None:
        hovered = self.move_at(self.drag.pos if isinstance(self.drag, MoveDrag) else self.mouse)
        for move in self.moves():
            chosen = move == self.pending
            alpha = 150 if chosen else (110 if move == hovered else 60)
            self.view.cell_overlay(surface, self.camera, move.cell, pal.HIGHLIGHT, alpha,
                                   border=4 if chosen else 2)
            label = move_label(self.game, move)
            if label:
                x, y, w, h = self.camera.cell_rect(move.cell)
                img = self.app.res.text(label, max(18, w // 4), pal.TEXT, bold=True)
                rect = img.get_rect(center=(x + w // 2, y + h // 2)).inflate(10, 4)
                pygame.draw.rect(surface, pal.HIGHLIGHT, rect, border_radius=6)
                blit_centred(surface, img, rect.center)

    def _draw_popups(self, surface: pygame.Surface) -> None:
        for p in self.popups:
            if p.age < 0:
                continue  # waits for its turn
            x, y = self.camera.world_to_screen((p.world[0], p.world[1] - 0.5 * p.age))
            img = self.app.res.text(p.text, p.size, p.colour, bold=True)
            outline = self.app.res.text(p.text, p.size, (20, 20, 20), bold=True)
            fade = p.life - 0.7
            alpha = 255 if p.age < fade else max(0, int(255 * (p.life - p.age) / 0.7))
            for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
                o = outline.copy()
                o.set_alpha(alpha)
                blit_centred(surface, o, (x + dx, y + dy))
            img.set_alpha(alpha)
            blit_centred(surface, img, (x, y))

    def _draw_sidebar(self, surface: pygame.Surface) -> None:
        lay = self.layout_obj
        res = self.app.res
        surface.fill(pal.SIDEBAR, pygame.Rect(lay.board.right, 0, surface.get_width()
                                              - lay.board.right, surface.get_height()))
        draw_players(surface, res, self.session, lay.players)
        panel(surface, lay.tray)
        game = self.game
        title = f"Tile to place   ·   {game.tiles_left} left in the pile"
        surface.blit(res.text(title, 20, pal.TEXT_DIM, bold=True), (lay.tray.x + 14,
                                                                     lay.tray.y + 10))
        tile_id = game.current_tile
        if tile_id is not None and not isinstance(self.drag, TileDrag):
            tile = game.tile_types[tile_id]
            img = self.view.art.tile(tile, self.rotation, lay.tray_tile.w)
            surface.blit(img, lay.tray_tile)
            if self.human_turn and lay.tray_tile.collidepoint(self.mouse):
                pygame.draw.rect(surface, pal.HIGHLIGHT, lay.tray_tile.inflate(6, 6), width=3,
                                 border_radius=4)
        else:
            pygame.draw.rect(surface, pal.PANEL_EDGE, lay.tray_tile, width=2, border_radius=6)
            if game.phase is Phase.FIGURE and game.last_cell is not None:
                msg = "Placed" if self.human_turn else ""
                blit_centred(surface, res.text(msg, 22, pal.TEXT_DIM), lay.tray_tile.center)
        if len(game.hand) > 1:
            others = ", ".join(game.hand[1:])
            surface.blit(res.text(f"Also in hand: {others}", 17, pal.TEXT_DIM),
                         (lay.tray.x + 14, lay.tray_tile.bottom - 2))
        if game.phase is Phase.FIGURE and self.human_turn:
            seat = self.session.current_seat
            for kind, rect in self._supply_slots():
                held = isinstance(self.pending, Deploy) and self.pending.figure == kind \
                    and game.supply[game.current][kind] == 1
                img = res.figures.figure(kind, seat.rgb, 34)
                if held:
                    img = img.copy()
                    img.set_alpha(80)
                blit_centred(surface, img, rect.center)
            slots = self._supply_slots()
            hint_x = (slots[-1][1].right + 12) if slots else lay.supply.x
            for i, line in enumerate(("drag onto a lit area", "or click the area")):
                surface.blit(res.text(line, 17, pal.TEXT_DIM),
                             (hint_x, lay.supply.y + 2 + 17 * i))
        if self.choice_buttons:
            prompt = self.game.choices[0].prompt
            surface.blit(res.text(prompt, 19, pal.TEXT, bold=True),
                         (lay.tray.x + 14, lay.supply.y - 26))
            for b in self.choice_buttons:
                b.draw(surface, res)
        info = module_lines(self.game)
        if self.show_log:
            draw_log(surface, res, self.log[-60:], lay.log, info)
