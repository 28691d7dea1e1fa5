"""Hostile tile sets: each is listed with its file, line and problem, the other tile sets of
its folder still load, and ``python -m game.tileset check`` answers it in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.tileset import main as tileset_main
from game.rules.registry import Registry

from .make_corpus import ROOT, Case, committed_tilesets, write_tilesets

GOOD = (Path(__file__).parent / "tilesets" / "ports-list-in-list.yaml").read_text(
    encoding="utf-8").replace("[[W], E]", "[W, E]").replace("id: tiny", "id: good")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    return write_tilesets(tmp_path_factory.mktemp("hostile") / "tilesets")


def _about_the_file(err: str) -> list[str]:
    """The check's lines about tile-set files, without those about their rules pages: the
    generated cases come without pages, which the check reports on lines of their own."""
    return [line for line in err.splitlines() if f"{os.sep}help{os.sep}" not in line]


def _problems(case: Case, errors: list[str], found: str) -> list[str]:
    """What is wrong with how a case was answered (``found``: the one-line answer)."""
    where = f"{case.path}:{case.line}: " if case.line is not None else f"{case.path}:"
    if case.text is None:
        return [f"{case.path.name}: refused: {found}"] if errors else []
    if len(errors) != 1:
        return [f"{case.path.name}: {len(errors)} errors: {errors}"]
    if not found.startswith(where) or case.text not in found:
        return [f"{case.path.name}: expected {where}...{case.text}, got {found}"]
    if len(found) > 400:
        return [f"{case.path.name}: a message of {len(found)} characters"]
    return []


def test_the_good_set_of_these_tests_loads(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    registry = Registry([tmp_path])
    assert not registry.errors and "good" in registry.sets


def test_each_hostile_tile_set_is_listed_and_the_others_still_load(
        corpus: list[Case], tmp_path: Path) -> None:
    assert len(corpus) >= 55
    problems: list[str] = []
    for case in corpus:
        folder = tmp_path / case.path.stem
        folder.mkdir()
        (folder / case.path.name).write_bytes(case.path.read_bytes())
        (folder / "good.yaml").write_text(GOOD, encoding="utf-8")
        registry = Registry([folder])
        if "good" not in registry.sets:
            problems.append(f"{case.path.name}: the good set did not load: {registry.errors}")
        errors = [str(e).replace(str(folder), str(case.path.parent)) for e in registry.errors]
        problems += _problems(case, errors, errors[0] if errors else "")
    assert problems == []


def test_check_answers_each_hostile_tile_set_in_one_line(
        corpus: list[Case], capsys: pytest.CaptureFixture[str]) -> None:
    problems: list[str] = []
    for case in corpus:
        status = tileset_main(["check", str(case.path)])
        lines = _about_the_file(capsys.readouterr().err)
        if case.text is not None and status != 1:
            problems.append(f"{case.path.name}: exit {status}")
        problems += _problems(case, lines, lines[0] if lines else "")
    assert problems == []


def test_the_check_command_never_shows_a_traceback(corpus: list[Case]) -> None:
    """One run over the whole corpus, as a tile-set author would type it."""
    files = [str(c.path) for c in corpus]
    result = subprocess.run([sys.executable, "-m", "game.tileset", "check", *files],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    broken = [c for c in corpus if c.text is not None]
    assert len(_about_the_file(result.stderr)) == len(broken)
    assert result.stdout.count("tiles in") == len(corpus) - len(broken)


def test_the_committed_cases_say_what_they_expect() -> None:
    cases = committed_tilesets()
    assert len(cases) >= 35
    assert all(c.line is not None and c.text for c in cases)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    inside = tmp_path / "tilesets"
    inside.mkdir()
    (inside / "good.yaml").write_text(GOOD, encoding="utf-8")
    return inside


def _only_error(folder: Path) -> str:
    registry = Registry([folder])
    assert "good" in registry.sets
    (error,) = registry.errors
    return str(error)


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32",
                    reason="symbolic links need POSIX")
def test_a_link_to_a_file_outside_the_folder_is_not_read(folder: Path) -> None:
    secret = folder.parent / "secret.yaml"
    secret.write_text("id: secret\nname: The content of a private file\n", encoding="utf-8")
    (folder / "leak.yaml").symlink_to(secret)
    error = _only_error(folder)
    assert "leak.yaml" in error and "outside its folder" in error
    assert "private" not in error and "secret" not in error
    (folder / "leak.yaml").unlink()
    (folder / "inside.yaml").symlink_to(folder / "good.yaml")  # inside: read, and a duplicate
    assert "already used" in _only_error(folder)


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need POSIX")
def test_a_link_loop_and_a_dangling_link_are_listed(folder: Path) -> None:
    (folder / "loop.yaml").symlink_to(folder / "loop.yaml")
    assert "loop.yaml" in _only_error(folder)
    (folder / "loop.yaml").unlink()
    (folder / "dangling.yaml").symlink_to(folder / "missing.yaml")
    assert "cannot read" in _only_error(folder)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")
def test_a_named_pipe_is_not_read(folder: Path) -> None:
    os.mkfifo(folder / "pipe.yaml")  # reading it would wait for ever
    assert "not a regular file" in _only_error(folder)


def test_a_folder_named_like_a_tile_set_is_listed(folder: Path) -> None:
    (folder / "folder.yaml").mkdir()
    assert "not a regular file" in _only_error(folder)
