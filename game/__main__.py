"""``python -m game``: the game's window (``game.commands.play``)."""

import sys

from game.commands.play import main

if __name__ == "__main__":
    sys.exit(main())
