"""The fixed words of a network table, each list declared once: the states a table goes
through, the kinds of its seats, who may watch it, why it pauses, how its game ended and why
a computer plays a player's seat.

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


class Watchers(enum.StrEnum):
    """Who may watch a table besides its players."""

    NONE = "none"  # nobody: the table is its players' alone
    WATCH = "watch"  # spectators, who see what a player without a hand sees
    CHAT = "chat"  # spectators who may also say something in the table's chat


class PauseReason(enum.StrEnum):
    """Why a table stands still: nothing is played and no clock runs until it resumes."""

    HOST_LEFT = "host"  # its host left it (a table served from the host's window)
    SERVER_STOPPED = "server"  # its server stops
    UNSAVED = "unsaved"  # its last change could not be saved


class EndReason(enum.StrEnum):
    """How a table's game ended."""

    END = "end"  # the last tile was played and the final scoring made
    RESIGNED = "resigned"  # one player was left after the others resigned


class StandIn(enum.StrEnum):
    """Why a computer plays a player's seat (a seat's and a move's ``stand_in_reason``)."""

    CLOCK = "clock"  # the player's clock ran out for the rest of this turn
    AWAY = "away"  # gone too long, handed over by the host, or not back for this game
    RESIGNED = "resigned"  # the player resigned
