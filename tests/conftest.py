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


SLOW_TIMEOUT = 600.0  # seconds a test marked slow may run (pyproject.toml's timeout: the rest)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked slow (whole games, builds) get ``SLOW_TIMEOUT`` before pytest-timeout
    fails them, unless they say how long themselves (``@pytest.mark.timeout(seconds)``)."""
    if not config.pluginmanager.hasplugin("timeout"):
        return
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
