"""Shared fixtures.  The window code is tested headless: SDL gets dummy drivers before any
test imports pygame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["LANGUAGE"] = "en"  # the window's language when set to follow the system
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.rules import TileSet, default_registry
from game.rules.registry import Registry


@pytest.fixture(scope="session")
def registry() -> Registry:
    return default_registry()


@pytest.fixture(scope="session")
def base(registry: Registry) -> TileSet:
    return registry.ruleset("carcassonne")
