"""``python -m game.scenario``: rulebook examples as data (``game.commands.scenario``)."""

import sys

from game.commands.scenario import main

if __name__ == "__main__":
    sys.exit(main())
