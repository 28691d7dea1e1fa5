"""Packaging: the game finds its data the same way from source, from an installed wheel and
from the frozen build (``game/system/paths.py``), the wheel carries the data, and ``--smoke`` works.

The frozen build itself is made and smoke-tested by ``.ci/run`` (``scripts/build``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from game.rules.registry import builtin_tileset_dir
from game.system import paths
from tests.script_modules import load_file

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def env_without_home(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "PYTHON"))}
    env["CARCASSONNE_HOME"] = str(tmp_path / "home")
    return env


def test_source_checkout_finds_the_top_level_folders() -> None:
    assert paths.tilesets_dir() == ROOT / "tilesets"
    assert paths.sprites_dir() == ROOT / "sprites"
    assert builtin_tileset_dir() == ROOT / "tilesets"
    from game.ui.art.loading import sprites_dir
    assert sprites_dir() == ROOT / "sprites"
    assert paths.layout() == "source"


def test_packaged_data_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    packaged = tmp_path / "_data"
    (packaged / "tilesets").mkdir(parents=True)
    (packaged / "sprites").mkdir()
    monkeypatch.setattr(paths, "PACKAGED_DATA", packaged)
    assert paths.tilesets_dir() == packaged / "tilesets"
    assert builtin_tileset_dir() == packaged / "tilesets"
    assert paths.layout() == "packaged"


def test_missing_data_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "PACKAGED_DATA", tmp_path / "nothing")
    monkeypatch.setattr(paths, "SOURCE_ROOT", tmp_path / "nowhere")
    with pytest.raises(FileNotFoundError, match="tilesets folder is missing"):
        paths.tilesets_dir()
    with pytest.raises(ValueError):
        paths.data_dir("saves")


def test_the_data_file_list() -> None:
    """What the wheel and the frozen build carry: every tile set with its rules pages and
    every sprite."""
    files = {p.as_posix() for p in paths.source_data_files(ROOT)}
    tilesets = {f"tilesets/{p.name}" for p in (ROOT / "tilesets").glob("*.yaml")}
    pages = {f"tilesets/help/{p.name}" for p in (ROOT / "tilesets" / "help").glob("*.md")}
    sprites = {p.relative_to(ROOT).as_posix() for p in (ROOT / "sprites").rglob("*.svg")}
    assert tilesets and pages and sprites and tilesets | pages | sprites <= files
    assert "tilesets/tileset.schema.json" in files
    faces = {p.relative_to(ROOT).as_posix() for p in (ROOT / "sprites" / "fonts").glob("*.*")}
    assert {"sprites/fonts/Inter-Regular.otf", "sprites/fonts/Inter-Bold.otf",
            "sprites/fonts/Cinzel-Bold.ttf", "sprites/fonts/Inter-OFL.txt",
            "sprites/fonts/Cinzel-OFL.txt"} <= faces <= files  # each face with its licence
    assert {f for f in files if f.endswith(".md")} == pages
    cmdclass = PYPROJECT["tool"]["setuptools"]["cmdclass"]
    assert cmdclass == {"build_py": "packaging.wheel_data.build_py",
                        "sdist": "packaging.wheel_data.sdist"}
    spec = (ROOT / "packaging" / "carcassonne.spec").read_text(encoding="utf-8")
    assert "bundle.data_files(ROOT)" in spec
    assert '"pygame/freesansbold.ttf"' in spec  # left out: every text is in the game's faces


@pytest.mark.slow
def test_the_wheel_carries_the_data(tmp_path: Path) -> None:
    """Build the wheel (from a copy: no build/ left in the work tree), check its data, then
    run the game from it, from another directory: the data is found inside the package."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for name in ("game", "tilesets", "sprites", "packaging"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    # Built with the locked setuptools of the test environment: nothing is fetched, and the
    # wheel is made by what was installed and tested.
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                             "--no-build-isolation", "--wheel-dir", str(tmp_path / "wheel"),
                             str(src)],
                            capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stderr
    wheel = next((tmp_path / "wheel").glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"game/_data/{rel.as_posix()}" for rel in paths.source_data_files(ROOT)}
    assert expected <= names, sorted(expected - names)
    assert not any(n.startswith(("tests/", "packaging/")) for n in names)
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")}
    assert modules <= names, sorted(modules - names)  # every package, found automatically
    catalogs = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.mo")}
    assert catalogs and catalogs <= names  # the translations, without their .po
    assert not any(n.endswith((".po", ".pot")) for n in names)

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = env_without_home(tmp_path)
    env["PYTHONPATH"] = str(site)  # ahead of the editable install of the work tree
    check = subprocess.run(
        [sys.executable, "-c",
         "import game, game.system.paths as p; print(game.__file__); print(p.layout())"],
        capture_output=True, text=True, cwd=elsewhere, env=env, check=True)
    assert check.stdout.split() == [str(site / "game" / "__init__.py"), "packaged"]
    smoke = subprocess.run([sys.executable, "-m", "game", "--smoke"], capture_output=True,
                           text=True, cwd=elsewhere, env=env, check=False, timeout=120)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "smoke ok" in smoke.stdout and str(site / "game" / "_data") in smoke.stdout


@pytest.mark.slow
def test_smoke_from_source(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "game", "--smoke"], capture_output=True,
                            text=True, cwd=ROOT, env=env_without_home(tmp_path), check=False,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("smoke ok:"), result.stdout
    assert "carcassonne" in lines[0] and "first frame" in lines[0]


@pytest.mark.slow
def test_smoke_fails_on_a_broken_builtin_set(tmp_path: Path) -> None:
    """The smoke check is a real check: a tile set that does not load makes it exit 1."""
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "sprites", tmp_path / "sprites")
    shutil.copytree(ROOT / "tilesets", tmp_path / "tilesets")
    (tmp_path / "tilesets" / "zz-broken.yaml").write_text("id: zz\nkinds: 3\n", encoding="utf-8")
    env = env_without_home(tmp_path)
    env["PYTHONPATH"] = str(tmp_path)
    result = subprocess.run([sys.executable, "-m", "game", "--smoke"], capture_output=True,
                            text=True, cwd=tmp_path, env=env, check=False, timeout=120)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "zz-broken.yaml" in result.stderr and "smoke FAILED" in result.stderr


def test_the_options_of_python_m_game() -> None:
    from game.commands.play import parse_args
    args = parse_args(["--smoke", "--size", "1024x700", "--seed", "3"])
    assert args.smoke and args.size == (1024, 700) and args.seed == 3
    assert parse_args(["--time-first-frame"]).time_first_frame


def test_version_prints_the_version_of_pyproject() -> None:
    result = subprocess.run([sys.executable, "-m", "game", "--version"], capture_output=True,
                            text=True, cwd=ROOT, check=False, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"carcassonne {PYPROJECT['project']['version']}"


def test_the_executable_reads_its_version_from_the_bundle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No pyproject.toml and no package metadata in a one-file executable: the build writes
    game/_data/VERSION from pyproject.toml, and the game reads it there."""
    from game.system import version as version_module
    bundle = _load_bundle()
    source, folder = bundle.version_file(tmp_path / "work", ROOT)
    assert folder == str(Path("game", "_data"))
    assert Path(source).read_text().strip() == PYPROJECT["project"]["version"]
    frozen = tmp_path / "frozen"
    (frozen / "_data").mkdir(parents=True)
    shutil.copy(source, frozen / "_data" / "VERSION")
    monkeypatch.setattr(paths, "SOURCE_ROOT", frozen)  # no pyproject.toml beside the package
    monkeypatch.setattr(paths, "PACKAGED_DATA", frozen / "_data")
    monkeypatch.setattr(version_module, "DIST_NAME", "not-installed-anywhere")
    version_module.version.cache_clear()
    try:
        assert version_module.version() == PYPROJECT["project"]["version"]
        (frozen / "_data" / "VERSION").unlink()
        version_module.version.cache_clear()
        assert version_module.version() == "0+unknown"
    finally:
        version_module.version.cache_clear()


def test_the_executable_carries_every_data_file_and_catalog(tmp_path: Path) -> None:
    """Whatever lies in the data folders and the locale folder (sounds, new sprites,
    catalogs) goes into the bundle, at the place the game looks for it."""
    bundle = _load_bundle()
    root = tmp_path / "tree"
    shutil.copytree(ROOT / "game", root / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tilesets", root / "tilesets")
    shutil.copytree(ROOT / "sprites", root / "sprites")
    (root / "sprites" / "sounds").mkdir(exist_ok=True)
    (root / "sprites" / "sounds" / "place.ogg").write_bytes(b"OggS")
    (root / "sprites" / "sounds" / "new.wav").write_bytes(b"RIFF")
    catalog = root / "game" / "locale" / "fr" / "LC_MESSAGES"
    catalog.mkdir(parents=True, exist_ok=True)
    (catalog / "carcassonne.mo").write_bytes(b"\x95\x04\x12\xde")
    carried = {Path(src).relative_to(root).as_posix(): dest
               for src, dest in bundle.data_files(root)}
    assert carried["sprites/sounds/place.ogg"] == str(Path("game/_data/sprites/sounds"))
    assert carried["sprites/sounds/new.wav"] == str(Path("game/_data/sprites/sounds"))
    assert carried["game/locale/fr/LC_MESSAGES/carcassonne.mo"] == str(
        Path("game/locale/fr/LC_MESSAGES"))
    shipped = {p.relative_to(root).as_posix() for p in (root / "sprites").rglob("*")
               if p.is_file() and p.name != "README.md"}
    assert shipped <= set(carried)


def _load_bundle() -> ModuleType:
    return load_file(ROOT / "packaging" / "bundle.py", "bundle")
