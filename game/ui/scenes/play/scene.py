"""The play scene: its lifecycle, the player's actions (place, rotate, confirm, undo) and the
frame's order of work; the pointer, computer turns, feedback and drawing are its parts."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.rules import Action, Deploy, Move, Place, ScoreEvent, Skip

from ...app import App, Scene
from ...board_view import BoardView
from ...camera import Camera, Cell
from ...hud import Layout
from ...intents import Command, Intent, PointerDown, PointerMove, PointerUp, Wheel
from ...session import Session
from ...widgets import Button
from ..menus import autosave
from .computer_turns import ComputerTurns
from .drawing import draw_play
from .feedback import Feedback
from .hint import HintShown
from .options import TurnOptions
from .pointer import Pointer
from .questions import Questions

MIN_START_LEVEL = 6  # 80 px tiles
FINAL_SCORES_AFTER = 1.6  # seconds the finished board shows before the final scores


class PlayScene(Scene):
    name = "play"

    def __init__(self, app: App, session: Session, autoplay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.autoplay = autoplay or all(not s.is_human for s in session.seats)
        self.view = BoardView(app.res, self.game)
        self.camera = Camera((0, 0, 800, 600))
        self.layout_obj = Layout.compute(app.screen.get_size(), len(session.seats),
                                         app.res.scale)
        self.rotation = 0  # quarter turns of the tile in the tray
        self.pending: Deploy | Move | None = None
        self.choice_buttons: list[Button] = []
        self.buttons: list[Button] = []
        self.show_farms = False
        self.show_tiles = False
        self.over_for = 0.0  # seconds since the game ended
        self.finished = False
        self.options = TurnOptions(self.game, self.camera)
        self.pointer = Pointer(self)
        self.feedback = Feedback(session, self.camera)
        self.computer = ComputerTurns(session, self.autoplay, self.play)
        self.hint = HintShown(self)
        self.questions = Questions(self)

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.initial_view(self.camera, self.game.board.tiles.keys())
        self.feedback.resumed()
        self.feedback.turn_start()

    @staticmethod
    def initial_view(camera: Camera, cells: Iterable[Cell]) -> None:
        """Show the board, but never so small that tiles are hard to read."""
        camera.fit(cells, margin=1.0, immediate=True)
        camera.set_level(max(camera.level, MIN_START_LEVEL))

    def exit(self) -> None:
        self.computer.cancel()

    def pause(self) -> None:
        self.exit()  # menus may load another game; a search in flight is dropped

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        lay = self.layout_obj = Layout.compute(size, len(self.session.seats),
                                               self.app.res.scale)
        b = lay.board
        self.camera.viewport = (b.x, b.y, b.w, b.h)
        self.buttons = [
            Button(lay.confirm, "Confirm", self.confirm, primary=True, hotkey="Enter"),
            Button(lay.undo, "Undo", self.undo, hotkey="Backspace"),
        ]
        tools = [("−", lambda: self.camera.zoom_step(-1)), ("+", lambda: self.camera.zoom_step(1)),
                 ("Fit", self.fit), ("Farms", self.toggle_farms), ("Tiles", self.toggle_tiles),
                 ("Menu", self.open_menu)]
        if self.app.settings.get("hints"):
            tools.insert(0, ("Hint", self.hint.toggle))
        x = lay.toolbar.x
        for label, fn in tools:
            width = max(px(46), self.app.res.font(24, bold=True).size(label)[0] + px(22))
            self.buttons.append(Button(pygame.Rect(x, lay.toolbar.y, width, px(46)), label, fn))
            x += width + px(6)

    def help_topic(self) -> str | None:
        return self.session.game_id

    @property
    def human_turn(self) -> bool:
        return not self.game.over and self.session.current_seat.is_human and not self.autoplay

    # ------------------------------------------------------------------ actions
    def play(self, action: Action) -> list[ScoreEvent]:
        before_player = self.game.current
        phase_before = self.game.phase
        events = self.game.apply(action)
        self.feedback.action(self.session.seat(before_player), action)
        for ev in events:
            self.feedback.score(ev)
        if phase_before == "figure" and self.game.phase != "figure":
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
        if not self.human_turn or self.game.phase != "figure":
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
            self.feedback.taken_back()

    def rotate(self, step: int = 1) -> None:
        if self.game.phase != "place":
            return
        hovered = self.pointer.hovered_cell()
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
        self.app.push_scene("pause", self)

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerMove):
            self.pointer.mouse = intent.pos
        for b in [*self.choice_buttons, *self.buttons]:
            if b.handle(intent):
                return
        if isinstance(intent, Command):
            self._command(intent)
        elif isinstance(intent, PointerDown):
            self.pointer.down(intent)
        elif isinstance(intent, PointerMove):
            self.pointer.move(intent)
        elif isinstance(intent, PointerUp):
            self.pointer.up(intent)
        elif isinstance(intent, Wheel):
            self.pointer.wheel(intent)

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
            self.feedback.show_log = not self.feedback.show_log
        elif name == "pan":
            self.camera.pan_pixels(cmd.dx, cmd.dy)
        elif name == "zoom_in":
            self.camera.zoom_step(1)
        elif name == "zoom_out":
            self.camera.zoom_step(-1)
        elif name == "back":
            if self.pointer.drag is not None:
                self.pointer.drag = None
            elif self.show_tiles:
                self.show_tiles = False
            else:
                self.open_menu()
        elif name == "help":
            self.app.push_scene("help")
        elif name == "hint":
            self.hint.toggle()
        elif name == "save":
            self.app.push_scene("save", self.session)

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.questions.refresh()
        self.choice_buttons = self.questions.buttons
        if not self.camera.update(dt):
            self.view.settle()
        self.feedback.show_notices(self.layout_obj.board.center)
        self.feedback.update(dt)
        self.pointer.update()
        if self.game.over:
            self.over_for += dt
            if not self.finished and self.over_for > FINAL_SCORES_AFTER:
                self.finished = True
                self.app.push_scene("final", self.session)
            return
        if not self.human_turn:
            self.computer.update(dt)

    def _turn_ended(self) -> None:
        autosave(self.app, self.session)
        self.rotation = 0
        if not self.human_turn and not self._cells_visible():
            self.fit()  # keep computer moves in view
        if not self.game.over:
            self.feedback.turn_start()
        else:
            self.feedback.final_scoring()
            self.camera.fit(self.game.board.tiles.keys(), margin=1.0)

    def _cells_visible(self) -> bool:
        x0, y0, x1, y1 = self.camera.visible_cells()
        return all(x0 < c[0] < x1 and y0 < c[1] < y1 for c in self.game.board.tiles)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        draw_play(surface, self)
