"""The play scene's sidebar: the players, the tray with the hand and the figure supply, and
the turn log."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.rules import Deploy, Game, Phase
from game.view import module_lines

from ... import palette as pal
from ...hud import LogLine, draw_log, draw_players
from ...widgets import blit_centred, panel
from .hand import hides_hands

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
    surface.fill(pal.SIDEBAR, pygame.Rect(lay.board.right, 0, surface.get_width()
                                          - lay.board.right, surface.get_height()))
    history = scene.history
    if history.active and history.session is not None:
        draw_players(surface, res, history.session, lay.players)
        history.draw_tray(surface, lay.tray, lay.tray_tile)
    else:
        draw_players(surface, res, scene.session, lay.players,
                     scene.score_show.shown_scores())
        _draw_tray(surface, scene, tile_dragged)
    # the rules' state lines of the game shown (in the history: as it stood then)
    game = history.session.game if history.active and history.session else scene.game
    info = module_lines(game)
    if scene.feedback.show_log:
        draw_log(surface, res, visible_log(scene), lay.log, info)


def visible_log(scene: PlayScene) -> list[LogLine]:
    """The log's lines, the history's turn lit; the final scoring's lines come one by one
    as the board shows them."""
    history = scene.history
    lines = scene.feedback.log_lines(history.turn if history.active else None)
    waiting = 0 if history.active else scene.score_show.final_waiting()
    return lines[:len(lines) - waiting]


def _draw_tray(surface: pygame.Surface, scene: PlayScene, tile_dragged: bool) -> None:
    """The tile to place, the figures to take, the rules' questions."""
    lay = scene.layout_obj
    res = scene.app.res
    px = res.px
    panel(surface, lay.tray)
    game = scene.game
    tiles = scene.hand.tiles()
    n = game.tiles_left
    if game.phase is Phase.OVER:
        # no tile and no supply to show: the tray says why it is empty
        surface.blit(res.text(_("The game is over"), 20, pal.TEXT_DIM,
                              bold=True), (lay.tray.x + px(14), lay.tray.y + px(10)))
        return
    title = (ngettext("Tiles in hand   ·   {count} left in the pile",
                      "Tiles in hand   ·   {count} left in the pile", n) if hides_hands(game)
             else ngettext("Tile to place   ·   {count} left in the pile",
                           "Tile to place   ·   {count} left in the pile", n)).format(count=n)
    surface.blit(res.text(title, 20, pal.TEXT_DIM, bold=True), (lay.tray.x + px(14),
                                                                 lay.tray.y + px(10)))
    if tiles:
        hover = scene.pointer.mouse if scene.human_turn else None
        scene.hand.draw(surface, res, scene.view.art, lay.tray_tile, lay.tray, scene.rotation,
                        tile_dragged, hover)
    else:
        pygame.draw.rect(surface, pal.PANEL_EDGE, lay.tray_tile, width=px(2),
                         border_radius=px(6))
        if game.phase is Phase.FIGURE and game.last_cell is not None and scene.human_turn:
            blit_centred(surface, res.text(_("Placed"), 22, pal.TEXT_DIM), lay.tray_tile.center)
    if game.phase is Phase.FIGURE and scene.human_turn:
        _draw_supply(surface, scene)


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
    for i, line in enumerate((_("drag onto a lit area"), _("or click the area"))):
        surface.blit(res.text(line, 17, pal.TEXT_DIM),
                     (hint_x, lay.supply.y + res.px(2 + 17 * i)))
