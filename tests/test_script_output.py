"""What the scripts print: ``scripts/_venv.py`` (used by scripts/play.py, test.py and build) on
a first run says once what it is installing, and the project's own install prints nothing more
unless it fails; ``scripts/build`` asks PyInstaller and pygame for warnings only.

A stand-in ``.venv/bin/python`` plays pip and PyInstaller: the real ones would download
packages and take half a minute."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# pip (as setuptools makes it look on an editable install, even with --quiet) and PyInstaller
FAKE_PYTHON = """#!/bin/sh
case "$*" in
    *" -e "*|*" -e") echo "BuildBackendWarning: Editable installation." >&2
                     echo "Please be careful with folders in your working directory" >&2
                     exit "${FAKE_EDITABLE_EXIT:-0}" ;;
esac
case "$*" in
    *" PyInstaller "*) echo "hide=${PYGAME_HIDE_SUPPORT_PROMPT:-} log=${PYI_LOG_LEVEL:-}"
                       mkdir -p dist && printf x > dist/carcassonne ;;
esac
exit 0
"""


def tree(tmp_path: Path, editable_exit: int) -> dict[str, str]:
    """A copy of the scripts with a stand-in .venv; the environment to run them in."""
    (tmp_path / "scripts").mkdir()
    for script in ("_venv.py", "build"):
        shutil.copy(ROOT / "scripts" / script, tmp_path / "scripts" / script)
    (tmp_path / "packaging" / "lock").mkdir(parents=True)
    for lock in ("play", "build"):
        (tmp_path / "packaging" / "lock" / f"{lock}.txt").write_text("", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON, encoding="utf-8")
    python.chmod(0o755)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYGAME_HIDE_SUPPORT_PROMPT", "PYI_LOG_LEVEL")}
    return {**env, "PYTHON": sys.executable, "FAKE_EDITABLE_EXIT": str(editable_exit)}


def first_run(tmp_path: Path, editable_exit: int) -> subprocess.CompletedProcess[str]:
    env = tree(tmp_path, editable_exit)
    return subprocess.run([sys.executable, "scripts/_venv.py", "play"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell stands in for pip")
def test_a_first_run_says_what_it_installs_and_nothing_else(tmp_path: Path) -> None:
    done = first_run(tmp_path, 0)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{tmp_path / '.venv' / 'bin' / 'python'}\n"  # ready: its Python
    assert "installing the game's packages into .venv" in done.stderr
    assert "Editable installation" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell stands in for pip")
def test_a_failed_project_install_shows_pip_output_and_stops(tmp_path: Path) -> None:
    done = first_run(tmp_path, 1)
    assert done.returncode == 1
    assert done.stdout == ""
    assert "Editable installation" in done.stderr
    assert "installing the project into .venv failed" in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell stands in for PyInstaller")
def test_the_build_asks_pyinstaller_and_pygame_for_warnings_only(tmp_path: Path) -> None:
    env = tree(tmp_path, 0)
    done = subprocess.run(["bash", "scripts/build"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "hide=1 log=WARN" in done.stdout
    assert "built dist/carcassonne" in done.stdout


@pytest.mark.parametrize(("script", "args", "said"), [
    ("bench_net.py", ["--level", "genius"], "invalid choice: 'genius'"),
    ("bench_rules.py", ["--against", "no-such-revision"],
     "'no-such-revision' is not a revision"),
    ("bench_hostile.py", ["--kills", "-1"], "--kills takes a number of processes"),
    ("bench_view.py", ["--rounds", "3"], "unrecognized arguments"),
    ("bench_stall.py", ["--against", "no-such-revision"],
     "'no-such-revision' is not a revision"),
    ("bench_stall.py", ["--seconds", "0"], "--seconds"),
    ("bench_review.py", ["--processes", "0"], "--processes takes numbers of 1 or more"),
    ("bench_review.py", ["--against", "no-such-revision"],
     "'no-such-revision' is not a revision"),
    ("bench_chances.py", ["--futures", "1"], "--futures 2"),
])
def test_a_benchmark_refuses_a_wrong_option_in_one_line(script: str, args: list[str],
                                                        said: str) -> None:
    """Before any measuring starts: exit 2 and the option named, not a traceback at the end
    of a set-up (a level unknown to the players, a revision git cannot check out) nor a
    benchmark run whatever was typed."""
    done = subprocess.run([sys.executable, f"scripts/{script}", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_a_benchmark_without_options_still_answers_help() -> None:
    done = subprocess.run([sys.executable, "scripts/bench_view.py", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.startswith("usage: bench_view.py")
