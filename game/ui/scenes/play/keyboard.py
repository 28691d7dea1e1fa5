"""A turn from the keyboard: the lit cell chosen for the tile, the figure chosen for the new
tile (or the hike, or no figure), the answer chosen to the rules' question.

With the tile in hand, Tab chooses a lit cell (the nearest the last placement first, then
outwards, clockwise from the top), Tab and Shift+Tab go to the next and previous one and the
arrow keys to the nearest lit cell that way; the tile shows on the chosen cell as on a
hovered one (the board reads the chosen cell as the pointer's, ``point``).  Once the tile
is down, Tab goes through the figures the new tile takes (each area, each kind of figure it
takes), the hikes and "no figure"; choosing one holds it, as a click does, and Enter ends
the turn with it.  When the rules ask a question, Tab goes through its answers.

The keys choose until the pointer moves: the board is then the pointer's again.  What the
keys chose is told on a card at the board's foot, with the keys that go on from there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.rules import Deploy, Game, Move, Phase
from game.view import move_name
from game.words.i18n import _, ngettext
from game.words.vocabulary import a_figure, the_kind

from ... import palette as pal
from ...camera import Camera, Cell
from ...keymap import key_label
from ...resources import Resources
from ...widgets import panel, wrap_text
from .options import TurnOptions

FigureChoice = Deploy | Move | None
STRIP_W = 460  # the card's width at most, at 100 %


@dataclass(frozen=True)
class Told:
    """The card of the keys' choice: a title and a line."""

    title: str
    line: str


def cells_in_order(cells: set[Cell], origin: Cell | None) -> list[Cell]:
    """The lit cells as Tab goes through them: nearest ``origin`` first, then outwards; at
    the same distance clockwise from the top."""
    ox, oy = origin if origin is not None else (0, 0)

    def key(cell: Cell) -> tuple[int, float, int, int]:
        dx, dy = cell[0] - ox, cell[1] - oy
        return (dx * dx + dy * dy, math.atan2(dx, -dy) % (2 * math.pi), cell[1], cell[0])

    return sorted(cells, key=key)


def nearest_towards(cells: set[Cell], at: Cell, direction: tuple[int, int]) -> Cell | None:
    """The lit cell nearest ``at`` that lies in ``direction`` (a unit step on screen):
    straight that way first, a cell off to the side counting for more."""
    ux, uy = direction
    best: tuple[float, Cell] | None = None
    for cell in cells:
        dx, dy = cell[0] - at[0], cell[1] - at[1]
        along = dx * ux + dy * uy
        if along <= 0:
            continue
        across = abs(dx * uy - dy * ux)
        score = along + 2.5 * across
        if best is None or (score, cell) < best:
            best = (score, cell)
    return None if best is None else best[1]


class KeyChoice:
    def __init__(self, game: Game, options: TurnOptions) -> None:
        self.game = game
        self.options = options
        self.cell: Cell | None = None  # the lit cell chosen
        self.figure: int | None = None  # the index of the figure chosen, in ``figures()``
        self.answer: int | None = None  # the index of the answer chosen
        self.active = False  # the keys chose last (the pointer has not moved since)

    def forget(self) -> None:
        self.cell = self.figure = self.answer = None
        self.active = False

    # ------------------------------------------------------------------ the tile
    def origin(self) -> Cell | None:
        """The last placement: where the walk through the lit cells starts."""
        tiles = self.game.board.tiles
        return max(tiles.values(), key=lambda t: t.order).cell if tiles else None

    def step_cell(self, step: int) -> Cell | None:
        """The next (``step`` 1) or previous lit cell; the first when none was chosen."""
        order = cells_in_order(self.options.legal_cells(), self.origin())
        if not order:
            return None
        if self.cell in order and self.active:
            self.cell = order[(order.index(self.cell) + step) % len(order)]
        else:
            self.cell = order[0] if step > 0 else order[-1]
        self.active = True
        return self.cell

    def move_cell(self, direction: tuple[int, int]) -> Cell | None:
        """The nearest lit cell that way (the chosen one stays when there is none)."""
        if self.cell is None:
            return None
        found = nearest_towards(self.options.legal_cells(), self.cell, direction)
        if found is not None:
            self.cell = found
        return self.cell

    def chosen_cell(self) -> Cell | None:
        """The cell chosen, while the keys choose and it is still lit."""
        if not self.active or self.cell is None or self.game.phase is not Phase.PLACE:
            return None
        return self.cell if self.cell in self.options.legal_cells() else None

    # ------------------------------------------------------------------ the figure
    def figures(self) -> list[FigureChoice]:
        """What Tab goes through once the tile is down: each figure each area of the new
        tile takes, then each hike, then no figure."""
        deploys: list[FigureChoice] = [d for t in self.options.targets() for d in t.deploys]
        return [*deploys, *self.options.moves(), None]

    def step_figure(self, step: int) -> FigureChoice:
        choices = self.figures()
        if self.figure is None or not self.active or self.figure >= len(choices):
            self.figure = 0 if step > 0 else len(choices) - 1
        else:
            self.figure = (self.figure + step) % len(choices)
        self.active = True
        return choices[self.figure]

    def chosen_figure(self) -> tuple[FigureChoice, bool]:
        """The figure chosen and whether one is (no figure is a choice too)."""
        choices = self.figures()
        if not self.active or self.figure is None or self.figure >= len(choices) \
                or self.game.phase is not Phase.FIGURE:
            return None, False
        return choices[self.figure], True

    # ------------------------------------------------------------------ the question
    def step_answer(self, step: int, answers: int) -> int | None:
        if not answers:
            return None
        if self.answer is None or not self.active or self.answer >= answers:
            self.answer = 0 if step > 0 else answers - 1
        else:
            self.answer = (self.answer + step) % answers
        self.active = True
        return self.answer

    # ------------------------------------------------------------------ where, what
    def point(self, camera: Camera) -> tuple[int, int] | None:
        """The screen point the board reads as the pointer's while the keys choose: the
        chosen cell's middle, the chosen figure's spot, a hike's cell."""
        cell = self.chosen_cell()
        if cell is not None:
            return _middle(camera, cell)
        choice, _chosen = self.chosen_figure()
        if isinstance(choice, Deploy) and self.game.last_cell is not None:
            target = next((t for t in self.options.targets() if choice in t.deploys), None)
            if target is not None:
                x, y = camera.local_to_screen(self.game.last_cell, target.spot)
                return round(x), round(y)
        if isinstance(choice, Move):
            return _middle(camera, choice.cell)
        return None

    def _seen_cell(self) -> Cell | None:
        """The cell the card must leave in sight: the one chosen, else the new tile's or
        the hike's."""
        cell = self.chosen_cell()
        if cell is not None:
            return cell
        choice, _chosen = self.chosen_figure()
        return choice.cell if isinstance(choice, Move) else self.game.last_cell

    def told(self) -> Told | None:
        """The card of what the keys chose, with the keys that go on."""
        cell = self.chosen_cell()
        if cell is not None:
            return self._told_cell(cell)
        choice, chosen = self.chosen_figure()
        if not chosen:
            return None
        choices = self.figures()
        assert self.figure is not None
        title = _("Choice {n} of {total}").format(n=self.figure + 1, total=len(choices))
        keys = _("Tab: next choice · Enter: end the turn with it · {undo}: take back").format(
            undo=key_label("undo"))
        if isinstance(choice, Deploy):
            idx = self.game.target_feature(choice.target)
            cell_of = self.game.last_cell
            tileset = self.game.tileset
            what = a_figure(tileset, choice.figure)
            if idx is not None and cell_of is not None:
                kind = self.game.board.tiles[cell_of].tile.features[idx].kind
                what = _("{figure} on {feature}").format(figure=what,
                                                          feature=the_kind(tileset, kind))
            return Told(_("{choice}: {what}").format(choice=title, what=what), keys)
        what = _("no figure")
        if isinstance(choice, Move):
            what = move_name(self.game, choice)
        return Told(_("{choice}: {what}").format(choice=title, what=what), keys)

    def _told_cell(self, cell: Cell) -> Told:
        order = cells_in_order(self.options.legal_cells(), self.origin())
        tile = self.options.tile
        fits = len(self.game.legal_placements(tile).rotations(cell)) if tile else 0
        title = _("Lit cell {n} of {total}").format(n=order.index(cell) + 1, total=len(order))
        ways = ngettext("fits {count} way", "fits {count} ways", fits).format(count=fits)
        keys = _("Tab or arrows: another cell · {rotate}: turn · Enter: place · Esc: back").format(
            rotate=key_label("rotate"))
        return Told(_("{cell}, {ways}").format(cell=title, ways=ways), keys)

    def draw(self, surface: pygame.Surface, res: Resources, free: pygame.Rect,
             camera: Camera) -> None:
        """The card at the foot of the board's free area, on its left, or wherever it
        leaves the cell chosen (or the new tile) in sight."""
        told = self.told()
        if told is None:
            return
        px = res.px
        width = min(px(STRIP_W), free.w - px(16))
        lines = wrap_text(res, told.line, 16, width - px(24))
        title = wrap_text(res, told.title, 19, width - px(24), bold=True)
        height = px(14) + px(23) * len(title) + px(19) * len(lines)
        rect = pygame.Rect(free.x + px(8), free.bottom - px(8) - height, width, height)
        seen = self._seen_cell()
        if seen is not None:
            cell = pygame.Rect(camera.cell_rect(seen)).inflate(px(8), px(8))
            for x, y in ((free.right - px(8) - width, rect.y), (rect.x, free.y + px(8)),
                         (free.right - px(8) - width, free.y + px(8))):
                if not rect.colliderect(cell):
                    break
                rect.topleft = (x, y)
        panel(surface, rect, alpha=245)
        y = rect.y + px(7)
        for line in title:
            surface.blit(res.text(line, 19, pal.TEXT, bold=True), (rect.x + px(12), y))
            y += px(23)
        for line in lines:
            surface.blit(res.text(line, 16, pal.TEXT_DIM), (rect.x + px(12), y))
            y += px(19)


def _middle(camera: Camera, cell: Cell) -> tuple[int, int]:
    x, y, w, h = camera.cell_rect(cell)
    return x + w // 2, y + h // 2
