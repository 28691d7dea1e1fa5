# Sourced by scripts/play, scripts/test and scripts/build: make .venv (if missing) and install
# exactly the locked versions (packaging/lock/*.txt, written by scripts/lock), then the project
# itself without its dependencies.  $1: the extra ("" for the game alone, "dev" or "build").
# Sets venv_bin: the environment's folder of programs (bin, or Scripts on Windows).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Python 3.11 or newer is needed (found: $("$python" --version 2>&1))" >&2
    exit 1
fi
venv_bin=.venv/bin
[ -d .venv/Scripts ] && venv_bin=.venv/Scripts
if [ ! -x "$venv_bin/python" ] && [ ! -x "$venv_bin/python.exe" ]; then
    "$python" -m venv .venv
    venv_bin=.venv/bin
    [ -d .venv/Scripts ] && venv_bin=.venv/Scripts
fi
extra="${1:-}"
lockfile="packaging/lock/${extra:-play}.txt"
stamp=".venv/.installed-${extra:-play}"
# Reinstall only when the lock or the project's metadata changed since the last install.
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ "$lockfile" -nt "$stamp" ]; then
    echo "installing the game's packages into .venv ($lockfile): once, then on lock changes" >&2
    # Every file checked against its hash; pip refuses anything the lock does not pin.
    "$venv_bin/python" -m pip install --quiet --disable-pip-version-check \
        --require-hashes -r "$lockfile"
    # The build backend comes from the lock too, not from a fresh download.  Its output (a
    # setuptools notice about editable installs, even with --quiet) is shown only on failure.
    if ! log=$("$venv_bin/python" -m pip install --quiet --disable-pip-version-check \
            --no-deps --no-build-isolation -e . 2>&1); then
        echo "$log" >&2
        echo "installing the project into .venv failed" >&2
        exit 1
    fi
    touch "$stamp"
fi
