"""Where the game's own data lives (tile sets and their rules pages, sprites): the one place
that knows.  (The translation catalogs are package data, ``game/locale``: see game.words.i18n.)

The same rule holds from a source checkout, an installed wheel and the frozen executable:

* an installed wheel carries the repository's top-level ``tilesets/`` and ``sprites/`` inside
  the package as ``game/_data/tilesets`` and ``game/_data/sprites`` (copied there at build
  time by ``packaging/wheel_data.py``), and the PyInstaller build
  (``packaging/carcassonne.spec``) bundles them at the same place next to the frozen
  ``game`` package; both take the file list from ``source_data_files`` below;
* a source checkout (and an editable install, which imports from it) has no ``game/_data``:
  the folders are found next to the ``game`` package, at the top of the repository.

No ``sys._MEIPASS`` check is needed: a frozen module's ``__file__`` lies in the unpacked bundle.
This module imports nothing outside the standard library (the rules core uses it).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # the game package (this is game/system)
PACKAGED_DATA = PACKAGE_DIR / "_data"  # wheel and frozen build
SOURCE_ROOT = PACKAGE_DIR.parent  # source checkout: the repository's top level

# The data folders and the files in them that the game reads (the schema is for editors of
# tile sets; a player adding one may want it): tile sets with their rules pages, best-move
# puzzles and the computer levels' ratings (ratings.json); sprites (with the icon's PNG set,
# the sounds, sprites/sounds/, and the typefaces with the licence that must travel with
# them, sprites/fonts/).
DATA_PATTERNS: dict[str, tuple[str, ...]] = {
    "tilesets": ("*.yaml", "*.json", "help/*.md", "puzzles/*.json"),
    "sprites": ("**/*.svg", "**/*.png", "**/*.wav", "**/*.ogg", "fonts/*.otf", "fonts/*.ttf",
                "fonts/*.txt"),
}
DATA_FOLDERS = tuple(DATA_PATTERNS)


def candidates(name: str) -> list[Path]:
    """Where the data folder ``name`` is looked for, first match wins."""
    return [PACKAGED_DATA / name, SOURCE_ROOT / name]


def data_dir(name: str) -> Path:
    """The game's data folder ``name`` (``tilesets`` or ``sprites``)."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {name!r} (known: {', '.join(DATA_FOLDERS)})")
    places = candidates(name)
    for place in places:
        if place.is_dir():
            return place
    raise FileNotFoundError(f"the game's {name} folder is missing (looked in "
                            f"{', '.join(str(p) for p in places)})")


def tilesets_dir() -> Path:
    """The built-in tile sets."""
    return data_dir("tilesets")


def sprites_dir() -> Path:
    """The figure and icon sprites."""
    return data_dir("sprites")


def layout() -> str:
    """How the data was found: ``packaged`` (wheel or frozen build) or ``source``."""
    return "packaged" if tilesets_dir().parent == PACKAGED_DATA else "source"


def source_data_files(root: Path = SOURCE_ROOT) -> list[Path]:
    """The data files of a source tree, relative to it (``tilesets/carcassonne.yaml``...):
    what the wheel and the frozen build put under ``game/_data``."""
    found: set[Path] = set()
    for folder, patterns in DATA_PATTERNS.items():
        for pattern in patterns:
            found.update(p.relative_to(root) for p in (root / folder).glob(pattern)
                         if p.is_file())
    return sorted(found)
