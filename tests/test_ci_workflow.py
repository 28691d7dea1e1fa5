"""The workflow for every platform (``.github/workflows/build.yml``, which cannot run on this
machine) runs the README's test command, builds the executable and smoke-tests it on Windows,
macOS and Linux, and keeps the three files with their SHA-256 sums."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _workflow() -> dict[str, Any]:
    text = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    loaded = yaml.safe_load(text)
    assert isinstance(loaded, dict)
    return loaded


def test_it_runs_on_the_three_systems() -> None:
    matrix = _workflow()["jobs"]["build"]["strategy"]["matrix"]["include"]
    systems = {entry["os"].split("-")[0] for entry in matrix}
    assert systems == {"ubuntu", "windows", "macos"}
    assert len({entry["asset"] for entry in matrix}) == 3


def test_each_system_tests_builds_and_smoke_tests_with_the_project_scripts() -> None:
    runs = "\n".join(step.get("run", "") for step in _workflow()["jobs"]["build"]["steps"])
    order = [runs.index("scripts/test"), runs.index("scripts/build"), runs.index("--smoke")]
    assert order == sorted(order)
    assert "sha256" in runs


def test_a_tag_attaches_the_three_files_and_their_sums() -> None:
    release = _workflow()["jobs"]["release"]
    assert release["needs"] == "build" and "refs/tags/" in release["if"]
    runs = "\n".join(step.get("run", "") for step in release["steps"])
    assert "SHA256SUMS" in runs and "gh release create" in runs
