"""A table server without a window: always on, many tables, resumed after a restart.

    python -m game.server --port PORT --game ID [--expansions ID ...] --seats open,open,quick
                          [--option NAME=VALUE ...] [--names NAME,NAME,...]
                          [--clock MINUTES[+SECONDS] | --days-per-move DAYS]
                          [--takeover SECONDS] [--stand-in LEVEL]
                          [--computer-pace relaxed|normal|instant] [--tables N]
                          [--host ADDRESS] [--address NAME] [--data DIR]
                          [--max-connections N] [--per-address N] [--per-block N]
                          [--ipv4-block BITS] [--ipv6-block BITS] [--rejoins-per-minute N]
                          [--thinking-processes N] [--certificate FILE [--key FILE]]
                          [--store redis://HOST:PORT/DB [--lease SECONDS]]
                          [--link-port PORT] [--link-tls] [--front-door ADDRESS ...]
                          [--spectators] [--lobby] [--tables-per-address N]

Prints each table's join link and serves until stopped (Ctrl+C).  Every table is saved after
each confirmed turn in ``--data`` (default: the user data folder's ``server-tables``); started
again, the server resumes every table it finds there (a file that cannot be resumed is set
aside as ``*.json.broken``, said in the log) and makes new ones only to have ``--tables``
(default 1) games not yet finished.  Settings the network messages cannot carry (a clock of
more than 100000 seconds, say) or this system cannot give (more connections than it lets a
process hold) are refused at once, in one line.  The computers think in
``--thinking-processes`` processes (default: one per processor).  With ``--certificate`` (and
``--key``, when the certificate's file does not hold it) it speaks TLS: its links are
``wss://``, and no one reading the network sees the hands or the seats' tokens.

With ``--store`` the tables are kept in Redis instead of a folder, shared by every server
process started with the same store, on any machine: any of them serves any table, each
table owned by one process at a time under a lease of ``--lease`` seconds (default 2), taken
over from the store when its owner dies.  ``--tables`` then counts the store's games not yet
finished.  Behind a front door (a proxy spreading players over the processes, see
docs/deploy.md) the links name the front door's port (``--link-port``) and ``--address``,
and are ``wss://`` with ``--link-tls`` when the front door speaks TLS;
``--front-door`` names the proxy's address, whose connections are each counted as their own
(the front door limits each player's address) and whose X-Forwarded-For names the player.
With ``--days-per-move`` its tables are played over days: each move may take that long,
the clock kept on the server (a restart keeps it where it stood), and nobody's turn is handed
to a computer for their being away.  ``--spectators`` lets every table be watched,
``--lobby`` lists the tables their hosts made public, and ``--tables-per-address`` bounds the
unfinished tables players from one address may make here from the game's New game.
See docs/network.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import logging
import os
import signal
import socket
import ssl
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from game.ai import LEVELS_SAID, kinds_named, level_named
from game.commands.games_help import GamesHelp, KeepsIdsWhole
from game.net.carried import CLOCK_MOST, PER_MOVE_LEAST, PER_MOVE_MOST, TAKEOVER_MOST
from game.net.headless import PACES
from game.net.limits import Limits
from game.net.links import DEFAULT_PORT, Link
from game.net.seats import TableConfig, shown_code
from game.net.table import Table
from game.net.table_server import TableServer
from game.net.terms import SeatKind, TableState, Watchers
from game.rules import RulesError
from game.rules.registry import default_registry

log = logging.getLogger("game.commands.server")
SPARE_DESCRIPTORS = 64  # files a server holds besides its connections: tables being written,
# its listening sockets, its thinking processes' pipes, its log


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m game.server",
                                description="Serve Carcassonne tables over the network.",
                                formatter_class=KeepsIdsWhole)
    p.add_argument("--port", type=_port, default=DEFAULT_PORT,
                   help=f"TCP port, 0 to 65535 (default {DEFAULT_PORT}; 0: any free one)")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    p.add_argument("--address", help="host name or address the join links show")
    p.add_argument("--game", default="carcassonne", help=GamesHelp(
        "the game of new tables (default: %(default)s): %(games)s", default_registry))
    p.add_argument("--expansions", nargs="*", default=[], metavar="ID",
                   help="expansions of the tables' game (e.g. hills-and-sheep)")
    p.add_argument("--seats", default="open,open", type=_seats,
                   help=f"each seat, in order: open (a player joins) or a computer level "
                        f"({LEVELS_SAID})")
    p.add_argument("--names", default="", help="names of the seats, comma-separated")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule option of the game (e.g. hand=3)")
    p.add_argument("--clock", type=_clock, help="each player's thinking time, MINUTES or "
                   "MINUTES+SECONDS added each turn; at zero a computer plays the turn")
    p.add_argument("--days-per-move", type=_days, metavar="DAYS",
                   help="a correspondence clock: each move may take this long (1 to 10 days, "
                        "0.5 is 12 hours); players come and go, the clock runs on the server "
                        "and at zero a computer plays that turn")
    p.add_argument("--spectators", action="store_true",
                   help="every table of this server may be watched (python -m game --join "
                        "LINK --watch)")
    p.add_argument("--lobby", action="store_true",
                   help="list the tables their hosts made public (Join game shows them)")
    p.add_argument("--tables-per-address", type=_count_or_zero,
                   default=Limits.tables_per_address, metavar="N",
                   help=f"unfinished tables players from one address may make here with New "
                        f"game (default {Limits.tables_per_address}; 0: none)")
    p.add_argument("--takeover", type=int, default=60, metavar="SECONDS",
                   help="a computer plays the turn of a player away this long (0: never)")
    p.add_argument("--stand-in", default="quick", type=_level,
                   help=f"the level of a computer playing for a player ({LEVELS_SAID})")
    p.add_argument("--computer-pace", default="normal", choices=list(PACES),
                   help="how fast the table's computers play")
    p.add_argument("--no-aids", action="store_true",
                   help="tournament play: no hints, no tiles still to come, no worth on the "
                        "feature cards, for everyone at the table")
    p.add_argument("--tables", type=int, default=1, help="games under way to keep")
    p.add_argument("--data", type=Path, help="folder the tables are saved in")
    p.add_argument("--max-connections", type=_count, default=Limits.max_connections, metavar="N",
                   help="connections in all (fewer if the open-file limit leaves less room)")
    p.add_argument("--per-address", type=_count, default=Limits.per_address, metavar="N",
                   help="connections from one address")
    p.add_argument("--per-block", type=_count, default=Limits.per_block, metavar="N",
                   help="connections from one address block (see the next two)")
    p.add_argument("--ipv4-block", type=_bits(32), default=Limits.ipv4_block, metavar="BITS",
                   help=f"the prefix length of an IPv4 block (default {Limits.ipv4_block})")
    p.add_argument("--ipv6-block", type=_bits(128), default=Limits.ipv6_block,
                   metavar="BITS",
                   help=f"the prefix length of an IPv6 block (default {Limits.ipv6_block})")
    p.add_argument("--rejoins-per-minute", type=_count, metavar="N",
                   default=int(Limits.rejoins_per_minute),
                   help="joins of one seat's token a minute (and as many at once)")
    p.add_argument("--thinking-processes", type=int, default=os.cpu_count() or 1,
                   metavar="N", help="processes the computers think in (default: one per "
                                     "processor)")
    p.add_argument("--certificate", type=Path, metavar="FILE",
                   help="serve over TLS (wss:// links) with this certificate (PEM, its chain "
                        "after it)")
    p.add_argument("--key", type=Path, metavar="FILE",
                   help="the certificate's private key (PEM), when not in its file")
    p.add_argument("--store", metavar="redis://HOST:PORT/DB",
                   help="keep the tables in this Redis, shared with other server processes")
    p.add_argument("--lease", type=float, default=2.0, metavar="SECONDS",
                   help="how long a process owns a table unless it renews its lease (with "
                        "--store; default 2)")
    p.add_argument("--link-port", type=_port, metavar="PORT",
                   help="the port the join links name (a front door's; default: the port "
                        "served)")
    p.add_argument("--front-door", action="append", default=[], metavar="ADDRESS",
                   help="the address of a front door (proxy) in front of this process")
    p.add_argument("--link-tls", action="store_true",
                   help="the join links are wss:// (the front door speaks TLS to players)")
    return p.parse_args(argv)


def _count(text: str) -> int:
    if not (text.isdecimal() and int(text) > 0):
        raise argparse.ArgumentTypeError(f"a number of 1 or more, not {text!r}")
    return int(text)


def _count_or_zero(text: str) -> int:
    if not text.isdecimal():
        raise argparse.ArgumentTypeError(f"a number of 0 or more, not {text!r}")
    return int(text)


def _days(text: str) -> int:
    """Days, as seconds."""
    try:
        seconds = round(float(text) * 86400)
    except (ValueError, OverflowError):
        raise argparse.ArgumentTypeError(f"a number of days, not {text!r}") from None
    if not PER_MOVE_LEAST <= seconds <= PER_MOVE_MOST:
        raise argparse.ArgumentTypeError(
            f"from {PER_MOVE_LEAST / 86400:.2g} to {PER_MOVE_MOST // 86400} days, not {text!r}")
    return seconds


def _bits(most: int) -> Callable[[str], int]:
    def bits(text: str) -> int:
        if not (text.isdecimal() and int(text) <= most):
            raise argparse.ArgumentTypeError(f"a prefix length from 0 to {most}, not {text!r}")
        return int(text)
    return bits


def refused(args: argparse.Namespace) -> str | None:
    """The first setting the server cannot serve, in one line, or None: what the network
    messages cannot carry (bounds read from their schema) or this system cannot give."""
    if args.clock is not None and max(args.clock) > CLOCK_MOST:
        return (f"--clock: a turn clock is at most {CLOCK_MOST // 60} minutes, plus at most "
                f"{CLOCK_MOST} seconds a turn: the network messages carry no more")
    if not 0 <= args.takeover <= TAKEOVER_MOST:
        return (f"--takeover: from 0 to {TAKEOVER_MOST} seconds: the network messages carry "
                f"no more")
    if args.days_per_move is not None and args.clock is not None:
        return "--days-per-move: a table has a turn clock or a clock a move, not both"
    if args.max_connections < 1:
        return "--max-connections: at least 1"
    most = connections_most(args.tables, args.max_connections)
    if most is not None and args.max_connections > most:
        return (f"--max-connections: at most {most} here: each connection holds a file, and "
                f"this system lets a process hold {most + args.tables + SPARE_DESCRIPTORS}")
    if not 1 <= args.per_address <= args.max_connections:
        return f"--per-address: from 1 to --max-connections ({args.max_connections})"
    if not 0 <= args.tables <= args.max_connections:
        return (f"--tables: from 0 to --max-connections ({args.max_connections}): more "
                f"tables than connections could never all be played")
    if args.thinking_processes < 1:
        return "--thinking-processes: at least 1"
    if not 0.5 <= args.lease <= 60:
        return "--lease: from 0.5 to 60 seconds"
    if args.store is not None:
        from game.net.redis_where import parse_where
        try:
            parse_where(args.store)
        except ValueError as exc:
            return f"--store: {exc}"
    return None


def connections_most(tables: int, wanted: int) -> int | None:
    """The most connections the files this process may hold leave room for (None: no limit
    known, as on Windows), once the limit has been raised as far as ``wanted`` connections
    need, if the system lets it."""
    try:
        import resource
    except ImportError:
        return None
    spare = max(0, tables) + SPARE_DESCRIPTORS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + spare
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    if soft == resource.RLIM_INFINITY:
        return None
    return max(0, soft - spare)


def tls_context(args: argparse.Namespace) -> ssl.SSLContext | None:
    """The TLS the server speaks, if a certificate is given; ValueError says why it cannot
    be used."""
    if args.certificate is None:
        if args.key is not None:
            raise ValueError("--key goes with --certificate")
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(args.certificate, args.key)
    except FileNotFoundError as exc:
        raise ValueError(f"no file {exc.filename or args.certificate}") from None
    except (OSError, ssl.SSLError) as exc:
        raise ValueError(f"not a certificate and its key ({exc.strerror or exc})") from None
    return context


def _seats(text: str) -> tuple[str, ...]:
    kinds, bad = kinds_named(text, (SeatKind.OPEN,))
    if bad or not kinds:
        raise argparse.ArgumentTypeError(f"unknown seat kind {', '.join(bad) or repr(text)} "
                                         f"(open or {LEVELS_SAID})")
    return tuple(kinds)


def _port(text: str) -> int:
    # Checked here, as a usage error: the socket would only say so in a traceback.
    if not (text.isdecimal() and int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return int(text)


def _level(word: str) -> str:
    level = level_named(word)
    if level is None:
        raise argparse.ArgumentTypeError(f"unknown level {word!r} ({LEVELS_SAID})")
    return level


def _clock(text: str) -> tuple[int, int]:
    try:
        minutes, _, extra = text.partition("+")
        return int(float(minutes) * 60), int(extra or 0)
    except (ValueError, OverflowError):  # not a number, or an infinite one
        raise argparse.ArgumentTypeError("a clock is MINUTES or MINUTES+SECONDS") from None


def _options(pairs: Sequence[str]) -> tuple[tuple[str, str | int], ...]:
    out: list[tuple[str, str | int]] = []
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"an option is NAME=VALUE, not {pair!r}")
        out.append((name.strip(), int(value) if value.strip().lstrip("-").isdigit()
                    else value.strip()))
    return tuple(out)


def limits_of(args: argparse.Namespace) -> Limits:
    return Limits(max_connections=args.max_connections, per_address=args.per_address,
                  per_block=args.per_block, ipv4_block=args.ipv4_block,
                  ipv6_block=args.ipv6_block, rejoins_per_minute=args.rejoins_per_minute,
                  front_doors=tuple(args.front_door),
                  tables_per_address=args.tables_per_address)


def link_host(args: argparse.Namespace) -> str:
    if args.address:
        return str(args.address)
    if args.host not in ("0.0.0.0", "::", ""):
        return str(args.host)
    return socket.gethostname()


def describe(table: Table, host: str, port: int, secure: bool = False) -> str:
    seats = ", ".join(s.level or s.kind if s.kind != SeatKind.HOST else SeatKind.OPEN
                      for s in table.seats)
    state = {TableState.LOBBY: "waiting for players", TableState.PLAYING: "under way",
             TableState.OVER: "finished"}
    return (f"table {shown_code(table.code)} ({table.config.game}"
            f"{''.join('+' + e for e in table.config.expansions)}; {seats}; "
            f"{state[table.state]}): {Link(host, port, table.code, secure).url}")


async def serve(args: argparse.Namespace, config: TableConfig) -> int:
    from game.store.storage import Storage
    try:
        tls = tls_context(args)
    except ValueError as exc:
        print(f"cannot serve over TLS: {exc}", file=sys.stderr)
        return 2
    if args.store is not None:
        return await serve_shared(args, config, tls)
    folder = args.data or Storage().data_dir / "server-tables"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file of that name, a folder it may not write in...
        why = "not a folder" if folder.exists() else exc.strerror or str(exc)
        print(f"cannot keep the tables in {folder}: {why}", file=sys.stderr)
        return 2
    server = TableServer(default_registry(), folder, limits_of(args),
                         processes=args.thinking_processes, spectators=args.spectators,
                         lobby=args.lobby, made=config)
    server.load_tables()  # each file that cannot be resumed is set aside, said in the log
    under_way = sum(1 for t in server.tables.values() if t.state != TableState.OVER)
    for _ in range(max(0, args.tables - under_way)):
        server.add_table(config)
    try:
        port = await server.start(args.host, args.port, tls)
    except OSError as exc:  # the port taken, an address not of this computer, a name unknown
        await server.close()
        # asyncio's text repeats the address; the system's words for the errno are enough
        why = os.strerror(exc.errno) if exc.errno and exc.errno > 0 else exc.strerror or str(exc)
        print(f"cannot listen on {args.host} port {args.port}: {why}"
              f"{' (--port 0 takes any free port)' if exc.errno == errno.EADDRINUSE else ''}",
              file=sys.stderr)
        return 2
    host = link_host(args)
    for table in server.tables.values():
        print(describe(table, host, args.link_port or port, tls is not None or args.link_tls),
              flush=True)
    print(f"serving on port {port} ({folder}); Ctrl+C stops", flush=True)
    await until_stopped(server)
    return 0


async def serve_shared(args: argparse.Namespace, config: TableConfig,
                       tls: ssl.SSLContext | None) -> int:
    """Serve the tables of a store shared with other processes (``--store``)."""
    try:
        from redis.exceptions import RedisError

        from game.net.redis_where import parse_where
    except ImportError:
        print("--store needs the Python package redis (the 'server' extra: pip install "
              "'carcassonne-family[server]')", file=sys.stderr)
        return 2
    server = TableServer(default_registry(), None, limits_of(args),
                         processes=args.thinking_processes, store=parse_where(args.store),
                         lease=args.lease, spectators=args.spectators, lobby=args.lobby,
                         made=config)
    assert server.shared is not None
    try:
        port = await server.start(args.host, args.port, tls)
        made = await server.shared.mint(config, args.tables)
    except (RedisError, OSError) as exc:
        await server.close()
        why = os.strerror(exc.errno) if isinstance(exc, OSError) and exc.errno else str(exc)
        print(f"cannot serve with the store {args.store} on {args.host} port {args.port}: "
              f"{why}", file=sys.stderr)
        return 2
    host = link_host(args)
    for table in made:
        print(describe(table, host, args.link_port or port, tls is not None or args.link_tls),
              flush=True)
    print(f"serving on port {port} (store {args.store}, process {server.shared.process}); "
          f"Ctrl+C stops", flush=True)
    await until_stopped(server)
    return 0


async def until_stopped(server: TableServer) -> None:
    """Serve until Ctrl+C (or SIGTERM), then close."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()
        log.info("served %d moves; the slowest took %.1f ms from its request to its sending",
                 server.moves_served, server.slowest_move * 1000)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    problem = refused(args)
    if problem:
        print(f"cannot serve that: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        config = TableConfig(args.game, tuple(args.expansions), _options(args.option),
                             args.seats, tuple(n.strip() for n in args.names.split(",")
                                               if n.strip()),
                             args.clock, 0 if args.days_per_move else args.takeover,
                             args.stand_in, True, PACES[args.computer_pace],
                             aids=not args.no_aids, per_move=args.days_per_move,
                             watchers=Watchers.WATCH if args.spectators else Watchers.NONE)
        Table(config, default_registry())  # refuses what no table can be, before serving
    except (KeyError, ValueError, RulesError) as exc:
        # the message itself: str() of a KeyError is its repr, quotes and all
        print(f"cannot make that table: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(serve(args, config))
    return 0


if __name__ == "__main__":
    sys.exit(main())
