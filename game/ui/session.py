"""A game in the window: the rules game plus who sits where, who is to act now, and its
autosave.  Handed between scenes.

Who acts is the seam between the play scene and where moves come from: the scene lets the
pointer and keys play while a person of this window is to act, and its computer players
while a computer is."""

from __future__ import annotations

import enum
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.review import Review
from game.rules import Game, TileSet
from game.rules.registry import Registry
from game.store.savefile import Person, resigned_out
from game.store.storage import SavedGame, Storage, not_written
from game.words.i18n import N_, _
from game.words.tile_order import seed_line

from . import palette as pal

log = logging.getLogger(__name__)

PEOPLE = frozenset(Person)  # the kinds of the seats no computer plays
STAND_IN = "quick"  # the level that plays a seat given up, as a network table's stand-in does
# What players call each kind of seat (translated where shown).
KIND_NAMES = {Person.HUMAN: N_("Human"), "easy": N_("Easy"), "quick": N_("Medium"),
              "strong": N_("Hard"), "mcts": N_("Monte Carlo"), "random": N_("Random"),
              Person.OPEN: N_("Open")}
# The kinds the set-up screen offers, in the order a click cycles through them (then Open:
# someone joining over the network).  Random play is no opponent, and Monte Carlo is a
# benchmark opponent weaker than its name sounds (at the window's 1 s it loses to Easy):
# both stay levels for the command line and tests.
OFFERED_KINDS = (Person.HUMAN, "easy", "quick", "strong", Person.OPEN)
LADDER_LEVELS = tuple(k for k in OFFERED_KINDS if k not in PEOPLE)  # weakest first


def kind_name(kind: str) -> str:
    """A seat kind as players read it: Human, Easy, Medium, Hard, Monte Carlo..."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


class Actor(enum.Enum):
    """Who is to act now in a session's game."""

    PERSON = "person"  # a person at this window: the pointer and the keys play
    COMPUTER = "computer"  # a computer player of this window
    TABLE = "table"  # a network table's move is awaited or shown (another window's, its
    # computer's, or this window's own on its way back)
    NOBODY = "nobody"  # the game is over


@dataclass(frozen=True)
class SeatMarks:
    """What a player's row shows of a seat at a network table."""

    connected: bool  # someone holds the seat now (a computer always does)
    stand_in: bool  # a computer plays its turns now (resigned, away too long, out of time)
    resigned: bool
    clock: float | None = None  # seconds of thinking time left, when the table has a clock
    running: bool = False  # its clock runs now
    left: bool = False  # away because its player left the table (not a connection lost)
    reason: str | None = None  # why a computer plays it: "clock", "away" or "resigned"
    paused: bool = False  # the table stands still (its host left, its server stopped...)


@dataclass
class Seat:
    name: str
    colour: str  # a name from palette.PLAYER_COLOURS
    kind: str = Person.HUMAN  # a Person or a computer level (game.ai.LEVELS)

    @property
    def rgb(self) -> tuple[int, int, int]:
        return pal.colour_rgb(self.colour)

    @property
    def is_human(self) -> bool:
        return self.kind == Person.HUMAN

    @property
    def label(self) -> str:
        """The name players see during the game: a computer's with its level beside it."""
        if self.kind in PEOPLE:
            return self.name
        return _("{player} ({level})").format(player=self.name, level=kind_name(self.kind))


class Connection(enum.Enum):
    """A window's link to its game: at a network table it may be lost for a while, or for
    good (refused when trying again, or closed)."""

    UP = "up"
    DOWN = "down"  # trying again by itself
    PAUSED = "paused"  # the table stands still (its host left, its server stopped, it cannot
    # save): nothing is played until it goes on, and the window follows it by itself
    GONE = "gone"


@dataclass
class Session:
    game: Game
    game_id: str
    expansions: list[str]
    seats: list[Seat]
    save_path: Path | None = None
    aids: bool = True  # False: no hints, tiles still to come or worth on cards (tournament)
    review: Review | None = None  # the game's review, kept in its saves (game.review)
    # The seats people at other windows played, in a finished network game: playing again
    # offers them as open seats of a new table, not as people at this window.
    elsewhere: tuple[int, ...] = ()
    # The seats whose players resigned at a network table: they gave the game up, so the
    # win goes to those who played on, whatever the computers scored for the others.
    gave_up: tuple[int, ...] = ()

    @property
    def tileset(self) -> TileSet:
        return self.game.tileset

    def seat(self, player: int) -> Seat:
        return self.seats[player]

    @property
    def viewer(self) -> int | None:
        """The player whose private hand this window shows while others play: the one person
        at the window (None with several, who pass the mouse, or with none)."""
        people = [i for i, s in enumerate(self.seats) if s.is_human]
        return people[0] if len(people) == 1 else None

    @property
    def turn_shown(self) -> int:
        """The player whose turn the screen shows: the player to move (a puzzle shows the
        player it asked after the answer moved the game on)."""
        return self.game.current

    @property
    def current_seat(self) -> Seat:
        return self.seats[self.turn_shown]

    def actor(self) -> Actor:
        """Who is to act now."""
        if self.ended():
            return Actor.NOBODY
        return Actor.PERSON if self.current_seat.is_human else Actor.COMPUTER

    @property
    def remote(self) -> bool:
        """Whether the game is played at a network table (its moves come from the table)."""
        return False

    @property
    def connection(self) -> Connection:
        """Whether this window's moves reach the game now (on one screen, always)."""
        return Connection.UP

    def winners(self) -> list[int]:
        """The players with the best score among those who did not give the game up."""
        scores = self.game.scores
        in_play = [i for i in range(len(scores)) if i not in self.gave_up] or \
            list(range(len(scores)))
        best = max(scores[i] for i in in_play)
        return [i for i in in_play if scores[i] == best]

    def ended(self) -> bool:
        """Whether the game is over: played to its end, or ended by resignations (at a
        network table, or opened again from its save)."""
        return self.game.over or self.resigned_out

    @property
    def resigned_out(self) -> bool:
        """Whether resignations ended the game: fewer than two players played on."""
        return resigned_out(len(self.seats), self.gave_up)

    def final(self) -> Session | None:
        """The game a save and the final scores show: this one (at a network table, the
        real game, once the table has told it)."""
        return self

    def told_seed(self) -> str | None:
        """The game's seed, and the tiles a player typed to be drawn first, as a friend
        types them to play the same draws (None while they must stay secret)."""
        return seed_line(self.game.seed, self.game.order)

    def marks(self, player: int) -> SeatMarks | None:
        """What the player's row shows of their seat at a network table (None on one
        screen)."""
        return None

    def played_for(self, move: int) -> str | None:
        """Why a computer played the move of index ``move`` for a player at a network table
        ("clock", "away", "resigned"); None when its player did (always on one screen)."""
        return None

    def saved(self) -> SavedGame:
        saved = SavedGame.of(self.game, self.game_id, self.expansions,
                             [s.colour for s in self.seats], [s.kind for s in self.seats],
                             aids=self.aids)
        saved.resigned = list(self.gave_up)
        if self.resigned_out and saved.summary is not None:  # the load list reads it
            saved.summary["over"] = True
        if self.review is not None:
            saved.review = self.review.to_json()
        return saved

    def autosave(self, storage: Storage, registry: Registry) -> str | None:
        """Save after a confirmed turn; a failure is logged and returned as its text for
        the player, never raised."""
        try:
            storage.autosave(self.saved(), registry)
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            return not_written(exc, storage.saves_dir)
        return None

    @classmethod
    def new(cls, registry: Registry, game_id: str, expansions: Sequence[str],
            seats: Sequence[Seat], options: dict[str, Any] | None = None,
            seed: int | None = None, aids: bool = True,
            order: Sequence[str] = ()) -> Session:
        """``seed``: the one a player chose (None: a random one); ``order``: tiles a player
        typed to be drawn first (``game.rules.tile_order``), checked: OrderError."""
        tileset = registry.ruleset(game_id, list(expansions))
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        game = Game(tileset, [s.name for s in seats], seed=seed, options=options or {},
                    order=order)
        return cls(game, game_id, list(expansions), list(seats), aids=aids)

    @classmethod
    def seated(cls, registry: Registry, kinds: Sequence[str], seed: int | None,
               game_id: str = "carcassonne", expansions: Sequence[str] = (),
               order: Sequence[str] = ()) -> Session:
        """A new game with a seat of each kind (human or a computer level), named by
        their colours."""
        names = [n for n, _ in pal.PLAYER_COLOURS]
        if len(kinds) > len(names):  # said as the rules say it, not as a count of colours
            tileset = registry.ruleset(game_id, list(expansions))
            lo, hi = tileset.players
            raise KeyError(f"{tileset.name} takes {lo} to {min(hi, len(names))} players, "
                           f"not {len(kinds)}")
        seats = [Seat(pal.colour_name(names[i]), names[i], kind) for i, kind in enumerate(kinds)]
        return cls.new(registry, game_id, expansions, seats, seed=seed, order=order)

    @classmethod
    def restore(cls, registry: Registry, saved: SavedGame, path: Path) -> Session:
        game = saved.restore(registry, path)
        colours = saved.colours or [n for n, _ in pal.PLAYER_COLOURS]
        kinds = saved.seat_kinds()  # a person where the level is unknown
        gave_up = tuple(i for i in saved.resigned if 0 <= i < len(saved.players))
        if not (game.over or saved.resigned_out):
            # A game whose table played on without the player who resigned: a computer
            # plays that seat, as the table's did; nobody takes it back here.
            kinds = [STAND_IN if i in gave_up and kind == Person.HUMAN else kind
                     for i, kind in enumerate(kinds)]
        seats = [Seat(name, colours[i % len(colours)], kinds[i])
                 for i, name in enumerate(saved.players)]
        return cls(game, saved.game, list(saved.expansions), seats, path,
                   aids=saved.aids, review=Review.from_json(saved.review), gave_up=gave_up)
