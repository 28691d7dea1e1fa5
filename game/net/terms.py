"""The fixed words of a network table, each list declared once: the states a table goes
through and the kinds of its seats.

They are ``StrEnum``s, so each member is the very string the table files and the protocol's
messages carry (``json.dumps`` writes ``"lobby"``, ``"open"``), and a string read from a file
or a message compares equal to its member.  The protocol's schema (``messages``) and the
table file's take their lists from here.  This module imports nothing of the game, so that
every part of ``game.net`` may read it.
"""

from __future__ import annotations

import enum


class TableState(enum.StrEnum):
    """Where a table stands."""

    LOBBY = "lobby"  # seats are being filled; no game yet
    PLAYING = "playing"  # a game is under way
    OVER = "over"  # the game ended (a rematch may begin another)


class SeatKind(enum.StrEnum):
    """Who a seat of a table is for."""

    OPEN = "open"  # nobody yet: whoever joins takes it
    PLAYER = "player"  # a person who joined, holding its token
    COMPUTER = "computer"  # a computer player (the seat's ``level`` says which)
    HOST = "host"  # the person whose window hosts the table
