"""The game's one version number, from ``pyproject.toml`` (read at run time).

An installed game reads it from its package metadata; a source checkout reads the
``pyproject.toml`` beside the ``game`` package.  Standard library only (the rules core and
the saves use it).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path

DIST_NAME = "carcassonne-family"


@cache
def version() -> str:
    """The version, such as ``0.1.0``; ``0+unknown`` when nothing tells it."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:  # a source checkout (also an editable install): the file itself is the truth
        with pyproject.open("rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return "0+unknown"
