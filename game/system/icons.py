"""The game's own icon: one SVG drawn for the project, and the files made from it.

``scripts/make_icons.py`` renders the SVG to the PNG set below (the window icon and the
Linux launcher's icons, which travel with the game's data) and to the executable's icons in
``packaging/icons/`` (``.ico`` for Windows, ``.icns`` for a macOS bundle); the results are
committed, so building needs no drawing tool.  Standard library only.
"""

from __future__ import annotations

from pathlib import Path

from game.system import paths

# The name desktops know the game by: the launcher entry's file name, its icon's name and
# the window's class, which is how a desktop matches a window to its entry.
APP_ID = "carcassonne-family"

# The sizes of the PNG set: the freedesktop icon theme's usual sizes.
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
WINDOW_ICON_SIZE = 128  # big enough for task switchers, small enough to load at once

ICON_FOLDER = "app"  # inside sprites/
SVG_NAME = "carcassonne.svg"


def icon_dir() -> Path:
    """The folder of the icon's SVG and PNG set (found like every sprite)."""
    return paths.sprites_dir() / ICON_FOLDER


def svg_path() -> Path:
    return icon_dir() / SVG_NAME


def png_name(size: int) -> str:
    return f"carcassonne-{size}.png"


def png_path(size: int) -> Path:
    """The icon drawn at ``size`` × ``size`` pixels."""
    if size not in PNG_SIZES:
        raise ValueError(f"no {size} px icon (sizes: {', '.join(map(str, PNG_SIZES))})")
    return icon_dir() / png_name(size)
