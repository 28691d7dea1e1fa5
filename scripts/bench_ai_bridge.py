"""The computer player of another version of the game, for ``bench_ai.py --against REV``.

    python scripts/bench_ai_bridge.py TREE      # TREE: a checkout of that version

Runs with TREE first on its module path, so that ``game`` is that version's, and answers on
standard output, one JSON line per line read on standard input.  A game is its set-up, its
seed and its moves, so each question carries those and the other side rebuilds the position:

    {"processor_time": false}                 first line: the budget clock
      -> {"ready": "/path/of/TREE/game/__init__.py"}
    {"game": "carcassonne", "expansions": [], "players": 2, "seed": 10000,
     "moves": ["D@1,0r90", "pass", ...], "level": "strong", "budget": 0.3}
      -> {"move": "E@0,1r0", "seconds": 0.29}  (seconds null: answered from its turn's plan)
      -> {"error": "..."}                      (anything that went wrong, in one line)

It keeps the game of the last question and plays only the moves added since, so a whole
game costs one replay.  Only what every version since the text form of actions (``parse_action``)
and the registry's ``ruleset`` has is used: ``default_registry().ruleset``, ``Game(tileset,
players, seed=)``, ``apply``, ``over``, ``parse_action`` and ``choose_action(game, level, rng,
budget)``; ``has_plan`` and the budget clock (``game.ai.clock``) when the version has them
(without the clock, budgets are on the wall clock).  It ends when its input ends.
"""

from __future__ import annotations

import json
import random
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def main(tree: Path) -> int:
    # Ctrl+C goes to the whole process group: the benchmark ends this one by closing its input.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.path.insert(0, str(tree))
    import game as package
    from game.ai import choose_action
    from game.rules import Game, default_registry, parse_action
    try:
        from game.ai import has_plan
    except ImportError:  # a version before turn plans: every answer is thought
        def has_plan(game: Game, level: str) -> bool:
            return False
    hello = json.loads(sys.stdin.readline() or "{}")
    now: Callable[[], float]
    try:
        from game.ai import clock
        clock.count_processor_time(bool(hello.get("processor_time")))
        now = clock.now
    except ImportError:
        now = time.perf_counter
    answer({"ready": str(package.__file__)})
    registry = default_registry()
    current: Game | None = None
    key: tuple[Any, ...] = ()
    rng = random.Random()
    for line in sys.stdin:
        try:
            ask = json.loads(line)
            setup = (ask["game"], tuple(ask["expansions"]), ask["players"], ask["seed"])
            moves = [parse_action(m) for m in ask["moves"]]
            if current is None or key != setup or current.moves != moves[:len(current.moves)]:
                current = Game(registry.ruleset(ask["game"], list(ask["expansions"])),
                               [f"P{i + 1}" for i in range(ask["players"])], seed=ask["seed"])
                key, rng = setup, random.Random(ask["seed"])
            for move in moves[len(current.moves):]:
                current.apply(move)
            planned = has_plan(current, ask["level"])
            t0 = now()
            action = choose_action(current, ask["level"], rng, ask["budget"])
            seconds = None if planned else now() - t0
            answer({"move": str(action), "seconds": seconds})
        except Exception as exc:  # told to the benchmark, which stops with it
            answer({"error": f"{type(exc).__name__}: {exc}"})
    return 0


def answer(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]).resolve()))
