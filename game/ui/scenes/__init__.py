"""The window's scenes, made by name: the entry point hands ``SCENES`` to the app, which pushes
a scene by its name (as scenes do for one another) and never imports a scene module."""

from __future__ import annotations

from ..app import App, SceneFactory
from ..session import Session
from .crash import CrashScene
from .final import FinalScene
from .help import HelpScene
from .menus import PauseScene
from .play import PlayScene
from .play.pass_screen import PassScene
from .saves import LoadScene, save_scene
from .settings import SettingsScene
from .setup import SetupScene
from .title import TitleScene


def autoplay_scene(app: App) -> PlayScene:
    """A game of computer seats playing random moves, as ``app.config`` describes it (for
    visual checks)."""
    config = app.config
    session = Session.seated(app, ["random"] * config.players, config.seed, config.game,
                             config.expansions)
    return PlayScene(app, session, autoplay=True)


SCENES: dict[str, SceneFactory] = {
    **{scene.name: scene for scene in (TitleScene, SetupScene, PlayScene, FinalScene,
                                       PauseScene, HelpScene, LoadScene, SettingsScene,
                                       PassScene, CrashScene)},
    "autoplay": autoplay_scene,
    "save": save_scene,
}
