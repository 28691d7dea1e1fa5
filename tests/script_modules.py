"""Loading a script or packaging file that is not part of a package, as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_file(path: Path, name: str) -> ModuleType:
    """The module of ``path`` under ``name``, registered in ``sys.modules`` (a dataclass in
    it looks its module up by name)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
