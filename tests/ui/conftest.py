"""Fixtures for window tests: a headless App (dummy SDL drivers) with its own save folder,
and helpers that post real pygame events and run frames."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from game.ui.app import LONGEST_STEP, App, AppConfig, Scene
from game.ui.scenes.play.question import Question
from game.ui.scenes.routes import SceneRoutes
from game.ui.window import MIN_SIZE
from game.words import i18n

from ..waiting import wait_until

FRAME = 1 / 60
SceneT = TypeVar("SceneT", bound=Scene)


def on_top(app: App, kind: type[SceneT]) -> SceneT:
    """The scene on top of the app's stack, which must be a ``kind`` (else the failure says
    which is, and what it says: a message's title and text, a crash's error)."""
    scene = app.scene
    said = [str(getattr(scene, name)) for name in ("title", "text", "error")
            if isinstance(getattr(scene, name, None), str) and getattr(scene, name)]
    assert isinstance(scene, kind), " ".join(
        [f"{type(scene).__name__} is on top, not {kind.__name__}", *said])
    return scene


def measured(question: Question, driver: Driver, seconds: float = 30.0) -> None:
    """Frames until every answer to the question is measured (off the frame loop); past
    ``seconds``, the test fails."""
    wait_until(lambda: len(question.outcomes) >= len(question.options),
               "every answer to the question measured", seconds, step=driver.frames)


class Driver:
    """Posts mouse and keyboard events the way SDL would, then runs frames."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.pos = (0, 0)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(FRAME)

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass in the fewest frames, each the longest the app takes
        (``LONGEST_STEP``): for what waits only on time (a card's delay, a glide's end)."""
        while seconds > 1e-9:
            self.app.step(min(seconds, LONGEST_STEP))
            seconds -= LONGEST_STEP

    def move(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        rel = (pos[0] - self.pos[0], pos[1] - self.pos[1])
        self.pos = pos
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel,
                                             buttons=buttons))
        self.frames()

    def down(self, pos: tuple[int, int], button: int = 1) -> None:
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.frames()

    def up(self, pos: tuple[int, int], button: int = 1) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames()

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.down(pos, button)
        self.up(pos, button)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6,
             between: object = None) -> None:
        self.down(start)
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps,
                 start[1] + (end[1] - start[1]) * i // steps)
            self.move(p, buttons=(1, 0, 0))
        if callable(between):
            between()
        self.up(end)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                             scancode=0))
        self.frames()

    def wheel(self, steps: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False,
                                             precise_x=0.0, precise_y=float(steps)))
        self.frames()


def lines_set(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text the app's fonts set from now on, in order."""
    drawn: list[str] = []
    line = app.res.line

    def recorded(font: pygame.font.Font, text: str, colour: tuple[int, int, int]
                 ) -> pygame.Surface:
        drawn.append(text)
        return line(font, text, colour)

    monkeypatch.setattr(app.res, "line", recorded)
    return drawn


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(AppConfig(size=(1280, 800), storage_root=tmp_path), SceneRoutes)
    yield application
    pygame.quit()


@pytest.fixture
def driver(app: App) -> Driver:
    return Driver(app)


@pytest.fixture
def small(tmp_path: Path) -> Iterator[App]:
    """An app at the smallest window size; the language is English again after it."""
    application = App(AppConfig(size=MIN_SIZE, storage_root=tmp_path), SceneRoutes)
    yield application
    i18n.set_language("en")
    pygame.quit()
