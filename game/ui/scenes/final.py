"""Final scores: a table per player and category, a chart of how the points were made,
then back to the title."""

from __future__ import annotations

from collections import defaultdict

import pygame

from game import view

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..session import Session
from ..widgets import Button, blit_centred, panel

LABELS = {"city": "Cities", "road": "Roads", "cloister": "Cloisters", "field": "Farms"}
CATEGORY_COLOURS = [(190, 96, 60), (214, 178, 110), (120, 132, 170), (112, 168, 84),
                    (90, 150, 190), (170, 120, 170), (200, 150, 60), (130, 130, 130)]


def category_label(kind: str) -> str:
    return LABELS.get(kind, kind.replace("_", " ").replace("-", " ").capitalize())


def score_table(session: Session) -> tuple[list[str], list[dict[str, int]]]:
    """Categories in order of first appearance, and per player the points of each
    (``during`` and ``final`` parts are split as '<kind>' and '<kind>@end')."""
    game = session.game
    # Every kind that can score is a column, even at zero; then anything else that scored.
    cats = [k.name for k in game.tileset.kinds.values() if k.points or k.final]
    if "farmers" in game.tileset.rules and "field" in game.tileset.kinds:
        cats.append("field")
    rows: list[dict[str, int]] = [defaultdict(int) for _ in game.players]
    for ev in game.events:
        if ev.category not in cats:
            cats.append(ev.category)
        rows[ev.player][ev.category] += ev.points
        if ev.final:
            rows[ev.player][ev.category + "@end"] += ev.points
    return cats, [dict(r) for r in rows]


class FinalScene(Scene):
    name = "final"
    overlay = True  # the finished board stays visible behind the scores

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.button = Button(pygame.Rect(0, 0, 260, 54), "Back to the title", self.to_title,
                             primary=True)
        self.card = pygame.Rect(0, 0, 900, 600)

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(1000), size[0] - px(40)),
                                min(px(660), size[1] - px(40)))
        self.card.center = (size[0] // 2, size[1] // 2)
        self.button.rect.size = (px(260), px(54))
        self.button.rect.midbottom = (self.card.centerx, self.card.bottom - px(20))

    def to_title(self) -> None:
        self.app.replace_scene("title")

    def handle(self, intent: Intent) -> None:
        if self.button.handle(intent):
            return
        if intent in (Command("confirm"), Command("back")):
            self.to_title()

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 12, 16, 170))
        surface.blit(veil, (0, 0))
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=255)
        game = self.session.game
        best = max(game.scores)
        winners = [s.name for s, score in zip(self.session.seats, game.scores, strict=True)
                   if score == best]
        headline = (f"{winners[0]} wins!" if len(winners) == 1
                    else " and ".join(winners) + " share the win!")
        blit_centred(surface, res.text(headline, 46, pal.TEXT, bold=True),
                     (c.centerx, c.y + px(40)))
        cats, rows = score_table(self.session)
        self._draw_table(surface, cats, rows)
        details = view.final_details(game)
        # Up to 8 lines in one column, up to 16 in two (meadow by meadow, say).
        columns = 1 if len(details) <= 8 else 2
        rows_shown = min(8, (len(details) + columns - 1) // columns)
        self._draw_chart(surface, cats, rows, reserve=px(22 * rows_shown))
        top = self.button.rect.y - px(14 + 22 * rows_shown)
        width = (c.w - px(80)) // columns
        for i, line in enumerate(details[:8 * columns]):
            col, row = divmod(i, rows_shown) if rows_shown else (0, 0)
            img = res.text(line, 19 if columns == 1 else 17, pal.TEXT_DIM)
            clip = img.get_rect(w=min(img.get_width(), width - px(10)))
            surface.blit(img, (c.x + px(40) + col * width, top + px(22 * row)), clip)
        self.button.draw(surface, res)

    def _draw_table(self, surface: pygame.Surface, cats: list[str],
                    rows: list[dict[str, int]]) -> None:
        res = self.app.res
        px = res.px
        c = self.card
        x0 = c.x + px(40)
        col = max(px(96), (c.w - px(80 + 200)) // (len(cats) + 1))

        def right(j: int) -> int:  # the right edge of column j
            return x0 + px(200) + col * (j + 1) - px(12)

        y = c.y + px(92)
        for j, cat in enumerate([*cats, "Total"]):
            label = category_label(cat) if cat != "Total" else cat
            img = res.text(label, 22, pal.TEXT_DIM, bold=True)
            surface.blit(img, img.get_rect(topright=(right(j), y)))
        order = sorted(range(len(rows)), key=lambda p: -self.session.game.scores[p])
        for i, p in enumerate(order):
            seat = self.session.seats[p]
            ry = y + px(34 + i * 36)
            if i % 2 == 0:
                pygame.draw.rect(surface, pal.CURRENT_ROW,
                                 (x0 - px(10), ry - px(4), c.w - px(60), px(34)),
                                 border_radius=px(6))
            pygame.draw.circle(surface, seat.rgb, (x0 + px(8), ry + px(13)), px(9))
            surface.blit(res.text(seat.name, 24, pal.TEXT, bold=True),
                         (x0 + px(26), ry + px(2)))
            for j, cat in enumerate(cats):
                total = rows[p].get(cat, 0)
                end = rows[p].get(cat + "@end", 0)
                text = str(total) if not end or end == total else f"{total} ({end} at end)"
                img = res.text(text, 22, pal.TEXT)
                surface.blit(img, img.get_rect(topright=(right(j), ry + px(3))))
            img = res.text(str(self.session.game.scores[p]), 26, pal.TEXT, bold=True)
            surface.blit(img, img.get_rect(topright=(right(len(cats)), ry + px(1))))
        self.table_bottom = y + px(34 + len(rows) * 36)

    def _draw_chart(self, surface: pygame.Surface, cats: list[str],
                    rows: list[dict[str, int]], reserve: int = 0) -> None:
        """Stacked bars: how each player's points were made."""
        res = self.app.res
        px = res.px
        c = self.card
        top = self.table_bottom + px(30)
        bottom = self.button.rect.y - px(50) - reserve
        if bottom - top < px(60):
            return
        n = len(rows)
        bar_h = min(px(34), (bottom - top) // max(1, n) - px(8))
        scale = (c.w - px(320)) / max(1, max(self.session.game.scores))
        order = sorted(range(n), key=lambda p: -self.session.game.scores[p])
        for i, p in enumerate(order):
            y = top + i * (bar_h + px(8))
            seat = self.session.seats[p]
            surface.blit(res.text(seat.name, 20, pal.TEXT),
                         (c.x + px(40), y + bar_h // 2 - px(8)))
            x = c.x + px(200)
            for j, cat in enumerate(cats):
                w = round(rows[p].get(cat, 0) * scale)
                if w > 0:
                    colour = CATEGORY_COLOURS[j % len(CATEGORY_COLOURS)]
                    pygame.draw.rect(surface, colour, (x, y, w, bar_h))
                    x += w
            pygame.draw.rect(surface, seat.rgb, (c.x + px(190), y, px(5), bar_h))
        lx = c.x + px(200)
        ly = bottom + px(10)
        for j, cat in enumerate(cats):
            pygame.draw.rect(surface, CATEGORY_COLOURS[j % len(CATEGORY_COLOURS)],
                             (lx, ly + px(2), px(16), px(16)), border_radius=px(3))
            img = res.text(category_label(cat), 19, pal.TEXT_DIM)
            surface.blit(img, (lx + px(22), ly))
            lx += px(44) + img.get_width()
