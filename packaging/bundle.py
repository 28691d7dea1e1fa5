"""What the one-file executable carries besides code, for ``packaging/carcassonne.spec``
(which loads this file by path: the folder's name is also a library's).

* the game's data: every file ``game/system/paths.py``'s patterns pick under ``tilesets/`` and
  ``sprites/`` (sounds, the icon, the typefaces and their licences included), at
  ``game/_data/``, as in a wheel;
* the translation catalogs, ``game/locale/**/*.mo``, at the same place in the package;
* ``game/_data/VERSION``: the version from ``pyproject.toml`` (an executable has no package
  metadata to read it from);
* the executable's icon for the system building it.
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
ICONS = Path("packaging", "icons")
LOCALE = Path("game", "locale")
CATALOG_PATTERN = "**/*.mo"


def _game_module(name: str, root: Path) -> ModuleType:
    """``game/system/<name>.py`` loaded by file (standard library only, no package import)."""
    spec = importlib.util.spec_from_file_location(f"_bundle_{name}",
                                                  root / "game" / "system" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """(file, folder in the bundle) for every data file and translation catalog."""
    files: list[Path] = _game_module("paths", root).source_data_files(root)
    if not any(f.parts[0] == "tilesets" for f in files):
        raise SystemExit(f"no tile set found under {root / 'tilesets'}")
    out = [(str(root / rel), str(Path("game", "_data", rel.parent))) for rel in files]
    for catalog in sorted((root / LOCALE).glob(CATALOG_PATTERN)):
        out.append((str(catalog), str(catalog.parent.relative_to(root))))
    return out


def version_file(work: Path, root: Path = ROOT) -> tuple[str, str]:
    """Write ``VERSION`` into the build's work folder; (file, folder in the bundle)."""
    with (root / "pyproject.toml").open("rb") as f:
        version = str(tomllib.load(f)["project"]["version"])
    work.mkdir(parents=True, exist_ok=True)
    path = work / "VERSION"
    path.write_text(version + "\n", encoding="utf-8")
    return str(path), str(Path("game", "_data"))


def exe_icon(platform: str = sys.platform, root: Path = ROOT) -> str | None:
    """The icon file PyInstaller puts on the executable: ``.ico`` on Windows, ``.icns`` for
    the macOS bundle; None elsewhere (a Linux program's icon comes from its launcher entry)."""
    suffix = {"win32": ".ico", "darwin": ".icns"}.get(platform)
    if suffix is None:
        return None
    icon = root / ICONS / f"carcassonne{suffix}"
    if not icon.is_file():
        raise SystemExit(f"{icon} is missing: run scripts/make_icons.py")
    return str(icon)
