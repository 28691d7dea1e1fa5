"""Launch the game window.

    python -m game [--game ID] [--expansions ID ...] [--players N] [--seats human,quick,...]
                   [--seed N] [--order TILES] [--computer-pace relaxed|normal|instant]
                   [--autoplay] [--quit-after SECONDS] [--screenshot FILE]
                   [--size WxH] [--fullscreen] [--time-first-frame] [--smoke] [--version]
                   [--join ws://HOST:PORT/CODE [--seat N | --watch] [--name NAME]
                    [--headless]]
                   [--install-desktop-entry] [--uninstall-desktop-entry]

With ``--game`` or ``--seats`` the window opens straight into that game; otherwise at the
title screen.  ``--seed`` and ``--order`` (tiles drawn first, named as the tile set names
them) make that game's draws, or New game's.  ``--join`` takes a seat at a network table
(see docs/network.md) in the window, as a person, or with ``--seats LEVEL`` as a computer
of the window; with ``--headless`` too, that computer plays without a window (how tests and
benchmarks fill tables).  ``--join LINK --watch`` watches a table that allows spectators
(with ``--headless``: until its end, then prints the final scores).  The ``carcassonne``
command (installed) and the standalone executable take the same options.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.ai import LEVELS_SAID, kinds_named
from game.commands.games_help import GamesHelp, KeepsIdsWhole
from game.store.savefile import Person

if TYPE_CHECKING:
    from game.rules.registry import Registry
    from game.ui.app import App

_T0 = time.perf_counter()  # fallback clock origin where the process start cannot be read


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    from game.system.version import version
    parser = argparse.ArgumentParser(prog="carcassonne",
                                     description="Carcassonne and its family of tile games: "
                                     "on one screen, against the computer, or at a network "
                                     "table.",
                                     formatter_class=KeepsIdsWhole)
    parser.add_argument("--version", action="version", version=f"carcassonne {version()}")
    parser.add_argument("--game", help=GamesHelp(
        "open straight into a game of this tile set: %(games)s", installed_games))
    parser.add_argument("--expansions", nargs="*", default=[],
                        help="expansions of that game (named with --game above)")
    parser.add_argument("--players", type=int, help="how many players (default: 2, or as "
                        "many as --seats names)")
    parser.add_argument("--seats", type=seat_kinds, metavar="KIND,KIND,...",
                        help=f"who plays each seat, in order: human or a computer level "
                        f"({LEVELS_SAID}); opens straight into the game")
    parser.add_argument("--seed", type=int, help="seed of the game (its draw order)")
    parser.add_argument("--order", metavar="TILES",
                        help="tiles drawn first, in this order, named as the tile set names "
                        "them (e.g. \"D, A, U\"); the seed shuffles the rest of the pile")
    parser.add_argument("--computer-pace", choices=PACES,
                        help="how computer turns are shown in this run (instead of the "
                        "setting): instant plays them as fast as they are decided")
    parser.add_argument("--autoplay", action="store_true",
                        help="computer players play random legal moves (for visual checks)")
    parser.add_argument("--quit-after", type=float, metavar="SECONDS",
                        help="close the window after this many seconds (a game in progress "
                        "is autosaved after every turn, as always)")
    parser.add_argument("--screenshot", type=Path, metavar="FILE",
                        help="save a screenshot of the last frame before closing")
    parser.add_argument("--size", type=window_size, metavar="WxH",
                        help="window size in pixels, e.g. 1600x900, at least 960x640 "
                        "(default: as the window was last closed, else most of the "
                        "desktop, grown with the interface size, within the screen)")
    parser.add_argument("--fullscreen", action="store_true", default=None,
                        help="open full screen (F11 goes back and forth)")
    parser.add_argument("--time-first-frame", action="store_true",
                        help="open the window, draw one frame, print the seconds from process "
                             "start to that frame, and exit")
    parser.add_argument("--smoke", action="store_true",
                        help="headless self-check: load every tile set, sprite, icon, sound "
                             "and catalog, build one game of each kind with its expansions, "
                             "draw frames offscreen, "
                             "print a one-line summary; exit 0 when all is well")
    parser.add_argument("--join", metavar="LINK",
                        help="take a seat at a network table (ws://HOST:PORT/CODE) in the "
                             "window; with --seats LEVEL a computer of the window plays it")
    parser.add_argument("--watch", action="store_true",
                        help="with --join: watch the table as a spectator (it must allow "
                             "spectators); with --headless too, print its final scores")
    parser.add_argument("--headless", action="store_true",
                        help="with --join and --seats LEVEL: the computer plays without a "
                             "window and prints the final scores")
    parser.add_argument("--seat", type=int, metavar="N",
                        help="with --join: the seat to take (1, 2...), else the first open one")
    parser.add_argument("--name", help="with --join: the name the table shows")
    parser.add_argument("--listen", type=listen_on, metavar="ADDRESS[:PORT]",
                        help="where a table hosted from New game listens (default: every "
                             "interface, port 7417); e.g. 127.0.0.1 for this computer only")
    entry = parser.add_mutually_exclusive_group()
    entry.add_argument("--install-desktop-entry", action="store_true",
                       help="put the game in the desktop's application menu (Linux: a "
                            ".desktop file and icons in the user's data folder)")
    entry.add_argument("--uninstall-desktop-entry", action="store_true",
                       help="take it out again")
    args = parser.parse_args(argv)
    if args.players is not None and args.players < 1:
        parser.error(f"--players takes a number of players, 1 or more, not {args.players}")
    if args.quit_after is not None and not 0 <= args.quit_after < math.inf:
        parser.error(f"--quit-after takes seconds, 0 or more, not {args.quit_after}")
    if args.seats is not None and args.players is not None and args.players != len(args.seats):
        parser.error(f"--players {args.players} but --seats names {len(args.seats)} seats")
    if args.order is not None and args.join is not None:
        parser.error("--order is for games on this computer: a network table draws its own "
                     "tiles")
    if args.watch and (args.join is None or args.seat is not None or args.seats is not None):
        parser.error("--watch goes with --join, and a spectator takes no seat (--seat, "
                     "--seats)")
    return args


def installed_games() -> Registry:
    """The games the window offers: the built-in ones and those of the player's tile sets
    folder."""
    from game.rules import default_registry
    from game.store.storage import Storage
    return default_registry([Storage().user_tilesets_dir])


# The choices of --computer-pace and --seats, known without importing pygame.
PACES = ("relaxed", "normal", "instant")
MAX_SIDE = 32767  # the largest window side SDL makes (its coordinates are 16-bit)


def listen_on(text: str) -> tuple[str, int | None]:
    """``ADDRESS[:PORT]`` (an IPv6 address in brackets with a port): the interface a hosted
    table listens on, and its port."""
    if text.startswith("["):
        address, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else None
        bad = bool(rest) and port is None
    elif text.count(":") == 1:
        address, port = text.split(":")
        bad = False
    else:
        address, port, bad = text, None, False
    if bad or not address or (port is not None and not (port.isdigit()
                                                         and 0 <= int(port) <= 65535)):
        raise argparse.ArgumentTypeError(f"{text!r} is not ADDRESS or ADDRESS:PORT")
    return address, None if port is None else int(port)


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in pixels, each at least 1: refused here, as a usage error, rather
    than by the window (a negative size stopped it with a crash report)."""
    width, x, height = text.strip().lower().partition("x")
    if not (x and width.isdecimal() and height.isdecimal() and 0 < int(width) <= MAX_SIDE
            and 0 < int(height) <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT in pixels, e.g. "
                                         f"1280x800 (each side 1 to {MAX_SIDE})")
    return int(width), int(height)


def seat_kinds(text: str) -> list[str]:
    """``human,hard,...``: each seat's kind, a computer's as its level (``hard``:
    ``strong``)."""
    kinds, unknown = kinds_named(text, (Person.HUMAN,))
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(
            f"unknown seat kind {', '.join(unknown) or repr(text)} (kinds: human, "
            f"{LEVELS_SAID})")
    return kinds


def process_age() -> tuple[float, str]:
    """Seconds since this process started, and how that was measured.

    On Linux the start time comes from /proc; for the one-file executable that is the start
    of its launcher (the parent process running the same file), which unpacks the bundle
    before Python starts.  Elsewhere: since this module was imported.
    """
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        pid, how = os.getpid(), "process"
        exe = os.path.realpath(sys.executable)
        if getattr(sys, "frozen", False):
            parent = os.getppid()
            if os.path.realpath(f"/proc/{parent}/exe") == exe:
                pid, how = parent, "launcher"
        stat = Path(f"/proc/{pid}/stat").read_text()
        start = int(stat[stat.rindex(")") + 2:].split()[19]) / ticks
        return max(0.0, uptime - start), how
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _T0, "import"


def checked_order(args: argparse.Namespace) -> tuple[tuple[str, ...], str | None]:
    """The tiles ``--order`` names, checked against the game of ``--game`` (Carcassonne by
    default) and its expansions; else the sentence saying which word is at fault."""
    if not args.order:
        return (), None
    from game.rules import RulesError
    from game.rules.tile_order import OrderError, read_order
    from game.words.tile_order import order_refusal
    try:
        tileset = installed_games().ruleset(args.game or "carcassonne", args.expansions)
    except (KeyError, RulesError) as exc:
        return (), str(exc).strip("'\"")
    try:
        return read_order(tileset, args.order), None
    except OrderError as exc:
        return (), order_refusal(exc)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    order, problem = checked_order(args)
    if problem is not None:
        print(f"--order: {problem}", file=sys.stderr)
        return 2
    if args.join is not None and args.headless:
        return join(args)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from game.commands import desktop_entry
        return desktop_entry.main(remove=args.uninstall_desktop_entry)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the console
    from game.ui.desktop import prepare_sdl
    prepare_sdl()  # before pygame is imported: it sets a window class of its own then
    size: tuple[int, int] | None = args.size
    if size is not None and not args.smoke:
        from game.ui.window import MIN_SIZE
        held = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if held != size:  # the window holds it (see opening_size): said, not silent
            print(f"--size {size[0]}x{size[1]} is smaller than the game's text needs: the "
                  f"window opens at {held[0]}x{held[1]}", file=sys.stderr)
    if args.smoke:
        return smoke(args, size or (1280, 800))
    from game.store import logs
    logs.setup()
    logs.log_uncaught()
    quit_after = 0.0 if args.time_first_frame else args.quit_after
    try:
        from game.ui.app import AppConfig
        from game.ui.scenes.routes import first_scene, open_window
        config = AppConfig(size=size, fullscreen=args.fullscreen, autoplay=args.autoplay,
                           quit_after=quit_after, screenshot=args.screenshot, seed=args.seed,
                           order=order,
                           players=args.players or 2, game=args.game or "carcassonne",
                           expansions=args.expansions, computer_pace=args.computer_pace)
        if args.listen is not None:
            interface, port = args.listen
            shown = None if interface in ("0.0.0.0", "::") else interface
            config = replace(config, host_interface=interface, host_address=shown,
                             host_port=config.host_port if port is None else port)
        app = open_window(config)
        if app.storage.busy:  # another window has the saves: this one says so, writes nothing
            from game.ui.scenes.elsewhere import ElsewhereScene
            app.push(ElsewhereScene(app))
        elif args.join is not None:
            problem = join_in_window(app, args)
            if problem is not None:
                app.close()
                print(f"cannot join: {problem}", file=sys.stderr)
                return 2
        elif (args.game is not None or args.seats is not None) and not args.autoplay:
            problem = open_game(app, args, order)
            if problem is not None:
                app.close()
                print(f"cannot start that game: {problem}", file=sys.stderr)
                return 2
        else:
            app.push(first_scene(app))
        code = app.run()
    except Exception:  # outside the scenes, which the crash screen covers
        from game.ui.crash import report_fatal
        report_fatal(show=quit_after is None)  # a timed run has no player to click OK
        return 1
    if args.time_first_frame:
        print(f"first frame: {first_frame_age(app):.3f} s after process start")
    return code


def join(args: argparse.Namespace) -> int:
    """``--join --headless``: a computer plays a seat at a network table, without a window
    (with ``--watch``: the table is only watched)."""
    if args.watch:
        from game.net.headless import watch_headless
        return watch_headless(args.join, args.name)
    kinds = args.seats or [Person.HUMAN]
    if len(kinds) != 1 or kinds[0] == Person.HUMAN:
        print("--join --headless needs one computer level in --seats (e.g. --seats quick): "
              "a person joins in the window", file=sys.stderr)
        return 2
    from game.net.headless import join_headless
    return join_headless(args.join, kinds[0], args.computer_pace or "normal", args.name,
                         args.seat)


def join_in_window(app: App, args: argparse.Namespace) -> str | None:
    """``--join`` in the window: the table's lobby over the title (a computer of the window
    plays the seat with ``--seats LEVEL``); the problem with the options, if any."""
    from game.net.links import parse_link
    from game.ui.net_link import join_table
    from game.ui.scenes.lobby import LobbyScene
    from game.ui.scenes.title import TitleScene

    kinds = args.seats or [Person.HUMAN]
    if len(kinds) != 1:
        return "--join plays one seat: give one kind in --seats"
    try:
        link = parse_link(args.join)
    except ValueError as exc:
        return str(exc)
    if args.watch:
        from game.ui.net_link import watch_table
        app.push(TitleScene(app))
        app.push(LobbyScene(app, watch_table(app.registry, link, args.name or "Spectator")))
        return None
    name = args.name or (kinds[0].capitalize() if kinds[0] != Person.HUMAN else "Player")
    seat = None if args.seat is None else args.seat - 1
    table = join_table(app.registry, app.storage, link, name, seat,
                       None if kinds[0] == Person.HUMAN else kinds[0])
    app.push(TitleScene(app))
    app.push(LobbyScene(app, table))
    return None


def open_game(app: App, args: argparse.Namespace, order: Sequence[str] = ()) -> str | None:
    """Put the game the options describe on the app's stack; the problem, if it cannot be
    made (an unknown game or expansion, a number of players it does not take)."""
    from game.rules import RulesError
    from game.ui.scenes.routes import seated_game

    kinds = args.seats or [Person.HUMAN] * (args.players or 2)
    try:
        scene = seated_game(app, kinds, args.seed, args.game or "carcassonne",
                            args.expansions, order)
    except (KeyError, RulesError) as exc:
        return str(exc).strip("'\"")
    app.push(scene)
    return None


def first_frame_age(app: object) -> float:
    """Seconds from process start to the app's first drawn frame."""
    age, _ = process_age()
    drawn = getattr(app, "first_frame_at", None)
    return age if drawn is None else age - (time.perf_counter() - drawn)


def smoke(args: argparse.Namespace, size: tuple[int, int]) -> int:
    """Start, load every tile set, sprite, icon, sound and translation catalog, build one game
    of each kind (each with all its expansions), draw frames offscreen, print one line.  Any
    failure: a message and exit 1."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import tempfile
    import traceback

    try:
        with tempfile.TemporaryDirectory(prefix="carcassonne-smoke-") as home:
            summary = _smoke(args, size, Path(home))
    except Exception as exc:  # report whatever broke, with where
        traceback.print_exc()
        print(f"smoke FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(summary)
    return 0


class SmokeFailure(Exception):
    pass


def _smoke(args: argparse.Namespace, size: tuple[int, int], home: Path) -> str:
    import random

    import pygame

    from game.ai.random_policy import random_action
    from game.rules import Game
    from game.system import paths
    from game.ui.app import AppConfig
    from game.ui.bundled import check_all
    from game.ui.intents import Command
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.routes import open_window
    from game.ui.scenes.title import TitleScene
    from game.ui.session import Seat, Session

    app = open_window(AppConfig(size=size, storage_root=home, seed=args.seed))
    registry = app.registry
    if registry.errors:
        raise SmokeFailure("tile sets that did not load: "
                           + "; ".join(str(e) for e in registry.errors))
    games = registry.games()
    if not games:
        raise SmokeFailure(f"no game found in {paths.tilesets_dir()}")
    assets = check_all(app.icon)

    app.push(TitleScene(app))
    app.step(1 / 60)
    first_frame = first_frame_age(app)
    built = []
    seed = 1 if args.seed is None else args.seed
    for g in games:
        expansions = [e.id for e in registry.expansions(g.id)]
        players = max(g.players[0], min(args.players or 2, g.players[1]))
        seats = [Seat(f"Player {i + 1}", colour)
                 for i, (colour, _) in enumerate(_colours()[:players])]
        session = Session.new(app.registry, g.id, expansions, seats, seed=seed)
        game: Game = session.game
        rng = random.Random(seed)
        for _ in range(12 * players):  # a few turns of random legal moves
            if game.over:
                break
            game.apply(random_action(game, rng))
        app.replace(PlayScene(app, session))
        app.step(1 / 60)
        app.dispatch(Command.TILES)  # every tile type drawn once
        app.step(1 / 60)
        app.dispatch(Command.TILES)
        app.step(1 / 60)
        built.append(g.id + "".join(f"+{e}" for e in expansions)
                     + f" ({len(game.board)} tiles down)")
    pages = _smoke_pages(app)
    from game.net.selfcheck import loopback_check
    network = loopback_check(registry)
    if args.screenshot is not None:
        args.screenshot.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(args.screenshot))
    frames = app.frames
    pygame.quit()
    total, _ = process_age()
    where = "frozen" if getattr(sys, "frozen", False) else paths.layout()
    return (f"smoke ok: {len(registry.sets)} tile set(s), {assets}, "
            f"games: {', '.join(built)}; {pages}; {network}; {frames} frames drawn offscreen; "
            f"first frame "
            f"{first_frame:.2f} s, done {total:.2f} s after start; data: {where} "
            f"({paths.tilesets_dir().parent})")


def _smoke_pages(app: App) -> str:
    """Every catalog loads and every rules page of every tile set is read and drawn, in
    every language, with its pictures."""
    import gettext

    from game.system import paths
    from game.ui.scenes.help import CONTROLS, HelpScene
    from game.words import i18n
    from game.words.rulespages import find_page

    drawn = pictures = 0
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE_LANGUAGE:
            gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, [code])  # or OSError
        i18n.set_language(code)
        scene = HelpScene(app)
        app.push(scene)
        for topic in scene.topics:
            if topic.key != CONTROLS and find_page([paths.tilesets_dir()], topic.key,
                                                   code) is None:  # or PageError
                raise SmokeFailure(f"no rules page for {topic.key} in {paths.tilesets_dir()}")
            scene.show(topic)
            page = scene.rendered(topic)
            if page.problems:
                raise SmokeFailure(f"rules page {topic.key} ({code}): {page.problems[0]}")
            pictures += len(scene.page(topic).pictures())
            drawn += 1
            app.step(1 / 60)
        app.pop()
    i18n.set_language("en")
    return (f"{drawn} rules pages with {pictures} pictures in "
            f"{len(i18n.LANGUAGES)} languages")


def _colours() -> list[tuple[str, object]]:
    from game.ui import palette
    return list(palette.PLAYER_COLOURS)


if __name__ == "__main__":
    sys.exit(main())
