"""``python -m game.server``: the table server (``game.commands.server``)."""

import sys

from game.commands.server import main

if __name__ == "__main__":
    sys.exit(main())
