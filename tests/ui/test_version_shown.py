"""The version shows on the title screen and in the help."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.system.version import version
from game.ui.app import App
from game.ui.scenes.help import HelpScene
from game.ui.scenes.title import TitleScene


def drawn_text(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = app.res.text

    def recording(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.res, "text", recording)
    return seen


def test_the_title_shows_the_version(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = drawn_text(app, monkeypatch)
    app.push(TitleScene(app))
    app.step(1 / 60)
    assert f"version {version()}" in seen


def test_the_help_shows_the_version(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.push(TitleScene(app))
    app.push(HelpScene(app))
    seen = drawn_text(app, monkeypatch)
    app.step(1 / 60)
    assert f"Carcassonne {version()}" in seen
