"""The game menu over a game in play (Esc or the Menu button): resume, save, load, the rules
pages, the settings, back to the title."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _

from ..app import App
from ..session import Session
from .help import HelpScene
from .menus import MenuScene
from .saves import LoadScene, save_scene
from .settings import SettingsScene


class PauseScene(MenuScene):
    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        super().__init__(app)

    def layout(self, size: tuple[int, int]) -> None:
        self.title = _("Game paused")  # again after the settings: the language may change
        super().layout(size)

    def entries(self) -> list[tuple[str, Callable[[], object]]]:
        return [(_("Resume"), self.app.pop),
                (_("Save game"), lambda: self.app.push(save_scene(self.app, self.session))),
                (_("Load game"), lambda: self.app.push(LoadScene(self.app))),
                (_("Rules"), lambda: self.app.push(HelpScene(self.app, self.session.game_id))),
                (_("Settings"), self.open_settings),
                (_("Quit to title"), self.to_title)]

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def to_title(self) -> None:
        self.app.replace(self.app.routes.title())
