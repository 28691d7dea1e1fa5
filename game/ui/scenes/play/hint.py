"""The Hint on the board: the quick computer player's tile, lit where it would go, its figure
on it, and why in one line under the banner.  Shown until the player acts or asks again; it
never plays (see ``game.hints``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.hints import Hint, suggest
from game.i18n import _
from game.rules import Deploy, Move

from ... import palette as pal
from ...picture import feature_index
from ...widgets import blit_centred, fit_text, panel

if TYPE_CHECKING:
    from .scene import PlayScene


class HintShown:
    """The hint of one moment of the game: it goes as soon as a move is made."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.hint: Hint | None = None
        self.moves = -1  # how many moves the game had when the hint was made

    @property
    def allowed(self) -> bool:
        return bool(self.scene.app.settings.get("hints")) and self.scene.human_turn

    def toggle(self) -> None:
        game = self.scene.game
        if self.current() is not None:
            self.hint = None
            return
        if not self.allowed or game.over:
            return
        self.hint = suggest(game, seed=game.seed * 7919 + len(game.moves))
        self.moves = len(game.moves)
        self._bring_into_view()

    def current(self) -> Hint | None:
        if self.hint is not None and (self.moves != len(self.scene.game.moves)
                                      or not self.allowed):
            self.hint = None
        return self.hint

    def _bring_into_view(self) -> None:
        hint = self.hint
        cell = hint.place.cell if hint and hint.place else self.scene.game.last_cell
        if isinstance(hint and hint.figure, Move):
            cell = hint.figure.cell  # type: ignore[union-attr]
        if cell is None:
            return
        cam = self.scene.camera
        x0, y0, x1, y1 = cam.visible_cells()
        if x0 < cell[0] < x1 and y0 < cell[1] < y1:
            return
        x, y, w, h = cam.cell_rect(cell)
        vx, vy, vw, vh = cam.viewport
        cam.pan_pixels(vx + vw / 2 - (x + w / 2), vy + vh / 2 - (y + h / 2))

    def draw(self, surface: pygame.Surface) -> None:
        """The lit cell, the tile and the figure; call with the board clipped."""
        hint = self.current()
        if hint is None:
            return
        scene = self.scene
        game, cam, view = scene.game, scene.camera, scene.view
        rgb = scene.session.current_seat.rgb
        if hint.place is not None:
            tile = game.tile_types[hint.place.tile]
            q = hint.place.rotation // 90
            x, y, w, _h = cam.cell_rect(hint.place.cell)
            img = view.tile_image(tile, q, w).copy()
            img.set_alpha(190)
            surface.blit(img, (x, y))
            view.outline(surface, cam, hint.place.cell, pal.HIGHLIGHT, width=4)
            if isinstance(hint.figure, Deploy):
                turned = tile.rotations[q]
                index = feature_index(tile, turned, hint.figure.target)
                if index is not None:
                    at = cam.local_to_screen(hint.place.cell, turned.anchors[index])
                    size = max(14, round(cam.scale * 0.34))
                    lying = game.kinds[tile.features[index].kind].role == "background"
                    figure = scene.app.res.figures.figure(hint.figure.figure, rgb, size,
                                                          lying=lying)
                    blit_centred(surface, figure, at)
        elif isinstance(hint.figure, Deploy) and game.last_cell is not None:
            target = next((t for t in scene.options.targets() if hint.figure in t.deploys),
                          None)
            regions = scene.options.regions()
            if target is not None and regions is not None:
                x, y, _w, _h = cam.cell_rect(game.last_cell)
                surface.blit(regions.highlight(target.index, pal.HIGHLIGHT, 120, edge=3), (x, y))
                view.draw_figure(surface, cam, hint.figure.figure, rgb, game.last_cell,
                                 target.index, alpha=220, spot=target.spot)
        if isinstance(hint.figure, Move):
            view.cell_overlay(surface, cam, hint.figure.cell, pal.HIGHLIGHT, 120, border=4)

    def draw_line(self, surface: pygame.Surface, board: pygame.Rect, top: int) -> None:
        """Why, in one line, under the banner (at ``top``)."""
        hint = self.current()
        if hint is None:
            return
        res = self.scene.app.res
        px = res.px
        text = fit_text(res, _("Hint: {why}").format(why=hint.why), 21, board.w - px(80), True)
        img = res.text(text, 21, pal.TEXT, bold=True)
        rect = img.get_rect(midtop=(board.centerx, top + px(7))).inflate(px(28), px(14))
        panel(surface, rect, colour=pal.FIELD_BG, radius=px(12))
        pygame.draw.rect(surface, pal.HIGHLIGHT, rect, width=px(3), border_radius=px(12))
        blit_centred(surface, img, rect.center)
