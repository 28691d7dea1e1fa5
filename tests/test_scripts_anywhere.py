"""The two commands from Python, for a player on Windows as much as on Linux:
``python scripts/play.py`` and ``python scripts/test.py`` make ``.venv``, install the locked
packages and the project, then play or test; ``scripts/play`` and ``scripts/test`` run them.

Their ``--dry-run`` prints the commands they would run and makes nothing, so these tests see
what a fresh machine would do without installing anything."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.script_modules import ROOT, load_file

VENV_PYTHON = (r".venv\Scripts\python.exe" if os.name == "nt" else ".venv/bin/python")


def _venv() -> ModuleType:
    return load_file(ROOT / "scripts" / "_venv.py", "_venv")


def _test_script() -> ModuleType:
    _venv()  # what test.py imports, found by name as when it runs from scripts/
    return load_file(ROOT / "scripts" / "test.py", "test_script")


def _checkout(tmp_path: Path) -> Path:
    """The scripts and the files they read, without any .venv."""
    (tmp_path / "scripts").mkdir()
    for script in ("_venv.py", "play.py", "test.py", "play", "test"):
        shutil.copy(ROOT / "scripts" / script, tmp_path / "scripts" / script)
    shutil.copytree(ROOT / "packaging" / "lock", tmp_path / "packaging" / "lock")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _dry_run(command: list[str], cwd: Path) -> list[str]:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout.splitlines()


def test_play_on_a_fresh_machine_makes_the_venv_installs_the_lock_then_plays(
        tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    lines = _dry_run([sys.executable, "scripts/play.py", "--dry-run", "--seed", "7"], root)
    assert len(lines) == 4, lines
    assert lines[0].endswith("-m venv .venv")
    assert lines[1].startswith(f"{VENV_PYTHON} -m pip install")
    assert lines[1].endswith("--require-hashes -r packaging/lock/play.txt")
    assert lines[2].endswith("--no-deps --no-build-isolation -e .")
    assert lines[3] == f"{VENV_PYTHON} -m game --seed 7"
    assert not (root / ".venv").exists()


def test_once_installed_play_only_plays_until_the_lock_changes(tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    venv = _venv()
    python = venv.venv_python(root)
    python.parent.mkdir(parents=True)
    python.write_text("", encoding="utf-8")
    stamp = root / ".venv" / ".installed-play"
    stamp.touch()
    later = stamp.stat().st_mtime + 10
    os.utime(stamp, (later, later))
    assert venv.setup_commands(root, "play") == []
    lock = root / "packaging" / "lock" / "play.txt"
    os.utime(lock, (later + 10, later + 10))
    assert [command[-1] for command in venv.setup_commands(root, "play")] == [
        "packaging/lock/play.txt", "."]


@pytest.mark.skipif(sys.platform == "win32", reason="bash stands for the scripts on Linux")
@pytest.mark.parametrize(("script", "args"), [("play", ["--seed", "7"]), ("test", ["--quick"])])
def test_the_bash_commands_are_the_python_scripts(tmp_path: Path, script: str,
                                                  args: list[str]) -> None:
    root = _checkout(tmp_path)
    env_python = {**os.environ, "PYTHON": sys.executable}
    by_bash = subprocess.run(["bash", f"scripts/{script}", "--dry-run", *args], cwd=root,
                             env=env_python, capture_output=True, text=True, timeout=60,
                             check=False)
    assert by_bash.returncode == 0, by_bash.stderr
    by_python = _dry_run([sys.executable, f"scripts/{script}.py", "--dry-run", *args], root)
    assert by_bash.stdout.splitlines() == by_python


def test_test_installs_the_dev_lock_then_runs_ruff_mypy_and_pytest(tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    lines = _dry_run([sys.executable, "scripts/test.py", "--dry-run", "--quick",
                      "tests/test_lock.py"], root)
    assert lines[1].endswith("--require-hashes -r packaging/lock/dev.txt")
    quoted_marker = '"not slow"' if os.name == "nt" else "'not slow'"
    assert lines[3:] == [
        f"{VENV_PYTHON} -m ruff check game tests scripts",
        f"{VENV_PYTHON} -m mypy --strict game tests scripts",
        f"{VENV_PYTHON} -m pytest -n auto -m {quoted_marker} tests/test_lock.py",
    ]


def test_on_windows_the_venv_python_is_in_scripts(tmp_path: Path) -> None:
    venv = _venv()
    python = venv.venv_python(tmp_path, windows=True)
    assert python == tmp_path / ".venv" / "Scripts" / "python.exe"
    commands = venv.setup_commands(tmp_path, "dev", python="python", windows=True)
    assert commands[0] == ["python", "-m", "venv", ".venv"]
    assert {command[0] for command in commands[1:]} == {str(python)}
    line = venv.shown(commands[1], tmp_path, windows=True)
    assert line.startswith(f"{python.relative_to(tmp_path)} -m pip install")


def test_an_old_python_is_told_which_one_is_needed() -> None:
    venv = _venv()
    assert venv.python_too_old((3, 10, 4)) == (
        "Python 3.11 or newer is needed (found: Python 3.10.4)")
    assert venv.python_too_old((3, 11, 0)) is None
    assert venv.python_too_old() is None  # the one running the tests


def test_the_checks_run_headless_and_stop_at_the_first_that_fails(
        tmp_path: Path, capfd: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    script = _test_script()
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    seen = tmp_path / "seen.txt"
    write_drivers = ("import os, pathlib, sys; pathlib.Path(sys.argv[1]).write_text("
                     "os.environ['SDL_VIDEODRIVER'] + os.environ['SDL_AUDIODRIVER'])")
    status = script.run([("first", [sys.executable, "-c", write_drivers, str(seen)]),
                         ("second", [sys.executable, "-c", "raise SystemExit(3)"]),
                         ("third", [sys.executable, "-c", "print('never')"])], tmp_path)
    assert status == 3
    assert seen.read_text(encoding="utf-8") == "dummydummy"
    out = capfd.readouterr().out
    assert "== first" in out and "== second" in out and "never" not in out


def test_test_help_answers_without_installing_anything(tmp_path: Path) -> None:
    root = _checkout(tmp_path)
    lines = _dry_run([sys.executable, "scripts/test.py", "--help"], root)
    assert "python scripts/test.py --quick" in "\n".join(lines)
    assert not (root / ".venv").exists()
