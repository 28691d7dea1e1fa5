"""Test: make .venv if missing, install the locked dev set (packaging/lock/dev.txt), then run
ruff, mypy --strict and pytest.  On Windows, macOS and Linux:

    python scripts/test.py              everything (what CI runs, as scripts/test)
    python scripts/test.py --quick      leaves out the tests marked slow (a quick local run)
    python scripts/test.py --dry-run    prints the commands it would run, and runs none

Other arguments go to pytest (e.g. ``python scripts/test.py --quick tests/test_scenarios.py``).
scripts/test runs this.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import _venv

CHECKED = ["game", "tests", "scripts"]
# What the tests need wherever they run: windows without a display, sound without a device.
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def steps(python: str, argv: list[str]) -> list[tuple[str, list[str]]]:
    """Each check with its heading: ruff, mypy, then pytest with the arguments given."""
    pytest_args: list[str] = []
    for arg in argv:
        pytest_args += ["-m", "not slow"] if arg == "--quick" else [arg]
    return [
        ("ruff", [python, "-m", "ruff", "check", *CHECKED]),
        ("mypy --strict " + " ".join(CHECKED), [python, "-m", "mypy", "--strict", *CHECKED]),
        # One test process per core (pytest-xdist): the suite is mostly whole games and windows.
        ("pytest", [python, "-m", "pytest", "-n", "auto", *pytest_args]),
    ]


def run(checks: list[tuple[str, list[str]]], root: Path) -> int:
    """Each check in turn, stopping at the first that fails (its exit status)."""
    env = {**os.environ, **HEADLESS}
    for heading, command in checks:
        print(f"== {heading}", flush=True)
        try:
            status = subprocess.run(command, cwd=root, env=env, check=False).returncode
        except KeyboardInterrupt:
            return 130
        if status != 0:
            return status
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    too_old = _venv.python_too_old()
    if too_old:
        print(too_old, file=sys.stderr)
        return 1
    args = [arg for arg in argv if arg != "--dry-run"]
    if "--dry-run" in argv:
        checks = steps(str(_venv.venv_python()), args)
        return _venv.dry_run("dev", [command[1:] for _, command in checks])
    return run(steps(str(_venv.ensure("dev")), args), _venv.ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
