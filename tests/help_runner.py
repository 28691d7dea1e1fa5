"""Runs several of the project's command lines in this one process, one after another, as
``python ARGS...`` would (``-m MODULE ...`` or ``SCRIPT.py ...``), and prints for each its exit
status and what it wrote, as JSON.  The documentation's test asks every documented program
for its ``--help`` this way: the game's modules are imported once, not once a program.

    python tests/help_runner.py '[["-m", "game", "--help"], ["scripts/i18n.py", "--help"]]'
"""

from __future__ import annotations

import contextlib
import io
import json
import runpy
import sys
import traceback
from pathlib import Path


def _status(code: object) -> int:
    """The exit status ``sys.exit(code)`` gives a process."""
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


def run(args: list[str]) -> tuple[int, str]:
    """The exit status and the output of ``python *args``, run in this process."""
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    said = io.StringIO()
    status = 0
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        try:
            if args[0] == "-m":
                sys.argv = [args[1], *args[2:]]
                runpy.run_module(args[1], run_name="__main__", alter_sys=True)
            else:
                sys.argv = list(args)
                sys.path.insert(0, str(Path(args[0]).resolve().parent))  # as python SCRIPT
                runpy.run_path(args[0], run_name="__main__")
        except SystemExit as stop:
            status = _status(stop.code)
            if isinstance(stop.code, str):
                said.write(stop.code)
        except Exception:  # a program that fails is reported, and the others still run
            status = 1
            said.write(traceback.format_exc())
        finally:
            sys.argv, sys.path[:] = saved_argv, saved_path
    return status, said.getvalue()


def main(argv: list[str]) -> int:
    commands = json.loads(argv[0])
    print(json.dumps([run(command) for command in commands]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
