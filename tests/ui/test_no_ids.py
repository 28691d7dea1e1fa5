"""Players never see an internal id: whole games of every game played in the window (the
tiles still to come shown at first), every frame's texts recorded, and no tile id
(``b11``, ``HS04``, ``H35dt``) or port name in any."""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Deploy
from game.rules import ports as P
from game.ui.app import App
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import PlayScene
from game.ui.session import Seat, Session

GAMES = [("carcassonne", ["hills-and-sheep"]), ("hunters-and-gatherers", []),
         ("over-hill-and-dale", [])]


def ids_pattern(ids: set[str]) -> re.Pattern[str]:
    """Tile ids a word can be mistaken for in no sentence: with a digit in them (one-letter
    ids, "A" to "X", are told apart from key names in the log's own test), and port names
    of two letters."""
    words = {i for i in ids if any(c.isdigit() for c in i)} | {
        p for p in P.PORT_NAMES if len(p) == 2}
    return re.compile(r"(?<![\w'])(" + "|".join(map(re.escape, sorted(words, key=len,
                                                                          reverse=True)))
                      + r")(?![\w'])")


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
def test_no_tile_id_is_drawn(app: App, monkeypatch: pytest.MonkeyPatch, game_id: str,
                             expansions: list[str]) -> None:
    drawn: list[str] = []

    class Recording(pygame.font.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            drawn.append(str(text))
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", Recording)
    app.res._fonts.clear()  # made again, recording
    app.res.lines.clear()
    session = Session.new(app.registry, game_id, expansions,
                          [Seat("Ada", "red"), Seat("Bob", "blue")], seed=7)
    scene = PlayScene(app, session)
    app.replace(scene)
    game = session.game
    rng = random.Random(7)
    extra_seen = False
    scene.remaining.shown = True  # the tiles still to come, drawn at the first frames
    while not game.over:
        if len(game.moves) > 6:
            scene.remaining.shown = False
        deploys = [a for a in game.legal_actions() if isinstance(a, Deploy)]
        scene.play(rng.choice(deploys) if deploys and rng.random() < 0.6
                   else random_action(game, rng))
        scene.score_show.skip()
        extra_seen = extra_seen or game.in_extra
        app.step(1 / 60)
    app.push(FinalScene(app, session))
    app.step(1 / 60)
    pattern = ids_pattern({t.id for t in game.tileset.tiles})
    assert len(drawn) > 100  # every line set (once: the lines set are kept)
    assert game_id != "hunters-and-gatherers" or extra_seen  # a bonus tile was in play
    leaks = sorted({text for text in drawn if pattern.search(text)})
    assert not leaks, leaks
