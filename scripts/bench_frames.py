#!/usr/bin/env python3
"""Frame times and idle cost of the window.  Prints figures, asserts nothing.

    python scripts/bench_frames.py             # headless: the play scene's draw time
    python scripts/bench_frames.py --window    # a real window (needs a display, e.g. Xvfb)

Headless (SDL dummy driver): the play scene on a 200-tile board with scripted pan and zoom;
the median and 95th percentile of the draw time per frame, the display flip not counted.

``--window``: the real window, as a player has it (1280x800):
- idle: the app's own loop runs for some seconds at the title screen, then during a
  human's turn on a 200-tile board, with no input; the process's CPU time over that time,
  as a share of one core;
- panning: the board is dragged with posted mouse events; the full frame (events, update,
  draw and the display flip) is timed, median and 95th percentile.

It uses only what every version of the window has (an ``App`` with ``step`` and ``run``,
the play and title scenes), so the same script measures older versions of the code: copy
it into their ``scripts/`` folder and run it there.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TILES = 200
SIZE = (1280, 800)


def make_app(home: Path) -> Any:
    from game.ui.app import App, AppConfig
    config = AppConfig(size=SIZE, storage_root=home)
    for module, name in (("game.ui.scenes.routes", "SceneRoutes"), ("game.ui.scenes", "SCENES")):
        try:
            scenes = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):  # an older tree
            continue
        return cast(Any, App)(config, scenes)
    return cast(Any, App)(config)  # a version whose app finds its scenes itself


def board_scene(app: Any) -> Any:
    """A 4-player game of humans with 200 random tiles down, on screen, fitted."""
    try:
        policy = importlib.import_module("game.ai.random_policy")
    except ImportError:  # a version before the random player moved to game.ai
        policy = importlib.import_module("game.sim")
    random_action = policy.random_action
    from game.ui.scenes.play import PlayScene
    from game.ui.session import Session
    seated = cast(Any, Session).seated if hasattr(Session, "seated") else None
    if seated is None:
        session = cast(Any, Session).quick(app, 4, seed=1)
    elif next(iter(inspect.signature(seated).parameters)) == "registry":
        session = seated(app.registry, ["human"] * 4, seed=1)
    else:  # a version whose sessions were made with the app
        session = seated(app, ["human"] * 4, seed=1)
    game = session.game
    rng = random.Random(1)
    # The base set has 72 tiles: give this game a longer pile to reach 200.
    ids = [t.id for t in game.tileset.tiles for _ in range(t.count)]
    game.deck.extend(rng.choice(ids) for _ in range(400))
    while len(game.board) < TILES:
        game.apply(random_action(game, rng))
    while str(game.phase) != "place":  # a human's turn, waiting for the tile
        game.apply(random_action(game, rng))
    scene = PlayScene(app, session)
    app.replace(scene)
    scene.camera.fit(game.board.tiles.keys(), immediate=True)
    return scene


def headless() -> None:
    with tempfile.TemporaryDirectory() as home:
        app = make_app(Path(home))
        scene = board_scene(app)
        cam = scene.camera
        screen = app.screen
        for _ in range(30):  # warm the tile caches at the starting zoom
            scene.update(1 / 60)
            scene.draw(screen)
        times: list[float] = []
        frames = 600
        for frame in range(frames):
            if frame % 60 == 0:
                cam.zoom_step(1 if (frame // 60) % 4 < 2 else -1, (500, 400))
            cam.pan_pixels(6 if (frame // 150) % 2 == 0 else -6, 3)
            t0 = time.perf_counter()
            scene.update(1 / 60)
            scene.draw(screen)
            times.append((time.perf_counter() - t0) * 1000)
        print(f"{len(scene.game.board)} tiles, {frames} frames at {SIZE[0]}x{SIZE[1]} "
              "with pan and zoom")
        print(f"draw time per frame: {summary(times)}")


def idle_share(make_scene: Any, seconds: float) -> float:
    """The share of one core the app's own loop uses over ``seconds`` with no input."""
    import pygame
    with tempfile.TemporaryDirectory() as home:
        app = make_app(Path(home))
        make_scene(app)
        for _ in range(5):  # the first frames draw and cache the art: not idle
            app.step(1 / 60)
        pygame.event.clear()
        app.config.quit_after = seconds
        cpu, wall = time.process_time(), time.perf_counter()
        app.run()
        return (time.process_time() - cpu) / (time.perf_counter() - wall)


def title(app: Any) -> None:
    from game.ui.scenes.title import TitleScene
    app.replace(TitleScene(app))


def panning(frames: int) -> list[float]:
    """Full frame times (ms) while the board is dragged with the mouse."""
    import pygame
    with tempfile.TemporaryDirectory() as home:
        app = make_app(Path(home))
        scene = board_scene(app)
        board = scene.layout_obj.board
        pos = board.center
        for _ in range(10):
            app.step(1 / 60)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.step(1 / 60)
        times = []
        for frame in range(frames):
            dx = 6 if (frame // 100) % 2 == 0 else -6
            new = (pos[0] + dx, pos[1] + (3 if (frame // 50) % 2 == 0 else -3))
            pygame.event.post(pygame.event.Event(
                pygame.MOUSEMOTION, pos=new, rel=(new[0] - pos[0], new[1] - pos[1]),
                buttons=(1, 0, 0)))
            pos = new
            t0 = time.perf_counter()
            app.step(1 / 60)
            times.append((time.perf_counter() - t0) * 1000)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)
        pygame.quit()
        return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return (f"median {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms, "
            f"max {ordered[-1]:.2f} ms")


def windowed(seconds: float, frames: int) -> None:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if os.environ.get("SDL_VIDEODRIVER") == "dummy" or not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or sys.platform in ("win32", "darwin")):
        print("bench_frames --window needs a display (run it under Xvfb: "
              "xvfb-run -a python scripts/bench_frames.py --window)")
        sys.exit(1)
    at_title = idle_share(title, seconds)
    in_turn = idle_share(board_scene, seconds)
    times = panning(frames)
    print(f"window {SIZE[0]}x{SIZE[1]}, idle for {seconds:g} s each, {TILES} tiles on the "
          "board")
    print(f"idle at the title screen: {at_title * 100:.1f} % of one core")
    print(f"idle during a human's turn: {in_turn * 100:.1f} % of one core")
    print(f"panning, full frame with the display flip ({frames} frames): {summary(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--window", action="store_true",
                        help="measure the real window (needs a display)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="idle time measured at each place (--window)")
    parser.add_argument("--frames", type=int, default=600,
                        help="frames timed while panning (--window)")
    args = parser.parse_args()
    if args.window:
        windowed(args.seconds, args.frames)
    else:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        headless()


if __name__ == "__main__":
    main()
