"""Check tile set files against every rule a game must meet.

    python -m game.tileset check FILE.yaml [FILE.yaml ...]

Loads each file as the game would (an expansion on the built-in set it extends), prints a
summary (tile count, totals per feature kind, icons), then checks what loading leaves to the
game's author (docs/adding-a-game.md, "The rules a game meets"; ``game.words.gamecheck``): its
words in every language, how each kind, icon and figure looks, and its rules pages beside it
(``help/<id>.<language>.md``), their pictures scored by the rules.  Every rule broken is one
line, ``file:line: problem``, on standard error, all of them in one run; exit 1 if any.  A file
that does not load gets one line (the first thing wrong): nothing else can be checked.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from game.rules import TileSet, TileSetError, default_registry
from game.rules.loader import build_tileset, read_yaml
from game.rules.source import read_text
from game.rules.yamlsrc import shown
from game.system.paths import sprites_dir
from game.words.gamecheck import Finding, check_set
from game.words.i18n import LANGUAGES
from game.words.rulespages import PageError, page_file, read_page


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
    return load(path)[0]


def load(path: Path) -> tuple[TileSet, object]:
    """The tile set of one file (``check``) and its parsed document."""
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
    return build_tileset(doc, name, base), doc


def findings(path: Path) -> tuple[TileSet | None, list[Finding]]:
    """The tile set of one file (None when it does not load) and every rule it breaks: those
    of ``game.words.gamecheck``, then those only drawing its pages tells
    (``game.ui.pagecheck``)."""
    try:
        tileset, doc = load(path)
    except TileSetError as err:
        return None, [Finding(err.path, err.line, err.problem)]
    return tileset, [*check_set(tileset, doc, str(path), sprites_dir()),
                     *drawn_findings(tileset, path.parent)]


def drawn_findings(tileset: TileSet, folder: Path) -> list[Finding]:
    """What drawing the set's rules pages tells: lines too wide for the smallest window,
    points over an icon (a page that cannot be read is named by the other rules)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the console
    from game.ui import pagecheck
    from game.ui.resources import Resources
    pagecheck.start_headless()
    res = Resources()
    found: list[Finding] = []
    for code in LANGUAGES:
        path = page_file(folder, tileset.id, code)
        try:
            page = read_page(path, tileset.id, code) if path.is_file() else None
        except PageError:
            continue
        if page is not None:
            found += pagecheck.window_findings(page, tileset, res)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tileset", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    check_cmd = sub.add_parser("check", help="check tile set files and their rules pages "
                                             "against every rule a game meets, and summarise "
                                             "them")
    check_cmd.add_argument("files", nargs="+", type=Path, metavar="FILE",
                           help="a tile set file (.yaml)")
    args = parser.parse_args(argv)
    status = 0
    for path in args.files:
        try:
            tileset, found = findings(path)
        except Exception as exc:  # a file no check foresaw: still one line, never a traceback
            print(f"{path}: cannot be loaded ({type(exc).__name__})", file=sys.stderr)
            status = 1
            continue
        if tileset is not None:
            print(summary(tileset))
            print(f"  rules: {len(found)} broken" if found else "  rules: all met")
        for finding in found:
            print(finding, file=sys.stderr)
        status = status or int(bool(found))
    return status


if __name__ == "__main__":
    sys.exit(main())
