"""Two windows on one user folder: the second says another window is open and never touches
the first one's files (no save, autosave, setting or temporary file), and takes the folder
once the first has closed.  With real processes: a whole game played in one window while a
second is refused, then a whole game in another window: both games are on disk."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rules import Game
from game.store.storage import AUTOSAVE, SavedGame, Storage
from game.ui.app import App, AppConfig
from game.ui.scenes.elsewhere import ElsewhereScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.title import TitleScene

from ..waiting import line_within, wait_until
from .conftest import Driver

ROOT = Path(__file__).resolve().parents[2]
HOLD = ("import sys\nfrom pathlib import Path\nfrom game.system.folderlock import FolderLock\n"
        "lock = FolderLock(Path(sys.argv[1]))\nassert lock.claim()\n"
        "print('held', flush=True)\nsys.stdin.read()\n")


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the folder, as a first window does, until its input closes."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / "data")],
                               cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout is not None
    try:
        assert line_within(process.stdout, "the other process holding the folder") == "held\n"
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)


def release(holder: subprocess.Popen[str]) -> None:
    assert holder.stdin is not None
    holder.stdin.close()
    holder.wait(timeout=30)


def test_a_second_window_writes_nothing_and_says_so(tmp_path: Path,
                                                    holder: subprocess.Popen[str]) -> None:
    store = Storage(tmp_path)
    store.saves_dir.mkdir(parents=True)
    stray = store.saves_dir / ".autosave.json.123.tmp"  # the first window's write under way
    stray.write_text("{", encoding="utf-8")
    app = App(AppConfig(size=(1280, 800), storage_root=tmp_path), SceneRoutes)
    try:
        assert app.storage.busy and stray.exists()
        game = Game(app.registry.ruleset("carcassonne"), ["Ana", "Bo"], seed=1)
        with pytest.raises(OSError, match="another window"):
            app.storage.autosave(SavedGame.of(game, "carcassonne", [], ["red", "blue"]),
                                 app.registry)
        app.settings.set("sound", False)
        scene = ElsewhereScene(app)
        app.push(scene)
        driver = Driver(app)
        driver.frames(2)
        driver.key(pygame.K_RETURN)  # Try again: the other window is still open
        assert app.scene is scene and scene.still_busy
        release(holder)
        driver.key(pygame.K_RETURN)  # Try again: the folder is free now
        assert isinstance(app.scene, TitleScene) and not app.storage.busy
    finally:
        pygame.quit()
    assert sorted(p.name for p in store.saves_dir.iterdir()) == []  # the stray went at last
    assert not (store.config_dir / "settings.json").exists()


def run(home: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "CARCASSONNE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, "-m", "game", "--size", "1280x800", *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def autosaved(home: Path) -> dict[str, object] | None:
    try:
        data = json.loads((home / "data" / "saves" / AUTOSAVE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def play_a_whole_game(home: Path, seed: int, while_playing: object = None) -> list[str]:
    """A window whose computers play a whole game at once; closed once its last turn is
    autosaved.  ``while_playing`` is called once it has begun.  Its moves."""
    window = run(home, "--seats", "random,random", "--computer-pace", "instant",
                 "--seed", str(seed), "--quit-after", "600")

    def autosaved_game(over: bool) -> dict[str, object] | None:
        assert window.poll() is None, window.communicate()[0]  # the window still open
        data = autosaved(home)
        if data is None or data["seed"] != seed:
            return None
        summary = data["summary"]
        return data if not over or (isinstance(summary, dict) and summary["over"]) else None

    try:
        wait_until(lambda: autosaved_game(over=False), f"game {seed}'s first autosave", 60,
                   every=0.2)
        if callable(while_playing):
            while_playing()
        data = wait_until(lambda: autosaved_game(over=True), f"game {seed} over and autosaved",
                          300, every=0.2)
    finally:
        window.terminate()
        window.wait(timeout=60)
    moves = data["moves"]
    assert isinstance(moves, list)
    return [str(m) for m in moves]


@pytest.mark.slow
def test_whole_games_in_two_windows_are_both_on_disk(tmp_path: Path) -> None:
    shot = tmp_path / "second.png"
    second: list[subprocess.Popen[str]] = []

    def open_a_second_window() -> None:  # asked for a game too: refused, writes nothing
        window = run(tmp_path, "--seats", "random,random", "--seed", "99",
                     "--quit-after", "3", "--screenshot", str(shot))
        window.wait(timeout=120)
        second.append(window)

    first = play_a_whole_game(tmp_path, 1, open_a_second_window)
    assert second[0].returncode == 0 and shot.exists()
    log = (tmp_path / "logs" / "carcassonne.log").read_text(encoding="utf-8")
    assert "another window of the game holds" in log
    later = play_a_whole_game(tmp_path, 2)  # after the first window closed
    store = Storage(tmp_path)
    games = {p.name: store.load(p) for p in store.saves_dir.glob("*.json")}
    assert sorted(s.seed for s in games.values()) == [1, 2]  # nothing of the second window
    assert games[AUTOSAVE].moves == later and games[AUTOSAVE].over
    (kept,) = [s for name, s in games.items() if name.startswith("finished-")]
    assert kept.moves == first and kept.over
