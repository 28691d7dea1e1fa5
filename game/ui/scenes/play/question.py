"""The rules' question of the moment (grow the flock or herd it?), asked on a card over the
board, above the toolbar and clear of the tray: the prompt, and per answer a button, what the
answer does (from the tile set's text) and what it would score now (measured on private
copies in a background thread, which wakes the window when it is done).  Outside a question,
what else the turn offers gets a line under the banner: a hike instead of a figure, a bonus
tile to place."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pygame

from game.answers import describe, outcome
from game.i18n import _, language
from game.rules import Choose, Game, Move, Phase
from game.vocabulary import extra_text, moves_text, question_text

from ... import palette as pal
from ...intents import Intent
from ...resources import Resources
from ...widgets import Button, fit_text, panel, wrap_text
from .requests import Play, Request

ROW = 58  # an answer's row, at 100 %
WIDTH = 720
BUTTON_W = 150
BANNER_ROOM = 58  # a line about the turn goes under the banner


class Question:
    def __init__(self, game: Game, wake: Callable[[], None] = lambda: None) -> None:
        self.game = game
        self.wake = wake  # ends the window's rest once the answers are measured
        self.buttons: list[Button] = []
        self.card = pygame.Rect(0, 0, 0, 0)
        self.prompt = ""
        self.info = ""  # a line about the turn when no question is asked
        self.options: tuple[str, ...] = ()
        self.answers: list[tuple[str, str]] = []  # (label, what it does), per option
        self.outcomes: dict[str, str] = {}  # option -> what it scores now, once measured
        self._state: tuple[object, ...] = ()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._measured = -1  # how many moves the game had when the answers were measured
        self._chosen: list[str] = []  # the answer clicked, until ``handle`` returns it

    def refresh(self, asking: bool, board: pygame.Rect, toolbar: pygame.Rect,
                res: Resources) -> None:
        """What the player is asked now (nothing when the player is not the one asked)."""
        game = self.game
        state = (len(game.moves), game.phase, asking, game.in_extra, board.size, toolbar.y,
                 res.scale, language())
        if state == self._state and (self.buttons or not self.options):
            return
        self._state = state
        self.prompt, self.info, self.options, self.answers, self.buttons = "", "", (), [], []
        self.card = pygame.Rect(0, 0, 0, 0)
        if not asking:
            return
        tileset = game.tileset
        if game.phase is Phase.CHOOSE and game.choices:
            request = game.choices[0]
            text = question_text(tileset, request.key)
            self.prompt = text.prompt if text is not None else request.prompt
            self.options = request.options
            for option in request.options:
                said = text.answers.get(option) if text is not None else None
                self.answers.append((said.label if said is not None else option.capitalize(),
                                     said.explain if said is not None else ""))
            if self._measured != len(game.moves):
                self._measure()
        elif game.phase is Phase.FIGURE and any(isinstance(a, Move) for a in game.legal_actions()):
            self.info = moves_text(tileset) or _(
                "Or move a figure to a lit cell instead: each shows what it scores now")
        elif game.phase is Phase.PLACE and game.in_extra:
            self.info = extra_text(tileset) or _(
                "A second tile this turn: place it on a lit cell")
        self._layout(board, toolbar, res)

    def _measure(self) -> None:
        """What each answer scores now, measured off the frame loop on a copy."""
        copy = self.game.copy()
        options = self.options
        moves = self._measured = len(self.game.moves)
        with self._lock:
            self.outcomes = {}

        def work() -> None:
            for option in options:
                line = describe(copy, outcome(copy, Choose(option), seed=moves))
                with self._lock:
                    if len(self.game.moves) != moves:
                        return
                    self.outcomes[option] = line
                self.wake()

        self._worker = threading.Thread(target=work, name="answers", daemon=True)
        self._worker.start()

    def _layout(self, board: pygame.Rect, toolbar: pygame.Rect, res: Resources) -> None:
        px = res.px
        width = min(px(WIDTH), board.w - px(24))
        if self.answers:
            self.card = pygame.Rect(0, 0, width, px(46 + ROW * len(self.answers)))
            self.card.midbottom = (board.centerx, toolbar.y - px(12))
        elif self.info:
            lines = wrap_text(res, self.info, 17, width - px(28))
            self.card = pygame.Rect(0, 0, width, px(18 + 20 * len(lines)))
            self.card.midtop = (board.centerx, px(BANNER_ROOM))
        for i, (label, _explain) in enumerate(self.answers):
            r = pygame.Rect(self.card.x + px(14), self.card.y + px(40 + ROW * i),
                            px(BUTTON_W), px(ROW - 12))
            self.buttons.append(Button(r, label, self._choose(self.options[i]),
                                       primary=i == 0))

    def _choose(self, option: str) -> Callable[[], object]:
        return lambda: self._chosen.append(option)

    def handle(self, intent: Intent) -> list[Request] | None:
        """The answer the intent clicked, to play; None when no answer's button took it."""
        if not any(b.handle(intent) for b in self.buttons):
            return None
        chosen, self._chosen = self._chosen, []
        return [Play(Choose(option)) for option in chosen]

    def below_banner(self, res: Resources) -> int:
        """Where the next line under the banner may go."""
        return self.card.bottom + res.px(8) if self.info else res.px(BANNER_ROOM)

    def draw(self, surface: pygame.Surface, res: Resources, hinted: str | None = None) -> None:
        """The card; ``hinted``: the answer the Hint suggests, outlined."""
        if not self.card.w:
            return
        px = res.px
        panel(surface, self.card, radius=px(12), alpha=248)
        x = self.card.x + px(14)
        if not self.answers:
            for i, line in enumerate(wrap_text(res, self.info, 17, self.card.w - px(28))):
                surface.blit(res.text(line, 17, pal.TEXT), (x, self.card.y + px(9 + 20 * i)))
            return
        surface.blit(res.text(fit_text(res, self.prompt, 21, self.card.w - px(28), True), 21,
                              pal.TEXT, bold=True), (x, self.card.y + px(11)))
        with self._lock:
            outcomes = dict(self.outcomes)
        for option, b, (_label, explain) in zip(self.options, self.buttons, self.answers,
                                                strict=True):
            b.draw(surface, res)
            if option == hinted:
                pygame.draw.rect(surface, pal.HIGHLIGHT, b.rect.inflate(px(8), px(8)),
                                 width=px(3), border_radius=px(10))
            tx = b.rect.right + px(14)
            room = self.card.right - px(14) - tx
            surface.blit(res.text(fit_text(res, explain, 16, room), 16, pal.TEXT_DIM),
                         (tx, b.rect.y + px(2)))
            scored = outcomes.get(option, _("measuring…"))
            surface.blit(res.text(fit_text(res, scored, 17, room, True), 17, pal.TEXT,
                                  bold=True), (tx, b.rect.y + px(23)))
