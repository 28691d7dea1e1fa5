"""Check tile set files.

    python -m game.tileset check FILE.yaml [FILE.yaml ...]

Validates each file (an expansion is checked against the built-in set it extends) and prints
a summary: tile count, totals per feature kind, icons.  Exit 1 if any file is broken.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from game.rules import TileSet, TileSetError, default_registry, load_tileset
from game.rules.yamlsrc import load_located


def summary(ts: TileSet, own_only: bool = True) -> str:
    tiles = [t for t in ts.tiles if not own_only or t.source == ts.id]
    kinds: Counter[str] = Counter()
    icons: Counter[str] = Counter()
    piles: Counter[str] = Counter()
    for t in tiles:
        piles[t.pile] += t.count
        for f in t.features:
            kinds[f.kind] += t.count
            for i in f.icons:
                icons[i.name] += t.count
        for i in t.icons:
            icons[i.name] += t.count
    total = sum(t.count for t in tiles)
    lines = [f"{ts.name} ({ts.id}): {total} tiles in {len(tiles)} types"
             + (f", extends {ts.extends}" if ts.extends else "")]
    if len(piles) > 1:
        lines.append("  piles: " + ", ".join(f"{k} {v}" for k, v in sorted(piles.items())))
    lines.append("  features: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    lines.append("  icons: " + (", ".join(f"{k} {v}" for k, v in sorted(icons.items()))
                                or "none"))
    lines.append("  figures: " + ", ".join(f"{f.name} x{f.count}" for f in ts.figures.values()))
    if ts.options:
        lines.append("  options: " + ", ".join(f"{o.name}={o.default}"
                                                for o in ts.options.values()))
    return "\n".join(lines)


def check(path: Path) -> TileSet:
    try:
        doc = load_located(path.read_text(encoding="utf-8"))
        extends = doc.get("extends") if isinstance(doc, dict) else None
    except Exception:  # the loader below reports the problem with its line
        extends = None
    base = None
    if isinstance(extends, str):
        registry = default_registry()
        if extends not in registry.sets:
            raise TileSetError(str(path), None, f"extends '{extends}', which is not a built-in "
                                                f"tile set")
        base = registry.sets[extends]
    return load_tileset(path, base)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tileset", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    check_cmd = sub.add_parser("check", help="validate tile set files and summarise them")
    check_cmd.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    status = 0
    for path in args.files:
        try:
            print(summary(check(path)))
        except TileSetError as err:
            print(f"error: {err}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
