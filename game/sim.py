"""``python -m game.sim``: headless games (``game.commands.sim``)."""

import sys

from game.commands.sim import main

if __name__ == "__main__":
    sys.exit(main())
