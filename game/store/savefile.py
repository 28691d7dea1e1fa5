"""What a save file holds, and the check of its shape before anything uses it.

A save is the game's set-up, seed (with the tile order a player typed, if any) and move
list: replaying the moves rebuilds the game exactly.  It also records the game's version,
the save format and a fingerprint of each tile set it was played with, so that a save from
a newer game or on a changed tile set is told apart.  Every field is checked against
``FIELDS`` when the file is read: a save of the wrong shape is a ``SaveError`` naming the
field, never an exception deeper in the game.
"""

from __future__ import annotations

import enum
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import LEVELS
from game.rules import Game, IllegalAction, Phase, Place, RulesError, TileSet, parse_action
from game.rules.model import StartDef
from game.rules.registry import Registry
from game.system.filenames import readable
from game.system.version import version
from game.words.i18n import _

SAVE_FORMAT = 3  # 2: version and tile set fingerprints recorded; 3: hands dealt by the rule
FIRST_DEALING_BY_RULE = 3  # earlier formats dealt hands of several tiles the earlier way
OLDEST_FORMAT = 1


class Person(enum.StrEnum):
    """Who plays a seat when no computer does, as a seat's kind says it; a computer's seat
    names its level instead (``game.ai.LEVELS``).  A save, a table's game and the command
    line's ``--seats`` name every person HUMAN; the set-up screen (and the settings that
    remember it) offers OPEN seats too; the window knows REMOTE ones."""

    HUMAN = "human"  # a person at this window
    OPEN = "open"  # someone joining over the network (a seat of a table this window hosts)
    REMOTE = "remote"  # a person at another window, at a network table


SEAT_KINDS = (Person.HUMAN, *LEVELS)  # who may play a saved seat: a person or a computer level


class SaveError(Exception):
    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{readable(path.name)}: {problem}")


# -- the schema: one check per field, each returns a problem or None -------------------------

Check = Callable[[Any], "str | None"]


def _text(most: int) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, str) or not 0 < len(value) <= most:
            return f"a text of 1 to {most} characters"
        if not value.isprintable():
            return "a text without control characters"
        return None
    return check


def _integer(most: int) -> Check:
    def check(value: Any) -> str | None:
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) <= most
        return None if ok else f"an integer of at most {len(str(most))} digits"
    return check


def _list(item: Check, most: int) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, list) or len(value) > most:
            return f"a list of at most {most} items"
        for i, v in enumerate(value):
            problem = item(v)
            if problem:
                return f"item {i + 1}: {problem}"
        return None
    return check


def _mapping(key: Check, val: Check, most: int) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, dict) or len(value) > most:
            return f"a mapping of at most {most} entries"
        for k, v in value.items():
            problem = key(k) or val(v)
            if problem:
                return f"{_short(k)}: {problem}"
        return None
    return check


def _either(*checks: Check) -> Check:
    def check(value: Any) -> str | None:
        problems = [c(value) for c in checks]
        return None if None in problems else " or ".join(p for p in problems if p)
    return check


def _time(value: Any) -> str | None:
    ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
          and math.isfinite(value) and 0 <= value <= 1e11)
    return None if ok else "a time in seconds since 1970"


def _forced(value: Any) -> str | None:
    if (isinstance(value, list) and len(value) == 3 and _integer(10**6)(value[0]) is None
            and _text(200)(value[1]) is None and _text(200)(value[2]) is None):
        return None
    return "[turn, what, value]"


def _start(value: Any) -> str | None:
    if value is None:
        return None
    if (isinstance(value, dict) and set(value) == {"tile", "at", "rotation"}
            and _text(40)(value["tile"]) is None
            and _list(_integer(10**6), 2)(value["at"]) is None and len(value["at"]) == 2
            and value["rotation"] in (0, 90, 180, 270)
            and not isinstance(value["rotation"], bool)):
        return None
    return "{tile, at: [x, y], rotation}"


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _none(value: Any) -> str | None:
    return None if value is None else "nothing"


def _object(value: Any) -> str | None:
    # Its parts are checked where they are read (game.review); a malformed one is ignored.
    return None if isinstance(value, dict) else "a mapping"


def _summary(value: Any) -> str | None:
    if (isinstance(value, dict) and set(value) == {"turn", "scores", "over"}
            and _integer(10**6)(value["turn"]) is None
            and _list(_integer(10**9), 8)(value["scores"]) is None
            and isinstance(value["over"], bool)):
        return None
    return "{turn, scores: [...], over}"


_NAME = _text(100)
_OPTION_VALUE = _either(_text(200), _integer(10**9))
FIELDS: dict[str, Check] = {
    "game": _NAME,
    "expansions": _list(_NAME, 20),
    "players": _list(_text(60), 8),
    "colours": _list(_text(40), 8),
    "seed": _integer(2**63),
    "options": _mapping(_NAME, _OPTION_VALUE, 100),
    "moves": _list(_text(200), 100_000),
    "forced": _list(_forced, 100_000),
    "start": _either(_none, _start),
    "seats": _list(_text(40), 8),
    "saved_at": _time,
    "version": _text(40),
    "tilesets": _mapping(_NAME, _text(64), 20),
    "summary": _either(_none, _summary),
    "review": _either(_none, _object),
    "aids": _boolean,
    "earlier_dealing": _boolean,
    "resigned": _list(_integer(7), 8),
    "order": _list(_text(40), 1000),  # a typed tile order (``game.rules.tile_order``)
}
REQUIRED = ("game", "expansions", "players", "colours", "seed", "options", "moves")


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


def check_shape(data: Any, path: Path) -> dict[str, Any]:
    """The fields of a save file's JSON, each checked; the first problem is a SaveError."""
    if not isinstance(data, dict):
        raise SaveError(path, _("not a save file of this game"))
    fmt = data.get("format")
    if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > SAVE_FORMAT:
        raise SaveError(path, _("saved by a newer version of the game ({version}, save format "
                                "{format}); this version {this} reads formats up to {newest}"
                                ).format(version=_short(data.get("version", "unknown")),
                                         format=fmt, this=version(), newest=SAVE_FORMAT))
    if fmt not in range(OLDEST_FORMAT, SAVE_FORMAT + 1) or isinstance(fmt, bool):
        raise SaveError(path, _("not a save file of this game"))
    fields = {k: v for k, v in data.items() if k != "format"}
    for name in fields:
        if name not in FIELDS:
            raise SaveError(path, _("unexpected field {name}").format(name=_short(name)))
    for name in REQUIRED:
        if name not in fields:
            raise SaveError(path, _("the field '{name}' is missing").format(name=name))
    if not fields["players"]:
        raise SaveError(path, _("'players': no players"))
    for name, value in fields.items():
        problem = FIELDS[name](value)
        if problem:
            raise SaveError(path, _("'{name}' must be {problem}").format(name=name,
                                                                          problem=problem))
    if isinstance(fmt, int) and fmt < FIRST_DEALING_BY_RULE:  # dealt the earlier way
        fields["earlier_dealing"] = True
    return fields


def resigned_out(players: int, resigned: Sequence[int]) -> bool:
    """Whether resignations ended the game: fewer than two of its ``players`` played on (a
    network table ends the game then)."""
    return bool(resigned) and players - len(set(resigned)) < 2


def summary_of(game: Game) -> dict[str, Any]:
    """The turn (tiles drawn from the pile so far, the one in play included), the scores,
    and whether the game is over."""
    turn = sum(1 for m in game.moves if isinstance(m, Place)
               and game.tile_types[m.tile].pile == "main")
    return {"turn": turn + (0 if game.over or game.phase is not Phase.PLACE else 1),
            "scores": list(game.scores), "over": game.over}


def _set_up(saved: SavedGame) -> tuple[object, ...]:
    return (saved.game, saved.expansions, saved.players, saved.seed, saved.options,
            saved.start, saved.order)


@dataclass
class SavedGame:
    """What a save file holds: enough to rebuild the game by replaying its moves."""

    game: str
    expansions: list[str]
    players: list[str]
    colours: list[str]
    seed: int
    options: dict[str, Any]
    moves: list[str]
    forced: list[list[Any]] = field(default_factory=list)
    start: dict[str, Any] | None = None
    seats: list[str] = field(default_factory=list)  # "human" or a computer level, per seat
    saved_at: float = 0.0
    version: str = ""  # of the game that wrote it ("" before saves recorded it)
    tilesets: dict[str, str] = field(default_factory=dict)  # id -> fingerprint, when saved
    # What the load list shows without replaying: {"turn": n, "scores": [...], "over": bool}
    # (None in saves written before it existed: the list replays those).
    summary: dict[str, Any] | None = None
    review: dict[str, Any] | None = None  # the review of the game (game.review), if made
    aids: bool = True  # False: played without aids (no hints, tiles to come, worth on cards)
    # True: hands of several tiles dealt as versions before format 3 dealt them (see
    # ``Game.earlier_dealing``); such a game goes on being dealt that way.
    earlier_dealing: bool = False
    # The seats whose players resigned at a network table: the win is not theirs.
    resigned: list[int] = field(default_factory=list)
    # The tiles a player typed to be drawn first, in order; the seed shuffles the rest.
    order: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game, game_id: str, expansions: Sequence[str], colours: Sequence[str],
           seats: Sequence[str] = (), aids: bool = True, with_moves: bool = True) -> SavedGame:
        start = None
        if game.start != game.tileset.start:
            s = game.start
            start = {"tile": s.tile, "at": list(s.at), "rotation": s.rotation}
        return cls(game=game_id, expansions=list(expansions), players=list(game.players),
                   colours=list(colours), seed=game.seed, options=dict(game.chosen_options),
                   moves=[str(m) for m in game.moves] if with_moves else [],
                   forced=[list(f) for f in game.forced], start=start, seats=list(seats),
                   saved_at=time.time(), version=version(),
                   tilesets=dict(game.tileset.fingerprints), summary=summary_of(game),
                   aids=aids, earlier_dealing=game.earlier_dealing, order=list(game.order))

    def to_json(self) -> str:
        data = {"format": SAVE_FORMAT, **self.__dict__}
        if self.aids:  # the usual game: the field is left out (older versions read it)
            del data["aids"]
        if not self.earlier_dealing:
            del data["earlier_dealing"]
        if not self.resigned:  # the usual game: left out, as older versions wrote it
            del data["resigned"]
        if not self.order:  # the usual game, which versions without orders read too
            del data["order"]
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, path: Path) -> SavedGame:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            # The reader's words, less the "at" that leads to the place it names.
            problem = exc.msg.removesuffix(" at")
            raise SaveError(path, _("not valid JSON, line {line}: {problem}").format(
                line=exc.lineno, problem=problem)) from None
        except RecursionError:
            raise SaveError(path, _("not a save file of this game (nested too deep)")) from None
        except ValueError as exc:  # an integer too long to read
            raise SaveError(path, _("not a save file of this game ({problem})").format(
                problem=exc)) from None
        return cls(**check_shape(data, path))

    @property
    def over(self) -> bool:
        """Whether the game had ended when it was saved (as its summary says, or ended by
        resignations: saves written before the summary said so too)."""
        return (isinstance(self.summary, dict) and self.summary.get("over") is True) \
            or self.resigned_out

    @property
    def resigned_out(self) -> bool:
        """Whether resignations ended the game (it is finished, whatever its moves left to
        play)."""
        return resigned_out(len(self.players), self.resigned)

    def continued_by(self, later: SavedGame) -> bool:
        """Whether ``later`` is this game played on (or as it is): the same set-up and seed,
        and this save's moves the first of its moves."""
        return (_set_up(self) == _set_up(later)
                and later.moves[:len(self.moves)] == self.moves
                and later.forced[:len(self.forced)] == self.forced)

    def unknown_seats(self) -> list[int]:
        """The seats played by a computer level this version does not have (a save from a
        newer version, or an edited one): the window offers them to people."""
        return [i for i, kind in enumerate(self.seats[:len(self.players)])
                if kind not in SEAT_KINDS]

    def seat_kinds(self) -> list[str]:
        """Who plays each seat: the kind saved, a person where none was saved or where the
        level is unknown (a seat of an unknown level never plays as a computer)."""
        kinds = self.seats[:len(self.players)]
        kinds = kinds + [Person.HUMAN] * (len(self.players) - len(kinds))
        return [kind if kind in SEAT_KINDS else Person.HUMAN for kind in kinds]

    def changed_tilesets(self, tileset: TileSet) -> list[str]:
        """The tile sets that say something else now than when the game was saved (none for
        saves that did not record them)."""
        now = tileset.fingerprints
        return [sid for sid, digest in self.tilesets.items()
                if sid in now and now[sid] != digest]

    def restore(self, registry: Registry, path: Path) -> Game:
        """Rebuild the game by replaying the moves; any mismatch is reported as a SaveError."""
        try:
            tileset = registry.ruleset(self.game, self.expansions)
            start = None
            if self.start:
                s = self.start
                start = StartDef(str(s["tile"]), (int(s["at"][0]), int(s["at"][1])),
                                 int(s["rotation"]))
            moves = [parse_action(m) for m in self.moves]
            forced = [(int(f[0]), str(f[1]), str(f[2])) for f in self.forced]
            return Game.replay(tileset, self.players, self.seed, self.options, moves, forced,
                               start, earlier_dealing=self.earlier_dealing, order=self.order)
        except KeyError as exc:
            raise SaveError(path, str(exc.args[0])) from None
        except (RulesError, IllegalAction, ValueError, TypeError, IndexError) as exc:
            raise SaveError(path, _("the moves do not replay: {problem}").format(
                problem=exc)) from None
        except Exception as exc:  # a save no check foresaw: listed, never fatal
            raise SaveError(path, _("the moves do not replay ({problem})").format(
                problem=type(exc).__name__)) from None

