"""Orchard, a tiny game that plugs in from its own package, as docs/adding-a-game.md walks
through: a tile set with its words and its rules page (``tilesets/``), a rule module
(``orchard.py``) and that module's view (``orchard_view.py``).  Nothing outside this package
names it: ``discover("tests.tiny_game")`` finds its module and its view."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules import modules as rule_modules
from game.view import modules as module_views

PACKAGE = __name__
TILESETS = Path(__file__).resolve().parent / "tilesets"  # its tile sets folder


def plug_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Orchard's rule module and view added to the registries for the length of a test, as
    a game of its own package is plugged in before its tile set is read."""
    for name, module in rule_modules.discover(PACKAGE).items():
        monkeypatch.setitem(rule_modules.MODULES, name, module)
    for name, shown in module_views.discover(PACKAGE).items():
        monkeypatch.setitem(module_views.VIEWS, name, shown)
