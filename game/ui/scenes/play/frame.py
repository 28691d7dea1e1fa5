"""A frame of the play scene as its parts read it: a snapshot the scene makes for each frame
it draws and each intent it handles, which nobody changes.  What the pointer holds is here
too, as the pointer keeps it (a drag follows the pointer between frames)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import Deploy, Game, Move

from ...board_view import BoardView
from ...camera import Camera, Cell
from ...hud import Layout
from ...resources import Resources
from ...session import Session

Pos = tuple[int, int]


@dataclass
class TileDrag:
    pos: Pos
    button: int = 1


@dataclass
class FigureDrag:
    kind: str
    pos: Pos
    button: int = 1


@dataclass
class MoveDrag:
    """One of the player's figures on the board, dragged towards a lit cell (a hike)."""

    kind: str
    pos: Pos
    button: int = 1


Drag = TileDrag | FigureDrag | MoveDrag


@dataclass(frozen=True)
class Frame:
    res: Resources
    layout: Layout
    camera: Camera
    session: Session  # the game in play
    view: BoardView  # its board
    human_turn: bool  # a person at this window may act (never while the history is shown)
    rotation: int  # quarter turns of the tile being handled
    pending: Deploy | Move | None  # the figure placed or the hike chosen, not confirmed yet
    drag: Drag | None
    mouse: Pos
    panning: bool
    pointer_seen: bool  # the pointer has been over the window
    show_farms: bool
    in_history: bool  # the board shows an earlier turn
    shown: Session  # the game on the board: the one in play, or as it was in the history
    over_board: tuple[pygame.Rect, ...]  # what covers the board here and there (buttons...)
    board_covered: bool  # a panel covers the board (the tiles still to come)
    hinted: Deploy | Move | None = None  # the figure or hike the Hint shows now
    keyed: bool = False  # ``mouse`` is what the keys chose (a cell, a figure's spot)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def hovered_cell(self) -> Cell | None:
        """The board cell under the dragged tile, else under the pointer."""
        pos = self.drag.pos if isinstance(self.drag, TileDrag) else self.mouse
        if not self.layout.board.collidepoint(pos):
            return None
        return self.camera.cell_at(pos)

    def on_board(self, pos: Pos) -> bool:
        return bool(self.layout.board.collidepoint(pos))
