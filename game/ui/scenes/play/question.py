"""The rules' question of the moment (grow the flock or herd it?), asked on a card over the
board, above the toolbar and clear of the tray: the prompt and a button per answer."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import Game, Phase

from ... import palette as pal
from ...intents import Intent
from ...resources import Resources
from ...widgets import Button, panel

CARD_H = 104  # at 100 %
BUTTON_W = 150


class Question:
    def __init__(self, game: Game, answer: Callable[[str], object]) -> None:
        self.game = game
        self.answer = answer
        self.buttons: list[Button] = []
        self.card = pygame.Rect(0, 0, 0, 0)
        self._asked: tuple[str, ...] = ()

    def refresh(self, asking: bool, board: pygame.Rect, toolbar: pygame.Rect,
                res: Resources) -> None:
        """Buttons for the question the rules ask now (none when the player is not the one
        asked)."""
        if not (asking and self.game.phase is Phase.CHOOSE and self.game.choices):
            self.buttons, self._asked = [], ()
            return
        request = self.game.choices[0]
        asked = (request.prompt, *request.options)
        if asked == self._asked and self.buttons:
            return
        self._asked = asked
        px = res.px
        prompt_w = res.font(24, bold=True).size(request.prompt)[0]
        n = len(request.options)
        button_w, gap = px(BUTTON_W), px(12)
        width = max(prompt_w + 4 * gap, n * button_w + (n + 3) * gap)
        self.card = pygame.Rect(0, 0, min(width, board.w - 2 * gap), px(CARD_H))
        self.card.midbottom = (board.centerx, toolbar.y - gap)
        left = self.card.centerx - (n * button_w + (n - 1) * gap) // 2
        self.buttons = [
            Button(pygame.Rect(left + i * (button_w + gap), self.card.bottom - px(58),
                               button_w, px(46)),
                   option.capitalize(), self._choose(option), primary=i == 0)
            for i, option in enumerate(request.options)]

    def _choose(self, option: str) -> Callable[[], object]:
        return lambda: self.answer(option)

    def handle(self, intent: Intent) -> bool:
        return any(b.handle(intent) for b in self.buttons)

    def draw(self, surface: pygame.Surface, res: Resources) -> None:
        if not self.buttons:
            return
        panel(surface, self.card, radius=res.px(12), alpha=245)
        prompt = self.game.choices[0].prompt if self.game.choices else ""
        img = res.text(prompt, 24, pal.TEXT, bold=True)
        surface.blit(img, img.get_rect(midtop=(self.card.centerx, self.card.y + res.px(12))))
        for b in self.buttons:
            b.draw(surface, res)
