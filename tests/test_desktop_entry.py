"""The launcher entry: its content, its quoting, where it and its icons go, and the command
line that installs and removes it (run for real, into a temporary data folder)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands import desktop_entry
from game.commands.desktop_entry import DesktopEntryError, entry_text, exec_argument
from game.system import icons
from game.system.version import version

ROOT = Path(__file__).resolve().parents[1]


def keys(text: str) -> dict[str, str]:
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:])


def test_the_entry_names_the_game_its_icon_and_its_command() -> None:
    entry = keys(entry_text(["/opt/games/carcassonne"]))
    assert entry["Type"] == "Application" and entry["Name"] == "Carcassonne"
    assert entry["Exec"] == "/opt/games/carcassonne"
    assert entry["TryExec"] == "/opt/games/carcassonne"
    assert entry["Icon"] == icons.APP_ID == entry["StartupWMClass"]
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";") and entry["Categories"].endswith(";")
    assert entry["X-Carcassonne-Version"] == version()
    assert "GenericName[fr]" in entry and "Path" not in entry


def test_arguments_with_spaces_and_special_characters_are_quoted() -> None:
    assert exec_argument("/usr/bin/carcassonne") == "/usr/bin/carcassonne"
    assert exec_argument("/home/anne/my games/carcassonne") == '"/home/anne/my games/carcassonne"'
    assert exec_argument('/a "b"/$c') == '"/a \\"b\\"/\\$c"'
    assert exec_argument("/tmp/100%/c") == "/tmp/100%%/c"  # % starts a field code
    with pytest.raises(DesktopEntryError):
        exec_argument("/a\nb")


def test_a_backslash_is_escaped_twice() -> None:
    """Once for the Exec quoting, once more for the string value of the key."""
    entry = keys(entry_text(["/odd\\dir/carcassonne"]))
    assert entry["Exec"] == '"/odd\\\\\\\\dir/carcassonne"'


def test_a_source_checkout_starts_in_its_folder() -> None:
    entry = keys(entry_text(["/usr/bin/python3", "-m", "game"], ROOT))
    assert entry["Exec"] == "/usr/bin/python3 -m game" and entry["Path"] == str(ROOT)


def test_install_writes_the_icons_then_the_entry_and_uninstall_removes_them(
        tmp_path: Path) -> None:
    written = desktop_entry.install(tmp_path, ["/opt/carcassonne"])
    entry = tmp_path / "applications" / "carcassonne-family.desktop"
    assert written[-1] == entry and keys(entry.read_text(encoding="utf-8"))["Exec"]
    for size in icons.PNG_SIZES:
        png = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "carcassonne-family.png"
        assert png.read_bytes() == icons.png_path(size).read_bytes()
    svg = tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "carcassonne-family.svg"
    assert svg.read_bytes() == icons.svg_path().read_bytes()
    assert len(written) == len(icons.PNG_SIZES) + 2
    assert not [p for p in tmp_path.rglob(".*")]  # no temporary file left
    (tmp_path / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    assert sorted(desktop_entry.uninstall(tmp_path)) == sorted(written)
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == ["other.desktop"]
    assert desktop_entry.uninstall(tmp_path) == []


def test_windows_and_macos_are_told_their_own_way() -> None:
    with pytest.raises(DesktopEntryError, match="Start"):
        desktop_entry.check_system("win32")
    with pytest.raises(DesktopEntryError, match="Applications"):
        desktop_entry.check_system("darwin")
    desktop_entry.check_system("linux")


def test_the_command_line_installs_an_entry_that_starts_the_game(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["XDG_DATA_HOME"] = str(tmp_path / "share")
    done = subprocess.run([sys.executable, "-m", "game", "--install-desktop-entry"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=False,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    entry = tmp_path / "share" / "applications" / "carcassonne-family.desktop"
    exec_line = keys(entry.read_text(encoding="utf-8"))["Exec"]
    command = shlex.split(exec_line)  # the quoting of the specification is the shell's here
    started = subprocess.run([*command, "--version"], capture_output=True, text=True, env=env,
                             cwd=tmp_path, check=False, timeout=60)
    assert started.stdout.strip() == f"carcassonne {version()}", started.stderr
    done = subprocess.run([sys.executable, "-m", "game", "--uninstall-desktop-entry"],
                          capture_output=True, text=True, env=env, check=False, timeout=60)
    assert done.returncode == 0 and not entry.exists()
