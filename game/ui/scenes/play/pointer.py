"""The pointer on the play scene: dragging a tile of the hand from the tray, a figure from
the supply or one of the player's figures on the board (a hike), press-and-pan on empty
board, and clicks on the board.  What a gesture means is done by the scene's actions.

Only the button that began a drag (or a press) ends it: during a drag, a right-click or the
wheel turns the dragged tile and does nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules import Deploy, Move, Phase

from ...camera import Cell
from ...intents import PointerDown, PointerMove, PointerUp, Wheel
from .options import Target
from .sidebar import supply_slots

if TYPE_CHECKING:
    from .scene import PlayScene

PAN_THRESHOLD = 4  # pixels a press may wander before it counts as a drag


@dataclass
class TileDrag:
    pos: tuple[int, int]
    button: int = 1


@dataclass
class FigureDrag:
    kind: str
    pos: tuple[int, int]
    button: int = 1


@dataclass
class MoveDrag:
    """One of the player's figures on the board, dragged towards a lit cell (a hike)."""

    kind: str
    pos: tuple[int, int]
    button: int = 1


class Pointer:
    """What the pointer holds or presses, and where it is."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.drag: TileDrag | FigureDrag | MoveDrag | None = None
        self.press: tuple[int, int] | None = None  # where a press on the board began
        self.press_button = 0
        self.panning = False
        self.mouse = (0, 0)

    def release(self) -> None:
        """Drop whatever is held or pressed (another scene takes the pointer)."""
        self.drag = None
        self.press, self.press_button, self.panning = None, 0, False

    def hovered_cell(self) -> Cell | None:
        """The board cell under the dragged tile, else under the pointer."""
        pos = self.drag.pos if isinstance(self.drag, TileDrag) else self.mouse
        if not self.scene.layout_obj.board.collidepoint(pos):
            return None
        return self.scene.camera.cell_at(pos)

    def update(self) -> None:
        """A dragged tile turns to a rotation that fits the hovered cell."""
        scene = self.scene
        if isinstance(self.drag, TileDrag):
            cell = self.hovered_cell()
            if cell is not None:
                rot = scene.options.fitting_rotation(cell, scene.rotation)
                if rot is not None and rot != scene.rotation \
                        and not scene.options.rotation_fits(cell, scene.rotation):
                    scene.rotation = rot

    # ------------------------------------------------------------------ gestures
    def down(self, ev: PointerDown) -> None:
        scene = self.scene
        lay = scene.layout_obj
        game = scene.game
        if self.drag is not None or self.press is not None:
            if ev.button == 3 and isinstance(self.drag, TileDrag):
                scene.rotate(1)
            return  # another button during a gesture: nothing else
        if ev.button == 3:
            if game.phase is Phase.PLACE and scene.human_turn:
                scene.rotate(1)
            return
        if ev.button == 2 and lay.board.collidepoint(ev.pos):
            self.panning, self.press, self.press_button = True, ev.pos, 2
            return
        if ev.button != 1:
            return
        if scene.human_turn and game.phase is Phase.PLACE:
            slot = scene.hand.slot_at(ev.pos, lay.tray_tile, lay.tray)
            if slot is not None:
                scene.select_tile(slot)
                self.drag = TileDrag(ev.pos)
                return
        if scene.human_turn and game.phase is Phase.FIGURE:
            kind = self._supply_kind_at(ev.pos)
            if kind is not None:
                self.drag = FigureDrag(kind, ev.pos)
                return
            fig_kind = self._own_figure_at(ev.pos) if scene.options.moves() else None
            if fig_kind is not None and not isinstance(scene.options.pick_at(ev.pos), Move):
                self.drag = MoveDrag(fig_kind, ev.pos)
                return
        if lay.board.collidepoint(ev.pos):
            self.press, self.press_button, self.panning = ev.pos, 1, False

    def move(self, ev: PointerMove) -> None:
        if self.drag is not None:
            self.drag.pos = ev.pos
            return
        if self.press is not None:
            dx, dy = ev.pos[0] - self.press[0], ev.pos[1] - self.press[1]
            if not self.panning and dx * dx + dy * dy > PAN_THRESHOLD ** 2:
                self.panning = True
                self.scene.pan(dx, dy)
            elif self.panning:
                self.scene.pan(ev.rel[0], ev.rel[1])

    def up(self, ev: PointerUp) -> None:
        scene = self.scene
        if self.drag is not None:
            if ev.button != self.drag.button:
                return
            drag, self.drag = self.drag, None
            if isinstance(drag, TileDrag):
                if scene.layout_obj.board.collidepoint(ev.pos):
                    scene.place(scene.camera.cell_at(ev.pos), scene.rotation)
            elif isinstance(drag, MoveDrag):
                choice = scene.options.pick_at(ev.pos)
                if isinstance(choice, Move):
                    scene.pending = choice
            else:
                target = scene.options.target_at(ev.pos)
                chosen = [d for d in target.deploys if d.figure == drag.kind] if target else []
                if chosen:
                    scene.pending = chosen[0]
            return
        if self.press is None or ev.button != self.press_button:
            return
        was_click = not self.panning
        self.press, self.panning = None, False
        if was_click and ev.button == 1:
            self._click_board(ev.pos)

    def wheel(self, ev: Wheel) -> None:
        """Turns a dragged tile, else zooms the board about the pointer."""
        if isinstance(self.drag, TileDrag):
            self.scene.rotate(1 if ev.steps < 0 else -1)
        elif self.drag is None and self.scene.layout_obj.board.collidepoint(ev.pos):
            self.scene.zoom(max(-3, min(3, ev.steps)), ev.pos)

    # ------------------------------------------------------------------ what is where
    def _click_board(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        if not scene.human_turn:
            return
        if scene.game.phase is Phase.PLACE:
            cell = scene.camera.cell_at(pos)
            rotation = scene.options.fitting_rotation(cell, scene.rotation)
            if rotation is not None:
                scene.rotation = rotation
                scene.place(cell, rotation)
        elif scene.game.phase is Phase.FIGURE:
            choice = scene.options.pick_at(pos)
            if isinstance(choice, Move):
                scene.pending = None if scene.pending == choice else choice
            elif isinstance(choice, Target):
                if isinstance(scene.pending, Deploy) and scene.pending in choice.deploys:
                    scene.pending = None  # a second click takes the figure back
                else:
                    scene.pending = choice.deploys[0]

    def _own_figure_at(self, pos: tuple[int, int]) -> str | None:
        """The kind of the current player's figure under the pointer, if any."""
        scene = self.scene
        reach = max(10.0, scene.camera.scale * 0.2)
        for fig in scene.game.figures.values():
            if fig.player != scene.game.current:
                continue
            x, y = scene.view.figure_point(scene.camera, fig)
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= reach * reach:
                return fig.kind
        return None

    def _supply_kind_at(self, pos: tuple[int, int]) -> str | None:
        for kind, rect in supply_slots(self.scene.game, self.scene.layout_obj.supply):
            if rect.collidepoint(pos):
                return kind
        return None
