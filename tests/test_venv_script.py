"""``scripts/_venv.sh`` (sourced by scripts/play, test and build) on a first run: it says once
what it is installing, and the project's own install prints nothing more unless it fails.

A stand-in ``.venv/bin/python`` plays pip: the real install would download packages."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# pip as setuptools makes it look on an editable install, even with --quiet
FAKE_PIP = """#!/bin/sh
case "$*" in
    *" -e "*|*" -e") echo "BuildBackendWarning: Editable installation." >&2
                     echo "Please be careful with folders in your working directory" >&2
                     exit "${FAKE_EDITABLE_EXIT:-0}" ;;
esac
exit 0
"""


def first_run(tmp_path: Path, editable_exit: int) -> subprocess.CompletedProcess[str]:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "_venv.sh", tmp_path / "scripts" / "_venv.sh")
    (tmp_path / "packaging" / "lock").mkdir(parents=True)
    (tmp_path / "packaging" / "lock" / "play.txt").write_text("", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PIP, encoding="utf-8")
    python.chmod(0o755)
    env = {**os.environ, "PYTHON": sys.executable, "FAKE_EDITABLE_EXIT": str(editable_exit)}
    return subprocess.run(["bash", "-c", 'source scripts/_venv.sh ""; echo "ready"'],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell stands in for pip")
def test_a_first_run_says_what_it_installs_and_nothing_else(tmp_path: Path) -> None:
    done = first_run(tmp_path, 0)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ready\n"
    assert "installing the game's packages into .venv" in done.stderr
    assert "Editable installation" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell stands in for pip")
def test_a_failed_project_install_shows_pip_output_and_stops(tmp_path: Path) -> None:
    done = first_run(tmp_path, 1)
    assert done.returncode == 1
    assert "ready" not in done.stdout
    assert "Editable installation" in done.stderr
    assert "installing the project into .venv failed" in done.stderr
