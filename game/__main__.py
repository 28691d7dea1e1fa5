"""``python -m game``: the game's window (``game.commands.play``)."""

import sys

from game.commands.play import main

if __name__ == "__main__":
    # In the standalone executable, the processes a hosted table's computers think in are
    # this executable again: freeze_support runs their part and exits (a no-op elsewhere).
    import multiprocessing
    multiprocessing.freeze_support()
    sys.exit(main())
