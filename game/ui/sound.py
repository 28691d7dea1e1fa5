"""The game's sounds: short effects made by ``scripts/make_sounds.py`` (``sprites/sounds``),
played through ``pygame.mixer`` at the volume the settings give, unless sound is off.

The audio device is opened on first use, not at start (opening it can take a moment and the
title screen needs none).  Without a device (no sound card, a server, a test) the game plays
on silently: every ``play`` then does nothing.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.system import paths
from game.view import sound_names

from .settings import Settings

# One file each: sprites/sounds/NAME.wav: the window's own, then the rule modules' (a wolf)
NAMES = ("tile", "figure", "score", "end", *sound_names())


def sounds_dir() -> Path:
    return paths.sprites_dir() / "sounds"


class Sounds:
    def __init__(self, settings: Settings, folder: Path | None = None) -> None:
        self.settings = settings
        self.folder = folder if folder is not None else sounds_dir()
        self._loaded: dict[str, pygame.mixer.Sound] = {}
        self._opened: bool | None = None  # None: not tried yet
        self.played: list[str] = []  # every sound asked for while sound is on, in order

    @property
    def on(self) -> bool:
        return bool(self.settings.get("sound"))

    def toggle(self) -> bool:
        """Sound on or off (the M key); returns whether it is now on."""
        self.settings.set("sound", not self.on)
        if not self.on and self._opened:
            pygame.mixer.stop()
        return self.on

    def open(self) -> bool:
        """Open the audio device once; False (and silence from then on) when there is none."""
        if self._opened is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
                self._opened = True
            except (pygame.error, NotImplementedError, ImportError):
                # no device, or no mixer at all (pygame leaves a stand-in that raises
                # NotImplementedError when SDL_mixer or a library it needs cannot load)
                self._opened = False
        return self._opened

    def load(self, name: str) -> pygame.mixer.Sound:
        """One sound, read once (raises for a missing or broken file)."""
        sound = self._loaded.get(name)
        if sound is None:
            sound = self._loaded[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
        return sound

    def play(self, name: str) -> None:
        if not self.on:
            return
        self.played.append(name)
        del self.played[:-50]
        if not self.open():
            return
        try:
            sound = self.load(name)
        except (pygame.error, FileNotFoundError):
            return  # a missing file costs that sound only
        sound.set_volume(int(self.settings.get("volume")) / 100)
        sound.play()
