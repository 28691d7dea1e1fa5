"""What the table says, in the player's language.  The table words its refusals and pauses in
English (the protocol's words, read by any client); the window says those a player can meet
in their own language, by their code, and any other as the table wrote it."""

from __future__ import annotations

import re

from game.net.client import Fault, NetSession, Status, Trouble
from game.net.terms import PauseReason, SeatKind
from game.rules.registry import Registry
from game.system.filenames import shown_path
from game.words.i18n import N_, _, ngettext
from game.words.vocabulary import set_names

from .net_link import TableLink

_SAID = {
    "code": N_("No table has that join code: check it with the host"),
    "table-full": N_("Every seat of this table is taken"),
    "seat-taken": N_("That seat is no longer open"),
    "protocol": N_("The host plays another version of the game: both need the same one"),
    "slow-down": N_("Too many joins failed: wait a minute before trying again"),
    "replaced": N_("Your seat was taken back by another window"),
    "host-closed": N_("The host closed the table"),
    "paused": N_("The table is paused: nothing can be played until it goes on"),
    "table-closed": N_("The table met a problem and was closed"),
    "watching": N_("You are watching: only the players play"),
    "no-watchers": N_("This table is not open to spectators"),
    "watchers-full": N_("This table has as many spectators as it takes"),
    "chat": N_("A chat line is plain text of at most 200 characters"),
    "chat-rate": N_("Too many chat lines: wait a little"),
    "muted": N_("The host muted your chat at this table"),
    "no-chat": N_("Spectators only watch at this table"),
    "no-lobby": N_("This server lists no tables: join one with its code"),
    "no-tables": N_("This server makes no tables for its players: join one with its code"),
    "store": N_("The server could not keep the table: try again"),
}


def problem_words(net: NetSession) -> str | None:
    """Why the table was left or refused, for the player; None when nothing went wrong."""
    if net.refused == "too-many-tables":  # the server says how many it keeps
        found = re.search(r"\d+", net.problem or "")
        most = int(found[0]) if found else 0
        return ngettext("This server keeps at most {n} unfinished table made from one "
                        "address: finish or close one first",
                        "This server keeps at most {n} unfinished tables made from one "
                        "address: finish or close one first", most).format(n=most)
    said = _SAID.get(net.refused or "")
    if said is not None:
        return _(said)
    if net.fault is not None:
        return fault_words(net.fault, net.registry)
    return net.problem


def fault_words(fault: Fault, registry: Registry) -> str:
    """Why this window left the table by itself, for the player (the details that follow
    in brackets are the check's own, in English: for a report)."""
    names, count = set_names(registry.sets, fault.tilesets), len(fault.tilesets)
    return {
        Trouble.SEATS: _("The table gave you seats it does not have: it cannot be followed"),
        Trouble.NO_TILESET: ngettext(
            "This game does not have the tile set {names} the table plays",
            "This game does not have the tile sets {names} the table plays",
            count).format(names=names),
        Trouble.OTHER_VERSION: ngettext(
            "The table plays another version of the tile set {names}: play with the same "
            "version of the game as the host",
            "The table plays another version of the tile sets {names}: play with the same "
            "version of the game as the host", count).format(names=names),
        Trouble.MISFIT: _("The table's messages do not fit its own game ({detail})").format(
            detail=fault.detail),
        Trouble.UNREADABLE: _("The table keeps sending messages this game cannot read "
                              "({detail})").format(detail=fault.detail),
        Trouble.NO_REPLAY: _("The finished game does not replay from the table's seed "
                             "({detail})").format(detail=fault.detail),
    }[fault.kind]


def unanswered_words(net: NetSession) -> tuple[str, str | None]:
    """Why a table never answered, for the player, and what to do about it: its certificate
    not trusted (a wss:// table signed by an authority this computer does not know), else
    it may be away."""
    reason = net.down_reason or ""
    if "CERTIFICATE_VERIFY_FAILED" in reason or "SSLCertVerificationError" in reason:
        return (_("The table's certificate is not trusted: trying again…"),
                _("Ask its host which authority signed it: the SSL_CERT_FILE environment "
                  "variable names a file of the authorities to trust."))
    return _("The table does not answer (is its host away?): trying again…"), None


def refusal_words(code: str, message: str) -> str:
    """A request the table refused, for the player."""
    said = _SAID.get(code)
    return _(said) if said is not None else _("The table refused: {reason}").format(
        reason=message)


def pause_lines(table: TableLink) -> list[str]:
    """Why the table stands still and how it goes on (none while it plays): its host left
    (it comes back when they open it again), its server stopped, or it cannot save.  A
    window started again that the table does not answer says what it last heard: that the
    table was stopped by its host (or its server), if it was."""
    net = table.net
    paused = net.table.paused
    remembered = table.remembered
    if (paused is None and remembered is not None and remembered.paused is not None
            and not net.seats and net.status == Status.RECONNECTING):
        return _stopped_lines(remembered.paused, remembered.paused_by)
    if paused is None or net.status not in (Status.PAUSED, Status.PLAYING, Status.LOBBY):
        return []
    if paused.reason in (PauseReason.HOST_LEFT, PauseReason.SERVER_STOPPED):
        host = next((s["name"] for s in net.table.seats if s["kind"] == SeatKind.HOST), "")
        return _stopped_lines(paused.reason, host)
    lines = [_("The table cannot save the game: {problem}").format(
                 problem=paused.detail or paused.message),
             _("Play waits until it can: nothing played is lost")]
    served = table.server
    if served is not None and served.server.folder is not None:  # this window hosts it
        lines.append(_("Make room in {folder}: play goes on by itself").format(
            folder=shown_path(served.server.folder)))
    return lines


def _stopped_lines(reason: str, host: str) -> list[str]:
    """A table stopped by its host (``host`` naming them, if known) or by its server
    (``reason``: "host" or "server")."""
    if reason == PauseReason.HOST_LEFT:
        host = host or _("The host")
        return [_("{host} paused the table").format(host=host),
                _("The game comes back when {host} opens it again: this window rejoins by "
                  "itself").format(host=host)]
    return [_("The table's server stopped"),
            _("The game comes back when it is started again: this window rejoins by itself")]
