"""The lock (``packaging/lock/*.txt``, written by ``scripts/lock``) and ``pyproject.toml``
agree: every range of the project is pinned in the lock that installs it, at a version the
range allows, every pin carries hashes, and a package has one version in every lock."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCKS = ROOT / "packaging" / "lock"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# What each script installs: its lock, and the ranges of pyproject.toml that lock must meet.
EXTRAS = {"play": None, "dev": "dev", "build": "build", "server": "server"}
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?:\s*;\s*(.+?))?\s*\\?$")


class Pin:
    def __init__(self, version: str, marker: str | None, hashes: int) -> None:
        self.version = Version(version)
        self.marker = Marker(marker) if marker else None
        self.hashes = hashes


def read_lock(name: str) -> dict[str, Pin]:
    pins: dict[str, Pin] = {}
    current: Pin | None = None
    for line in (LOCKS / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if match := _PIN.match(line):
            current = Pin(match[2], match[3], 0)
            key = canonicalize_name(match[1])
            assert key not in pins, f"{name}.txt pins {key} twice"
            pins[key] = current
        elif line.strip().startswith("--hash=sha256:") and current is not None:
            current.hashes += 1
        elif line.strip() and not line.lstrip().startswith("#"):
            pytest.fail(f"{name}.txt: a line that is neither a pin nor a hash: {line!r}")
    return pins


def ranges(extra: str | None) -> list[Requirement]:
    """What a lock must satisfy: the project's dependencies, its extra's, and what installs
    the project (pip, the build backend)."""
    project = PYPROJECT["project"]
    wanted = [*project["dependencies"], *PYPROJECT["build-system"]["requires"], "pip"]
    if extra is not None:
        wanted += project["optional-dependencies"][extra]
    return [Requirement(text) for text in wanted]


@pytest.mark.parametrize("name", sorted(EXTRAS))
def test_each_range_of_the_project_is_pinned_within_it(name: str) -> None:
    pins = read_lock(name)
    problems = []
    for requirement in ranges(EXTRAS[name]):
        pin = pins.get(canonicalize_name(requirement.name))
        if pin is None:
            problems.append(f"{requirement.name} is not in {name}.txt")
        elif pin.version not in requirement.specifier:
            problems.append(f"{name}.txt pins {requirement.name} {pin.version}, "
                            f"outside {requirement.specifier}")
    assert problems == [], "run scripts/lock: " + "; ".join(problems)


@pytest.mark.parametrize("name", sorted(EXTRAS))
def test_every_pin_carries_its_hashes(name: str) -> None:
    unhashed = [key for key, pin in read_lock(name).items() if pin.hashes == 0]
    assert unhashed == []


def test_a_package_has_one_version_in_every_lock() -> None:
    versions: dict[str, set[Version]] = {}
    for name in EXTRAS:
        for key, pin in read_lock(name).items():
            versions.setdefault(key, set()).add(pin.version)
    assert {k: v for k, v in versions.items() if len(v) > 1} == {}


def test_the_game_alone_installs_no_tool() -> None:
    """scripts/play installs what the game needs, not the tests' or the build's tools."""
    play = read_lock("play")
    tools = [*PYPROJECT["project"]["optional-dependencies"]["dev"],
             *PYPROJECT["project"]["optional-dependencies"]["build"]]
    assert [t for t in tools if canonicalize_name(Requirement(t).name) in play] == []


def test_a_package_only_one_system_needs_keeps_its_marker() -> None:
    """One resolution for every platform: PyInstaller's Windows helpers are pinned, with their
    marker, in the build lock made on any system."""
    pins = read_lock("build")
    marker = pins[canonicalize_name("pywin32-ctypes")].marker
    assert marker is not None and "win32" in str(marker)


@pytest.mark.parametrize("script", ["play.py", "test.py", "build"])
def test_the_scripts_install_from_the_lock(script: str) -> None:
    venv = (ROOT / "scripts" / "_venv.py").read_text(encoding="utf-8")
    assert "--require-hashes" in venv and "packaging/lock/" in venv
    assert "--no-deps" in venv  # the project itself brings nothing unlocked
    text = (ROOT / "scripts" / script).read_text(encoding="utf-8")
    assert "_venv" in text
