"""``python -m game.tileset``: the tile set checker (``game.commands.tileset``)."""

import sys

from game.commands.tileset import main

if __name__ == "__main__":
    sys.exit(main())
