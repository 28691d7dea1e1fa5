"""Launch the game window.

    python -m game [--autoplay] [--quit-after SECONDS] [--screenshot FILE] [--players N]
                   [--seed N] [--size WxH] [--fullscreen]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="carcassonne", description="Carcassonne, hot-seat.")
    parser.add_argument("--autoplay", action="store_true",
                        help="computer players play random legal moves (for visual checks)")
    parser.add_argument("--quit-after", type=float, metavar="SECONDS",
                        help="close the window after this many seconds")
    parser.add_argument("--screenshot", type=Path, metavar="FILE",
                        help="save a screenshot of the last frame before closing")
    parser.add_argument("--players", type=int, default=2, help="players for --autoplay")
    parser.add_argument("--seed", type=int, help="seed of the --autoplay game")
    parser.add_argument("--size", default="1280x800", help="window size, e.g. 1600x900")
    parser.add_argument("--fullscreen", action="store_true")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"--size must look like 1280x800, not {args.size!r}", file=sys.stderr)
        return 2
    from game.ui.app import App, AppConfig
    config = AppConfig(size=(w, h), fullscreen=args.fullscreen, autoplay=args.autoplay,
                       quit_after=args.quit_after, screenshot=args.screenshot, seed=args.seed,
                       players=args.players)
    return App(config).run()


if __name__ == "__main__":
    sys.exit(main())
