"""The game in the desktop's application menu: a freedesktop launcher entry and its icons.

``carcassonne --install-desktop-entry`` writes ``applications/carcassonne-family.desktop``
and the icon (the PNG set and the SVG, in the ``hicolor`` theme) into the user's data folder
(``$XDG_DATA_HOME``, usually ``~/.local/share``: no root needed); the entry starts the
command that is running now: the executable, or the installed ``carcassonne`` command.
``--uninstall-desktop-entry`` removes exactly those files.  Linux and the other freedesktop
systems only: Windows and macOS have their own ways (see the README).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from platformdirs import user_data_dir

from game.store.storage import atomic_write
from game.system import icons, paths
from game.system.version import version

ENTRY_FILE = f"{icons.APP_ID}.desktop"
# Characters that make an argument of Exec need quotes (the Desktop Entry specification).
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


class DesktopEntryError(Exception):
    """The entry cannot be written here (another system, an unusable command path)."""


def data_home() -> Path:
    """The user's data folder of the freedesktop specifications (``$XDG_DATA_HOME``)."""
    return Path(user_data_dir())


def launch_command() -> tuple[list[str], Path | None]:
    """The command that starts the game as it runs now, and the folder to start it in (a
    source checkout without the installed command needs its own folder)."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())], None
    beside = Path(sys.executable).parent / ("carcassonne.exe" if os.name == "nt"
                                            else "carcassonne")
    installed = str(beside) if beside.is_file() else shutil.which("carcassonne")
    if installed:
        return [str(Path(installed).absolute())], None
    folder = paths.SOURCE_ROOT if paths.layout() == "source" else None
    return [str(Path(sys.executable).absolute()), "-m", "game"], folder


def exec_argument(arg: str) -> str:
    """One argument of the Exec key, quoted as the specification asks."""
    if "\n" in arg or "\r" in arg:
        raise DesktopEntryError(f"a path with a line break cannot be launched: {arg!r}")
    arg = arg.replace("%", "%%")
    if arg and not RESERVED & set(arg):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{escaped}"'


def string_value(text: str) -> str:
    """A value of a string key: backslashes, tabs and line breaks escaped."""
    return (text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def entry_text(command: Sequence[str], folder: Path | None = None) -> str:
    """The launcher entry's file, starting ``command``."""
    exec_line = " ".join(exec_argument(a) for a in command)
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Carcassonne",
        "GenericName=Tile-laying game",
        "GenericName[fr]=Jeu de pose de tuiles",
        "Comment=Carcassonne and its family of tile games, hot-seat or against the computer",
        "Comment[fr]=Carcassonne et sa famille de jeux de tuiles, à plusieurs ou contre "
        "l'ordinateur",
        f"Exec={string_value(exec_line)}",
        f"TryExec={string_value(command[0])}",
        f"Icon={icons.APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;StrategyGame;",
        "Keywords=carcassonne;tiles;meeple;board game;",
        "Keywords[fr]=carcassonne;tuiles;meeple;jeu de plateau;",
        f"StartupWMClass={icons.APP_ID}",
        f"X-Carcassonne-Version={version()}",
    ]
    if folder is not None:
        lines.insert(lines.index(f"Icon={icons.APP_ID}"), f"Path={string_value(str(folder))}")
    return "\n".join(lines) + "\n"


def installed_files(home: Path) -> dict[Path, Path | None]:
    """Where each file goes under the data folder ``home``, and its source (None: the
    entry itself, written from ``entry_text``)."""
    theme = home / "icons" / "hicolor"
    files: dict[Path, Path | None] = {
        theme / f"{size}x{size}" / "apps" / f"{icons.APP_ID}.png": icons.png_path(size)
        for size in icons.PNG_SIZES}
    files[theme / "scalable" / "apps" / f"{icons.APP_ID}.svg"] = icons.svg_path()
    files[home / "applications" / ENTRY_FILE] = None  # last: it names the icons
    return files


def check_system(platform: str = sys.platform) -> None:
    if platform in ("win32", "cygwin", "darwin"):
        where = ("pin the executable to Start" if platform != "darwin"
                 else "drag Carcassonne.app into Applications")
        raise DesktopEntryError(f"the desktop entry is for Linux and other freedesktop "
                                f"systems; here, {where} (see the README)")


def install(home: Path, command: Sequence[str], folder: Path | None = None) -> list[Path]:
    """Write the icons, then the entry; returns the files written."""
    text = entry_text(command, folder)
    written = []
    for target, source in installed_files(home).items():
        if source is None:
            atomic_write(target, text)
        else:
            _copy_atomically(source, target)
        written.append(target)
    return written


def uninstall(home: Path) -> list[Path]:
    """Remove the entry, then the icons; returns the files that were there."""
    removed = []
    for target in reversed(list(installed_files(home))):
        if target.is_file():
            target.unlink()
            removed.append(target)
    return removed


def _copy_atomically(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(source.read_bytes())
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main(remove: bool) -> int:
    """``--install-desktop-entry`` (``remove`` False) and ``--uninstall-desktop-entry``."""
    try:
        check_system()
        home = data_home()
        if remove:
            removed = uninstall(home)
            print(f"removed {len(removed)} file(s) under {home}" if removed
                  else f"no desktop entry was installed under {home}")
            return 0
        command, folder = launch_command()
        written = install(home, command, folder)
    except (DesktopEntryError, OSError) as exc:
        print(f"desktop entry: {exc}", file=sys.stderr)
        return 1
    print(f"installed {written[-1]} (starts {' '.join(command)}) and its icons under "
          f"{home / 'icons' / 'hicolor'}; the game shows in the applications menu (on some "
          "desktops after logging in again)")
    return 0
