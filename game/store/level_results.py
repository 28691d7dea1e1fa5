"""A player's results against the computer levels: in each game (its key, as the ladder of
levels names it), against each level, the games the one person at the window won, lost and
drew against a computer seat of that level, kept in the user data folder as
``levels.json`` (a ``UserFile``: written atomically; one that cannot be read is reported,
kept aside, and the results start again).

A game counts once (by its fingerprint: the game, its seed, tile order and moves), so a
finished game opened again from its save is not counted twice.  Only games with exactly one
person seat count: in a hot-seat game, whose result would it be?"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.words.i18n import _

from .storage import Storage
from .user_file import UserFile

RESULTS = "levels.json"  # in the data folder
FORMAT = 1
COUNTED_KEPT = 1000  # the latest games' fingerprints kept, against counting one twice


@dataclass
class Record:
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def games(self) -> int:
        return self.won + self.lost + self.drawn


def outcomes(kinds: Sequence[str], scores: Sequence[int], person: str,
             levels: Sequence[str]) -> list[tuple[str, int]]:
    """The result of the one ``person`` seat against each computer seat of ``levels``:
    (level, 1 won, 0 drawn, -1 lost), by the final scores; nothing unless exactly one seat
    is the person's."""
    mine = [i for i, kind in enumerate(kinds) if kind == person]
    if len(mine) != 1:
        return []
    me = mine[0]
    return [(kind, (scores[me] > scores[i]) - (scores[me] < scores[i]))
            for i, kind in enumerate(kinds) if kind in levels]


def fingerprint(game_key: str, seed: int, order: Sequence[str], moves: Sequence[str]) -> str:
    text = json.dumps([game_key, seed, list(order), list(moves)])
    return hashlib.sha256(text.encode()).hexdigest()[:20]


@dataclass
class LevelResults:
    storage: Storage
    games: dict[str, dict[str, Record]] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)  # fingerprints, the latest last
    file: UserFile = field(init=False)

    def __post_init__(self) -> None:
        self.file = UserFile(self.storage, RESULTS)

    @classmethod
    def load(cls, storage: Storage) -> LevelResults:
        out = cls(storage)
        read = out.file.read(_read, _("not a file of results against the computer"))
        if read is not None:
            out.games, out.counted = read
        return out

    def of(self, game_key: str, level: str) -> Record:
        return self.games.get(game_key, {}).get(level, Record())

    def count(self, game_key: str, game_print: str,
              results: Sequence[tuple[str, int]]) -> str | None:
        """A finished game's results, counted once and written; what to tell the player
        when they could not be written (never raised)."""
        if not results or game_print in self.counted:
            return None
        for level, result in results:
            record = self.games.setdefault(game_key, {}).setdefault(level, Record())
            if result > 0:
                record.won += 1
            elif result < 0:
                record.lost += 1
            else:
                record.drawn += 1
        self.counted = [*self.counted, game_print][-COUNTED_KEPT:]
        failed = self.file.write({"format": FORMAT, "counted": self.counted, "games": {
            key: {level: [r.won, r.lost, r.drawn] for level, r in sorted(levels.items())}
            for key, levels in sorted(self.games.items())}})
        if failed is None:
            return None
        return _("Your results against the computer could not be saved: {problem}").format(
            problem=failed.strerror or str(failed))


def _read(data: object) -> tuple[dict[str, dict[str, Record]], list[str]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a results file")
    counted, games = data["counted"], data["games"]
    if not isinstance(counted, list) or not all(isinstance(c, str) for c in counted):
        raise TypeError("counted")
    out: dict[str, dict[str, Record]] = {}
    for key, levels in games.items():
        for level, numbers in levels.items():
            if (not isinstance(numbers, list) or len(numbers) != 3
                    or not all(type(n) is int and n >= 0 for n in numbers)):
                raise ValueError(f"{key} {level}")
            out.setdefault(str(key), {})[str(level)] = Record(*numbers)
    return out, [str(c) for c in counted]
