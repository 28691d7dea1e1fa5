"""Two windows at one network table in one test process: the host's window serves the table on
the loopback address (any free port), the guest's joins it from Join game.  Every wait is
bounded; closing the windows closes the table."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules import Phase
from game.ui.app import App, AppConfig, Scene
from game.ui.net_link import LOOPBACK
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.play import TablePlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat

from ..waiting import wait_until
from .conftest import FRAME, Driver, on_top
from .test_scenes import button

# Seconds one wait of the two windows may take before the test fails: longer than a network
# event's usual deadline (tests/waiting.py), as each step draws both windows.
LIMIT = 60.0


def window(root: Path, pace: str = "instant", size: tuple[int, int] = (1280, 800)) -> App:
    return App(AppConfig(size=size, storage_root=root, computer_pace=pace,
                         host_interface=LOOPBACK, host_port=0, host_address=LOOPBACK),
               SceneRoutes)


class Table:
    """The host's window and a guest's, stepped in turn."""

    def __init__(self, root: Path, pace: str = "instant",
                 size: tuple[int, int] = (1280, 800)) -> None:
        self.host = window(root / "host", pace, size)
        self.guest = window(root / "guest", pace, size)
        self.windows = [self.host, self.guest]

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            for app in self.windows:
                app.step(FRAME)
            time.sleep(0.003)  # the table's threads have their turn

    def until(self, done: Callable[[], bool], what: str, seconds: float = LIMIT) -> None:
        """Both windows step until ``done()``; past ``seconds``, the test fails naming
        ``what``."""
        wait_until(done, what, seconds, step=self.step, every=0, seen=self.seen)

    def seen(self) -> str:
        """What each window shows: its scene on top, and its table's status."""
        return ", ".join(f"{name} {shown(app)}" for name, app in zip(
            ("host", "guest", "third"), self.windows, strict=False))

    def play(self, app: App) -> TablePlayScene:
        return on_top(app, TablePlayScene)

    def close(self) -> None:
        for app in self.windows:
            while app.stack:
                app.pop()
        pygame.quit()


def shown(app: App) -> str:
    """The scene on top of a window (what it says, for a message), and the status of the
    table it is at."""
    if not app.stack:
        return "no scene"
    scene = app.scene
    words = [type(scene).__name__]
    words += [str(getattr(scene, name)) for name in ("title", "text", "error")
              if isinstance(getattr(scene, name, None), str) and getattr(scene, name)]
    links = [getattr(scene, "table", None), getattr(getattr(scene, "session", None), "link", None)]
    for net in (getattr(link, "net", None) for link in links):
        if net is not None:  # a lobby's or a network game's session with the table
            problem = f": {net.problem}" if net.problem else ""
            words.append(f"({net.status}{problem})")
            break
    return " ".join(words)


def host_lobby(app: App, seats: list[Seat], **choices: object) -> LobbyScene:
    """The host's New game: these seats (one of them open), then Host game."""
    driver = Driver(app)
    app.replace(TitleScene(app))
    driver.click(button(app.scene, "New game"))
    setup = on_top(app, SetupScene)
    setup.seats = seats
    for name, value in choices.items():
        setattr(setup, name, value)
    setup._build()
    driver.click(button(setup, "Host game"))
    return on_top(app, LobbyScene)


def join_lobby(app: App, link: str, name: str) -> LobbyScene:
    """The guest's Join game: the whole link in the address, a name, then Join; the lobby
    it opened (which a game under way may have replaced by its play scene already, when
    the table answered within the click's frames)."""
    driver = Driver(app)
    app.replace(TitleScene(app))
    driver.click(button(app.scene, "Join game"))
    join = on_top(app, JoinScene)
    join.address.text, join.code.text, join.name.text = link, "", name
    opened: list[LobbyScene] = []
    push = app.push

    def seen(scene: Scene) -> None:
        if isinstance(scene, LobbyScene):
            opened.append(scene)
        push(scene)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app, "push", seen)
        driver.click(button(join, "Join"))
    assert opened, f"{type(app.scene).__name__} is on top, not the table's lobby"
    return opened[-1]


@contextmanager
def two_windows(root: Path, seats: list[Seat] | None = None, pace: str = "instant",
                size: tuple[int, int] = (1280, 800), **choices: object) -> Iterator[Table]:
    """Host and guest at one table, its game begun: both play scenes on top."""
    table = Table(root, pace, size)
    try:
        lobby = host_lobby(table.host, seats or [Seat("Ann", "red"), Seat("Bob", "blue",
                                                                            "open")], **choices)
        join_lobby(table.guest, str(lobby.table.shown), "Bob")
        table.until(lambda: lobby.start_button is not None and lobby.start_button.enabled,
                    "the guest seated")
        Driver(table.host).click(button(lobby, "Start game"))
        table.until(lambda: all(isinstance(a.scene, TablePlayScene) for a in table.windows),
                    "the game opened in both windows")
        yield table
    finally:
        table.close()


def play_a_turn(table: Table, app: App) -> None:
    """The person at ``app`` plays their turn: a click on a lit cell, then Enter."""
    scene = table.play(app)
    table.until(lambda: scene.human_turn and not scene.animating(),
                "this window's turn, its view settled")
    moves = len(scene.game.moves)
    cell = sorted(scene.options.legal_cells())[0]
    x, y, w, h = scene.camera.cell_rect(cell)
    Driver(app).click((x + w // 2, y + h // 2))
    table.until(lambda: len(scene.game.moves) > moves, "the tile placed at the table")
    assert scene.game.phase is Phase.FIGURE
    Driver(app).key(pygame.K_RETURN)
    table.until(lambda: len(scene.game.moves) > moves + 1, "the turn confirmed")


def drawn_texts(app: App) -> list[str]:
    """The texts one frame of ``app`` draws."""
    drawn: list[str] = []
    text = app.res.text

    def spy(shown: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(shown)
        return text(shown, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app.res, "text", spy)
        app.step(FRAME)
    return drawn
