"""Review a saved game: every decision of the chosen seats judged by the strong player, and
every player's chance to win after every turn.

    python -m game.review SAVE.json [--seat N ...] [--futures N] [--processes N] [--json]
                                    [--no-keep]

Prints each reviewed decision with the points it lost and the better move, then a summary
per player and the turning points of the game (the turns that swung the chances most), and
exits 0; exit 2 when the save cannot be read or a seat does not exist.  By default the human
seats are reviewed (every seat when none is human).  --json prints the review as data: its
decisions, a summary per player, and ``chances``: for every turn, its number (``turn``) and
each seat's chance to win after it (``chances``, adding up to 1).  The review is kept in the
save (written atomically) unless --no-keep: a second review of it is instant.  The same save
reviewed with as many futures gets the same figures, in as many processes as it may.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from game.store.savefile import SavedGame, SaveError
from game.store.storage import Storage, atomic_write
from game.store.tileset_cache import cache_dir, load_registry
from game.system.processes import processors
from game.words.i18n import _, set_language

from . import DEFAULT_FUTURES, Review, decision_points, human_seats, review_game
from .words import decision_line, summary_lines, turning_points_line


def main(argv: Sequence[str] | None = None) -> int:
    set_language("auto")
    parser = argparse.ArgumentParser(prog="python -m game.review", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("save", type=Path)
    parser.add_argument("--seat", type=int, action="append", default=None,
                        help="a seat to review, from 1 (repeatable); default: the human seats")
    parser.add_argument("--futures", type=int, default=DEFAULT_FUTURES,
                        help="futures each decision is judged on: the review's quality "
                        "(default %(default)s)")
    parser.add_argument("--processes", type=int, default=processors(),
                        help="processes judging at once (default: one per processor, "
                        "%(default)s here)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument("--no-keep", action="store_true",
                        help="leave the save file as it is")
    args = parser.parse_args(argv)
    if args.futures < 2:
        parser.error("--futures takes 2 at least")
    if args.processes < 1:
        parser.error("--processes takes 1 at least")
    storage = Storage()
    try:
        saved = storage.load(args.save)
        registry = load_registry([storage.user_tilesets_dir], cache_dir(None))
        game = saved.restore(registry, args.save)
    except SaveError as exc:
        print(_("cannot review {file}: {problem}").format(file=args.save, problem=exc.problem),
              file=sys.stderr)
        return 2
    players = len(game.players)
    if args.seat:
        if any(not 1 <= s <= players for s in args.seat):
            print(_("no such seat: the game has seats 1 to {n}").format(n=players),
                  file=sys.stderr)
            return 2
        seats = [s - 1 for s in args.seat]
    else:
        seats = human_seats(saved.seats, players) or list(range(players))
    previous = Review.from_json(saved.review)

    def progress(done: int, total: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\r{done}/{total}", end="", file=sys.stderr, flush=True)

    review = review_game(game, seats, args.futures, previous=previous, progress=progress,
                         processes=args.processes)
    if not args.json and sys.stderr.isatty():
        print(file=sys.stderr)
    if not args.no_keep:
        _keep(saved, review, args.save)
    if args.json:
        summary = [review.summary(seat) for seat in seats]
        print(json.dumps({**review.to_json(), "summary": summary}, indent=1))
        return 0
    positions = {p.move: p.position for p in decision_points(game, seats)}
    for decision in review.decisions:
        print(decision_line(positions[decision.move], decision))
    for seat in seats:
        print()
        print("\n".join(summary_lines(game, review, seat)))
    turning = turning_points_line(game, review)
    if turning is not None:
        print()
        print(turning)
    return 0


def _keep(saved: SavedGame, review: Review, path: Path) -> None:
    saved.review = review.to_json()
    try:
        atomic_write(path, saved.to_json())
    except OSError as exc:
        print(_("the review could not be kept in {file}: {problem}").format(
            file=path, problem=exc.strerror), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
