"""Sound: made by a script, played through pygame.mixer for the game's moments, M mutes,
silent (and never failing) without an audio device."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.rules import Deploy, Place
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.session import Seat, Session
from game.ui.sound import NAMES, sounds_dir

from .conftest import Driver

ROOT = Path(__file__).resolve().parents[2]


def start(app: App) -> PlayScene:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=5))
    app.replace(scene)
    app.step(1 / 60)
    return scene


def test_every_sound_is_a_small_mono_file(tmp_path: Path) -> None:
    for name in NAMES:
        path = sounds_dir() / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert 0.05 < w.getnframes() / w.getframerate() < 2.0
        assert path.stat().st_size < 80_000


def test_the_script_makes_the_committed_sounds_again(tmp_path: Path) -> None:
    out = tmp_path / "sounds"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_sounds.py"), "--out",
                    str(out)], check=True, capture_output=True)
    for name in NAMES:
        assert (out / f"{name}.wav").read_bytes() == (sounds_dir() / f"{name}.wav").read_bytes()


def test_a_tile_a_figure_and_a_scoring_each_have_their_sound(app: App,
                                                             driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "E")
    scene.play(Place("E", 0, -1, 180))
    assert app.sound.played[-1:] == ["tile"]
    scene.play(Deploy("follower", "S"))  # completes the city
    driver.frames(2)
    assert app.sound.played[-2:] == ["figure", "score"]
    assert pygame.mixer.get_init()  # the dummy audio device opened


def test_m_mutes_and_unmutes(app: App, driver: Driver) -> None:
    scene = start(app)
    assert app.settings.get("sound") is True
    driver.key(pygame.K_m)
    assert app.settings.get("sound") is False
    assert app.toast is not None and app.toast[0] == "Sound off"
    scene.game.force("tile", "U")
    scene.play(Place("U", 1, 0, 0))
    assert app.sound.played == []
    driver.key(pygame.K_m)
    assert app.settings.get("sound") is True
    scene.undo()
    scene.play(Place("U", 1, 0, 0))
    assert app.sound.played == ["tile"]


def test_without_an_audio_device_the_game_plays_silently(app: App, driver: Driver,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    scene = start(app)
    scene.game.force("tile", "E")
    scene.play(Place("E", 0, -1, 180))
    scene.play(Deploy("follower", "S"))
    driver.frames(60)
    assert not app.sound.open()
    assert scene.game.scores == [2, 0]


def test_a_wolf_howls(app: App, driver: Driver) -> None:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", ["hills-and-sheep"], seats,
                                       seed=5))
    app.replace(scene)
    game = scene.game
    game.force("tile", "F")
    scene.play(Place("F", 0, -1, 90))
    port = next(d.target for d in game.deploy_options() if d.figure == "shepherd")
    game.force("draws", "wolf")
    scene.play(Deploy("shepherd", port))
    assert app.sound.played[-2:] == ["figure", "wolf"]
    assert not any(f.kind == "shepherd" for f in game.figures.values())
