"""The rules' questions, explained over the board: the question (grow or herd?), a button per
answer with what it does (from the tile set's text) and what it would score now (measured on
private copies, in a background thread so the window never waits); and what else the turn
offers, in one line: a hike instead of a figure, a bonus tile to place."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.answers import describe, outcome
from game.i18n import _
from game.rules import CHOOSE, FIGURE, PLACE, Choose, Game, Move
from game.vocabulary import extra_text, moves_text, question_text

from ... import palette as pal
from ...widgets import Button, fit_text, panel, wrap_text

if TYPE_CHECKING:
    from .scene import PlayScene

ROW = 58
WIDTH = 720
TOOLBAR_ROOM = 70  # the card stays above the board's toolbar
BANNER_ROOM = 58  # a line about the turn goes under the banner


class Questions:
    """What the current human player is asked now, and what each answer means."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.state: tuple[object, ...] = ()
        self.prompt = ""
        self.info = ""  # a line about the turn when no question is asked
        self.answers: list[tuple[str, str]] = []  # (answer, what it does)
        self.buttons: list[Button] = []
        self.outcomes: dict[str, str] = {}  # answer -> what it scores now, once measured
        self._lock = threading.Lock()
        self.rect = pygame.Rect(0, 0, 0, 0)

    def refresh(self) -> None:
        """Rebuild when the game moved on (a new question, a new step of the turn)."""
        game = self.scene.game
        human = self.scene.human_turn
        state = (len(game.moves), game.phase, human, game.in_extra,
                 self.scene.layout_obj.board.size)
        if state == self.state:
            return
        self.state = state
        self.prompt, self.info, self.answers, self.buttons = "", "", [], []
        with self._lock:
            self.outcomes = {}
        if not human:
            return
        tileset = game.tileset
        if game.phase == CHOOSE and game.choices:
            request = game.choices[0]
            text = question_text(tileset, request.key)
            self.prompt = text.prompt if text is not None else request.prompt
            for option in request.options:
                answer = text.answers.get(option) if text is not None else None
                label = answer.label if answer is not None else option.capitalize()
                self.answers.append((label, answer.explain if answer is not None else ""))
            self._measure(game, list(request.options))
        elif game.phase == FIGURE and any(isinstance(a, Move) for a in game.legal_actions()):
            self.info = moves_text(tileset) or _(
                "Or move a figure to a lit cell instead: each shows what it scores now")
        elif game.phase == PLACE and game.in_extra:
            self.info = extra_text(tileset) or _(
                "A second tile this turn: place it on a lit cell")
        self._layout()

    def _measure(self, game: Game, options: list[str]) -> None:
        """What each answer scores now, measured off the frame loop on a copy."""
        copy = game.copy()
        state = self.state

        def work() -> None:
            for option in options:
                line = describe(copy, outcome(copy, Choose(option), seed=len(copy.moves)))
                with self._lock:
                    if self.state != state:
                        return
                    self.outcomes[option] = line

        threading.Thread(target=work, name="answers", daemon=True).start()

    def wait(self, timeout: float = 10.0) -> None:
        """Until every answer is measured (tests)."""
        for thread in threading.enumerate():
            if thread.name == "answers":
                thread.join(timeout)

    def _layout(self) -> None:
        board = self.scene.layout_obj.board
        res = self.scene.app.res
        px = res.px
        width = min(px(WIDTH), board.w - px(40))
        if self.answers:
            height = px(46 + ROW * len(self.answers))
        elif self.info:
            height = px(18 + 20 * len(wrap_text(res, self.info, 17, width - px(28))))
        else:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        self.rect = pygame.Rect(0, 0, width, height)
        if self.answers:  # the turn waits for an answer: the card sits low, over the board
            self.rect.midbottom = (board.centerx, board.bottom - px(TOOLBAR_ROOM))
        else:  # a line that goes with the banner
            self.rect.midtop = (board.centerx, px(BANNER_ROOM))
        request = self.scene.game.choices[0] if self.answers else None
        for i, (label, _explain) in enumerate(self.answers):
            r = pygame.Rect(self.rect.x + px(14), self.rect.y + px(40 + ROW * i), px(150),
                            px(ROW - 12))
            option = request.options[i] if request is not None else label
            self.buttons.append(Button(r, label, self._chooser(option), primary=i == 0))

    def _chooser(self, option: str) -> Callable[[], object]:
        return lambda: self.scene.play(Choose(option))

    @property
    def below_banner(self) -> int:
        """Where the next line under the banner may go."""
        px = self.scene.app.res.px
        return self.rect.bottom + px(8) if self.info and self.rect.w else px(BANNER_ROOM)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.rect.w:
            return
        res = self.scene.app.res
        px = res.px
        panel(surface, self.rect, radius=px(12), alpha=248)
        x = self.rect.x + px(14)
        if not self.answers:
            for i, line in enumerate(wrap_text(res, self.info, 17, self.rect.w - px(28))):
                surface.blit(res.text(line, 17, pal.TEXT), (x, self.rect.y + px(9 + 20 * i)))
            return
        surface.blit(res.text(fit_text(res, self.prompt, 21, self.rect.w - px(28), True), 21,
                              pal.TEXT, bold=True), (x, self.rect.y + px(11)))
        hint = self.scene.hint.current()
        request = self.scene.game.choices[0] if self.scene.game.choices else None
        with self._lock:
            outcomes = dict(self.outcomes)
        for i, (b, (_label, explain)) in enumerate(zip(self.buttons, self.answers,
                                                       strict=True)):
            b.draw(surface, res)
            option = request.options[i] if request is not None else ""
            if hint is not None and hint.answer == Choose(option):
                pygame.draw.rect(surface, pal.HIGHLIGHT, b.rect.inflate(px(8), px(8)),
                                 width=px(3), border_radius=px(10))
            tx = b.rect.right + px(14)
            room = self.rect.right - px(14) - tx
            surface.blit(res.text(fit_text(res, explain, 16, room), 16, pal.TEXT_DIM),
                         (tx, b.rect.y + px(2)))
            scored = outcomes.get(option, _("measuring…"))
            surface.blit(res.text(fit_text(res, scored, 17, room, True), 17, pal.TEXT,
                                  bold=True), (tx, b.rect.y + px(23)))
