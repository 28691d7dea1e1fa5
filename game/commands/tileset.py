"""Check tile set files.

    python -m game.tileset check FILE.yaml [FILE.yaml ...]

Validates each file (an expansion is checked against the built-in set it extends) and prints
a summary: tile count, totals per feature kind, icons.  A broken file gets one line,
``file:line: problem``, on standard error; exit 1 if any file is broken.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from game.rules import TileSet, TileSetError, default_registry
from game.rules.loader import build_tileset, read_yaml
from game.rules.source import read_text
from game.rules.yamlsrc import shown


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
    """Load one tile set file as the game would (an expansion on the built-in set it
    extends); any problem is a TileSetError naming the file and, where it can, the line."""
    name = str(path)
    doc = read_yaml(read_text(path), name)
    extends = doc.get("extends") if isinstance(doc, dict) else None
    base = None
    if isinstance(extends, str):
        registry = default_registry()
        if extends not in registry.sets:
            raise TileSetError(name, doc.key_line("extends"),
                               f"extends {shown(extends)}, which is not a built-in tile set")
        base = registry.sets[extends]
    return build_tileset(doc, name, base)


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
            print(err, file=sys.stderr)
            status = 1
        except Exception as exc:  # a file no check foresaw: still one line, never a traceback
            print(f"{path}: cannot be loaded ({type(exc).__name__})", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
