"""A screen of text fields (New game's names, Join game's address and code, the tile order):
its fields take a key before anything else on it, their cursor blinks while the screen
rests, and the keyboard goes back to the app's keys when the screen goes."""

from __future__ import annotations

from ..app import Scene
from ..intents import Intent
from ..widgets import TextField, fields_take, first_blink


class FormScene(Scene):
    fields: list[TextField]

    def fields_took(self, intent: Intent) -> bool:
        """Whether a field took ``intent`` as typing (the screen then does nothing more with
        it); the app learns whether a field has the keyboard."""
        typed, self.app.input.text_focus = fields_take(self.fields, intent)
        return typed

    def exit(self) -> None:
        self.app.input.text_focus = False

    def update(self, dt: float) -> None:
        for f in self.fields:
            f.update(dt)

    def wake_in(self) -> float | None:
        return first_blink(self.fields)
