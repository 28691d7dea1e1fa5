"""``python -m game.tileset check`` holds a tile set and its rules pages to every rule a game
must meet (docs/adding-a-game.md), all of them in one run, each broken rule a line naming its
file and line; the tiny game of the doc meets them all."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.commands.tileset import main as tileset_main
from game.rules.registry import Registry, builtin_tileset_dir
from game.words.gamecheck import Finding, page_rules
from game.words.rulespages import HELP_FOLDER, parse_page
from tests.tiny_game import TILESETS, plug_in


def copy_of_carcassonne(folder: Path) -> Path:
    """The base game and its pages, as a player's own tile sets folder holds them."""
    (folder / HELP_FOLDER).mkdir(parents=True)
    for name in ("carcassonne.yaml", f"{HELP_FOLDER}/carcassonne.en.md",
                 f"{HELP_FOLDER}/carcassonne.fr.md"):
        shutil.copy(builtin_tileset_dir() / name, folder / name)
    return folder / "carcassonne.yaml"


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` of the file by ``new``; the line it stood on."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text.count("\n", 0, at) + 1


def line_of(path: Path, text: str) -> int:
    content = path.read_text(encoding="utf-8")
    return content.count("\n", 0, content.index(text)) + 1


def test_one_run_names_every_rule_broken_with_its_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    yaml = copy_of_carcassonne(tmp_path)
    english = tmp_path / HELP_FOLDER / "carcassonne.en.md"
    french = tmp_path / HELP_FOLDER / "carcassonne.fr.md"
    edit(yaml, "    road: {texture: road,", "    # road: {texture: road,")
    road = line_of(yaml, "  road:\n")
    edit(yaml, "icons: [{shield: [0.3, 0.5]}]", "icons: [{banner: [0.3, 0.5]}]")
    french_name = edit(yaml, "  fr:\n    name: Carcassonne\n", "  fr:\n")
    banner = line_of(yaml, "  - id: F ")
    opening = line_of(english, "Lay tiles one by one")
    edit(english, "The game has 72 tiles", "The game has 71 tiles")
    # a picture is named by the line of its fence, two above the tile edited
    city = edit(english, "E 1,0 270 follower@W:red:+8", "E 1,0 270 follower@W:red:+9") - 2
    road_picture = edit(english, "U 1,0 follower@E:red:+3", "U 1,0 hut@E:red:+3") - 2
    edit(french, "## Villes\n", "")
    with french.open("a", encoding="utf-8") as page:
        page.write("\n" + "Anticonstitutionnellement" * 4 + "\n")
    too_wide = french.read_text(encoding="utf-8").count("\n")
    assert tileset_main(["check", str(yaml)]) == 1
    out, err = capsys.readouterr()
    assert "Carcassonne (carcassonne): 72 tiles in 24 types" in out and "rules: 8 broken" in out
    said = err.splitlines()
    assert said == [
        f"{yaml}:{french_name}: no name in French: text: fr: name: ...",
        f"{yaml}:{road}: kind 'road' has no look: it is drawn flat, as a plain line; give it "
        f"one under look: kinds: road: (texture, colour, edge)",
        f"{yaml}:{banner}: icon 'banner' has no drawing (sprites/icons/banner.svg): it is "
        f"drawn as a token lettered 'Ba'; give it one under look: icons: banner: (sprite or "
        f"letters)",
        f"{english}:{opening}: the opening paragraph does not say the 72 tiles of the main pile",
        f"{english}:{road_picture}: no figure 'hut' in carcassonne",
        f"{english}:{city}: red scores +8, not +9",
        f"{french}:{road_picture}: not as carcassonne.en.md says: there, the next heading or "
        f"picture is a picture (line {road_picture})",
        f"{french}:{too_wide}: 'AnticonstitutionnellementAnticonstituti…' is wider than the "
        f"page of the smallest window: a shorter word or line"]


def test_a_page_missing_in_a_language_and_a_page_that_does_not_read_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    yaml = copy_of_carcassonne(tmp_path)
    (tmp_path / HELP_FOLDER / "carcassonne.fr.md").unlink()
    english = tmp_path / HELP_FOLDER / "carcassonne.en.md"
    fence = edit(english, "```board\nL 0,0\n", "```python\nL 0,0\n")
    assert tileset_main(["check", str(yaml)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{english}:{fence}: only ```board blocks are drawn",
        f"{tmp_path / HELP_FOLDER / 'carcassonne.fr.md'}: no rules page in French: its "
        f"players read the English one"]


def test_a_file_that_does_not_load_is_one_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    yaml = copy_of_carcassonne(tmp_path)
    line = edit(yaml, "players: [2, 5]", "players: [2]")
    assert tileset_main(["check", str(yaml)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == [
        f"{yaml}:{line}: 'players' must be [min, max] with 1 <= min <= max <= 8"]


def test_the_tiny_game_of_the_doc_meets_every_rule(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    plug_in(monkeypatch)
    assert tileset_main(["check", str(TILESETS / "tiny-orchard.yaml")]) == 0
    out, err = capsys.readouterr()
    assert "Orchard (tiny-orchard): 29 tiles in 5 types" in out and "rules: all met" in out
    assert err == ""


def test_every_built_in_tile_set_passes(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in builtin_tileset_dir().glob("*.yaml"))
    assert len(files) == 4
    assert tileset_main(["check", *files]) == 0
    assert capsys.readouterr().out.count("rules: all met") == 4


def test_a_picture_beyond_a_bound_is_named_by_the_check(registry: Registry) -> None:
    page = parse_page("# Mine\n\nIntro.\n\n```board\nE 0,0\nE 100,0\n```\n", "mine.en.md",
                      "carcassonne", "en")
    found = page_rules(page, registry.sets["carcassonne"], "en", ["follower"])
    assert Finding("mine.en.md", 5, "it spans 101 cells across: at most 8") in found
