"""Drawing the play scene: the board with what the player may do lit on it, the held figure,
the computer's action being shown, the popups, then the sidebar, buttons, banner and the
panels over the board (the rules' question, the tiles still to come)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import Deploy, Move, Phase, Place

from ... import palette as pal
from ...hud import describe_phase, draw_banner
from ...widgets import Button, blit_centred
from .options import Target
from .pointer import FigureDrag, MoveDrag, TileDrag
from .score_show import final_banner
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
    if scene.history.active:
        scene.history.draw_board(surface)
    else:
        _draw_board(surface, scene)
    surface.set_clip(clip)
    draw_sidebar(surface, scene, tile_dragged=isinstance(drag, TileDrag))
    for b in scene.active_buttons():
        b.enabled = _button_enabled(scene, b)
        b.draw(surface, scene.app.res)
    seat = scene.session.current_seat
    prompt = (scene.history.banner() if scene.history.active else None) or \
        final_banner(scene) or describe_phase(scene.session, scene.pending is not None,
                                              can_move=bool(scene.options.moves()),
                                              hand=len(scene.hand.tiles()))
    draw_banner(surface, scene.app.res, lay.board, prompt,
                scene.history.colour() if scene.history.active else seat.rgb,
                clear_of=scene.history_button.rect)
    if not scene.history.active:
        hint = scene.hint.current()
        scene.question.draw(surface, scene.app.res,
                            hint.answer.choice if hint is not None and hint.answer else None)
        scene.hint.draw_line(surface, lay.board, scene.question.below_banner(scene.app.res))
    if scene.remaining.shown:
        scene.remaining.draw(surface, scene.app.res, game, lay.board, scene.view.art.tile)
    if isinstance(drag, (FigureDrag, MoveDrag)):
        img = scene.app.res.figures.figure(drag.kind, seat.rgb,
                                           max(24, round(cam.scale * 0.34)))
        blit_centred(surface, img, drag.pos)
    scene.score_show.draw_flights(surface)
    if scene.history.active:
        scene.history.draw_slider(surface)
    scene.hover.draw_card(surface)


def _draw_board(surface: pygame.Surface, scene: PlayScene) -> None:
    """The game's board with what the player may do lit on it, the held figure, the
    computer's action and the scoring being shown."""
    cam = scene.camera
    game = scene.game
    scene.view.draw_tiles(surface, cam)
    if scene.show_farms:
        scene.view.draw_field_hints(surface, cam)
    _draw_last_tiles(surface, scene)
    scene.score_show.draw_board(surface)
    scene.hover.draw_outline(surface)
    if scene.human_turn and game.phase is Phase.PLACE and not scene.hand.face_down:
        _draw_placement(surface, scene)
    if scene.human_turn and game.phase is Phase.FIGURE:
        _draw_choices(surface, scene)
    moved = scene.options.moved_figures(scene.pending) if isinstance(scene.pending, Move) \
        else None
    scene.view.draw_figures(surface, cam, [s.rgb for s in scene.session.seats], moved)
    scene.score_show.draw_figures(surface)
    if isinstance(scene.pending, Deploy) and game.last_cell is not None:
        target = next((t for t in scene.options.targets()
                       if scene.pending in t.deploys), None)
        if target is not None:
            scene.view.draw_figure(surface, cam, scene.pending.figure,
                                   scene.session.current_seat.rgb, game.last_cell,
                                   target.index, alpha=235, spot=target.spot)
    scene.hint.draw(surface)
    scene.computer.draw(surface, cam, scene.view, _glide_start(scene), scene.app.res)
    scene.feedback.draw_popups(surface, scene.app.res)


def _glide_start(scene: PlayScene) -> pygame.Rect:
    """Where a computer's tile starts its glide: its place in the tray."""
    lay = scene.layout_obj
    anim = scene.computer.animation
    tiles = scene.hand.tiles()
    if anim is None or not isinstance(anim.action, Place) or anim.action.tile not in tiles:
        return lay.tray_tile
    return scene.hand.slots(lay.tray_tile, lay.tray)[tiles.index(anim.action.tile)]


def _button_enabled(scene: PlayScene, b: Button) -> bool:
    if b is scene.confirm_button:
        return scene.human_turn and scene.game.phase is Phase.FIGURE
    if b is scene.undo_button:
        return scene.human_turn and (scene.pending is not None or scene.game.can_undo)
    if b is scene.hint_button:
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
    if game.phase is Phase.FIGURE:
        colour = pal.HIGHLIGHT
    else:
        colour = scene.session.seat((game.current - 1) % len(scene.session.seats)).rgb
    scene.view.outline(surface, scene.camera, newest.cell, colour, width=3)


def _draw_placement(surface: pygame.Surface, scene: PlayScene) -> None:
    """The lit cells for the tile being handled, and that tile on the hovered cell (dragged,
    or offered on hover)."""
    cam = scene.camera
    game = scene.game
    view = scene.view
    tile_id = scene.hand.handled()
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


def _draw_choices(surface: pygame.Surface, scene: PlayScene) -> None:
    """What the player may do with a figure: the new tile's areas (each with a ghost
    figure), the cells a figure may hike to with their badges.  What lies under the pointer
    (``pick_at``, the very thing a click would do) is lit in the player's colour."""
    drag = scene.pointer.drag
    pos = drag.pos if isinstance(drag, (FigureDrag, MoveDrag)) else scene.pointer.mouse
    picked = scene.options.pick_at(pos) if scene.layout_obj.board.collidepoint(pos) else None
    if isinstance(drag, FigureDrag) and not isinstance(picked, Target):
        picked = None
    _draw_move_cells(surface, scene, picked)
    _draw_targets(surface, scene, picked)
    _draw_badges(surface, scene, picked)


def _draw_targets(surface: pygame.Surface, scene: PlayScene, picked: object) -> None:
    game = scene.game
    cell = game.last_cell
    regions = scene.options.regions()
    if cell is None or regions is None:
        return
    colour = scene.session.current_seat.rgb
    x, y, _, _ = scene.camera.cell_rect(cell)
    targets = scene.options.targets()
    hovered = picked.index if isinstance(picked, Target) else None
    for t in reversed(targets):
        if t.index != hovered:
            surface.blit(regions.highlight(t.index, pal.TARGET, 55, edge=2), (x, y))
    if hovered is not None:
        surface.blit(regions.highlight(hovered, colour, 110, edge=3), (x, y))
    if scene.pending is None:
        # A faint figure on every free spot shows at a glance where one may go.
        for t in targets:
            alpha = 235 if t.index == hovered else 110
            scene.view.draw_figure(surface, scene.camera, t.deploys[0].figure, colour, cell,
                                   t.index, alpha=alpha, scale=t.ghost, spot=t.spot)


def _draw_move_cells(surface: pygame.Surface, scene: PlayScene, picked: object) -> None:
    """The cells a figure may hike to."""
    for move in scene.options.moves():
        chosen = move == scene.pending
        lit = move == picked
        alpha = 150 if chosen else (110 if lit else 60)
        scene.view.cell_overlay(surface, scene.camera, move.cell, pal.HIGHLIGHT, alpha,
                                border=4 if chosen or lit else 2)


def _draw_badges(surface: pygame.Surface, scene: PlayScene, picked: object) -> None:
    """On each of those cells, its badge (what the hike is worth), over everything else."""
    res = scene.app.res
    colour = scene.session.current_seat.rgb
    for move in scene.options.moves():
        label = scene.options.label(move)
        if not label:
            continue
        lit = move in (picked, scene.pending)
        rect = pygame.Rect(scene.options.badge_rect(move.cell))
        pygame.draw.rect(surface, colour if lit else pal.HIGHLIGHT, rect,
                         border_radius=rect.h // 2)
        pygame.draw.rect(surface, pal.TEXT, rect, width=2, border_radius=rect.h // 2)
        img = res.board_text(label, max(14, rect.h - 6), pal.TEXT_LIGHT if lit else pal.TEXT,
                             bold=True)
        blit_centred(surface, img, rect.center)
