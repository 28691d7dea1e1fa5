"""The project's environment: make ``.venv`` (if missing) and install into it exactly the
locked versions (``packaging/lock/<set>.txt``, written by scripts/lock, every file checked
against its hash), then the project itself, editable and without its dependencies.

Used by scripts/play.py, scripts/test.py and scripts/build, on Windows, macOS and Linux alike
(the environment's Python is ``.venv/bin/python``, or ``.venv\\Scripts\\python.exe`` on
Windows).  From the command line:

    python scripts/_venv.py [play|dev|build] [--dry-run]

makes the environment for that set (``play`` by default: the game alone; ``dev``: with the
tests' tools; ``build``: with PyInstaller) and prints its Python; ``--dry-run`` prints the
commands it would run instead, and runs none.

This file runs on any Python 3 far enough to say which one is needed.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

MINIMUM_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent.parent
SETS = ("play", "dev", "build")
PIP_INSTALL = ("-m", "pip", "install", "--quiet", "--disable-pip-version-check")
ON_WINDOWS = os.name == "nt"


def python_too_old(version: tuple[int, int, int] | None = None) -> str | None:
    """What to tell a player whose Python (this one by default) cannot run the game, or None
    when it can."""
    version = version or (sys.version_info[0], sys.version_info[1], sys.version_info[2])
    if version[:2] >= MINIMUM_PYTHON:
        return None
    found = ".".join(str(part) for part in version)
    return "Python {}.{} or newer is needed (found: Python {})".format(*MINIMUM_PYTHON, found)


def venv_python(root: Path = ROOT, windows: bool = ON_WINDOWS) -> Path:
    """The environment's interpreter (where ``python -m venv`` puts it on this system)."""
    if windows:
        return root / ".venv" / "Scripts" / "python.exe"
    return root / ".venv" / "bin" / "python"


def lock_file(package_set: str) -> str:
    """The lock a set installs from, relative to the repository."""
    return f"packaging/lock/{package_set}.txt"


def _stamp(root: Path, package_set: str) -> Path:
    return root / ".venv" / f".installed-{package_set}"


def needs_install(root: Path, package_set: str) -> bool:
    """Whether the set was never installed, or the lock or the project's metadata changed
    since it was: an install takes a while, so it is done once, then on lock changes."""
    stamp = _stamp(root, package_set)
    if not stamp.is_file():
        return True
    installed = stamp.stat().st_mtime
    changed = [root / "pyproject.toml", root / lock_file(package_set)]
    return any(path.stat().st_mtime > installed for path in changed if path.exists())


def install_commands(root: Path, package_set: str,
                     windows: bool = ON_WINDOWS) -> list[list[str]]:
    """The locked packages (pip refuses anything the lock does not pin), then the project
    itself with the build backend the lock pinned rather than a fresh download."""
    python = str(venv_python(root, windows))
    return [[python, *PIP_INSTALL, "--require-hashes", "-r", lock_file(package_set)],
            [python, *PIP_INSTALL, "--no-deps", "--no-build-isolation", "-e", "."]]


def setup_commands(root: Path, package_set: str, python: str = sys.executable,
                   windows: bool = ON_WINDOWS) -> list[list[str]]:
    """What making the environment ready still takes, in order (nothing when it is)."""
    made = venv_python(root, windows).exists()
    commands = [] if made else [[python, "-m", "venv", ".venv"]]
    if not made or needs_install(root, package_set):
        commands += install_commands(root, package_set, windows)
    return commands


def shown(command: list[str], root: Path = ROOT, windows: bool = ON_WINDOWS) -> str:
    """A command as one line to paste into this system's shell, its paths inside the
    repository written relative to it (the commands run from there)."""
    prefix = str(root) + os.sep
    words = [word[len(prefix):] if word.startswith(prefix) else word for word in command]
    return subprocess.list2cmdline(words) if windows else shlex.join(words)


def _run(command: list[str], root: Path) -> None:
    done = subprocess.run(command, cwd=root, check=False)
    if done.returncode != 0:
        sys.exit(done.returncode)


def _install(root: Path, package_set: str) -> None:
    print(f"installing the game's packages into .venv ({lock_file(package_set)}): once, "
          "then on lock changes", file=sys.stderr, flush=True)
    locked, project = install_commands(root, package_set)
    _run(locked, root)
    # The project's own install says nothing worth reading when it works (setuptools warns
    # about editable installs even with --quiet): its output is shown only on failure.
    done = subprocess.run(project, cwd=root, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        print("installing the project into .venv failed", file=sys.stderr)
        sys.exit(1)
    _stamp(root, package_set).touch()


def ensure(package_set: str, root: Path = ROOT) -> Path:
    """Make the environment ready for the set, and return its Python.  Exits with a message
    when this Python is too old, and with the failing command's status when a step fails."""
    too_old = python_too_old()
    if too_old:
        sys.exit(too_old)
    if not venv_python(root).exists():
        _run([sys.executable, "-m", "venv", ".venv"], root)
    if needs_install(root, package_set):
        _install(root, package_set)
    return venv_python(root)


def dry_run(package_set: str, then: list[list[str]], root: Path = ROOT) -> int:
    """Print the commands that making the set ready would run, then each of ``then`` (the
    arguments of the environment's Python); run none of them."""
    python = str(venv_python(root))
    for command in [*setup_commands(root, package_set), *([python, *t] for t in then)]:
        print(shown(command, root))
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    words = [word for word in argv if word != "--dry-run"]
    if len(words) > 1 or (words and words[0] not in SETS):
        print(f"usage: python scripts/_venv.py [{'|'.join(SETS)}] [--dry-run]", file=sys.stderr)
        return 2
    package_set = words[0] if words else "play"
    if "--dry-run" in argv:
        return dry_run(package_set, [])
    print(ensure(package_set))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
