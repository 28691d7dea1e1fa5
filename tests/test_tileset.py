"""The base tile set as data: counts, shields, cloisters, port coverage, schema."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.commands.tileset import main as tileset_main
from game.rules import TileSet
from game.rules import ports as P
from game.rules.registry import Registry, builtin_tileset_dir
from game.rules.yamlsrc import load_located
from tests.tile_counts import icon_count, tile_count

# Edges N E S W of each tile at rotation 0, from the project's tile id table.
EXPECTED = {
    "A": (2, "FFRF"), "B": (4, "FFFF"), "C": (1, "CCCC"), "D": (4, "CRFR"), "E": (5, "CFFF"),
    "F": (2, "FCFC"), "G": (1, "FCFC"), "H": (3, "CFCF"), "I": (2, "CFFC"), "J": (3, "CRRF"),
    "K": (3, "CFRR"), "L": (3, "CRRR"), "M": (2, "CFFC"), "N": (3, "CFFC"), "O": (2, "CRRC"),
    "P": (3, "CRRC"), "Q": (1, "CCFC"), "R": (3, "CCFC"), "S": (2, "CCRC"), "T": (1, "CCRC"),
    "U": (8, "FRFR"), "V": (9, "FFRR"), "W": (4, "FRRR"), "X": (1, "RRRR"),
}
LETTER = {"city": "C", "road": "R", "field": "F"}


def test_counts_and_edges(base: TileSet) -> None:
    assert tile_count(base) == 72
    assert {t.id: (t.count, "".join(LETTER[e] for e in t.rotations[0].edges))
            for t in base.tiles} == EXPECTED


def test_shields_and_cloisters(base: TileSet) -> None:
    shields = sum(t.count * icon_count(f, "shield") for t in base.tiles for f in t.features)
    cloisters = sum(t.count for t in base.tiles for f in t.features if f.kind == "cloister")
    assert shields == 10
    assert cloisters == 6
    assert all(f.name == "cloister" for t in base.tiles for f in t.features
               if f.kind == "cloister")


def test_start_tile(base: TileSet) -> None:
    assert base.start is not None
    assert (base.start.tile, base.start.at, base.start.rotation) == ("D", (0, 0), 0)
    assert base.figures["follower"].count == 7


def test_every_port_covered_exactly_once(base: TileSet) -> None:
    for t in base.tiles:
        for rt in t.rotations:
            owners: Counter[int] = Counter()
            for ports in rt.feature_ports:
                owners.update(ports)
            # Edge centres of plain field edges belong to no feature: the field halves do.
            for edge in P.EDGES:
                if rt.edges[edge] == "field":
                    assert owners[edge] == 0
                    owners[edge] = 1
            assert all(owners[p] == 1 for p in P.ALL_PORTS), (t.id, rt.rotation, owners)


def test_fields_touch_the_cities_the_reference_says(base: TileSet) -> None:
    tile = {t.id: t for t in base.tiles}
    h = tile["H"]
    field = next(f for f in h.features if f.kind == "field")
    assert sorted(h.features[i].kind for i in field.touches) == ["city", "city"]
    u_fields = [f for f in tile["U"].features if f.kind == "field"]
    assert all(not f.touches for f in u_fields)


def test_rotations_are_computed(base: TileSet) -> None:
    d = next(t for t in base.tiles if t.id == "D")
    assert d.rotations[1].edges == ("road", "city", "road", "field")
    assert d.distinct_rotations == (0, 1, 2, 3)
    b = next(t for t in base.tiles if t.id == "B")
    assert b.distinct_rotations == (0,)
    u = next(t for t in base.tiles if t.id == "U")
    assert u.distinct_rotations == (0, 1)


def test_every_yaml_file_matches_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((builtin_tileset_dir() / "tileset.schema.json").read_text())
    for path in builtin_tileset_dir().glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "$schema=./tileset.schema.json" in text.splitlines()[0], path
        jsonschema.validate(_plain(load_located(text)), schema)


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def test_check_command_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert tileset_main(["check", str(builtin_tileset_dir() / "carcassonne.yaml")]) == 0
    out = capsys.readouterr().out
    assert "72 tiles in 24 types" in out
    assert "shield 10" in out
    assert "cloister 6" in out


def test_builtin_sets_load_without_errors(registry: Registry) -> None:
    assert registry.errors == []
    assert "carcassonne" in registry.sets


def test_tile_set_files_are_in_the_tilesets_folder() -> None:
    assert Path(builtin_tileset_dir(), "carcassonne.yaml").is_file()
