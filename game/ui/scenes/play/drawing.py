"""Drawing the play scene: the board with what the player may do lit on it, the held figure,
the computer's action being shown, the popups, then the sidebar, buttons and banner."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import Deploy

from ... import palette as pal
from ...hud import describe_phase, draw_banner, draw_remaining
from ...widgets import Button, blit_centred
from .pointer import FigureDrag, MoveDrag, TileDrag
from .sidebar import draw_sidebar

if TYPE_CHECKING:
    from .scene import PlayScene


def draw_play(surface: pygame.Surface, scene: PlayScene) -> None:
    lay = scene.layout_obj
    cam = scene.camera
    game = scene.game
    drag = scene.pointer.drag
    surface.fill(pal.TABLE, lay.board)
    clip = surface.get_clip()
    surface.set_clip(lay.board)
    scene.view.draw_tiles(surface, cam)
    if scene.show_farms:
        scene.view.draw_field_hints(surface, cam)
    _draw_last_tiles(surface, scene)
    if scene.human_turn and game.phase == "place":
        _draw_placement(surface, scene)
    if scene.human_turn and game.phase == "figure":
        _draw_targets(surface, scene)
        _draw_moves(surface, scene)
    scene.view.draw_figures(surface, cam, [s.rgb for s in scene.session.seats])
    if isinstance(scene.pending, Deploy) and game.last_cell is not None:
        idx = game.target_feature(scene.pending.target)
        if idx is not None:
            scene.view.draw_figure(surface, cam, scene.pending.figure,
                                   scene.session.current_seat.rgb, game.last_cell, idx,
                                   alpha=235)
    scene.hint.draw(surface)
    scene.computer.draw(surface, cam, scene.view, lay.tray_tile, scene.app.res)
    scene.feedback.draw_popups(surface, scene.app.res)
    scene.questions.draw(surface)
    surface.set_clip(clip)
    draw_sidebar(surface, scene, tile_dragged=isinstance(drag, TileDrag))
    for b in scene.buttons:
        b.enabled = _button_enabled(scene, b)
        b.draw(surface, scene.app.res)
    seat = scene.session.current_seat
    draw_banner(surface, scene.app.res, lay.board,
                describe_phase(scene.session, scene.pending is not None), seat.rgb)
    scene.hint.draw_line(surface, lay.board, scene.questions.below_banner)
    if scene.show_tiles:
        draw_remaining(surface, scene.app.res, scene.session, lay.board,
                       scene.view.art.tile)
    if isinstance(drag, (FigureDrag, MoveDrag)):
        img = scene.app.res.figures.figure(drag.kind, seat.rgb,
                                           max(24, round(cam.scale * 0.34)))
        blit_centred(surface, img, drag.pos)


def _button_enabled(scene: PlayScene, b: Button) -> bool:
    if b.label == "Confirm":
        return scene.human_turn and scene.game.phase == "figure"
    if b.label == "Undo":
        return scene.human_turn and (scene.pending is not None or scene.game.can_undo)
    if b.label == "Hint":
        return scene.hint.allowed
    return True


def _draw_last_tiles(surface: pygame.Surface, scene: PlayScene) -> None:
    """The newest tile outlined: lit while its player may add a figure, else in the colour of
    the player who laid it."""
    game = scene.game
    tiles = game.board.tiles
    if len(tiles) <= 1:
        return
    newest = max(tiles.values(), key=lambda t: t.order)
    if game.phase == "figure":
        colour = pal.HIGHLIGHT
    else:
        colour = scene.session.seat((game.current - 1) % len(scene.session.seats)).rgb
    scene.view.outline(surface, scene.camera, newest.cell, colour, width=3)


def _draw_placement(surface: pygame.Surface, scene: PlayScene) -> None:
    """The lit cells, and the tile on the hovered one (dragged, or offered on hover)."""
    cam = scene.camera
    game = scene.game
    view = scene.view
    tile_id = game.current_tile
    if tile_id is None:
        return
    tile = game.tile_types[tile_id]
    legal = scene.options.legal_cells()
    drag = scene.pointer.drag
    dragging = isinstance(drag, TileDrag)
    for cell in legal:
        view.cell_overlay(surface, cam, cell, pal.LEGAL, 90 if dragging else 45,
                          border=3 if dragging else 2)
    hovered = scene.pointer.hovered_cell()
    if isinstance(drag, TileDrag):
        if hovered is not None and hovered in game.board.demands:
            fits = scene.options.rotation_fits(hovered, scene.rotation)
            x, y, w, _ = cam.cell_rect(hovered)
            img = view.tile_image(tile, scene.rotation, w)
            if not fits:
                img = img.copy()
                img.set_alpha(150)
            surface.blit(img, (x, y))
            view.outline(surface, cam, hovered, pal.LEGAL if fits else pal.ILLEGAL, 4)
        else:
            px = max(40, round(cam.scale))
            img = view.tile_image(tile, scene.rotation, px).copy()
            img.set_alpha(200)
            blit_centred(surface, img, drag.pos)
    elif hovered is not None and hovered in legal:
        rot = scene.options.fitting_rotation(hovered, scene.rotation)
        if rot is not None:
            x, y, w, _ = cam.cell_rect(hovered)
            img = view.tile_image(tile, rot, w).copy()
            img.set_alpha(170)
            surface.blit(img, (x, y))


def _draw_targets(surface: pygame.Surface, scene: PlayScene) -> None:
    """The areas of the new tile a figure may go to, the hovered one in the player's
    colour."""
    game = scene.game
    cell = game.last_cell
    if cell is None:
        return
    shapes = game.board.tiles[cell].turned.shapes
    drag = scene.pointer.drag
    hover_pos = drag.pos if isinstance(drag, FigureDrag) else scene.pointer.mouse
    hovered = scene.options.target_at(hover_pos)
    colour = scene.session.current_seat.rgb
    targets = scene.options.targets()
    for t in reversed(targets):
        if hovered is not None and t.index == hovered.index:
            continue
        scene.view.polygon(surface, scene.camera, cell, shapes[t.index], pal.TARGET, 55, edge=2)
    if hovered is not None:
        scene.view.polygon(surface, scene.camera, cell, shapes[hovered.index], colour, 110,
                           edge=3)
    if scene.pending is None:
        # A faint figure on every free spot shows at a glance where one may go.
        for t in targets:
            alpha = 235 if hovered is not None and t.index == hovered.index else 110
            scene.view.draw_figure(surface, scene.camera, t.deploys[0].figure, colour, cell,
                                   t.index, alpha=alpha, scale=0.28)


def _draw_moves(surface: pygame.Surface, scene: PlayScene) -> None:
    """The cells a figure may hike to, with what each is worth."""
    drag = scene.pointer.drag
    hovered = scene.options.move_at(drag.pos if isinstance(drag, MoveDrag)
                                    else scene.pointer.mouse)
    for move in scene.options.moves():
        chosen = move == scene.pending
        alpha = 150 if chosen else (110 if move == hovered else 60)
        scene.view.cell_overlay(surface, scene.camera, move.cell, pal.HIGHLIGHT, alpha,
                                border=4 if chosen else 2)
        label = next((t for m in scene.game.modules if (t := m.move_label(move))), None)
        if label:
            x, y, w, h = scene.camera.cell_rect(move.cell)
            img = scene.app.res.board_text(label, max(18, w // 4), pal.TEXT, bold=True)
            rect = img.get_rect(center=(x + w // 2, y + h // 2)).inflate(10, 4)
            pygame.draw.rect(surface, pal.HIGHLIGHT, rect, border_radius=6)
            blit_centred(surface, img, rect.center)
