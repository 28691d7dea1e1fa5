"""The hostile-input corpus: tile sets and saves that careful players and tile-set authors
could write, each with the answer the game must give.

Small cases are files committed beside this script (``tilesets/*.yaml`` say what they expect
in their second line, ``# expect: LINE: TEXT``; ``saves/*.json`` are listed in
``SAVE_CASES``); large or binary ones are written by ``write_tilesets`` and ``write_saves``.

    python tests/hostile/make_corpus.py OUT_DIR      # writes every case under OUT_DIR
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
COMMITTED_TILESETS = HERE / "tilesets"
COMMITTED_SAVES = HERE / "saves"
_EXPECT = re.compile(r"^# expect: (\d+): (.+)$", re.M)


# The text of a case that must be refused with its file and line, whatever the reason given:
# where both our limits and LibYAML's own could stop a file (deep flow nesting, which newer
# releases stop in their scanner, in their words; a very long key), which fires first is not
# the test's business.
REFUSED = ""


@dataclass(frozen=True)
class Case:
    """One hostile file and the problem it must be answered with: ``line`` None when its
    line is not checked (a large generated file), ``text`` None when the file is acceptable,
    ``REFUSED`` when any one-line reason will do."""

    path: Path
    line: int | None
    text: str | None


# -- tile sets --------------------------------------------------------------------------------

def committed_tilesets() -> list[Case]:
    cases = []
    for path in sorted(COMMITTED_TILESETS.glob("*.yaml")):
        m = _EXPECT.search(path.read_text(encoding="utf-8"))
        assert m, f"{path.name} says nothing of what it expects"
        cases.append(Case(path, int(m[1]), m[2]))
    return cases


def _base_text() -> str:
    return (ROOT / "tilesets" / "carcassonne.yaml").read_text(encoding="utf-8")


def _tile_blocks() -> tuple[str, list[str]]:
    """The base game's head (up to ``tiles:``) and its tiles, one text block each."""
    head, tiles = _base_text().split("\ntiles:\n", 1)
    blocks = [b for b in re.split(r"(?m)^(?=  - id: )", tiles) if b.startswith("  - id: ")]
    return head.replace("id: carcassonne", "id: generated", 1) + "\ntiles:\n", blocks


def _many_tiles(types: int, count: int = 1) -> str:
    """A valid tile set of ``types`` tile types (the base game's, renamed)."""
    head, blocks = _tile_blocks()
    out = [head]
    for n in range(types):
        block = blocks[n % len(blocks)]
        new_id = "D" if n == 0 else f"T{n}"  # D: the start tile
        block = re.sub(r"^  - id: (\S+)", f"  - id: {new_id}", block, count=1)
        block = re.sub(r"count: \d+", f"count: {count}", block, count=1)
        out.append(block)
    return "".join(out)


def write_tilesets(folder: Path) -> list[Case]:
    """Write the generated tile set cases into ``folder``; returns them with the committed
    ones (which stay where they are)."""
    folder.mkdir(parents=True, exist_ok=True)
    cases: list[Case] = []

    def put(name: str, data: bytes | str, line: int | None, text: str | None) -> None:
        path = folder / name
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        cases.append(Case(path, line, text))

    put("nested-50000.yaml", "id: x\nname: " + "[" * 50_000 + "]" * 50_000 + "\n", 2, REFUSED)
    put("nested-20000-mappings.yaml", "id: x\nname: " + "{a: " * 20_000 + "1" + "}" * 20_000,
        2, REFUSED)
    put("nested-1000-block.yaml", "id: x\nkinds:\n" + "".join(
        " " * (i + 1) + f"k{i}:\n" for i in range(1000)) + " " * 1001 + "x\n", 42,
        "nested more than 40 deep")
    put("count-5000-digits.yaml", "id: x\nname: X\ntiles:\n  - count: " + "9" * 5000 + "\n", 4,
        "a value of 5,000 characters")
    put("count-200-digits.yaml", "id: x\nname: X\ntiles:\n  - count: " + "9" * 200 + "\n", 4,
        "an integer of 200 digits")
    # LibYAML's own limit (a key has at most 1,024 characters) or ours on a value's length
    put("key-5000-characters.yaml", "id: x\n" + "k" * 5000 + ": 1\n", 2, REFUSED)
    put("value-5000-characters.yaml", "id: x\nname: " + "n" * 5000 + "\n", 2,
        "a value of 5,000 characters")
    valid = _many_tiles(200)
    put("valid-5-megabytes.yaml", valid * (5_000_000 // len(valid) + 1), 1,
        "the file is 5.")
    put("values-60000.yaml", "id: x\nname: X\nnotes: [" + ", ".join(["1"] * 60_000) + "]\n",
        3, "more than 50,000 values")
    put("tile-types-300.yaml", _many_tiles(300), None, "300 tile types")
    put("tiles-12000.yaml", _many_tiles(12, count=1000), None, "12,000 tiles")
    put("largest-accepted.yaml", _many_tiles(250), None, None)
    square = [[0.5 + 0.4 * (i % 2), 0.1 + 0.8 * i / 199] for i in range(200)]
    put("polygon-200-points.yaml", _base_text().replace(
        "shape: cloister", f"shape: {json.dumps(square)}, anchor: [0.5, 0.5]", 1),
        None, "a polygon has from 3 to 100 points, not 200")
    fields = "".join(f"      - {{kind: cloister, name: c{i}, shape: cloister}}\n"
                     for i in range(31))
    put("features-31.yaml", _base_text().replace(
        "      - {kind: cloister, name: cloister, shape: cloister}\n", fields, 1), None,
        "features: at most 30")
    put("latin-1.yaml", "id: x\nname: Café\n".encode("latin-1"), 2,
        "byte 0xE9 is not UTF-8")
    put("utf-16.yaml", "id: x\nname: X\n".encode("utf-16"), 1, "UTF-16 text")
    put("utf-32.yaml", "id: x\nname: X\n".encode("utf-32"), 1, "UTF-32 text")
    put("binary.yaml", bytes(range(256)) * 16, 1, "a NUL byte")
    put("png-image.yaml", (ROOT / "docs" / "screenshots" / "title.png").read_bytes()[:4096],
        3, "a NUL byte")
    put("control-character.yaml", "id: x\nname: X\nnotes: bell \x07 here\n", 3,
        "the control character U+0007")
    put("not-utf-8-later.yaml", b"id: x\nname: X\n\n\nnotes: \xff\xfe\n", 5,
        "byte 0xFF is not UTF-8")
    return committed_tilesets() + cases


# -- saves ------------------------------------------------------------------------------------

# file -> a text the SaveError's problem must hold
SAVE_CASES = {
    "moves-numbers.json": "'moves' must be item 1: a text",
    "players-numbers.json": "'players' must be item 1: a text",
    "options-a-list.json": "'options' must be a mapping",
    "saved-at-a-text.json": "'saved_at' must be a time",
    "saved-at-1e300.json": "'saved_at' must be a time",
    "colours-a-number.json": "'colours' must be a list",
    "seats-a-number.json": "'seats' must be a list",
    "resigned-not-a-seat.json": "'resigned' must be item 1: an integer",
    "colour-a-number.json": "'colours' must be item 2: a text",
    "name-with-nul.json": "'players' must be item 1: a text without control characters",
    "newer-format.json": "saved by a newer version of the game ('9.0.0', save format 99)",
    "format-true.json": "not a save file of this game",
    "a-list.json": "not a save file of this game",
    "unknown-field.json": "unexpected field 'cheat'",
    "missing-moves.json": "the field 'moves' is missing",
    "no-players.json": "'players': no players",
    "seed-a-fraction.json": "'seed' must be an integer",
    "seed-true.json": "'seed' must be an integer",
    "start-wrong.json": "'start' must be nothing or {tile, at: [x, y], rotation}",
    "forced-wrong.json": "'forced' must be item 1: [turn, what, value]",
    "not-json.json": "not valid JSON",
}

# Saves of the right shape that cannot be restored: file -> a text of the SaveError
UNRESTORABLE = {
    "unknown-game.json": "no game 'no-such-game'",
    "move-not-legal.json": "the moves do not replay",
    "option-unknown.json": "unknown option 'farm'",
    "too-many-players.json": "the moves do not replay",
}


def write_saves(folder: Path) -> dict[Path, str]:
    """Write the generated save cases into ``folder``; returns every case (committed ones
    copied beside them) with the text its error must hold."""
    folder.mkdir(parents=True, exist_ok=True)
    cases: dict[Path, str] = {}
    for name, text in SAVE_CASES.items():
        path = folder / name
        path.write_bytes((COMMITTED_SAVES / name).read_bytes())
        cases[path] = text

    def put(name: str, data: bytes | str, text: str) -> None:
        path = folder / name
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        cases[path] = text

    put("nested-200000.json", "[" * 200_000 + "]" * 200_000, "nested too deep")
    put("nested-200000-objects.json", '{"a":' * 200_000 + "1" + "}" * 200_000,
        "not a save file (")
    good = json.loads((COMMITTED_SAVES / "unknown-field.json").read_text(encoding="utf-8"))
    del good["cheat"]
    put("seed-5000-digits.json", json.dumps(good).replace('"seed": 7', '"seed": ' + "7" * 5000),
        "not a save file of this game (Exceeds the limit")
    put("seed-4000-digits.json", json.dumps(good).replace('"seed": 7', '"seed": ' + "7" * 4000),
        "'seed' must be an integer")
    put("two-megabytes.json", json.dumps({**good, "notes": "x" * 2_000_000}),
        "more than a save has")
    put("binary.json", bytes(range(256)) * 4, "not a text file")
    put("utf-16.json", json.dumps(good).encode("utf-16"), "not a text file")
    return cases


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    tilesets = write_tilesets(out / "tilesets")
    saves = write_saves(out / "saves")
    print(f"{len(tilesets)} tile set cases ({len(tilesets) - len(committed_tilesets())} "
          f"written to {out / 'tilesets'}), {len(saves)} save cases in {out / 'saves'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
