"""What the window asks of the desktop before and after it opens: real pixels on high-DPI
screens, the name desktops match the window to its launcher entry by, and the desktop's own
interface scale (which the ``auto`` interface size follows).

Nothing here imports pygame when it is imported: the hints are environment variables SDL
reads when the display starts, so ``prepare_sdl`` must run before ``pygame.display.init``.
The window's icon is set once pygame is there (``set_window_icon``).
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING

from game.system import icons
from game.system.icons import APP_ID

if TYPE_CHECKING:
    import pygame

SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)  # the interface sizes the settings offer
BASE_DPI = 96.0  # the DPI of a desktop at 100 %, on Windows and in X resources alike


def prepare_sdl(environ: MutableMapping[str, str] = os.environ) -> None:
    """Set SDL's hints for this desktop; a value the player set in the environment wins."""
    # Windows: declare the process aware of each monitor's DPI, so that Windows gives the
    # window real pixels instead of stretching a 96 DPI bitmap (which blurs every line).
    environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    # Wayland: buffers at the display's scale, so a window size means real pixels there too.
    environ.setdefault("SDL_VIDEO_WAYLAND_SCALE_TO_DISPLAY", "1")
    # The window's class (X11) and application id (Wayland) name the launcher entry.
    environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)


def nearest_scale(factor: float) -> float:
    """The interface size closest to a desktop's scale factor."""
    return min(SCALES, key=lambda s: (abs(s - factor), s))


def desktop_scale(environ: MutableMapping[str, str] = os.environ,
                  platform: str = sys.platform,
                  x_resources: Callable[[], str] | None = None) -> float:
    """The desktop's interface scale, as one of ``SCALES``; 1.0 when nothing tells.

    Windows reports the system DPI (the process is DPI aware: see ``prepare_sdl``).  Linux
    and other X11/Wayland desktops tell it by ``GDK_SCALE`` or ``QT_SCALE_FACTOR`` when the
    player set one, else by the ``Xft.dpi`` resource that GNOME, KDE and Xfce set from their
    scaling setting.  macOS scales the whole window itself (pygame draws in points there).
    The dummy and offscreen drivers have no desktop."""
    if environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen"):
        return 1.0
    if platform == "win32":
        return nearest_scale(_windows_dpi() / BASE_DPI)
    if platform == "darwin":
        return 1.0
    for name in ("GDK_SCALE", "QT_SCALE_FACTOR"):
        factor = _positive(environ.get(name, ""))
        if factor is not None:
            return nearest_scale(factor)
    dpi = xft_dpi((x_resources or _query_x_resources)())
    return nearest_scale(dpi / BASE_DPI) if dpi is not None else 1.0


def xft_dpi(resources: str) -> float | None:
    """The ``Xft.dpi`` value in the output of ``xrdb -query``, if any."""
    for line in resources.splitlines():
        name, _, value = line.partition(":")
        if name.strip() == "Xft.dpi":
            return _positive(value)
    return None


def _positive(text: str) -> float | None:
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if value > 0 else None


def _query_x_resources() -> str:
    """The X server's resources (empty without an X display or ``xrdb``)."""
    xrdb = shutil.which("xrdb")
    if not os.environ.get("DISPLAY") or xrdb is None:
        return ""
    try:
        done = subprocess.run([xrdb, "-query"], capture_output=True, text=True, timeout=2,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout if done.returncode == 0 else ""


def _windows_dpi() -> float:
    if sys.platform == "win32":  # the branch mypy checks on Windows only
        import ctypes
        try:
            return float(ctypes.windll.user32.GetDpiForSystem())
        except (AttributeError, OSError):  # before Windows 10: the screen's logical DPI
            user32, gdi32 = ctypes.windll.user32, ctypes.windll.gdi32
            screen = user32.GetDC(0)
            try:
                return float(gdi32.GetDeviceCaps(screen, 88))  # LOGPIXELSX
            finally:
                user32.ReleaseDC(0, screen)
    return BASE_DPI


def set_window_icon() -> pygame.Surface | None:
    """The game's icon on the window (before the window opens: some systems read it then).
    A missing icon file is logged, never fatal."""
    import pygame  # here: SDL's hints (``prepare_sdl``) go before pygame is imported

    path = icons.png_path(icons.WINDOW_ICON_SIZE)
    try:
        icon = pygame.image.load(str(path))
    except (pygame.error, OSError, FileNotFoundError) as exc:
        logging.getLogger(__name__).warning("no window icon: %s (%s)", path, exc)
        return None
    pygame.display.set_icon(icon)
    return icon
