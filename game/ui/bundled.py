"""Checks that everything the window reads from files is there and loads: the smoke test's
proof that a build (the one-file executable above all) carries it.

Generic over the data: whatever sprites, icons, sounds and translation catalogs the game
ships are found by their folders and patterns (the typefaces are the ones ``fonts`` names),
so a new file is checked without a change here, and a build that leaves one out (or the
library that reads it) fails.
"""

from __future__ import annotations

import gettext
from pathlib import Path

import pygame

from game.system import icons, paths
from game.system.version import version

from . import fonts
from .art.loading import load_svg

SOUND_PATTERNS = ("**/*.wav", "**/*.ogg")
CATALOG_PATTERN = "**/*.mo"


class MissingAsset(Exception):
    pass


def locale_dir() -> Path:
    """The translation catalogs' folder, inside the ``game`` package."""
    return paths.PACKAGE_DIR / "locale"


def check_sprites() -> int:
    """Every SVG draws and every PNG loads; returns how many."""
    folder = paths.sprites_dir()
    svgs = sorted(folder.rglob("*.svg"))
    if not svgs:
        raise MissingAsset(f"no sprite found in {folder}")
    for svg in svgs:
        if load_svg(svg, (48, 48)) is None:
            raise MissingAsset(f"sprite {svg} cannot be drawn")
    pngs = sorted(folder.rglob("*.png"))
    for png in pngs:
        try:
            pygame.image.load(str(png))
        except (pygame.error, OSError) as exc:
            raise MissingAsset(f"image {png} cannot be read: {exc}") from None
    return len(svgs) + len(pngs)


def check_icons(window_icon: pygame.Surface | None) -> int:
    """The icon's PNG set at its sizes, its SVG, and the icon on the window."""
    if window_icon is None:
        raise MissingAsset("the window has no icon")
    for size in icons.PNG_SIZES:
        path = icons.png_path(size)
        try:
            image = pygame.image.load(str(path))
        except (pygame.error, OSError) as exc:
            raise MissingAsset(f"icon {path} cannot be read: {exc}") from None
        if image.get_size() != (size, size):
            raise MissingAsset(f"icon {path} is {image.get_size()}, not {size} px")
    if load_svg(icons.svg_path(), (64, 64)) is None:
        raise MissingAsset(f"icon {icons.svg_path()} cannot be drawn")
    return len(icons.PNG_SIZES) + 1


def check_sounds() -> int:
    """pygame.mixer starts (on the dummy audio driver) and reads every sound file."""
    files = sorted({p for pattern in SOUND_PATTERNS for p in paths.sprites_dir().glob(pattern)})
    try:
        pygame.mixer.init()
    except (pygame.error, NotImplementedError, ImportError) as exc:
        raise MissingAsset(f"pygame.mixer cannot start: {exc}") from None
    try:
        for sound in files:
            try:
                pygame.mixer.Sound(str(sound))
            except pygame.error as exc:
                raise MissingAsset(f"sound {sound} cannot be read: {exc}") from None
    finally:
        pygame.mixer.quit()
    return len(files)


def check_fonts() -> int:
    """Every typeface loads, has its licence beside it, has every character French needs
    (the display face, for titles, its letters and marks), sets a French sentence, and kerns;
    a bold face is bold by design.  Returns how many faces."""
    for face in fonts.Face:
        licence = face.path.with_name(face.path.name.split("-")[0] + "-OFL.txt")
        if not licence.is_file():
            raise MissingAsset(f"typeface {face.path} has no licence beside it ({licence})")
        try:
            font = fonts.load(face, 40)
        except (pygame.error, OSError) as exc:
            raise MissingAsset(f"typeface {face.path} cannot be read: {exc}") from None
        needed = (fonts.FRENCH_LETTERS + fonts.FRENCH_MARKS if face is fonts.Face.DISPLAY
                  else fonts.FRENCH + fonts.FRENCH_SENTENCE)
        lacking = fonts.missing(face, needed)
        if lacking:
            raise MissingAsset(f"typeface {face.path} lacks {lacking!r}")
        if font.render(fonts.FRENCH_SENTENCE, True, (0, 0, 0)).get_width() < 100:
            raise MissingAsset(f"typeface {face.path} does not set a French sentence")
        if not fonts.kerned(font):
            raise MissingAsset(f"typeface {face.path} is not kerned (SDL_ttf without kerning?)")
        # SDL_ttf reports a bold face as bold, and never emboldens it again
        expected = "Regular" if face is fonts.Face.TEXT else "Bold"
        if font.style_name != expected or font.bold != (expected == "Bold"):
            raise MissingAsset(f"typeface {face.path} is {font.style_name}, not {expected}")
    return len(fonts.Face)


def check_catalogs() -> int:
    """Every translation catalog parses."""
    catalogs = sorted(locale_dir().glob(CATALOG_PATTERN))
    for catalog in catalogs:
        try:
            with catalog.open("rb") as f:
                gettext.GNUTranslations(f)
        except (OSError, UnicodeDecodeError) as exc:
            raise MissingAsset(f"catalog {catalog} cannot be read: {exc}") from None
    return len(catalogs)


def check_all(window_icon: pygame.Surface | None) -> str:
    """Every check; a one-line summary, or MissingAsset."""
    if version() == "0+unknown":
        raise MissingAsset("the version number cannot be found")
    sprites = check_sprites()
    icon_files = check_icons(window_icon)
    sounds = check_sounds()
    faces = check_fonts()
    catalogs = check_catalogs()
    return (f"version {version()}, {sprites} sprite files, {icon_files} icon files, "
            f"{sounds} sounds (mixer ok), {faces} typefaces (French, kerned), "
            f"{catalogs} catalogs")
