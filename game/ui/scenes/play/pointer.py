"""The pointer on the play scene: dragging a tile of the hand from the tray, a figure from
the supply or one of the player's figures on the board (a hike), press-and-pan on empty
board, and clicks on the board.  What a gesture means comes back as requests that the scene
acts on (``requests``).

Only the button that began a drag (or a press) ends it: during a drag, a right-click or the
wheel turns the dragged tile and does nothing else.  A dragged tile shows, and drops with,
the rotation the player chose wherever it fits, else one that fits the hovered cell: that
one is only shown, never kept as the player's (``TurnOptions.shown_rotation``).
"""

from __future__ import annotations

from game.rules import Deploy, Move, Phase

from ...intents import PointerDown, PointerMove, PointerUp, Wheel
from .frame import Drag, FigureDrag, Frame, MoveDrag, Pos, TileDrag
from .hand import HandTray
from .options import Target, TurnOptions
from .requests import (
    HandleTile,
    Hold,
    PanBoard,
    PlaceTile,
    Request,
    ShowRotation,
    TurnTile,
    ZoomBoard,
)
from .sidebar import supply_slots

PAN_THRESHOLD = 4  # pixels a press may wander before it counts as a drag


class Pointer:
    """What the pointer holds or presses, and where it is."""

    def __init__(self, options: TurnOptions, hand: HandTray) -> None:
        self.options = options
        self.hand = hand
        self.drag: Drag | None = None
        self.press: Pos | None = None  # where a press on the board began
        self.press_button = 0
        self.panning = False
        self.mouse = (0, 0)

    def release(self) -> None:
        """Drop whatever is held or pressed (another scene takes the pointer)."""
        self.drag = None
        self.press, self.press_button, self.panning = None, 0, False

    # ------------------------------------------------------------------ gestures
    def down(self, ev: PointerDown, frame: Frame) -> list[Request]:
        lay = frame.layout
        phase = frame.game.phase
        if self.drag is not None or self.press is not None:
            if ev.button == 3 and isinstance(self.drag, TileDrag):
                return [TurnTile(1)]
            return []  # another button during a gesture: nothing else
        if ev.button == 3:
            return [TurnTile(1)] if phase is Phase.PLACE and frame.human_turn else []
        if ev.button == 2 and lay.board.collidepoint(ev.pos):
            self.panning, self.press, self.press_button = True, ev.pos, 2
            return []
        if ev.button != 1:
            return []
        if frame.human_turn and phase is Phase.PLACE:
            slot = self.hand.slot_at(ev.pos, lay.tray_tile, lay.tray)
            if slot is not None:
                self.drag = TileDrag(ev.pos)
                return [HandleTile(slot)]
        if frame.human_turn and phase is Phase.FIGURE:
            kind = self._supply_kind_at(ev.pos, frame)
            if kind is not None:
                self.drag = FigureDrag(kind, ev.pos)
                return []
            fig_kind = self._own_figure_at(ev.pos, frame) if self.options.moves() else None
            if fig_kind is not None and not isinstance(self.options.pick_at(ev.pos), Move):
                self.drag = MoveDrag(fig_kind, ev.pos)
                return []
        if lay.board.collidepoint(ev.pos):
            self.press, self.press_button, self.panning = ev.pos, 1, False
        return []

    def move(self, ev: PointerMove) -> list[Request]:
        if self.drag is not None:
            self.drag.pos = ev.pos
            return []
        if self.press is None:
            return []
        dx, dy = ev.pos[0] - self.press[0], ev.pos[1] - self.press[1]
        if not self.panning and dx * dx + dy * dy > PAN_THRESHOLD ** 2:
            self.panning = True
            return [PanBoard(dx, dy)]
        if self.panning:
            return [PanBoard(ev.rel[0], ev.rel[1])]
        return []

    def up(self, ev: PointerUp, frame: Frame) -> list[Request]:
        if self.drag is not None:
            if ev.button != self.drag.button:
                return []
            drag, self.drag = self.drag, None
            if isinstance(drag, TileDrag):
                if frame.on_board(ev.pos):
                    cell = frame.camera.cell_at(ev.pos)
                    return [PlaceTile(cell, self.options.shown_rotation(cell, frame.rotation))]
            elif isinstance(drag, MoveDrag):
                choice = self.options.pick_at(ev.pos)
                if isinstance(choice, Move):
                    return [Hold(choice)]
            else:
                target = self.options.target_at(ev.pos)
                chosen = [d for d in target.deploys if d.figure == drag.kind] if target else []
                if chosen:
                    return [Hold(chosen[0])]
            return []
        if self.press is None or ev.button != self.press_button:
            return []
        was_click = not self.panning
        self.press, self.panning = None, False
        if was_click and ev.button == 1:
            return self._click_board(ev.pos, frame)
        return []

    def wheel(self, ev: Wheel, frame: Frame) -> list[Request]:
        """Turns a dragged tile, else zooms the board about the pointer."""
        if isinstance(self.drag, TileDrag):
            return [TurnTile(1 if ev.steps < 0 else -1)]
        if self.drag is None and frame.on_board(ev.pos):
            return [ZoomBoard(max(-3, min(3, ev.steps)), ev.pos)]
        return []

    # ------------------------------------------------------------------ what is where
    def _click_board(self, pos: Pos, frame: Frame) -> list[Request]:
        if not frame.human_turn:
            return []
        phase = frame.game.phase
        if phase is Phase.PLACE:
            cell = frame.camera.cell_at(pos)
            rotation = self.options.fitting_rotation(cell, frame.rotation)
            if rotation is not None:
                return [ShowRotation(rotation), PlaceTile(cell, rotation)]
            if cell in frame.game.board.demands and not self.hand.face_down:
                return [PlaceTile(cell, frame.rotation)]  # an unlit cell: refused, and why
        elif phase is Phase.FIGURE:
            pending = frame.pending
            choice = self.options.pick_at(pos)
            if isinstance(choice, Move):
                return [Hold(None if pending == choice else choice)]
            if isinstance(choice, Target):
                if isinstance(pending, Deploy) and pending in choice.deploys:
                    # Another click takes the next figure the area takes (a river: the
                    # fisher, then the hut), and after the last one the figure back.
                    following = choice.deploys.index(pending) + 1
                    return [Hold(choice.deploys[following]
                                 if following < len(choice.deploys) else None)]
                # An area that takes several figures (a river: a fisher or a hut) takes
                # the one the Hint shows there, else the first
                hinted = frame.hinted
                if isinstance(hinted, Deploy) and hinted in choice.deploys:
                    return [Hold(hinted)]
                return [Hold(choice.deploys[0])]
        return []

    def _own_figure_at(self, pos: Pos, frame: Frame) -> str | None:
        """The kind of the current player's figure under the pointer, if any."""
        game = frame.game
        reach = max(10.0, frame.camera.scale * 0.2)
        for fig in game.figures.values():
            if fig.player != game.current:
                continue
            x, y = frame.view.figure_point(frame.camera, fig)
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= reach * reach:
                return fig.kind
        return None

    def _supply_kind_at(self, pos: Pos, frame: Frame) -> str | None:
        for kind, rect in supply_slots(frame.game, frame.layout.supply):
            if rect.collidepoint(pos):
                return kind
        return None
