"""The App owns the window, the frame loop and the scene stack.

Scenes have an explicit lifecycle: ``enter`` when pushed, ``pause``/``resume`` when another
scene covers them, ``exit`` when popped; each frame the top scene ``handle``s intents,
``update``s and the stack ``draw``s from the lowest visible scene up.  Nothing here touches
pygame at import time.

Scenes are made by name from factories the entry point hands to the app
(``game.ui.scenes.SCENES``): the scene modules import the app, never the other way round.
"""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import pygame
from platformdirs import PlatformDirs

from game.rules.errors import TileSetError
from game.rules.registry import Registry, builtin_tileset_dir, default_registry
from game.storage import APP_NAME, Storage

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
        self.settings = Settings(self.storage)
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


# --- the tile sets, parsed once -----------------------------------------------------------------

REGISTRY_CACHE = "tilesets.pickle"


def cache_dir(storage_root: Path | None) -> Path:
    """Where the parsed tile sets are kept: beside the saves' root when one is given
    (``CARCASSONNE_HOME``, tests), else the platform's user cache folder."""
    root = storage_root or (Path(os.environ["CARCASSONNE_HOME"])
                            if os.environ.get("CARCASSONNE_HOME") else None)
    if root is not None:
        return root / "cache"
    return Path(PlatformDirs(APP_NAME, APP_NAME).user_cache_dir)


def _code_stamp() -> tuple[object, ...]:
    """Changes whenever the code that parses tile sets may have changed."""
    import yaml
    if getattr(sys, "frozen", False):
        exe = os.stat(sys.executable)
        return ("frozen", sys.executable, exe.st_mtime_ns, exe.st_size)
    rules = Path(sys.modules[Registry.__module__].__file__ or ".").parent
    files = []
    for path in sorted(rules.rglob("*.py")):
        st = path.stat()
        files.append((str(path), st.st_mtime_ns, st.st_size))
    return (sys.version, yaml.__version__, tuple(files))


def _sources(extra_dirs: Sequence[Path]) -> tuple[tuple[str, bytes], ...]:
    """Every tile set file the registry would read, with its exact contents.  The built-in
    ones are named relative to their folder, which the one-file executable unpacks to a new
    temporary place on every start."""
    out = []
    for d in [builtin_tileset_dir(), *extra_dirs]:
        for path in sorted(Path(d).glob("*.yaml")):
            name = f"<built-in>/{path.name}" if d == builtin_tileset_dir() else str(path)
            try:
                out.append((name, path.read_bytes()))
            except OSError:
                out.append((name, b""))
    return tuple(out)


def load_registry(extra_dirs: Sequence[Path], cache: Path | None) -> Registry:
    """``default_registry(extra_dirs)``, kept parsed in ``cache``: parsing the YAML is most of
    the start-up time, and it is done again only when a tile set file (its exact contents)
    or the code that parses it changed.  Any problem with the cache: parse as usual."""
    if cache is None:
        return default_registry(extra_dirs)
    key = (_code_stamp(), _sources(extra_dirs))
    path = cache / REGISTRY_CACHE
    try:
        with path.open("rb") as f:
            stored_key, registry, errors = pickle.load(f)
        if stored_key == key and isinstance(registry, Registry):
            registry.errors = [TileSetError(*e) for e in errors]
            return registry
    except Exception:  # missing, unreadable, from another version: parse instead
        pass
    registry = default_registry(extra_dirs)
    errors = registry.errors
    try:
        registry.errors = []  # kept as plain values: exceptions do not pickle back
        data = pickle.dumps((key, registry, [(e.path, e.line, e.problem) for e in errors]),
                            protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:  # a cache that cannot be written only costs time
        pass
    finally:
        registry.errors = errors
    return registry
