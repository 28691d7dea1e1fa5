"""The host's lobby says in one line who could see the hands: the host's computer holds the
table.  The whole line, at the smallest window, in each language."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.session import Seat
from game.ui.window import MIN_SIZE
from game.words import i18n
from game.words.i18n import _

from .tables import drawn_texts, host_lobby, window

SAID = ("Your computer holds the table: it could see every hand. On a club server nobody at "
        "the table can.")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_host_s_lobby_says_its_computer_could_see_every_hand(
        tmp_path: Path, language: str) -> None:
    app = window(tmp_path, size=MIN_SIZE)
    try:
        lobby = host_lobby(app, [Seat("Ann", "red"), Seat("Bob", "blue", "open")])
        i18n.set_language(language)
        app.step()
        assert _(SAID) in drawn_texts(app)  # whole: not cut short
        assert lobby.table.hosting
    finally:
        i18n.set_language("en")
        while app.stack:
            app.pop()
        pygame.quit()
