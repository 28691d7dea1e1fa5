"""What a tile set may hold: the words that name things and the sizes that keep a game
playable and a file quick to check.  The YAML text itself is bounded in ``yamlsrc`` and
``source``."""

from __future__ import annotations

import re

# Names that travel in the text of actions and saves ("D@1,0r90", "follower:N") and name
# sprite files (icons, figures): plain ASCII words, never a path, a space or an "@".
NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]{0,39}")
TILE_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,39}")
FIGURE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,39}")
ACTION_WORDS = {"pass", "choose", "move"}  # the action text's own words: not figure names
# What a game can hold: far beyond every real game (the largest has 91 tiles and 7 followers
# a player), far below what would exhaust memory when a game deals its deck.
MAX_TILE_COUNT = 1_000  # copies of one tile
MAX_TILES = 10_000  # tiles of a whole set
MAX_FIGURE_COUNT = 100  # figures of one name a player
MAX_START_AT = 1_000  # how far from [0, 0] the start tile may lie
# What keeps checking a file well under a second (the largest set has 72 tile types of up to
# 9 features; a polygon has up to 22 points).
MAX_TILE_TYPES = 250
MAX_FEATURES = 30  # of one tile
MAX_POLYGON = 100  # points
MAX_NAME = 60  # characters of a tile set's name (a line of the New game list)
