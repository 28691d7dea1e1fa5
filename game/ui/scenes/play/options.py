"""What the player may do now, where on the screen: the lit cells for the tile being handled,
the areas of the new tile a figure may go to (with a ghost figure on each), the cells a
figure may move to (a hike) with their badges.

``pick_at`` is the one answer to "what would a click here do": the drawing lights exactly
what it returns and a click does exactly that, so a click never does something other than
what the highlight under the pointer shows.  Badges come first, then ghost figures, then the
regions of the tile as painted, then the rest of a move's cell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules import Deploy, Game, Move, Phase
from game.rules.features import Figure
from game.view import move_label

from ...art.regions import Regions
from ...art.tiles import TileArt
from ...camera import Camera, Cell
from .ghosts import GHOST_SCALE, spread

ROLE_ORDER = {"inner": 0, "line": 1, "area": 2, "background": 3}
GHOST_PX = 96  # the size of the region map ghost spots are checked on
BADGE_SIZE = (0.42, 0.24)  # a move's badge, in tiles, in the top right corner of its cell


@dataclass
class Target:
    index: int  # feature index on the tile just placed
    deploys: list[Deploy]
    role: str
    spot: tuple[float, float] = (0.5, 0.5)  # where its ghost stands, in unit tile coordinates
    ghost: float = GHOST_SCALE  # the ghost's size, in tiles


Choice = Target | Move


class TurnOptions:
    """The current player's choices, and which of them lies under a screen point."""

    def __init__(self, game: Game, camera: Camera, art: TileArt,
                 handled: Callable[[], str | None]) -> None:
        self.game = game
        self.camera = camera
        self.art = art
        self.handled = handled  # the tile being handled (of a hand of several)
        self._targets: tuple[tuple[object, ...], list[Target]] | None = None
        self._preview: tuple[Move, dict[int, Figure]] | None = None

    # ------------------------------------------------------------------ placing the tile
    @property
    def tile(self) -> str | None:
        return self.handled()

    def legal_cells(self) -> set[Cell]:
        tile = self.tile
        if self.game.phase is not Phase.PLACE or tile is None:
            return set()
        return set(self.game.legal_placements(tile).cells())

    def fitting_rotation(self, cell: Cell, rotation: int) -> int | None:
        """The rotation to show on a hovered cell: ``rotation`` if it fits, else the first
        that fits (the cell offers its legal rotations first)."""
        tile = self.tile
        if tile is None or self.game.phase is not Phase.PLACE:
            return None
        rotations = [r // 90 for r in self.game.legal_placements(tile).rotations(cell)]
        if not rotations:
            return None
        return rotation if rotation in rotations else rotations[0]

    def rotation_fits(self, cell: Cell, rotation: int) -> bool:
        tile = self.tile
        if tile is None or self.game.phase is not Phase.PLACE:
            return False
        return rotation * 90 in self.game.legal_placements(tile).rotations(cell)

    # ------------------------------------------------------------------ figures
    def targets(self) -> list[Target]:
        """The new tile's areas a figure may go to, inner features first; each with the
        spot of its ghost figure (spread so that no two ghosts overlap)."""
        game = self.game
        if game.phase is not Phase.FIGURE or game.last_cell is None:
            return []
        placed = game.board.tiles[game.last_cell]
        options = game.deploy_options()
        key = (game.last_cell, len(game.moves), tuple(options))
        if self._targets is not None and self._targets[0] == key:
            return self._targets[1]
        by_index: dict[int, Target] = {}
        for d in options:
            idx = game.target_feature(d.target)
            if idx is None:
                continue
            role = game.kinds[placed.tile.features[idx].kind].role
            by_index.setdefault(idx, Target(idx, [], role)).deploys.append(d)
        targets = sorted(by_index.values(), key=lambda t: ROLE_ORDER[t.role])
        if targets:
            spots, size = spread([t.index for t in targets], placed.turned.anchors,
                                 self._regions(GHOST_PX))
            for t in targets:
                t.spot, t.ghost = spots[t.index], size
        self._targets = (key, targets)
        return targets

    def regions(self) -> Regions | None:
        """The new tile's regions at the current zoom: what is lit, and what a click hits."""
        return self._regions(self.camera.tile_px) if self.game.last_cell is not None else None

    def _regions(self, size: int) -> Regions:
        cell = self.game.last_cell
        assert cell is not None
        placed = self.game.board.tiles[cell]
        return self.art.regions(placed.tile, placed.rotation, size)

    # ------------------------------------------------------------------ moves (hikes)
    def moves(self) -> list[Move]:
        if self.game.phase is not Phase.FIGURE:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, Move)]

    def label(self, move: Move) -> str | None:
        """What a move would bring (a hike's points), shown on its badge."""
        return move_label(self.game, move)

    def badge_rect(self, cell: Cell) -> tuple[int, int, int, int]:
        """Where a move's badge is drawn on screen (and clicked)."""
        x, y, w, h = self.camera.cell_rect(cell)
        bw, bh = round(w * BADGE_SIZE[0]), round(h * BADGE_SIZE[1])
        return (x + w - bw - round(w * 0.05), y + round(h * 0.05), bw, bh)

    def moved_figures(self, move: Move) -> dict[int, Figure]:
        """The figures a move would put elsewhere, where they would stand (the hiker at
        the end of its walk): played on a copy of the game."""
        if self._preview is not None and self._preview[0] == move:
            return self._preview[1]
        after = self.game.copy()
        after.apply(move)
        moved = {fid: f for fid, f in after.figures.items()
                 if fid in self.game.figures and (f.cell, f.index) !=
                 (self.game.figures[fid].cell, self.game.figures[fid].index)}
        self._preview = (move, moved)
        return moved

    # ------------------------------------------------------------------ under the pointer
    def pick_at(self, pos: tuple[int, int]) -> Choice | None:
        """What a click at ``pos`` would choose (see the module's text)."""
        moves = self.moves()
        for move in moves:
            if not self.label(move):
                continue  # no badge drawn, none to click
            bx, by, bw, bh = self.badge_rect(move.cell)
            if bx <= pos[0] < bx + bw and by <= pos[1] < by + bh:
                return move
        target = self.target_at(pos)
        if target is not None:
            return target
        cell = self.camera.cell_at(pos)
        return next((m for m in moves if m.cell == cell), None)

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The figure target under ``pos``: a ghost figure, else the region painted
        there."""
        cell = self.game.last_cell
        targets = self.targets()
        if cell is None or not targets:
            return None
        local = self.camera.local_point(pos, cell)
        for t in targets:
            if (local[0] - t.spot[0]) ** 2 + (local[1] - t.spot[1]) ** 2 <= (t.ghost / 2) ** 2:
                return t
        index = self._regions(self.camera.tile_px).at(local)
        return next((t for t in targets if t.index == index), None)
