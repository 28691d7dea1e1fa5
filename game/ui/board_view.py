"""Draws the board through the camera: tiles, figures, highlights and region polygons."""

from __future__ import annotations

import colorsys
from collections.abc import Iterable, Mapping

import pygame

from game import view
from game.rules import Game, TileType
from game.rules.features import Figure
from game.rules.geometry import Point
from game.rules.looks import figure_sprite

from .art.icons import IconArt
from .camera import ZOOM_SCALES, Camera, Cell
from .resources import Resources

Colour = tuple[int, int, int]
MAX_TOKENS = 3  # tokens drawn one by one beside a figure; more: one with a count
DEAD: Colour = (214, 96, 70)  # a dead cell's mark: a muted red, clear of the lit cells' green
FIGURE_SCALE = 0.34  # a figure's height, in tiles
FIGURE_RISE = 0.08  # a figure stands this share of its height above its spot


def figure_px(tile_px: float, scale: float) -> int:
    """A figure's height in pixels on tiles ``tile_px`` wide."""
    return max(12, round(tile_px * scale))


def figure_rect(shape: tuple[int, int], at: tuple[float, float], px: int) -> pygame.Rect:
    """Where a figure's sprite of ``shape`` (w, h), ``px`` tall, is drawn for the spot
    ``at`` on screen."""
    rect = pygame.Rect((0, 0), shape)
    rect.center = (round(at[0]), round(at[1] - px * FIGURE_RISE))
    return rect


def draw_tokens(surface: pygame.Surface, res: Resources, icons: IconArt,
                figure_at: tuple[float, float], tile_px: float, icon: str, count: int) -> None:
    """Tokens beside a figure standing at ``figure_at`` on a tile ``tile_px`` wide (a
    shepherd's sheep): one icon each up to three, else one icon with a count badge."""
    x, y = figure_at
    size = max(14, round(tile_px * 0.24))
    img = icons.icon(icon, size, bare=size < 24)
    left = x + tile_px * 0.14 + size * 0.35
    shown = count if count <= MAX_TOKENS else 1
    for i in reversed(range(shown)):  # a little heap, the first in front
        surface.blit(img, img.get_rect(center=(round(left + i * size * 0.45),
                                               round(y + size * 0.15 - i * size * 0.3))))
    if count > MAX_TOKENS:
        text = res.board_text(str(count), max(14, round(size * 0.75)), (40, 30, 20),
                           bold=True)
        badge = text.get_rect(center=(round(left + size * 0.6), round(y - size * 0.4)))
        pill = badge.inflate(8, 2)
        pill.w = max(pill.w, pill.h)
        pill.center = badge.center
        pygame.draw.rect(surface, (250, 244, 228), pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, (120, 96, 70), pill, width=1, border_radius=pill.h // 2)
        surface.blit(text, badge)


class BoardView:
    def __init__(self, res: Resources, game: Game) -> None:
        self.res = res
        self.game = game
        self.art = res.tile_art(game.tileset)
        # Tiles at an in-between scale (while a zoom eases) are scaled from the nearest
        # cached scale once, then kept until the zoom settles.
        self._transient: dict[tuple[str, int, int], pygame.Surface] = {}
        self._masks: dict[tuple[str, int, bool], pygame.mask.Mask] = {}

    def tile_image(self, tile: TileType, rotation: int, px: int) -> pygame.Surface:
        if px in ZOOM_SCALES or px <= 16:
            return self.art.tile(tile, rotation, px)
        key = (tile.id, rotation, px)
        img = self._transient.get(key)
        if img is None:
            cached = min(ZOOM_SCALES, key=lambda s: (s < px, abs(s - px)))
            img = pygame.transform.smoothscale(self.art.tile(tile, rotation, cached), (px, px))
            if len(self._transient) > 600:
                self._transient.clear()
            self._transient[key] = img
        return img

    def settle(self) -> None:
        self._transient.clear()

    def draw_tiles(self, surface: pygame.Surface, cam: Camera) -> None:
        x0, y0, x1, y1 = cam.visible_cells()
        tiles = self.game.board.tiles
        for cell, placed in tiles.items():
            if x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1:
                x, y, w, _ = cam.cell_rect(cell)
                surface.blit(self.tile_image(placed.tile, placed.rotation, w), (x, y))

    def figure_point(self, cam: Camera, fig: Figure) -> tuple[float, float]:
        placed = self.game.board.tiles[fig.cell]
        return cam.local_to_screen(fig.cell, placed.turned.anchors[fig.index])

    def lies_down(self, cell: Cell, index: int, figure: str) -> bool:
        """A figure lies down on a field when it claims it (a farmer, a hunter); one that
        claims nothing there (a shepherd) or a building (a stable) stands."""
        placed = self.game.board.tiles[cell]
        kind = placed.tile.features[index].kind
        fig = self.game.tileset.figures[figure]
        return self.game.kinds[kind].role == "background" and fig.majority \
            and not fig.building

    def draw_figure(self, surface: pygame.Surface, cam: Camera, kind: str, colour: Colour,
                    cell: Cell, index: int, alpha: int = 255, scale: float = FIGURE_SCALE,
                    spot: Point | None = None) -> None:
        """A figure on feature ``index`` of the tile at ``cell``: at its anchor, or at
        ``spot`` (unit tile coordinates)."""
        placed = self.game.board.tiles[cell]
        at = cam.local_to_screen(cell, spot if spot is not None else placed.turned.anchors[index])
        size = figure_px(cam.scale, scale)
        # A faint figure (``alpha`` below 255) keeps its outline whole: only its body fades.
        img = self.res.figures.figure(figure_sprite(self.game.tileset.looks, kind), colour,
                                      size, lying=self.lies_down(cell, index, kind),
                                      body_alpha=alpha)
        surface.blit(img, figure_rect(img.get_size(), at, size))

    def figure_mask(self, kind: str, px: int, lying: bool) -> pygame.mask.Mask:
        """The pixels a figure drawn ``px`` tall covers (its shadow left out)."""
        key = (kind, px, lying)
        mask = self._masks.get(key)
        if mask is None:
            img = self.res.figures.figure(figure_sprite(self.game.tileset.looks, kind),
                                          (128, 128, 128), px, lying=lying)
            mask = self._masks[key] = pygame.mask.from_surface(img, 127)
            if len(self._masks) > 256:
                self._masks.pop(next(iter(self._masks)))
        return mask

    def draw_figures(self, surface: pygame.Surface, cam: Camera, colours: list[Colour],
                     moved: Mapping[int, Figure] | None = None) -> None:
        """Every figure on the board; those in ``moved`` (a move being chosen) where they
        would go, with a faint one where they stand now."""
        moved = moved or {}
        x0, y0, x1, y1 = cam.visible_cells()
        figures = [moved.get(f.id, f) for f in self.game.figures.values()]
        for fig in sorted(figures, key=lambda f: (f.cell[1], f.cell[0])):
            if fig.id in moved:
                was = self.game.figures[fig.id]
                self.draw_figure(surface, cam, was.kind, colours[was.player], was.cell,
                                 was.index, alpha=90)
            if x0 <= fig.cell[0] <= x1 and y0 <= fig.cell[1] <= y1:
                self.draw_figure(surface, cam, fig.kind, colours[fig.player], fig.cell,
                                 fig.index)
                tokens = view.figure_tokens(self.game, fig)
                if tokens is not None and tokens[1] > 0:
                    self._tokens(surface, cam, fig, *tokens)

    def _tokens(self, surface: pygame.Surface, cam: Camera, fig: Figure, icon: str,
                count: int) -> None:
        draw_tokens(surface, self.res, self.art.icons, self.figure_point(cam, fig), cam.scale,
                    icon, count)

    def cell_overlay(self, surface: pygame.Surface, cam: Camera, cell: Cell, colour: Colour,
                     alpha: int, border: int = 0) -> None:
        x, y, w, h = cam.cell_rect(cell)
        over = pygame.Surface((w, h), pygame.SRCALPHA)
        over.fill((*colour, alpha))
        if border:
            pygame.draw.rect(over, (*colour, min(255, alpha + 120)), over.get_rect(),
                             width=border, border_radius=max(2, w // 16))
        surface.blit(over, (x, y))

    def outline(self, surface: pygame.Surface, cam: Camera, cell: Cell, colour: Colour,
                width: int = 3) -> None:
        x, y, w, h = cam.cell_rect(cell)
        pygame.draw.rect(surface, colour, (x - 1, y - 1, w + 2, h + 2), width=width,
                         border_radius=3)

    def draw_dead_cells(self, surface: pygame.Surface, cam: Camera,
                        cells: Iterable[Cell]) -> None:
        """Cells no tile still to come can fill: a dark hollow crossed out."""
        x0, y0, x1, y1 = cam.visible_cells()
        for cell in cells:
            if not (x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1):
                continue
            x, y, w, _ = cam.cell_rect(cell)
            surface.blit(self.dead_mark(w), (x, y))

    def dead_mark(self, w: int) -> pygame.Surface:
        key = ("dead cell", w)
        img = self.res.images.get(key)
        if img is None:
            img = pygame.Surface((w, w), pygame.SRCALPHA)
            inset = max(2, round(w * 0.1))
            box = pygame.Rect(inset, inset, w - 2 * inset, w - 2 * inset)
            line = max(2, round(w / 22))
            pygame.draw.rect(img, (12, 8, 6, 120), box, border_radius=max(2, w // 10))
            pygame.draw.rect(img, (*DEAD, 230), box, width=line, border_radius=max(2, w // 10))
            a = box.inflate(-box.w // 2, -box.h // 2)
            pygame.draw.line(img, (*DEAD, 230), a.topleft, a.bottomright, line + 1)
            pygame.draw.line(img, (*DEAD, 230), a.topright, a.bottomleft, line + 1)
            self.res.images.put(key, img)
        return img

    def field_colours(self) -> dict[int, Colour]:
        """A colour per connected background feature (field), for the farm hints."""
        game = self.game
        out: dict[int, Colour] = {}
        feats = game.features
        roots = sorted({r for r in feats.roots()
                        if game.kinds[feats.kind[r]].role == "background"})
        for i, root in enumerate(roots):
            hue = (i * 0.618034) % 1.0
            r, g, b = colorsys.hsv_to_rgb(hue, 0.75, 1.0)
            out[root] = (int(r * 255), int(g * 255), int(b * 255))
        return out

    def draw_field_hints(self, surface: pygame.Surface, cam: Camera) -> None:
        """Tint every field by the connected field it belongs to.  Field shapes may lie
        under cities and roads, so those are cut out of each tile's tint again."""
        game = self.game
        colours = self.field_colours()
        x0, y0, x1, y1 = cam.visible_cells()
        for cell, placed in game.board.tiles.items():
            if not (x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1):
                continue
            x, y, w, h = cam.cell_rect(cell)
            over = pygame.Surface((w, h), pygame.SRCALPHA)
            shapes = placed.turned.shapes
            others = []
            for f in placed.tile.features:
                local = [(px * w, py * h) for px, py in shapes[f.index]]
                if game.kinds[f.kind].role == "background":
                    root = game.features.find(placed.fids[f.index])
                    pygame.draw.polygon(over, (*colours[root], 120), local)
                else:
                    others.append(local)
            for local in others:
                pygame.draw.polygon(over, (0, 0, 0, 0), local)
            surface.blit(over, (x, y))
