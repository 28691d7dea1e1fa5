"""Every list of games a player or maintainer reads is the registry's: the --game help of the
window, the table server and the simulator names each game and expansion there is (a
player's own game too, for the window), and the table of games at the top of the README
names every built-in tile set with its tiles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.commands import play, server, sim
from game.rules import default_registry
from game.rules.registry import Registry, builtin_tileset_dir

ROOT = Path(__file__).resolve().parents[1]


def help_of(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The command's --help, its lines joined."""
    with pytest.raises(SystemExit):
        if command == "play":
            play.parse_args(["--help"])
        elif command == "server":
            server.parse_args(["--help"])
        else:
            sim.main(["--help"])
    return " ".join(capsys.readouterr().out.split())


def said(registry: Registry) -> list[str]:
    return [s.id for s in registry.sets.values()]


@pytest.mark.parametrize("command", ["server", "sim"])
def test_the_help_names_every_game_and_expansion(command: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(command, capsys)
    registry = default_registry()
    assert registry.said() in text
    assert all(sid in text for sid in said(registry)) and len(said(registry)) == 4


def test_the_windows_help_names_a_players_own_game_too(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    folder = tmp_path / "data" / "tilesets"
    folder.mkdir(parents=True)
    text = (builtin_tileset_dir() / "carcassonne.yaml").read_text(encoding="utf-8")
    (folder / "my-game.yaml").write_text(text.replace("id: carcassonne", "id: my-game", 1),
                                         encoding="utf-8")
    monkeypatch.setenv("CARCASSONNE_HOME", str(tmp_path))
    shown = help_of("play", capsys)
    assert "hunters-and-gatherers, over-hill-and-dale, my-game" in shown
    assert "carcassonne (expansions: hills-and-sheep)" in shown


def test_a_help_loads_no_tile_set_until_it_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    def never() -> Registry:
        raise AssertionError("the tile sets were read")
    monkeypatch.setattr(play, "installed_games", never)
    assert play.parse_args(["--game", "carcassonne"]).game == "carcassonne"


def test_the_readmes_table_names_every_built_in_tile_set_with_its_tiles() -> None:
    rows = [line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and "`tilesets/" in line]
    registry = default_registry()
    for sid, tileset in registry.sets.items():
        row = next((r for r in rows if f"`tilesets/{sid}.yaml`" in r), None)
        assert row is not None, f"the README's table of games has no row for {sid}"
        cell = row.split(f"`tilesets/{sid}.yaml`")[1].split("|")[0]
        told = sum(int(n) for n in re.findall(r"\d+", cell)) + cell.count("start")
        own = sum(t.count for t in tileset.tiles if t.source == sid)
        assert told == own, f"the README says {cell.strip()!r} of {sid}: it has {own} tiles"
