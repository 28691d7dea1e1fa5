"""The App owns the window, the frame loop and the scene stack.

Scenes have an explicit lifecycle: ``enter`` when pushed, ``pause``/``resume`` when another
scene covers them, ``exit`` when popped; each frame the top scene ``handle``s intents,
``update``s and the stack ``draw``s from the lowest visible scene up.  Nothing here touches
pygame at import time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.rules.registry import Registry, default_registry
from game.storage import Storage

from .input import InputMapper
from .intents import Command, Intent, Quit, Resize

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
    extra_tileset_dirs: list[Path] = field(default_factory=list)


class Scene:
    """Base scene: override what you need.  ``overlay`` scenes let the one below show."""

    overlay = False

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


class App:
    def __init__(self, config: AppConfig | None = None) -> None:
        self.config = config or AppConfig()
        pygame.init()
        pygame.display.set_caption("Carcassonne")
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if self.config.fullscreen else 0)
        self.screen = pygame.display.set_mode(self.config.size, flags)
        pygame.key.set_repeat(300, 40)
        self.clock = pygame.time.Clock()
        self.storage = Storage(self.config.storage_root)
        self.registry: Registry = default_registry(
            [self.storage.user_tilesets_dir, *self.config.extra_tileset_dirs])
        self.input = InputMapper()
        self.stack: list[Scene] = []
        self.running = True
        self.started = time.perf_counter()
        self.frames = 0
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
        if self.stack:
            self.scene.handle(intent)

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.screen)

    def resized(self) -> None:
        w, h = self.screen.get_size()
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            self.screen = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])),
                                                  pygame.RESIZABLE)
        for scene in self.stack:
            scene.layout(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return
        self.screen = pygame.display.get_surface()
        self.resized()

    def run(self) -> int:
        from .scenes.title import TitleScene
        if not self.stack:
            if self.config.autoplay:
                from .scenes.play import PlayScene
                from .session import Session
                self.push(PlayScene(self, Session.quick(self, self.config.players,
                                                        self.config.seed, autoplay=True)))
            else:
                self.push(TitleScene(self))
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
