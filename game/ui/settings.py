"""The player's settings: what each one is, its choices, and their values on disk.

Every setting the window offers is declared here, in the order the settings screen shows
them; the feature that reads a setting asks ``app.settings.get(key)``.  A stored value that
is not one of the setting's choices (an older version, a hand-edited file) reads as the
default.  Values that are remembered but not chosen on the screen (the window's size) are
kept with ``remember``/``recall``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.store.storage import Storage
from game.words.i18n import N_

Value = str | int | bool


@dataclass(frozen=True)
class Setting:
    key: str
    label: str  # untranslated: translated where it is shown
    choices: tuple[tuple[Value, str], ...]  # (value, untranslated label)
    default: Value
    explain: str = ""  # one line under the label, untranslated

    def values(self) -> tuple[Value, ...]:
        return tuple(v for v, _ in self.choices)

    def label_of(self, value: Value) -> str:
        return next((label for v, label in self.choices if v == value and
                     type(v) is type(value)), str(value))


_ON_OFF: tuple[tuple[Value, str], ...] = ((True, N_("On")), (False, N_("Off")))

SETTINGS: tuple[Setting, ...] = (
    Setting("language", N_("Language"),
            (("auto", N_("As the system")), ("en", "English"), ("fr", "Français")), "auto",
            N_("The language of the window and of the rules pages.")),
    Setting("ui_scale", N_("Interface size"),
            (("auto", N_("As the desktop")), (100, "100 %"), (125, "125 %"), (150, "150 %"),
             (175, "175 %"), (200, "200 %")), "auto",
            N_("Text, buttons and panels; the board has its own zoom.")),
    Setting("computer_pace", N_("Computer players"),
            (("relaxed", N_("Relaxed")), ("normal", N_("Normal")), ("instant", N_("Instant"))),
            "normal", N_("How long a computer's tile glides and its result stays on screen.")),
    Setting("pass_screen", N_("Hide the hand between players"), _ON_OFF, True,
            N_("With tiles in hand, a screen asks to pass the mouse to the next player.")),
    Setting("hints", N_("Hint button"), _ON_OFF, True,
            N_("Shows the best move of your turn, as the game review judges it.")),
    Setting("reduce_motion", N_("Reduce motion"), _ON_OFF, False,
            N_("No glides, no drift, no blinking: placements and scores appear at once.")),
    Setting("sound", N_("Sound"), _ON_OFF, True, N_("{mute} turns the sound on and off.")),
    Setting("volume", N_("Volume"),
            ((25, "25 %"), (50, "50 %"), (75, "75 %"), (100, "100 %")), 75),
)

BY_KEY: Mapping[str, Setting] = {s.key: s for s in SETTINGS}


class Settings:
    """The settings of one player, read once and written atomically on every change."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._data: dict[str, Any] = storage.load_settings()
        self._listeners: list[Callable[[str], None]] = []

    def subscribe(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(key)`` after each change of a setting (the app re-lays out the
        window when the interface size changes)."""
        self._listeners.append(listener)

    def get(self, key: str) -> Value:
        setting = BY_KEY[key]
        value = self._data.get(key, setting.default)
        if any(value == v and type(value) is type(v) for v in setting.values()):
            return value  # type: ignore[no-any-return]
        return setting.default

    def set(self, key: str, value: Value) -> None:
        setting = BY_KEY[key]
        if not any(value == v and type(value) is type(v) for v in setting.values()):
            raise ValueError(f"setting '{key}' cannot be {value!r}")
        self._data[key] = value
        self._save()
        for listener in self._listeners:
            listener(key)

    def cycle(self, key: str, step: int = 1) -> Value:
        """Move the setting to its next (or previous) choice; returns the new value."""
        values = BY_KEY[key].values()
        current = self.get(key)
        index = next(i for i, v in enumerate(values) if v == current and
                     type(v) is type(current))
        value = values[(index + step) % len(values)]
        self.set(key, value)
        return value

    def remember(self, key: str, value: Any) -> None:
        """Keep a value that is not chosen on the settings screen (plain JSON data)."""
        if key in BY_KEY:
            raise ValueError(f"'{key}' is a setting: use set()")
        self._data[key] = value
        self._save()

    def recall(self, key: str, default: Any = None) -> Any:
        return self._data.get(key, default)

    def _save(self) -> None:
        # A settings file that cannot be written must not stop the game.
        with contextlib.suppress(OSError):
            self._storage.save_settings(self._data)
