"""The App owns the window, the frame loop and the scene stack.

Scenes have an explicit lifecycle: ``enter`` when pushed, ``pause``/``resume`` when another
scene covers them, ``exit`` when popped; each frame the top scene ``handle``s intents,
``update``s and the stack ``draw``s from the lowest visible scene up.  Nothing here touches
pygame at import time.

Scenes are made by name from factories the entry point hands to the app
(``game.ui.scenes.SCENES``): the scene modules import the app, never the other way round.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import pygame

from game.i18n import set_language
from game.rules.registry import Registry
from game.storage import Storage
from game.tileset_cache import cache_dir, load_registry

from .input import InputMapper
from .intents import Command, Intent, Quit, Resize
from .settings import Settings

MIN_SIZE = (960, 640)


@dataclass
class AppConfig:
    size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    autoplay: bool = False
    quit_after: float | None = None
    screenshot: Path | None = None
    storage_root: Path | None = None
    seed: int | None = None
    players: int = 2
    game: str = "carcassonne"  # the game of --autoplay
    expansions: list[str] = field(default_factory=list)
    extra_tileset_dirs: list[Path] = field(default_factory=list)


class Scene:
    """Base scene: override what you need.  ``overlay`` scenes let the one below show."""

    overlay = False
    name: ClassVar[str] = ""  # the name its factory is registered under, if any

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def layout(self, size: tuple[int, int]) -> None: ...
    def handle(self, intent: Intent) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...

    def help_topic(self) -> str | None:
        """The tile set whose rules page the help opens on over this scene, if any."""
        return None


SceneFactory = Callable[..., Scene]  # called with the app, then the scene's own arguments


class App:
    def __init__(self, config: AppConfig, scenes: Mapping[str, SceneFactory]) -> None:
        self.config = config
        self.scenes: dict[str, SceneFactory] = dict(scenes)
        # Only what the game uses: no audio (it has no sound; opening the audio device is
        # slow and noisy on machines without one), no joystick.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Carcassonne")
        self.windowed_size = self.config.size  # the window's size, kept while full screen
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.config.size, pygame.RESIZABLE)
        if self.config.fullscreen:
            self.set_fullscreen(True)
        pygame.key.set_repeat(300, 40)
        self.clock = pygame.time.Clock()
        self.storage = Storage(self.config.storage_root)
        self.storage.clean_temporary()
        self.settings = Settings(self.storage)
        set_language(str(self.settings.get("language")))
        self.registry: Registry = load_registry(
            [self.storage.user_tilesets_dir, *self.config.extra_tileset_dirs],
            cache_dir(self.config.storage_root))
        self.input = InputMapper()
        self.stack: list[Scene] = []
        self.running = True
        self.started = time.perf_counter()
        self.frames = 0
        self.first_frame_at: float | None = None  # perf_counter() when the first frame showed
        from .resources import Resources
        self.res = Resources()

    # -- scene stack
    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.layout(self.screen.get_size())
        scene.enter()

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].layout(self.screen.get_size())
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for one scene (e.g. back to the title)."""
        while self.stack:
            self.pop()
        self.push(scene)

    def make_scene(self, name: str, *args: object) -> Scene:
        """A new scene from the factory registered as ``name``."""
        factory = self.scenes.get(name)
        if factory is None:
            raise KeyError(f"no scene is registered as {name!r}")
        return factory(self, *args)

    def push_scene(self, name: str, *args: object) -> Scene:
        scene = self.make_scene(name, *args)
        self.push(scene)
        return scene

    def replace_scene(self, name: str, *args: object) -> Scene:
        scene = self.make_scene(name, *args)
        self.replace(scene)
        return scene

    # -- the loop
    def step(self, dt: float | None = None) -> bool:
        """Run one frame; returns False once the app wants to stop."""
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        dt = min(dt, 0.1)
        for intent in self.input.translate(pygame.event.get()):
            self.dispatch(intent)
        if not self.running or not self.stack:
            return False
        self.scene.update(dt)
        self.draw()
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        self.frames += 1
        return self.running

    def dispatch(self, intent: Intent) -> None:
        if isinstance(intent, Quit) or intent == Command("quit"):
            self.running = False
            return
        if isinstance(intent, Resize):
            self.resized()
            return
        if intent == Command("fullscreen"):
            self.toggle_fullscreen()
            return
        if intent == Command("help"):  # F1 or H on every screen; again (or Esc) closes it
            self.toggle_help()
            return
        if self.stack:
            self.scene.handle(intent)

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.screen)

    def toggle_help(self) -> None:
        if self.stack and self.scene.name == "help":
            self.pop()
        else:
            self.push_scene("help")

    def resized(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        w, h = self.screen.get_size()
        if not self.fullscreen and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            self.screen = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])),
                                                  pygame.RESIZABLE)
        for scene in self.stack:
            scene.layout(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        """Full screen at the desktop's resolution (never a video mode change), or back to
        the window as it was; the scenes are laid out again either way."""
        if on == self.fullscreen:
            return
        try:
            if on:
                self.windowed_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        except pygame.error:
            return
        self.fullscreen = on
        self.resized()

    def run(self) -> int:
        if not self.stack:
            self.push_scene("autoplay" if self.config.autoplay else "title")
        deadline = (None if self.config.quit_after is None
                    else time.perf_counter() + self.config.quit_after)
        while self.step():
            if deadline is not None and time.perf_counter() >= deadline:
                break
        if self.config.screenshot is not None:
            self.config.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(self.config.screenshot))
        pygame.quit()
        return 0
