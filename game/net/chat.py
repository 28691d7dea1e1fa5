"""Chat at a table: short lines of plain text, kept with the table.

A line is text and nothing else: no markup, no link, no command.  ``clean_chat`` gives the
line as the table keeps it (its runs of spaces made one, no control character, nothing that
reorders or hides text: direction marks and overrides, zero-width characters) or says what
is wrong with it; the message schema refuses the same characters, so no table sends a line
another client would refuse.  A table keeps its last ``CHAT_KEPT`` lines, numbered from 1,
each with who said it (a seat, or a spectator's name) and when (wall-clock seconds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .messages import CHAT_MOST, CHAT_TEXT

CHAT_KEPT = 100  # lines a table keeps (and sends to a member who joins)
_FORBIDDEN = re.compile(str(CHAT_TEXT["pattern"]).replace("^[^", "[").replace("]+$", "]"))


@dataclass(frozen=True)
class ChatLine:
    n: int  # its number at the table, from 1
    seat: int | None  # the seat that said it (None: a spectator)
    name: str  # the seat's name then, or the spectator's
    text: str
    at: int  # when, in wall-clock seconds (the epoch's)

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "seat": self.seat, "name": self.name, "text": self.text,
                "at": self.at}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChatLine:
        return cls(int(data["n"]), data["seat"], str(data["name"]), str(data["text"]),
                   int(data["at"]))


def clean_chat(text: str) -> str:
    """The line as a table keeps it; ValueError says why it cannot be said."""
    text = " ".join(text.split())
    if not text:
        raise ValueError("say something")
    if len(text) > CHAT_MOST:
        raise ValueError(f"a chat line has at most {CHAT_MOST} characters")
    if _FORBIDDEN.search(text):
        raise ValueError("a chat line is plain text: no control or invisible characters")
    return text
