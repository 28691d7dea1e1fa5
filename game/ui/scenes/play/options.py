"""What the player may do now, where on the screen: the lit cells for the tile, the lit areas
of the new tile for a figure, the cells a figure may hike to."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import Deploy, Game, Move, Phase

from ...camera import Camera, Cell

ROLE_ORDER = {"inner": 0, "line": 1, "area": 2, "background": 3}


@dataclass
class Target:
    index: int  # feature index on the tile just placed
    deploys: list[Deploy]
    role: str


class TurnOptions:
    """The current player's choices, and which of them lies under a screen point."""

    def __init__(self, game: Game, camera: Camera) -> None:
        self.game = game
        self.camera = camera

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

    def fitting_rotation(self, cell: Cell, rotation: int) -> int | None:
        """The rotation to show on a hovered cell: ``rotation`` if it fits, else the first
        that fits (the cell offers its legal rotations first)."""
        rotations = [r // 90 for r in self.game.legal_placements().rotations(cell)]
        if not rotations:
            return None
        return rotation if rotation in rotations else rotations[0]

    def rotation_fits(self, cell: Cell, rotation: int) -> bool:
        return rotation * 90 in self.game.legal_placements().rotations(cell)
