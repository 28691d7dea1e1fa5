"""The play scene's sidebar: the players, the tray with the tile to place and the figure
supply, and the turn log."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import Deploy, Game

from ... import palette as pal
from ...hud import draw_log, draw_players
from ...widgets import blit_centred, panel

if TYPE_CHECKING:
    from .scene import PlayScene


def supply_slots(game: Game, area: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
    """Where each kind of figure the current player still has sits in the supply row."""
    supply = game.supply[game.current]
    slots = []
    x = area.x
    width, step = round(area.h * 10 / 9), round(area.h * 23 / 18)  # 40 and 46 px at 100 %
    for kind, n in supply.items():
        if n > 0:
            slots.append((kind, pygame.Rect(x, area.y, width, area.h)))
            x += step
    return slots


def draw_sidebar(surface: pygame.Surface, scene: PlayScene, tile_dragged: bool) -> None:
    lay = scene.layout_obj
    res = scene.app.res
    px = res.px
    surface.fill(pal.SIDEBAR, pygame.Rect(lay.board.right, 0, surface.get_width()
                                          - lay.board.right, surface.get_height()))
    draw_players(surface, res, scene.session, lay.players)
    panel(surface, lay.tray)
    game = scene.game
    title = f"Tile to place   ·   {game.tiles_left} left in the pile"
    surface.blit(res.text(title, 20, pal.TEXT_DIM, bold=True), (lay.tray.x + px(14),
                                                                 lay.tray.y + px(10)))
    tile_id = game.current_tile
    if tile_id is not None and not tile_dragged:
        tile = game.tile_types[tile_id]
        img = scene.view.art.tile(tile, scene.rotation, lay.tray_tile.w)
        surface.blit(img, lay.tray_tile)
        if scene.human_turn and lay.tray_tile.collidepoint(scene.pointer.mouse):
            pygame.draw.rect(surface, pal.HIGHLIGHT, lay.tray_tile.inflate(px(6), px(6)),
                             width=px(3), border_radius=px(4))
    else:
        pygame.draw.rect(surface, pal.PANEL_EDGE, lay.tray_tile, width=px(2),
                         border_radius=px(6))
        if game.phase == "figure" and game.last_cell is not None:
            msg = "Placed" if scene.human_turn else ""
            blit_centred(surface, res.text(msg, 22, pal.TEXT_DIM), lay.tray_tile.center)
    if len(game.hand) > 1:
        others = ", ".join(game.hand[1:])
        surface.blit(res.text(f"Also in hand: {others}", 17, pal.TEXT_DIM),
                     (lay.tray.x + px(14), lay.tray_tile.bottom - px(2)))
    if game.phase == "figure" and scene.human_turn:
        _draw_supply(surface, scene)
    info = [line for m in game.modules for line in m.info()]
    if scene.feedback.show_log:
        draw_log(surface, res, scene.feedback.log[-60:], lay.log, info)


def _draw_supply(surface: pygame.Surface, scene: PlayScene) -> None:
    """The figures the player may take, the one held for the new tile faded."""
    game = scene.game
    lay = scene.layout_obj
    res = scene.app.res
    seat = scene.session.current_seat
    slots = supply_slots(game, lay.supply)
    for kind, rect in slots:
        held = isinstance(scene.pending, Deploy) and scene.pending.figure == kind \
            and game.supply[game.current][kind] == 1
        img = res.figures.figure(kind, seat.rgb, res.px(34))
        if held:
            img = img.copy()
            img.set_alpha(80)
        blit_centred(surface, img, rect.center)
    hint_x = (slots[-1][1].right + res.px(12)) if slots else lay.supply.x
    for i, line in enumerate(("drag onto a lit area", "or click the area")):
        surface.blit(res.text(line, 17, pal.TEXT_DIM),
                     (hint_x, lay.supply.y + res.px(2 + 17 * i)))
