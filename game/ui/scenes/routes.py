"""The scenes' routes (``App.routes``) and the window's first scene: the one module that
imports every scene, so that no scene module has to import a scene that leads to it."""

from __future__ import annotations

from collections.abc import Sequence

from ..app import App, AppConfig, Scene
from ..net_session import NetworkSession
from ..session import Session
from .crash import CrashScene
from .final import FinalScene
from .help import HelpScene
from .join import JoinScene
from .play import PlayScene, TablePlayScene
from .setup import SetupScene
from .title import TitleScene


class SceneRoutes:
    """``app.Routes``, each scene with its own type."""

    def __init__(self, app: App) -> None:
        self.app = app

    def title(self) -> TitleScene:
        return TitleScene(self.app)

    def play(self, session: Session) -> PlayScene:
        if isinstance(session, NetworkSession):
            return TablePlayScene(self.app, session)
        return PlayScene(self.app, session)

    def final(self, session: Session) -> FinalScene:
        return FinalScene(self.app, session)

    def setup(self, again: Session | None = None) -> SetupScene:
        return SetupScene(self.app, again)

    def join(self, problem: str = "") -> JoinScene:
        return JoinScene(self.app, problem)

    def help(self) -> HelpScene:
        return HelpScene(self.app)

    def crash(self, error: str) -> CrashScene:
        return CrashScene(self.app, error)


def open_window(config: AppConfig) -> App:
    """The window, its scenes' routes known, no scene pushed yet."""
    return App(config, SceneRoutes)


def first_scene(app: App) -> Scene:
    """The title; with ``--autoplay``, a game of computer seats playing random moves as
    ``app.config`` describes it (for visual checks)."""
    config = app.config
    if not config.autoplay:
        return TitleScene(app)
    session = Session.seated(app.registry, ["random"] * config.players, config.seed,
                             config.game, config.expansions, config.order)
    return PlayScene(app, session, autoplay=True)


def seated_game(app: App, kinds: Sequence[str], seed: int | None, game_id: str,
                expansions: Sequence[str], order: Sequence[str] = ()) -> PlayScene:
    """A new game with a seat of each kind (``human`` or a computer level), as the command
    line asks for it; raises KeyError or RulesError when it cannot be made."""
    return PlayScene(app, Session.seated(app.registry, kinds, seed, game_id, expansions,
                                         order))
