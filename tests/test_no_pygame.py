"""The rules core is a library: importing all of it must not import pygame (nor does the
network package, which a table server without a window runs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "game" / "rules"


def test_rules_import_without_pygame() -> None:
    code = (
        "import sys, pkgutil, importlib, game.rules as r\n"
        "for m in pkgutil.walk_packages(r.__path__, 'game.rules.'):\n"
        "    importlib.import_module(m.name)\n"
        "import game.commands.scenario, game.commands.sim, game.commands.tileset\n"
        "import game.commands.server, game.server\n"
        "import game.net as n\n"
        "for m in pkgutil.walk_packages(n.__path__, 'game.net.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=RULES.parents[1], check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_pygame_in_rules_source() -> None:
    for path in RULES.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import pygame" not in text and "from pygame" not in text, path
