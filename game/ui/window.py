"""The window's size: where it opens, and what is remembered of it between runs.

A window opens at the size asked on the command line (as asked, though never under
MIN_SIZE: the interface needs that much), else at the size it had when it was last closed,
else at about 85 % of the desktop, grown if the chosen interface size needs more room (the
layouts need MIN_SIZE per 100 %).  A remembered or first size is
never larger than the desktop, nor smaller than MIN_SIZE (unless the desktop itself is
smaller).  Full screen is remembered too.  Plain functions: the app reads the desktop and
the settings and passes them in, so that this is tested without a display.
"""

from __future__ import annotations

from typing import Any

Size = tuple[int, int]

MIN_SIZE: Size = (960, 640)  # the smallest window, and what the interface needs per 100 %
FALLBACK_SIZE: Size = (1280, 800)  # when the desktop's size is unknown
DESKTOP_SHARE = 0.85
SIZE_KEY = "window_size"  # remembered: [width, height] of the window (not full screen)
FULLSCREEN_KEY = "fullscreen"  # remembered: whether the game was closed in full screen


def fit_to_desktop(size: Size, desktop: Size | None) -> Size:
    """``size`` held between the game's least size and the desktop."""
    w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    if desktop is not None and desktop[0] > 0 and desktop[1] > 0:
        w, h = min(w, desktop[0]), min(h, desktop[1])
    return (w, h)


def first_size(desktop: Size | None, scale: float = 1.0) -> Size:
    """About 85 % of the desktop, or the room the interface size ``scale`` needs if that is
    more; within the desktop."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        w, h = FALLBACK_SIZE
    else:
        w, h = round(desktop[0] * DESKTOP_SHARE), round(desktop[1] * DESKTOP_SHARE)
    need = (round(MIN_SIZE[0] * scale), round(MIN_SIZE[1] * scale))
    return fit_to_desktop((max(w, need[0]), max(h, need[1])), desktop)


def opening_size(requested: Size | None, remembered: Any, desktop: Size | None,
                 scale: float = 1.0) -> Size:
    """The size to open the window at (see the module's text)."""
    if requested is not None:  # as asked, though never under the least size
        return (max(requested[0], MIN_SIZE[0]), max(requested[1], MIN_SIZE[1]))
    size = remembered_size(remembered)
    if size is not None:
        return fit_to_desktop(size, desktop)
    return first_size(desktop, scale)


def remembered_size(value: Any) -> Size | None:
    """A size read back from the settings file, or None when it is not a usable one (an
    older version, a hand-edited file)."""
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 < v < 100_000
                    for v in value)):
        return (value[0], value[1])
    return None
