"""The game's one version number, from ``pyproject.toml`` (read at run time).

A source checkout reads the ``pyproject.toml`` beside the ``game`` package; the one-file
executable reads ``game/_data/VERSION``, which its build writes from that file (it carries
no package metadata); an installed wheel reads its package metadata.  Standard library only
(the rules core and the saves use it).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import metadata

from game.system import paths

DIST_NAME = "carcassonne-family"
VERSION_FILE = "VERSION"  # in game/_data, written by the executable's build


@cache
def version() -> str:
    """The version, such as ``0.1.0``; ``0+unknown`` when nothing tells it."""
    pyproject = paths.SOURCE_ROOT / "pyproject.toml"
    try:  # a source checkout (also an editable install): the file itself is the truth
        with pyproject.open("rb") as f:
            project = tomllib.load(f)["project"]
        if project["name"] == DIST_NAME:  # not another project's file beside an install
            return str(project["version"])
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        pass
    try:
        return (paths.PACKAGED_DATA / VERSION_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        pass
    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return "0+unknown"
