#!/usr/bin/env python3
"""The window's resident memory while a player goes from game to game.

Opens the window headless (SDL dummy driver, 1280x800), then cycles through the four games
(the base game, the base game with Hills & Sheep, Hunters & Gatherers, Over Hill and Dale)
``--rounds`` times: each game is played 40 random moves into, shown, zoomed through every
zoom level and panned, with the tiles-to-come overlay opened once.  Prints the resident set
size after each game, and the image cache's own count when it has one.  Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.random_policy import random_action
from game.ui.app import App, AppConfig
from game.ui.intents import Command
from game.ui.scenes.play import PlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.session import Seat, Session


def resident_mb() -> float:
    """The process's resident set size now (Linux: /proc; elsewhere its peak)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def show(app: App, game_id: str, expansions: list[str], seed: int) -> None:
    seats = [Seat("Ana", "red"), Seat("Bo", "blue")]
    session = Session.new(app.registry, game_id, expansions, seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        if session.game.over:
            break
        session.game.apply(random_action(session.game, rng))
    scene = PlayScene(app, session)
    app.replace(scene)
    cam = scene.camera
    cam.fit(session.game.board.tiles.keys(), immediate=True)
    for direction in (1, -1):
        for _ in range(14):  # through every zoom level, one way then the other
            cam.zoom_step(direction, (640, 400))
            for _ in range(6):
                cam.pan_pixels(9, 4)
                app.step(1 / 60)
    app.dispatch(Command.TILES)
    app.step(1 / 60)
    app.dispatch(Command.TILES)
    app.step(1 / 60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        app = App(AppConfig(size=(1280, 800), storage_root=Path(home)), SceneRoutes)
        app.step(1 / 60)
        print(f"window open: {resident_mb():.0f} MB")
        peak = 0.0
        for round_ in range(args.rounds):
            for n, (game_id, expansions) in enumerate(app.registry.setups()):
                show(app, game_id, list(expansions), seed=round_ * 10 + n)
                now = resident_mb()
                peak = max(peak, now)
                cache = getattr(app.res, "images", None)
                extra = (f", image cache {cache.bytes / 2**20:.0f} MB in {len(cache)} images"
                         if cache is not None else "")
                print(f"round {round_ + 1}, {'+'.join([game_id, *expansions])}: "
                      f"{now:.0f} MB{extra}")
        print(f"peak after a game: {peak:.0f} MB")


if __name__ == "__main__":
    main()
