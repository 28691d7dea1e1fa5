"""The App owns the window, the frame loop and the scene stack.

Scenes have an explicit lifecycle: ``enter`` when pushed, ``pause``/``resume`` when another
scene covers them, ``exit`` when popped; each frame the top scene ``handle``s intents,
``update``s and the stack ``draw``s from the lowest visible scene up.  Nothing here touches
pygame at import time.

The keyboard reaches every screen: while the top scene draws, the widgets it draws offer
themselves to the keyboard's ring (``focus``), which Tab, Shift+Tab and Enter move and press
before the scene sees them, unless the scene reads those keys itself (``focus_keys``).

The window rests: between frames the loop sleeps until an event comes (it looks 60 times a
second), unless the top scene says something on it moves (``animating``: frames at 60 per
second) or that it wants to look again after a while (``wake_in``).  Other threads (a
computer player that finished thinking) end a rest with ``wake``.

Scenes are pushed as instances.  A scene module imports the scenes it leads to, except those
that lead back to it (the title, a game, its final scores), which it asks of the app's
``Routes``, made at the top of the scene package (``game.ui.scenes.routes``): the scene
modules import the app, never the other way round.

Crashes lose nothing: an exception raised by a scene is logged with its traceback and the
window shows the crash screen instead of vanishing.  The autosave is never touched then: it
was written when the last turn was confirmed, so continuing from it loses at most the turn in
progress.  If the crash screen itself fails, the window closes cleanly after logging that too.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from game.rules.registry import Registry
from game.store import logs
from game.store.storage import Storage
from game.store.tileset_cache import cache_dir, load_registry
from game.system.version import version
from game.words.i18n import _, set_language

from . import desktop, keymap
from .focus import FocusRing
from .input import InputMapper
from .intents import Command, Intent, Quit, Resize
from .settings import Settings
from .sound import Sounds
from .window import FULLSCREEN_KEY, MIN_SIZE, SIZE_KEY, opening_size

if TYPE_CHECKING:
    from .session import Session

FPS = 60  # frames per second while something moves
POLL_HZ = 60  # how often a resting window looks for events
TOAST_FADE = 0.5  # seconds a toast takes to fade away, at the end of its time
LONGEST_STEP = 0.1  # seconds one frame may stand for: after a stall, moves resume, not jump

log = logging.getLogger(__name__)


@dataclass
class AppConfig:
    size: tuple[int, int] | None = None  # None: as remembered, else most of the desktop
    fullscreen: bool | None = None  # None: as remembered
    autoplay: bool = False
    quit_after: float | None = None
    screenshot: Path | None = None
    storage_root: Path | None = None
    seed: int | None = None
    order: tuple[str, ...] = ()  # tiles to draw first (--order), for --autoplay and New game
    players: int = 2
    game: str = "carcassonne"  # the game of --autoplay
    computer_pace: str | None = None  # overrides the setting for this run
    expansions: list[str] = field(default_factory=list)
    extra_tileset_dirs: list[Path] = field(default_factory=list)
    # A table hosted from the window: where it listens (the tests: the loopback address,
    # any port) and the address its link shows (None: this computer's on its network).
    host_interface: str = "0.0.0.0"
    host_port: int = 7417
    host_address: str | None = None


class Scene:
    """Base scene: override what you need.  ``overlay`` scenes let the one below show."""

    overlay = False
    help_page: ClassVar[bool] = False  # the rules pages: F1 over them closes them
    # Tab, Shift+Tab and Enter move and press the keyboard's ring on the screen's buttons
    # (``focus``); False: the screen reads them itself (the board: Tab walks the lit cells).
    focus_keys: ClassVar[bool] = True

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

    def focus_scroll(self, step: int, at: object) -> bool:
        """Tab (``step`` 1) or Shift+Tab (-1) leaves the widget ``at``: a screen whose list
        shows some of its rows scrolls it a row when ``at`` is its last (first) row shown,
        and says so; the keyboard's ring then goes to the row that took its place."""
        return False

    def focus_wrap(self, step: int) -> bool:
        """The keyboard's ring goes round: past the last widget (``step`` 1) or before the
        first (-1).  A screen whose list shows some of its rows brings its first (last)
        rows back into sight and says so: the ring then goes to the row at the first
        widget's (last widget's) place, and each round comes to every row."""
        return False

    def animating(self) -> bool:
        """True while something on the scene moves: the app then draws every frame."""
        return False

    def wake_in(self) -> float | None:
        """Seconds after which the scene wants to be updated and drawn even if no event
        comes (a blinking cursor); None: only events change it."""
        return None

    def redraw_in(self) -> float | None:
        """Seconds after which the scene, drawn under an overlay that takes the events and
        the updates (a menu), looks different by the time alone (a turn clock running);
        None: it does not."""
        return None


class Routes(Protocol):
    """The scenes a scene may lead back to (its module cannot import them: they import it,
    through the scenes that lead to it), and those the app brings up over any scene."""

    def title(self) -> Scene: ...
    def play(self, session: Session) -> Scene: ...
    def final(self, session: Session) -> Scene: ...
    def setup(self, again: Session | None = None) -> Scene: ...
    def join(self, problem: str = "") -> Scene: ...
    def help(self) -> Scene: ...
    def crash(self, error: str) -> Scene: ...


class App:
    def __init__(self, config: AppConfig, routes: Callable[[App], Routes]) -> None:
        self.config = config
        logs.setup(self.config.storage_root)
        log.info("carcassonne %s starting (Python %s, pygame-ce %s, SDL %s, %s)", version(),
                 sys.version.split()[0], pygame.version.ver,
                 ".".join(map(str, pygame.get_sdl_version())), sys.platform)
        self.storage = Storage(self.config.storage_root)
        self.storage.clean_temporary()
        self.settings = Settings(self.storage)
        set_language(str(self.settings.get("language")))
        self.sound = Sounds(self.settings)
        self.toast: tuple[str, float] | None = None  # a short message, until perf_counter()
        # Only what the game uses: no joystick; the audio device is opened by the sounds on
        # first use (it can be slow to open, and the title screen plays none).  The entry
        # point has set SDL's hints for the desktop (desktop.prepare_sdl) before pygame was
        # imported.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Carcassonne")
        self.desktop_scale = desktop.desktop_scale()
        self.icon = desktop.set_window_icon()
        self.windowed_size = opening_size(self.config.size, self.settings.recall(SIZE_KEY),
                                          self.desktop(), self.chosen_scale())
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.stack: list[Scene] = []
        self.changes = 0  # scenes pushed and popped so far: the screen changed when it grows
        pygame.key.set_repeat(300, 40)
        self.clock = pygame.time.Clock()
        self._woken = threading.Event()  # set by other threads to end a rest
        self._last_step = time.perf_counter()
        self._rested = 0.0  # seconds of the last rest spent waiting for a time the scene set
        self.registry: Registry = load_registry(
            [self.storage.user_tilesets_dir, *self.config.extra_tileset_dirs],
            cache_dir(self.config.storage_root))
        for error in self.registry.errors:
            log.warning("tile set skipped: %s", error)
        self.input = InputMapper()
        keymap.install(keymap.Bindings(self.settings.recall(keymap.SETTINGS_KEY)))
        self.focus = FocusRing(self._typing)
        self.running = True
        self.exit_code = 0
        self.crash_screen: Scene | None = None  # shown after a crash
        self.started = time.perf_counter()
        self.attention_asked = 0  # times the window asked for its player's attention
        self.frames = 0
        self.first_frame_at: float | None = None  # perf_counter() when the first frame showed
        from .resources import Resources
        self.res = Resources(self.interface_scale(self.screen.get_size()))
        self.settings.subscribe(self.setting_changed)
        self._motion()
        fullscreen = self.config.fullscreen
        if fullscreen is None:
            fullscreen = self.settings.recall(FULLSCREEN_KEY) is True
        if fullscreen:
            self.set_fullscreen(True)
        self.routes = routes(self)

    # -- the interface size
    def chosen_scale(self) -> float:
        """The interface size the settings ask for (``auto``: the desktop's)."""
        value = self.settings.get("ui_scale")
        return value / 100 if isinstance(value, int) else self.desktop_scale

    def interface_scale(self, size: tuple[int, int]) -> float:
        """The chosen interface size, as far as a window of ``size`` holds it: the layouts
        need MIN_SIZE per 100 %.  In eighths, so that resizing does not make new fonts at
        every pixel."""
        fits = min(size[0] / MIN_SIZE[0], size[1] / MIN_SIZE[1])
        return max(1.0, int(min(self.chosen_scale(), fits) * 8) / 8)

    @staticmethod
    def desktop() -> tuple[int, int] | None:
        desktops = pygame.display.get_desktop_sizes()
        return desktops[0] if desktops else None

    def setting_changed(self, key: str) -> None:
        if key == "ui_scale":
            self.resized()
        if key == "reduce_motion":
            self._motion()

    def _motion(self) -> None:
        from .widgets import motion
        motion.reduced = self.settings.get("reduce_motion") is True

    def _typing(self, on: bool) -> None:
        self.input.text_focus = on

    # -- scene stack
    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        self.input.spend_held_keys()  # a key held now never acts on the new screen
        self.focus.reset()
        self.changes += 1
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.layout(self.screen.get_size())
        scene.enter()

    def pop(self) -> Scene:
        self.input.spend_held_keys()
        self.focus.reset()
        self.changes += 1
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
        """Run one frame (``dt``: the seconds it stands for, default the time since the
        last one); returns False once the app wants to stop."""
        now = time.perf_counter()
        if dt is None:
            dt = now - self._last_step
        self._last_step = now
        # A stall counts as one frame's step; a wait the scene asked for (``wake_in``) is
        # time that passed: a note shown for 2.6 s goes after 2.6 s, not after many waits.
        dt = min(dt, LONGEST_STEP + self._rested)
        self._rested = 0.0
        changes = self.changes
        self.handle_events(changes)
        if not self.running or not self.stack:
            return False
        self.guarded("update", self.scene.update, dt)
        self.guarded("draw", self.draw)
        pygame.display.flip()
        if self.changes != changes:
            # The screen changed in this frame: what was pressed while it was being made
            # was pressed before the new screen showed, and acts on nothing.
            self.handle_events(changes)
            # Those events may hold another thread's wake-up (the network's answer to the
            # new screen): the next frame comes at once and reads it, else the window would
            # rest on what it showed before it until some other event came.
            self._woken.set()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        self.frames += 1
        return self.running

    def handle_events(self, changes: int) -> None:
        """Handle the events waiting, in order; once the screen changed (``changes``: the
        count of scene changes when it was last shown), presses among them are stale: made
        before the screen now on top showed, they never act on it."""
        for event in pygame.event.get():
            stale = self.changes != changes
            intent = self.input.stale(event) if stale else self.input.one(event)
            if intent is not None:
                self.guarded("handle", self.dispatch, intent)

    def rest(self, until: float | None = None) -> None:
        """Wait for the next frame: a 60th of a second while the top scene moves, else until
        an event comes, another thread calls ``wake``, the scene's ``wake_in`` has passed or
        the time ``until`` (a ``perf_counter`` value) is reached.

        It looks for events POLL_HZ times a second and sleeps in between: pygame's own
        ``event.wait`` looks every millisecond, which costs several times more."""
        scene = self.stack[-1] if self.stack else None
        now = time.perf_counter()
        if scene is None or scene.animating() or (
                self.toast is not None and now >= self.toast[1] - TOAST_FADE):
            self.clock.tick(FPS)  # a toast fading out moves too
            return
        wake = scene.wake_in()
        for below in self.shown()[:-1]:  # seen through the overlay: its clock runs on
            later = below.redraw_in()
            if later is not None:
                wake = later if wake is None else min(wake, later)
        end = None if wake is None else now + wake
        if until is not None:
            end = until if end is None else min(end, until)
        if self.toast is not None:  # wake to fade the message away
            fade = self.toast[1] - TOAST_FADE
            end = fade if end is None else min(end, fade)
        began = now
        while end is None or now < end:
            if pygame.event.peek() or self._woken.is_set():
                break  # the events stay queued for the next step
            self._woken.wait(1 / POLL_HZ if end is None else min(1 / POLL_HZ, end - now))
            now = time.perf_counter()
        if end is not None:
            self._rested = min(now, end) - began
        self._woken.clear()
        self.clock.tick(FPS)  # events close together still make at most FPS frames

    def wake(self) -> None:
        """End a rest from any thread."""
        self._woken.set()

    def dispatch(self, intent: Intent) -> None:
        if isinstance(intent, Quit) or intent is Command.QUIT:
            self.running = False
            return
        if isinstance(intent, Resize):
            self.resized()
            return
        if intent is Command.FULLSCREEN:
            self.toggle_fullscreen()
            return
        if intent is Command.HELP:  # F1 or H on every screen; again (or Esc) closes it
            self.toggle_help()
            return
        if intent is Command.MUTE:  # M on every screen
            on = self.sound.toggle()
            self.show_toast(_("Sound on") if on else _("Sound off"))
            return
        if not self.stack:
            return
        scene = self.scene
        if scene.focus_keys and self.focus.handle(intent, scene.focus_scroll,
                                                      scene.focus_wrap):
            return
        scene.handle(intent)

    def shown(self) -> list[Scene]:
        """The scenes a frame draws, bottom first: the top one and those its overlays let
        be seen."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[max(first, 0):]

    def draw(self) -> None:
        shown = self.shown()
        for scene in shown[:-1]:
            scene.draw(self.screen)
        top = shown[-1]
        if top.focus_keys:  # what it draws, the keyboard's ring may go to
            with self.focus.collecting():
                top.draw(self.screen)
            self.focus.draw(self.screen, self.res.scale)
        else:
            top.draw(self.screen)
        if self.toast is not None:
            text, until = self.toast
            left = until - time.perf_counter()
            if left > 0:
                from .widgets import draw_toast
                still = self.settings.get("reduce_motion") is True  # no fading
                visible = 1.0 if still else min(1.0, left / TOAST_FADE)
                draw_toast(self.screen, self.res, text, visible)
            else:
                self.toast = None

    def ask_attention(self) -> None:
        """Something waits for the player (their turn at a network table): the window's
        taskbar entry flashes until they come to it, unless they are at it already."""
        self.attention_asked += 1
        if pygame.key.get_focused():
            return
        with contextlib.suppress(pygame.error, AttributeError):  # a system that cannot
            pygame.Window.from_display_module().flash(pygame.FLASH_UNTIL_FOCUSED)

    def show_toast(self, text: str, seconds: float = 1.4) -> None:
        """A short message over every scene (sound on or off, the game saved...), which
        fades away by itself after ``seconds``."""
        self.toast = (text, time.perf_counter() + seconds)

    def toggle_help(self) -> None:
        if self.stack and self.scene.help_page:
            self.pop()
        else:
            self.push(self.routes.help())

    def resized(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        w, h = self.screen.get_size()
        if not self.fullscreen and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            self.screen = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])),
                                                  pygame.RESIZABLE)
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.res.set_scale(self.interface_scale(self.screen.get_size()))
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
        """Run the scenes pushed (the entry point pushes the first) until the window closes;
        the exit code."""
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
        return self.exit_code

    # -- crashes
    def guarded(self, what: str, function: Callable[..., Any], *args: Any) -> None:
        """``function(*args)``; an exception from it brings up the crash screen."""
        try:
            function(*args)
        except Exception as exc:  # any failure of a scene: log it, keep the window
            self.crashed(what, exc)

    def crashed(self, what: str, exc: Exception) -> None:
        scene = type(self.stack[-1]).__name__ if self.stack else "-"
        log.error("the window failed in %s (scene %s)", what, scene, exc_info=exc)
        if self.stack and self.stack[-1] is self.crash_screen:
            self.give_up("the crash screen failed too")
            return
        while self.stack:  # every scene leaves: a computer player's search stops
            left = self.stack.pop()
            try:
                left.exit()
            except Exception:  # the scene that broke may break again on its way out
                log.exception("scene %s failed while closing", type(left).__name__)
        try:
            self.crash_screen = self.routes.crash(f"{type(exc).__name__}: {exc}")
            self.push(self.crash_screen)
        except Exception:
            log.exception("the crash screen cannot open")
            self.give_up("the crash screen cannot open")

    def give_up(self, why: str) -> None:
        log.critical("%s: closing the window", why)
        self.running = False
        self.exit_code = 1

    def close(self) -> None:
        """End every scene (as when it is popped: searches stop), remember the window's
        size, close the window."""
        while self.stack:
            self.stack.pop().exit()
        self.settings.remember(SIZE_KEY, list(self.windowed_size))
        pygame.quit()
