"""The ladder of computer levels: what each level's games in a round robin rated it, in each
game (``tilesets/ratings.json``, written by ``scripts/rate_levels.py``).

Ratings are on the Elo scale, anchored on Medium at 1500 in every game, measured in 2-player
games with each level at its own time budget; a game or level the file does not rate has no
rating, and a file that cannot be read gives none (the set-up then names the levels alone).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.system.paths import tilesets_dir

log = logging.getLogger(__name__)

RATINGS_FILE = "ratings.json"


@dataclass(frozen=True)
class Rated:
    rating: int
    low: int  # its 95% interval
    high: int
    games: int  # the games it played in the round robin


class Ladder:
    """The ratings of the levels, per game (a game's key: ``ladder_key``)."""

    def __init__(self, games: Mapping[str, Mapping[str, Rated]] | None = None,
                 anchor: str = "quick", anchor_rating: int = 1500) -> None:
        self.games = dict(games or {})
        self.anchor = anchor
        self.anchor_rating = anchor_rating

    def rating(self, game_id: str, expansions: Sequence[str], level: str) -> Rated | None:
        """The level's rating in that game, or None when the round robin did not rate it."""
        return self.games.get(ladder_key(game_id, expansions), {}).get(level)

    @classmethod
    def from_json(cls, text: str) -> Ladder:
        """The file's ladder; ValueError (or KeyError, TypeError) when it is not one."""
        data = json.loads(text)
        games = {str(game): {str(level): Rated(int(r["rating"]), int(r["low"]),
                                               int(r["high"]), int(r["games"]))
                             for level, r in levels.items()}
                 for game, levels in data["games"].items()}
        return cls(games, str(data["anchor"]), int(data["anchor_rating"]))


def ladder_key(game_id: str, expansions: Sequence[str]) -> str:
    """The key a game with ``expansions`` is rated and counted under: its id, then ``+`` and
    each expansion, sorted (the same game whatever order they were ticked in)."""
    return "+".join((game_id, *sorted(expansions)))


def load_ladder(path: Path | None = None) -> Ladder:
    """The shipped ladder (or the one at ``path``); an empty one, logged, when the file is
    missing or cannot be read: levels are then offered without ratings."""
    path = path or tilesets_dir() / RATINGS_FILE
    try:
        return Ladder.from_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("no level ratings: %s: %s", path, exc)
        return Ladder()
