"""Play: make .venv if missing, install the game from packaging/lock/play.txt (exact versions,
every file's hash checked), then open the window.  On Windows, macOS and Linux:

    python scripts/play.py [GAME OPTIONS]        (scripts/play runs this)
    python scripts/play.py --dry-run [GAME OPTIONS]

Every option goes to the game (``python scripts/play.py --help`` lists them, once the game is
installed).  ``--dry-run``, first, prints the commands it would run and runs none.
"""

from __future__ import annotations

import os
import subprocess
import sys

import _venv


def main(argv: list[str]) -> int:
    too_old = _venv.python_too_old()
    if too_old:
        print(too_old, file=sys.stderr)
        return 1
    dry_run = argv[:1] == ["--dry-run"]
    game = ["-m", "game", *(argv[1:] if dry_run else argv)]
    if dry_run:
        return _venv.dry_run("play", [game])
    python = str(_venv.ensure("play"))
    os.chdir(_venv.ROOT)
    if os.name == "posix":
        os.execv(python, [python, *game])  # the game takes this process's place, as a shell's exec
    try:
        return subprocess.run([python, *game], check=False).returncode
    except KeyboardInterrupt:  # Ctrl+C reached the game too, which stops on it
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
