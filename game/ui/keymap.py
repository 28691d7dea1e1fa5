"""Which key does what: the player's keys for each action, kept in the settings file.

Part of the input layer: ``InputMapper`` asks ``Bindings`` what a key press means, the
settings' Keys screen changes them, and every label that names a key (a button's, the
controls page's) asks ``key_label`` / ``labels`` for the player's keys, never the defaults.

Keys are known by their pygame names ("r", "space", "left", "[+]"); a one-character name
that is not a letter or a digit ("?", "+") also matches the character typed, wherever the
keyboard layout puts it.  A few keys are fixed, as every screen of a desktop program has
them: Esc goes back, Tab and Shift+Tab go from one choice to the next, Enter confirms, F1
opens the rules pages, 1 to 9 take a tile of the hand; the Ctrl shortcuts and the keys of a
text field are fixed too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.words.i18n import N_, _

from .intents import Command, Pan

PAN_STEP = 48  # pixels per arrow key press

Does = Command | Pan


@dataclass(frozen=True)
class Action:
    name: str  # as kept in the settings file
    label: str  # untranslated: translated where it is shown
    defaults: tuple[str, ...]  # key names
    does: Does


ACTIONS: tuple[Action, ...] = (
    Action("confirm", N_("Confirm, end the turn"), ("space",), Command.CONFIRM),
    Action("undo", N_("Take back"), ("backspace",), Command.UNDO),
    Action("rotate", N_("Turn the tile"), ("r", "e"), Command.ROTATE),
    Action("rotate_back", N_("Turn the tile back"), ("q",), Command.ROTATE_BACK),
    Action("next_tile", N_("Next tile of the hand"), ("n",), Command.NEXT_TILE),
    Action("hint", N_("Hint"), ("?",), Command.HINT),
    Action("take_hint", N_("Play the hint's move"), ("g",), Command.TAKE_HINT),
    Action("left", N_("Left: board, chosen cell"), ("left", "a"), Pan(PAN_STEP, 0)),
    Action("right", N_("Right: board, chosen cell"), ("right", "d"), Pan(-PAN_STEP, 0)),
    Action("up", N_("Up: board, chosen cell, list"), ("up", "w"), Pan(0, PAN_STEP)),
    Action("down", N_("Down: board, chosen cell, list"), ("down", "s"), Pan(0, -PAN_STEP)),
    Action("zoom_in", N_("Zoom in"), ("+", "=", "[+]"), Command.ZOOM_IN),
    Action("zoom_out", N_("Zoom out"), ("-", "[-]"), Command.ZOOM_OUT),
    Action("fit", N_("Fit the board"), ("home", "c"), Command.FIT),
    Action("farms", N_("Board help"), ("f",), Command.FARMS),
    Action("tiles", N_("Tiles to come"), ("t",), Command.TILES),
    Action("log", N_("Turn log"), ("l",), Command.LOG),
    Action("history", N_("History"), ("v",), Command.HISTORY),
    Action("help", N_("Rules pages"), ("h",), Command.HELP),
    Action("fullscreen", N_("Full screen"), ("f11",), Command.FULLSCREEN),
    Action("mute", N_("Sound on or off"), ("m",), Command.MUTE),
)
BY_NAME: Mapping[str, Action] = {a.name: a for a in ACTIONS}

# The keys no action may take (``InputMapper`` reads them itself), and what they do, untranslated
# (told when a player tries to give one to an action).
FIXED: Mapping[str, str] = {
    "escape": N_("Back"), "tab": N_("Next choice"), "return": N_("Confirm"),
    "enter": N_("Confirm"), "f1": N_("Rules pages"), "delete": N_("Delete"),
    **{str(d): N_("Take a tile of the hand") for d in range(1, 10)},
    **{f"[{d}]": N_("Take a tile of the hand") for d in range(1, 10)},
}

# The actions a fixed key does too (untranslated): the Keys screen names it beside the
# player's keys, else Enter's confirming would seem to be Space's alone.
ALSO_FIXED: Mapping[str, str] = {"confirm": N_("Enter"), "undo": N_("Ctrl+Z"),
                                 "help": N_("F1")}

MOST_KEYS = 3  # an action's keys, at most
SETTINGS_KEY = "keys"  # where the settings file keeps the player's keys


class Taken(ValueError):
    """A key already held by another action (``holder``: its label, translated)."""

    def __init__(self, key: str, holder: str) -> None:
        super().__init__(_("{key} is already the key of “{action}”").format(
            key=key_name_label(key), action=holder))
        self.key = key
        self.holder = holder


class Bindings:
    """The player's keys: for each action, its keys (the defaults unless changed)."""

    def __init__(self, stored: object = None) -> None:
        self._keys: dict[str, tuple[str, ...]] = {a.name: a.defaults for a in ACTIONS}
        if isinstance(stored, Mapping):
            self._read(stored)

    def _read(self, stored: Mapping[object, object]) -> None:
        """The keys kept in the settings file, as far as they make sense: an unknown action,
        a fixed key or one already taken (a hand-edited file) is left out."""
        chosen: dict[str, tuple[str, ...]] = {}
        for name, keys in stored.items():
            if name in BY_NAME and isinstance(keys, list) and all(
                    isinstance(k, str) and k and k not in FIXED for k in keys):
                chosen[str(name)] = tuple(dict.fromkeys(keys))[:MOST_KEYS]
        merged = {**self._keys, **chosen}
        seen: set[str] = set()
        for a in ACTIONS:  # a key claimed twice stays with the first action that has it
            kept = tuple(k for k in merged[a.name] if k not in seen)
            seen.update(kept)
            self._keys[a.name] = kept

    def keys(self, action: str) -> tuple[str, ...]:
        return self._keys[action]

    def holder(self, key: str) -> str | None:
        """The label (translated) of what ``key`` does already, if anything."""
        if key in FIXED:
            return _(FIXED[key])
        return next((_(a.label) for a in ACTIONS if key in self._keys[a.name]), None)

    def assign(self, action: str, key: str, add: bool = False) -> None:
        """``key`` for ``action``: in place of its keys, or beside them (``add``); raises
        ``Taken`` when another action (or a fixed key) has it."""
        holder = None if key in self._keys[action] else self.holder(key)
        if holder is not None:
            raise Taken(key, holder)
        keys = (*(k for k in self._keys[action] if k != key), key) if add else (key,)
        self._keys[action] = keys[-MOST_KEYS:]

    def reset(self) -> None:
        self._keys = {a.name: a.defaults for a in ACTIONS}

    def changed(self) -> dict[str, list[str]]:
        """The keys that are not the defaults, as the settings file keeps them."""
        return {a.name: list(self._keys[a.name]) for a in ACTIONS
                if self._keys[a.name] != a.defaults}

    def does(self, key: str, typed: str = "") -> Does | None:
        """What a press of ``key`` (typing ``typed``) does: the action that has the key, else
        the one that has the character typed ("?" wherever the layout puts it)."""
        found = next((a for a in ACTIONS if key in self._keys[a.name]), None)
        if found is None and by_character(typed):
            found = next((a for a in ACTIONS if typed in self._keys[a.name]), None)
        return None if found is None else found.does

    def label(self, action: str) -> str:
        """The action's keys as a player reads them: "R or E"."""
        names = [key_name_label(k) for k in self._keys[action]]
        if not names:
            return _("no key")
        if len(names) == 1:
            return names[0]
        return _("{keys} or {last}").format(keys=", ".join(names[:-1]), last=names[-1])


def by_character(typed: str) -> bool:
    """Whether a key is known by the character it types: a sign ("?", "+"), not a letter,
    a digit or a space."""
    return len(typed) == 1 and not typed.isalnum() and not typed.isspace()


_NAMED = {
    "space": N_("Space"), "backspace": N_("Backspace"), "return": N_("Enter"),
    "enter": N_("Enter"), "escape": N_("Esc"), "tab": N_("Tab"), "home": N_("Home"),
    "end": N_("End"), "delete": N_("Delete"), "insert": N_("Insert"),
    "page up": N_("Page Up"), "page down": N_("Page Down"),
    "left": N_("Left arrow"), "right": N_("Right arrow"), "up": N_("Up arrow"),
    "down": N_("Down arrow"),
}


def key_name_label(key: str) -> str:
    """A key's name as a player reads it: "R", "Space", "F11", "Keypad +"."""
    if key in _NAMED:
        return _(_NAMED[key])
    if key.startswith("[") and key.endswith("]") and len(key) > 2:
        return _("Keypad {key}").format(key=key[1:-1].upper())
    if len(key) <= 3:
        return key.upper()
    return key.title()


_current = Bindings()


def current() -> Bindings:
    """The keys in force (the app installs the player's at start and on every change)."""
    return _current


def install(bindings: Bindings) -> None:
    global _current
    _current = bindings


def key_label(action: str) -> str:
    """The player's keys for ``action``."""
    return _current.label(action)


def labels() -> dict[str, str]:
    """Every action's keys as a player reads them, by action name: for texts that name
    them (``"{rotate} turns the tile".format(**labels())``)."""
    return {a.name: _current.label(a.name) for a in ACTIONS}


def first_labels() -> dict[str, str]:
    """Every action's first key as a player reads it (a banner short of room)."""
    keys = _current
    return {a.name: key_name_label(keys.keys(a.name)[0]) if keys.keys(a.name) else _("no key")
            for a in ACTIONS}
