"""Join links: ``ws://HOST:PORT/CODE`` (or ``carcassonne://HOST:PORT/CODE``, the same), and
``wss://HOST:PORT/CODE`` for a table served over TLS: the connection is encrypted and the
server's certificate checked as any web browser checks one (the system's trusted
certificates; ``SSL_CERT_FILE`` names another file of them, e.g. a club's own authority)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from .seats import normal_code, shown_code

DEFAULT_PORT = 7417
_CODE = re.compile(r"^[0-9A-Z]{4,16}$")
_HOST = re.compile(r"^([0-9A-Fa-f:.]+|[A-Za-z0-9.-]{1,253})$")  # a name, or an address


@dataclass(frozen=True)
class Link:
    host: str
    port: int
    code: str  # as stored: upper case, no dash
    secure: bool = False

    @property
    def url(self) -> str:
        """What the WebSocket client connects to."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.secure else 'ws'}://{host}:{self.port}/{shown_code(self.code)}"

    def __str__(self) -> str:
        return self.url


def parse_link(text: str) -> Link:
    """A link as pasted (spaces around it, any case in the code); ValueError says what is
    wrong with it."""
    text = text.strip()
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme not in ("ws", "wss", "carcassonne"):
        raise ValueError(f"a join link starts with ws://, wss:// or carcassonne://, not "
                         f"{scheme}://")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        raise ValueError("the port of a join link is a number from 1 to 65535") from None
    if not host:
        raise ValueError("a join link names the host: ws://HOST:PORT/CODE")
    code = normal_code(parts.path.strip("/"))
    if not _CODE.match(code):
        raise ValueError("a join link ends with the table's code: ws://HOST:PORT/CODE")
    return Link(host, port or DEFAULT_PORT, code, scheme == "wss")


def link_from(address: str, code: str) -> Link:
    """A link from an address (``HOST``, ``HOST:PORT``, or either after ``wss://`` for a
    table served over TLS) and a code typed apart."""
    address = address.strip().rstrip("/")
    if "://" not in address:
        address = "ws://" + address
    return parse_link(f"{address}/{code.strip()}")


def address_of(link: Link) -> str:
    """The address part of a link as the join form shows it: ``HOST:PORT``, after
    ``wss://`` when the table is served over TLS."""
    host = f"[{link.host}]" if ":" in link.host else link.host
    return f"{'wss://' if link.secure else ''}{host}:{link.port}"


def parse_server(text: str) -> Link:
    """A server's address as typed (``HOST``, ``HOST:PORT``, either after ``wss://``, or a
    whole table link, whose code is dropped): a link without a code; ValueError says what is
    wrong with it."""
    text = text.strip().rstrip("/")
    if "://" not in text:
        text = "ws://" + text
    try:
        link = parse_link(text)
    except ValueError:
        link = parse_link(f"{text}/SERVER")
    if not _HOST.match(link.host):
        raise ValueError("a server's address is HOST or HOST:PORT")
    return replace(link, code="")
