"""Crashes lose nothing: a failure injected into a scene brings up the crash screen, which
names the log file holding the traceback; the autosave is untouched and the game goes on
from it.  Warnings that were shown only on screen are logged too."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.random_policy import random_action
from game.store import logs
from game.ui.app import App, AppConfig
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.title import TitleScene

from .conftest import Driver, on_top
from .test_play import centre, start


class Injected(RuntimeError):
    pass


def log_text(tmp_path: Path) -> str:
    return (tmp_path / "logs" / logs.LOG_FILE).read_text(encoding="utf-8")


def play_one_turn_then_crash(app: App, driver: Driver,
                             monkeypatch: pytest.MonkeyPatch) -> bytes:
    """Confirm one turn (it is autosaved), place the next tile, then break the play
    scene's update; returns the autosave as it was before the crash."""
    scene = start(app)
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    driver.key(pygame.K_RETURN)
    autosave = app.storage.autosave_path().read_bytes()
    legal = next(iter(scene.game.legal_placements()))
    scene.place(legal.cell, legal.rotation // 90)  # a turn in progress, not confirmed

    def broken(dt: float) -> None:
        raise Injected("a failure injected into the play scene")

    monkeypatch.setattr(scene, "update", broken)
    driver.frames()
    return autosave


def button(scene: CrashScene, label: str) -> tuple[int, int]:
    return next(b.rect.center for b in scene.buttons if b.label == label)


def test_a_failing_update_shows_the_crash_screen_and_logs_it(
        app: App, driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    autosave = play_one_turn_then_crash(app, driver, monkeypatch)
    scene = on_top(app, CrashScene)
    assert app.running and len(app.stack) == 1
    text = log_text(tmp_path)
    assert "Traceback" in text and "Injected: a failure injected into the play scene" in text
    assert "the window failed in update (scene PlayScene)" in text
    shown = [line for line, _, _ in scene.lines()]
    log_file = str(tmp_path / "logs" / logs.LOG_FILE)
    assert log_file in "".join(shown)  # the path, perhaps over several lines
    assert any("Injected" in line for line in shown)
    assert app.storage.autosave_path().read_bytes() == autosave  # never written over
    driver.frames(3)  # the screen draws and stays
    on_top(app, CrashScene)


def test_continue_from_the_autosave_after_a_crash(app: App, driver: Driver,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    play_one_turn_then_crash(app, driver, monkeypatch)
    scene = on_top(app, CrashScene)
    driver.click(button(scene, "Continue from the autosave"))
    play = on_top(app, PlayScene)
    assert [str(m) for m in play.game.moves] == ["U@1,0r0", "pass"]  # the last confirmed turn


def test_back_to_the_title_after_a_crash(app: App, driver: Driver,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    play_one_turn_then_crash(app, driver, monkeypatch)
    driver.click(button(on_top(app, CrashScene), "Back to the title"))
    assert on_top(app, TitleScene).can_continue  # the autosave is offered


def test_without_an_autosave_continue_is_off(app: App, driver: Driver,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    app.replace(TitleScene(app))

    def broken(intent: object) -> None:
        raise Injected("a failure in handle")

    monkeypatch.setattr(app.scene, "handle", broken)
    driver.key(pygame.K_SPACE)
    scene = on_top(app, CrashScene)
    assert not next(b for b in scene.buttons if b.label == "Continue from the autosave").enabled


def test_a_second_crash_closes_the_window_cleanly(
        app: App, driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    play_one_turn_then_crash(app, driver, monkeypatch)

    def broken(surface: pygame.Surface) -> None:
        raise Injected("the crash screen breaks too")

    monkeypatch.setattr(app.scene, "draw", broken)
    assert not app.step(1 / 60)
    assert not app.running and app.exit_code == 1
    text = log_text(tmp_path)
    assert "the crash screen breaks too" in text and "closing the window" in text


def test_a_failed_autosave_is_logged(app: App, driver: Driver, tmp_path: Path) -> None:
    scene = start(app)
    app.storage.saves_dir.parent.mkdir(parents=True, exist_ok=True)
    app.storage.saves_dir.write_text("a file where the saves folder should be")
    scene.game.force("tile", "U")
    driver.click(centre(scene, (1, 0)))
    driver.key(pygame.K_RETURN)
    assert "autosave failed" in log_text(tmp_path)


def test_a_skipped_tile_set_is_logged(tmp_path: Path) -> None:
    broken = tmp_path / "mine"
    broken.mkdir()
    (broken / "broken.yaml").write_text("id: broken\nkinds: 3\n", encoding="utf-8")
    app = App(AppConfig(size=(960, 640), storage_root=tmp_path,
                        extra_tileset_dirs=[broken]), SceneRoutes)
    try:
        assert app.registry.errors
        assert "tile set skipped" in log_text(tmp_path) and "broken.yaml" in log_text(tmp_path)
    finally:
        pygame.quit()


def test_the_log_rotates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import logging
    monkeypatch.setattr(logs, "MAX_BYTES", 2000)
    path = logs.setup(tmp_path / "rotating")
    assert path is not None
    for i in range(200):
        logging.getLogger("game.test").warning("line %d of a long session", i)
    files = sorted(p.name for p in path.parent.iterdir())
    assert files == [logs.LOG_FILE, *(f"{logs.LOG_FILE}.{i}" for i in range(1, logs.BACKUPS + 1))]
    assert all(p.stat().st_size <= 2200 for p in path.parent.iterdir())


def test_two_processes_writing_the_log_follow_each_others_rotation(tmp_path: Path) -> None:
    """Two windows' processes share the log file: when one rotates it, the other writes on
    into the new file, not into the old one renamed ``.1``."""
    import logging
    path = tmp_path / logs.LOG_FILE
    first, second = (logs.SharedLogHandler(path, maxBytes=2000, backupCount=2,
                                           encoding="utf-8") for _ in range(2))
    try:
        def record(text: str) -> logging.LogRecord:
            return logging.LogRecord("game.test", logging.WARNING, __file__, 1, text, None,
                                     None)
        second.emit(record("the second window starts"))
        for i in range(60):
            first.emit(record(f"line {i} of the first window's long session"))
        assert (tmp_path / f"{logs.LOG_FILE}.1").exists()  # the first one rotated the file
        second.emit(record("the second window goes on"))
        first.emit(record("the first window goes on"))
        now = path.read_text(encoding="utf-8")  # both in the file, none rotated too early
        assert "the second window goes on" in now and "the first window goes on" in now
        assert not (tmp_path / f"{logs.LOG_FILE}.2").exists()
    finally:
        first.close()
        second.close()


def test_a_finished_game_continues_to_its_scores(app: App, driver: Driver,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from game.ui.scenes.final import FinalScene
    from game.ui.session import Seat, Session
    session = Session.new(app.registry, "carcassonne", [],
                          [Seat("Red", "red"), Seat("Blue", "blue")], seed=2)
    rng = random.Random(2)
    while not session.game.over:
        session.game.apply(random_action(session.game, rng))
    app.storage.autosave(session.saved(), app.registry)
    app.replace(TitleScene(app))

    def broken(dt: float) -> None:
        raise Injected("after the last turn")

    monkeypatch.setattr(app.scene, "update", broken)
    driver.frames()
    driver.click(button(on_top(app, CrashScene), "Continue from the autosave"))
    on_top(app, FinalScene)
    assert isinstance(app.stack[0], TitleScene)


def test_a_failing_draw_shows_the_crash_screen(
        app: App, driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app.replace(TitleScene(app))

    def broken(surface: pygame.Surface) -> None:
        raise Injected("a failure in draw")

    monkeypatch.setattr(app.scene, "draw", broken)
    driver.frames(2)
    on_top(app, CrashScene)
    assert app.running
    assert "the window failed in draw (scene TitleScene)" in log_text(tmp_path)


def test_a_failure_outside_the_scenes_is_logged_and_told_in_a_message_box(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import threading

    from game.commands.play import main
    from game.ui.scenes import routes
    monkeypatch.setenv("CARCASSONNE_HOME", str(tmp_path))
    for name in ("SDL_WINDOWS_DPI_AWARENESS", "SDL_VIDEO_WAYLAND_SCALE_TO_DISPLAY",
                 "SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        monkeypatch.setenv(name, "as it was")
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # main installs its own hooks
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)

    def cannot_open(config: object) -> None:
        raise Injected("no window today")

    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(routes, "open_window", cannot_open)
    monkeypatch.setattr(pygame.display, "message_box",
                        lambda title, text, **kw: boxes.append((title, text)))
    assert main([]) == 1
    text = log_text(tmp_path)
    assert "the game stopped" in text and "Injected: no window today" in text
    assert len(boxes) == 1 and str(tmp_path / "logs" / logs.LOG_FILE) in boxes[0][1]
    assert main(["--quit-after", "1"]) == 1 and len(boxes) == 1  # no player: no box
