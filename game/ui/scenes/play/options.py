"""What the player may do now, where on the screen: the lit cells for the tile being handled,
the areas of the new tile a figure may go to (with a ghost figure on each), the cells a
figure may move to (a hike) with their badges.

``pick_at`` is the one answer to "what would a click here do": the drawing lights exactly
what it returns and a click does exactly that, so a click never does something other than
what the highlight under the pointer shows.  Badges come first, then what ``feature_at``
finds (the figures drawn on the new tile, by their silhouettes, then the regions of the tile
as painted), then the rest of a move's cell.  ``feature_at`` is also what the feature card
asks, on every tile: the card under the pointer is always about what a click there chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from game.rules import Deploy, FeatureView, Game, Move, Phase
from game.rules.features import Figure
from game.view import move_label

from ...art.regions import Regions
from ...board_view import BoardView, figure_px, figure_rect
from ...camera import Camera, Cell
from .ghosts import GHOST_SCALE, place_ghosts

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

    def __init__(self, game: Game, camera: Camera, view: BoardView,
                 handled: Callable[[], str | None],
                 pending: Callable[[], Deploy | Move | None]) -> None:
        self.game = game
        self.camera = camera
        self.view = view
        self.art = view.art
        self.handled = handled  # the tile being handled (of a hand of several)
        self.pending = pending  # the figure or hike held, not confirmed yet
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

    def shown_rotation(self, cell: Cell, rotation: int) -> int:
        """The rotation a dragged tile, turned ``rotation`` by the player, shows and drops
        with on ``cell``: one that fits there, else ``rotation`` (refused, and told why).
        The player's ``rotation`` stays theirs: the next cell starts from it again."""
        fitting = self.fitting_rotation(cell, rotation)
        return rotation if fitting is None else fitting

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
            kinds = {t.index: t.deploys[0].figure for t in targets}
            cell = placed.cell

            def footprint(index: int, px: int) -> pygame.mask.Mask:
                lying = self.view.lies_down(cell, index, kinds[index])
                return self.view.figure_mask(kinds[index], px, lying)

            ghosts = place_ghosts([t.index for t in targets], placed.turned.anchors,
                                  self._regions(GHOST_PX), footprint,
                                  lines={t.index for t in targets if t.role == "line"})
            for t in targets:
                t.spot, t.ghost = ghosts[t.index].spot, ghosts[t.index].size
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

    def as_shown(self, game: Game, feature: FeatureView) -> FeatureView:
        """A feature of ``game`` with the figures the board shows on it: in the game in play,
        the figure held or the hike chosen, not confirmed yet, as if played (the figure on
        its area, the hiker at the end of its walk)."""
        pending = self.pending()
        if game is not self.game or pending is None or game.last_cell is None:
            return feature
        figures = list(feature.figures)
        if isinstance(pending, Deploy):
            cell, index = game.last_cell, game.target_feature(pending.target)
            if index is not None and (cell, index) in feature.parts:
                figures.append(Figure(-1, game.current, pending.figure, cell, index))
        else:
            moved = self.moved_figures(pending)
            figures = [f for f in figures if f.id not in moved]
            figures += [f for f in moved.values() if (f.cell, f.index) in feature.parts]
        return replace(feature, figures=tuple(figures))

    # ------------------------------------------------------------------ under the pointer
    def pick_at(self, pos: tuple[int, int]) -> Choice | None:
        """What a click at ``pos`` would choose (see the module's text)."""
        badge = self._badge_at(pos)
        if badge is not None:
            return badge
        target = self.target_at(pos)
        if target is not None:
            return target
        cell = self.camera.cell_at(pos)
        return next((m for m in self.moves() if m.cell == cell), None)

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The figure target under ``pos`` (see ``feature_at``)."""
        found = self.feature_at(self.game, pos, figures_shown=True)
        if found is None or found[0] != self.game.last_cell:
            return None
        return next((t for t in self.targets() if t.index == found[1]), None)

    def feature_at(self, game: Game, pos: tuple[int, int], figures_shown: bool
                   ) -> tuple[Cell, int] | None:
        """The placed feature (cell, index) under ``pos`` as the board shows it to the player
        (``game``: the one in play, or as the history shows it): with the figures of the
        player's choice shown on the new tile (``figures_shown``), a badge hides what lies
        under it and a figure stands for its feature; elsewhere the region of the tile
        painted there."""
        if figures_shown and game is self.game:
            if self._badge_at(pos) is not None:
                return None
            target = self._figure_under(pos)
            if target is not None and game.last_cell is not None:
                return game.last_cell, target.index
        cell = self.camera.cell_at(pos)
        placed = game.board.tiles.get(cell)
        if placed is None:
            return None
        regions = self.art.regions(placed.tile, placed.rotation, self.camera.tile_px)
        index = regions.at(self.camera.local_point(pos, cell))
        return None if index is None else (cell, index)

    def shown_figures(self) -> list[Target]:
        """The targets with a figure drawn on them: a ghost on each while none is held,
        else the one held (drawn at its ghost's spot and size)."""
        pending = self.pending()
        if pending is None:
            return self.targets()
        return [t for t in self.targets() if pending in t.deploys]

    def _figure_under(self, pos: tuple[int, int]) -> Target | None:
        """The target whose figure's silhouette is under ``pos``."""
        cell = self.game.last_cell
        if cell is None:
            return None
        cam = self.camera
        for t in self.shown_figures():
            px = figure_px(cam.scale, t.ghost)
            kind = t.deploys[0].figure
            mask = self.view.figure_mask(kind, px, self.view.lies_down(cell, t.index, kind))
            rect = figure_rect(mask.get_size(), cam.local_to_screen(cell, t.spot), px)
            if rect.collidepoint(pos) and mask.get_at((pos[0] - rect.x, pos[1] - rect.y)):
                return t
        return None

    def _badge_at(self, pos: tuple[int, int]) -> Move | None:
        for move in self.moves():
            if not self.label(move):
                continue  # no badge drawn, none to click
            bx, by, bw, bh = self.badge_rect(move.cell)
            if bx <= pos[0] < bx + bw and by <= pos[1] < by + bh:
                return move
        return None
