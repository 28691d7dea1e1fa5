"""The play scene's buttons: Confirm and Undo in the tray (Scores there once the game is over
and its scores were shown), the toolbar under the board, History in the board's corner.  A
button does what a key does: a click comes back as the key's ``Command``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules import TileSet
from game.words.i18n import _
from game.words.vocabulary import background_kind, kind_word

from ...hud import Layout
from ...intents import Command, Intent
from ...keymap import key_label
from ...resources import Resources
from ...widgets import Button


class Controls:
    def __init__(self, lay: Layout, res: Resources, tileset: TileSet, hints: bool,
                 tiles: bool = True) -> None:
        self._clicked: list[Command] = []
        self.tiles = tiles  # the Tiles button (a game without aids hides the tiles to come)
        self.layout(lay, res, tileset, hints)

    def _click(self, command: Command) -> Callable[[], None]:
        return lambda: self._clicked.append(command)

    def layout(self, lay: Layout, res: Resources, tileset: TileSet, hints: bool) -> None:
        """The buttons for the layout ``lay``; ``hints``: whether the Hint button shows."""
        px = res.px
        land = kind_word(tileset, background_kind(tileset), 2)  # the fields' button
        self.confirm_button = Button(lay.confirm, _("Confirm"), self._click(Command.CONFIRM),
                                     primary=True, hotkey=_("Enter"))
        self.undo_button = Button(lay.undo, _("Undo"), self._click(Command.UNDO),
                                  hotkey=key_label("undo"))
        self.buttons = [self.confirm_button, self.undo_button]  # then the toolbar, History
        # once the game is over and its scores were shown: the score sheet again
        self.scores_button = Button(lay.confirm.union(lay.undo), _("Scores"),
                                    self._click(Command.CONFIRM), primary=True,
                                    hotkey=_("Enter"))
        tools = [("−", Command.ZOOM_OUT), ("+", Command.ZOOM_IN), (_("Fit"), Command.FIT),
                 (land[:1].upper() + land[1:], Command.FARMS), (_("Tiles"), Command.TILES),
                 (_("Menu"), Command.MENU)]
        if hints:
            tools.insert(0, (_("Hint"), Command.HINT))
        if not self.tiles:
            tools.remove((_("Tiles"), Command.TILES))
        x = lay.toolbar.x
        self.hint_button: Button | None = None
        self.toggles: dict[Command, Button] = {}  # buttons that stay lit while their view is on
        for label, command in tools:
            width = max(px(46), res.font(24, bold=True).size(label)[0] + px(22))
            self.buttons.append(Button(pygame.Rect(x, lay.toolbar.y, width, px(46)), label,
                                       self._click(command)))
            if command is Command.HINT:
                self.hint_button = self.buttons[-1]
            if command in (Command.FARMS, Command.TILES):
                self.toggles[command] = self.buttons[-1]
            x += width + px(6)
        # the game's history, top left of the board (the banner takes the top middle)
        label = _("History")
        width = res.font(24, bold=True).size(label)[0] + px(26)
        self.history_button = Button(pygame.Rect(lay.board.x + px(12), lay.board.y + px(12),
                                                 width, px(42)),
                                     label, self._click(Command.HISTORY),
                                     hotkey=key_label("history"))
        self.buttons.append(self.history_button)

    def shown(self, in_history: bool, finished: bool) -> list[Button]:
        """The buttons that show: Confirm and Undo while the game goes on, Scores after,
        neither in the history."""
        if in_history:
            return self.buttons[2:]
        if finished:
            return [self.scores_button, *self.buttons[2:]]
        return self.buttons

    def light(self, fields: bool, tiles: bool) -> None:
        """Light the fields' button while the board help shows, Tiles while its panel does."""
        for command, on in ((Command.FARMS, fields), (Command.TILES, tiles)):
            if command in self.toggles:
                self.toggles[command].on = on

    def enable(self, confirm: bool, undo: bool, hint: bool) -> None:
        for button, on in ((self.confirm_button, confirm), (self.undo_button, undo),
                           (self.hint_button, hint)):
            if button is not None:
                button.enabled = on

    def handle(self, intent: Intent, in_history: bool, finished: bool) -> list[Command] | None:
        """The commands of the buttons the intent clicked; None when no button took it."""
        for button in self.shown(in_history, finished):
            if button.handle(intent):
                clicked, self._clicked = self._clicked, []
                return clicked
        return None
