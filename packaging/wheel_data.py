"""Setuptools commands, named in pyproject.toml's ``[tool.setuptools.cmdclass]``, that give a
wheel the game's data: the repository's top-level ``tilesets/`` (with the rules pages) and
``sprites/`` (with the typefaces and their licences) are copied into the built package as
``game/_data/tilesets`` and ``game/_data/sprites``, where ``game/system/paths.py`` looks first.
The file list is ``game.system.paths.source_data_files`` (the PyInstaller spec uses it too).

The sdist carries the data folders and this file, so a wheel built from it is the same.  An
editable install copies nothing: it imports from the work tree, where ``game/system/paths.py``
finds the top-level folders.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

ROOT = Path(__file__).resolve().parents[1]
TARGET = Path("game", "_data")


def _paths() -> ModuleType:
    """game/system/paths.py, loaded by file (it needs only the standard library)."""
    spec = importlib.util.spec_from_file_location("_carcassonne_paths",
                                                  ROOT / "game" / "system" / "paths.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def data_files() -> list[Path]:
    files: list[Path] = _paths().source_data_files(ROOT)
    if not any(f.parts[0] == "tilesets" for f in files):
        raise RuntimeError(f"no tile set found under {ROOT / 'tilesets'}")
    return files


class build_py(_build_py):  # setuptools names commands in lower case
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        # No stale file from an earlier build (setuptools keeps build/lib between builds).
        shutil.rmtree(Path(self.build_lib) / TARGET, ignore_errors=True)
        for rel in data_files():
            target = Path(self.build_lib) / TARGET / rel
            self.mkpath(str(target.parent))
            self.copy_file(str(ROOT / rel), str(target), preserve_mode=False)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            outputs += [str(Path(self.build_lib) / TARGET / rel) for rel in data_files()]
        return outputs


class sdist(_sdist):
    def make_distribution(self) -> None:
        self.filelist.extend([rel.as_posix() for rel in data_files()])
        self.filelist.append(Path(__file__).relative_to(ROOT).as_posix())
        super().make_distribution()
