"""The table this window hosted last, as the settings remember it (its code and the port it
listened on).  Every table a window hosts is kept until its game ends (``kept_tables``),
with the port it had in its record; this remembers the port of a table hosted by a version
that kept no record, so that it is still served again where friends try it."""

from __future__ import annotations

from typing import Any

from .net_link import TableLink
from .settings import Settings

KEY = "hosted"  # the settings' record of the table hosted last


def remember(settings: Settings, table: TableLink) -> None:
    settings.remember(KEY, {"code": table.link.code, "port": table.link.port})


def known_ports(settings: Settings) -> dict[str, int]:
    """The port of the table hosted last, by its code (none when the settings hold no such
    record, or one edited by hand)."""
    record: Any = settings.recall(KEY)
    if not isinstance(record, dict):
        return {}
    code, port = record.get("code"), record.get("port")
    if not isinstance(code, str) or not code.isalnum() or not isinstance(port, int) \
            or isinstance(port, bool) or not 0 < port < 65536:
        return {}
    return {code: port}
