#!/usr/bin/env python3
"""Frame time of the play scene on a 200-tile board with scripted pan and zoom.

Prints the median and 95th percentile of the draw time per frame (the display flip is not
counted).  Runs headless (SDL dummy driver).  Asserts nothing."""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.sim import random_action
from game.ui.app import App, AppConfig
from game.ui.scenes import SCENES
from game.ui.scenes.play import PlayScene
from game.ui.session import Session

TILES = 200
FRAMES = 600


def build(app: App) -> PlayScene:
    session = Session.seated(app, ["human"] * 4, seed=1)
    game = session.game
    rng = random.Random(1)
    # The base set has 72 tiles: give this game a longer pile to reach 200.
    ids = [t.id for t in game.tileset.tiles for _ in range(t.count)]
    game.deck.extend(rng.choice(ids) for _ in range(400))
    while len(game.board) < TILES:
        game.apply(random_action(game, rng))
    scene = PlayScene(app, session)
    app.replace(scene)
    scene.camera.fit(game.board.tiles.keys(), immediate=True)
    return scene


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        app = App(AppConfig(size=(1280, 800), storage_root=Path(home)), SCENES)
        scene = build(app)
        cam = scene.camera
        screen = app.screen
        for _ in range(30):  # warm the tile caches at the starting zoom
            scene.update(1 / 60)
            scene.draw(screen)
        times: list[float] = []
        for frame in range(FRAMES):
            if frame % 60 == 0:
                cam.zoom_step(1 if (frame // 60) % 4 < 2 else -1, (500, 400))
            cam.pan_pixels(6 if (frame // 150) % 2 == 0 else -6, 3)
            t0 = time.perf_counter()
            scene.update(1 / 60)
            scene.draw(screen)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{len(scene.game.board)} tiles, {FRAMES} frames at 1280x800 with pan and zoom")
        print(f"draw time per frame: median {statistics.median(times):.2f} ms, "
              f"p95 {p95:.2f} ms, max {times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
