"""The App owns the window, the frame loop and the scene stack.

Scenes have an explicit lifecycle: ``enter`` when pushed, ``pause``/``resume`` when another
scene covers them, ``exit`` when popped; each frame the top scene ``handle``s intents,
``update``s and the stack ``draw``s from the lowest visible scene up.  Nothing here touches
pygame at import time.

The window rests: between frames the loop sleeps until an event comes (it looks 60 times a
second), unless the top scene says something on it moves (``animating``: frames at 60 per
second) or that it wants to look again after a while (``wake_in``).  Other threads (a
computer player that finished thinking) end a rest with ``wake``.

Scenes are made by name from factories the entry point hands to the app
(``game.ui.scenes.SCENES``): the scene modules import the app, never the other way round.
"""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
import threading
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
from .window import FULLSCREEN_KEY, MIN_SIZE, SIZE_KEY, opening_size

FPS = 60  # frames per second while something moves
POLL_HZ = 60  # how often a resting window looks for events


@dataclass
class AppConfig:
    size: tuple[int, int] | None = None  # None: as remembered, else most of the desktop
    fullscreen: bool | None = None  # None: as remembered
    autoplay: bool = False
    quit_after: float | None = None
    screenshot: Path | None = None
    storage_root: Path | None = None
    seed: int | None = None
    players: int = 2
    game: str = "carcassonne"  # the game of --autoplay
    computer_pace: str | None = None  # overrides the setting for this run
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

    def animating(self) -> bool:
        """True while something on the scene moves: the app then draws every frame."""
        return False

    def wake_in(self) -> float | None:
        """Seconds after which the scene wants to be updated and drawn even if no event
        comes (a blinking cursor); None: only events change it."""
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
        self.storage = Storage(self.config.storage_root)
        self.settings = Settings(self.storage)
        desktops = pygame.display.get_desktop_sizes()
        size = opening_size(self.config.size, self.settings.recall(SIZE_KEY),
                            desktops[0] if desktops else None)
        self.windowed_size = size  # the window's size, kept while full screen
        self.fullscreen = False
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack: list[Scene] = []
        fullscreen = self.config.fullscreen
        if fullscreen is None:
            fullscreen = self.settings.recall(FULLSCREEN_KEY) is True
        if fullscreen:
            self.set_fullscreen(True)
        pygame.key.set_repeat(300, 40)
        self.clock = pygame.time.Clock()
        self._woken = threading.Event()  # set by other threads to end a rest
        self._last_step = time.perf_counter()
        self.registry: Registry = load_registry(
            [self.storage.user_tilesets_dir, *self.config.extra_tileset_dirs],
            cache_dir(self.config.storage_root))
        self.input = InputMapper()
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
        """Run one frame (``dt``: the seconds it stands for, default the time since the
        last one); returns False once the app wants to stop."""
        now = time.perf_counter()
        if dt is None:
            dt = now - self._last_step
        self._last_step = now
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

    def rest(self, until: float | None = None) -> None:
        """Wait for the next frame: a 60th of a second while the top scene moves, else until
        an event comes, another thread calls ``wake``, the scene's ``wake_in`` has passed or
        the time ``until`` (a ``perf_counter`` value) is reached.

        It looks for events POLL_HZ times a second and sleeps in between: pygame's own
        ``event.wait`` looks every millisecond, which costs several times more."""
        scene = self.stack[-1] if self.stack else None
        if scene is None or scene.animating():
            self.clock.tick(FPS)
            return
        now = time.perf_counter()
        wake = scene.wake_in()
        end = None if wake is None else now + wake
        if until is not None:
            end = until if end is None else min(end, until)
        while end is None or now < end:
            if pygame.event.peek() or self._woken.is_set():
                break  # the events stay queued for the next step
            self._woken.wait(1 / POLL_HZ if end is None else min(1 / POLL_HZ, end - now))
            now = time.perf_counter()
        self._woken.clear()
        self.clock.tick(FPS)  # events close together still make at most FPS frames

    def wake(self) -> None:
        """End a rest from any thread."""
        self._woken.set()

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
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
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
        self.settings.remember(FULLSCREEN_KEY, on)
        self.resized()

    def run(self) -> int:
        if not self.stack:
            self.push_scene("autoplay" if self.config.autoplay else "title")
        deadline = (None if self.config.quit_after is None
                    else time.perf_counter() + self.config.quit_after)
        while self.step():
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self.rest(deadline)
        if self.config.screenshot is not None:
            self.config.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(self.config.screenshot))
        self.close()
        return 0

    def close(self) -> None:
        """End every scene (as when it is popped: searches stop), remember the window's
        size, close the window."""
        while self.stack:
            self.stack.pop().exit()
        self.settings.remember(SIZE_KEY, list(self.windowed_size))
        pygame.quit()


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
