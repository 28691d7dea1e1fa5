"""The table this window hosted last.  Its code and port are remembered, so that should the
window close before the game ends (a crash, a power cut, *Leave the table*), the title's
Continue serves it again where its last turn ended, on the port friends still try."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.net.table import PLAYING
from game.store.storage import Storage, read_small

from .net_link import HOSTED_TABLES, Listening, TableLink
from .settings import Settings

KEY = "hosted"  # the settings' record of the table hosted last


@dataclass(frozen=True)
class HostedTable:
    code: str
    port: int
    path: Path  # its file in the data folder's ``hosted-tables``


def remember(settings: Settings, table: TableLink) -> None:
    settings.remember(KEY, {"code": table.link.code, "port": table.link.port})


def unfinished(settings: Settings, storage: Storage) -> HostedTable | None:
    """The table hosted last, if its game is still under way."""
    record: Any = settings.recall(KEY)
    if not isinstance(record, dict):
        return None
    code, port = record.get("code"), record.get("port")
    if not isinstance(code, str) or not code.isalnum() or not isinstance(port, int):
        return None
    path = storage.data_dir / HOSTED_TABLES / f"{code}.json"
    try:
        state = json.loads(read_small(path)).get("state")
    except (OSError, ValueError, AttributeError):
        return None
    return HostedTable(code, port, path) if state == PLAYING else None


def listening(configured: Listening, table: HostedTable) -> Listening:
    """Where the table listens again: the port it had, for the friends trying it."""
    return Listening(configured.interface, table.port, configured.address)
