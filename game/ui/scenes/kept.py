"""The unfinished network tables this computer sits at, as the title and the Load list offer
them: opened again (a table this window hosts is served again where its last turn ended, and
its friends come back by themselves; at a table it joined, its seat is taken back), told
apart in a line each, and removed when the player no longer wants them."""

from __future__ import annotations

import contextlib
import logging
import time

from game.net.links import DEFAULT_PORT
from game.net.seats import shown_code
from game.store.storage import SaveError
from game.words.i18n import _
from game.words.vocabulary import set_name

from .. import hosted
from ..app import App
from ..kept_tables import KeptTable
from ..net_link import Listening, join_table, kept_tables, reopen_table
from .lobby import LobbyScene
from .menus import ConfirmScene, MessageScene

log = logging.getLogger(__name__)


def unfinished_tables(app: App) -> list[KeptTable]:
    """Every unfinished table this computer sits at, the one played last first."""
    return kept_tables(app.storage).listed(hosted.known_ports(app.settings),
                                           app.config.host_port or DEFAULT_PORT)


def open_kept(app: App, table: KeptTable) -> None:
    """Sit at the table again, from the title (where the table's lobby opens first; its
    game follows at once)."""
    if table.hosting:
        _serve_again(app, table)
        return
    joined = join_table(app.registry, app.storage, table.link, table.name, seat=table.seat)
    app.replace(app.routes.title())
    app.push(LobbyScene(app, joined))


def _serve_again(app: App, table: KeptTable) -> None:
    """Serve again a table this window hosted and left under way, on the port it had: its
    game opens where its last turn ended, and friends still trying come back by
    themselves.  A file that no longer replays is kept aside (``CODE.json.broken``)."""
    config = app.config
    listening = Listening(config.host_interface, table.link.port or config.host_port,
                          config.host_address)
    try:
        link = reopen_table(app.registry, app.storage, table.code, listening)
    except (OSError, ValueError, SaveError) as exc:
        log.warning("the table %s cannot be served again: %s", table.code, exc)
        if isinstance(exc, SaveError):
            with contextlib.suppress(OSError):
                table.path.rename(table.path.with_suffix(".json.broken"))
        app.replace(app.routes.title())
        app.push(MessageScene(app, _("The table cannot be opened again"), str(exc)))
        return
    hosted.remember(app.settings, link)
    app.replace(app.routes.title())
    app.push(LobbyScene(app, link))


def table_title(table: KeptTable) -> str:
    """A kept table's name in the Load list."""
    code = shown_code(table.code)
    if table.hosting:
        return _("Your table {code} (under way)").format(code=code)
    return _("Table {code} at {host} (under way)").format(
        code=code, host=f"{table.link.host}:{table.link.port}")


def table_details(app: App, table: KeptTable) -> str:
    """The line under a kept table's name: game, players and scores, turn, when it was last
    played here."""
    sets = [app.registry.sets.get(sid) for sid in (table.game, *table.expansions)]
    parts = [" + ".join(set_name(ts) if ts is not None else sid
                        for ts, sid in zip(sets, (table.game, *table.expansions), strict=True))]
    scores = table.scores
    if scores is not None and len(scores) == len(table.players):
        parts.append(", ".join(f"{name} {score}" for name, score in zip(table.players, scores,
                                                                          strict=True)))
    else:
        parts.append(", ".join(table.players))
    if table.turn is not None:
        parts.append(_("turn {turn}").format(turn=table.turn))
    parts.append(time.strftime("%Y-%m-%d %H:%M", time.localtime(table.played_at())))
    return "  ·  ".join(parts)


def continue_note(table: KeptTable) -> str:
    """What the title's Continue does with the table played last."""
    code = shown_code(table.code)
    if table.hosting:
        return _("Continue serves your table {code} again").format(code=code)
    return _("Continue takes your seat back at table {code}").format(code=code)


def confirm_remove(app: App, table: KeptTable) -> None:
    """Ask, then remove the table from this computer's list (``app.pop`` closes the
    question)."""
    def removed() -> None:
        try:
            kept_tables(app.storage).remove(table)
        except OSError as exc:
            app.pop()
            app.push(MessageScene(app, _("Could not remove"), str(exc)))
            return
        app.pop()

    text = (_("Its game is deleted: nobody can play it on.") if table.hosting else
            _("Your seat there is no longer taken back from this computer."))
    app.push(ConfirmScene(app, _("Remove this table?"), text, _("Remove"), removed))
