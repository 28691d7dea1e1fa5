"""Text that fits at 960×640 with five players: the prompt banner wraps rather than cuts,
the question card grows to what each answer scores, the sidebar keeps lines of the turn log
in every game, the log scrolls and keeps the newest line in view unless scrolled back, and
an announcement floated over the board sits on a plate readable on any tile."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Deploy
from game.ui import palette as pal
from game.ui.app import App
from game.ui.hud import describe_phase, draw_banner
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.feedback import Popup
from game.ui.scenes.play.log_panel import LINE_STEP
from game.ui.session import Seat, Session
from game.ui.widgets import wrap_text
from game.words import i18n

from . import fit
from .conftest import Driver, lines_set, measured

NAMES = ("WWWWWWWWWWWWWWWW", "Bernadette-Amély", "Maximilien Dupré", "Ééééééééééééééé",
         "MMMMMMMMMMMMMMMM")
COLOURS = ("red", "blue", "yellow", "green", "black")


def five(app: App, game_id: str, expansions: list[str], stop: Any, seed: int = 1
         ) -> PlayScene:
    """Five players of long names, played at random through the scene until ``stop(game)``."""
    for attempt in range(seed, seed + 100):
        session = Session.new(app.registry, game_id, expansions,
                              [Seat(n, c) for n, c in zip(NAMES, COLOURS, strict=True)],
                              seed=attempt)
        scene = PlayScene(app, session)
        app.replace(scene)
        game = session.game
        rng = random.Random(attempt)
        while not game.over and not stop(game):
            deploys = [a for a in game.legal_actions() if isinstance(a, Deploy)]
            scene.play(rng.choice(deploys) if deploys and rng.random() < 0.6
                       else random_action(game, rng))
            scene.score_show.skip()
        if not game.over:
            return scene
    raise AssertionError("the moment never came")


def test_a_long_prompt_wraps_on_two_lines_clear_of_the_history_button(
        small: App, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language("fr")
    scene = five(small, "over-hill-and-dale", [], lambda g: len(g.moves) > 3)
    prompt = describe_phase(scene.session, False, can_move=True)
    assert len(prompt) > 80  # "WWW…W : randonnez (cliquez un badge) ou posez une figure…"
    drawn = lines_set(small, monkeypatch)
    board = scene.layout_obj.board
    rect = draw_banner(small.screen, small.res, board, prompt, (200, 0, 0),
                       clear_of=scene.controls.history_button.rect)
    assert " ".join(drawn) == prompt  # every word, on two lines
    assert len(drawn) == 2 and not any("…" in line for line in drawn)
    assert board.contains(rect) and not rect.colliderect(scene.controls.history_button.rect)


def test_the_question_card_grows_to_what_each_answer_scores(
        small: App, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language("fr")
    scene = five(small, "carcassonne", ["hills-and-sheep"], lambda g: g.phase == "choose")
    driver = Driver(small)
    question = scene.question
    driver.frames()  # the question is asked
    measured(question, driver)
    assert len(question.outcomes) == len(question.options)
    drawn = lines_set(small, monkeypatch)
    driver.frames()
    shown = " ".join(drawn)
    for outcome in question.outcomes.values():
        assert " ".join(outcome.split()) in shown or all(w in shown for w in outcome.split())
    assert not any(line.endswith("…") and "mesure" not in line for line in drawn)
    lay = scene.layout_obj
    assert lay.board.contains(question.card) and not question.card.colliderect(lay.toolbar)
    for button in question.buttons:
        assert question.card.contains(button.rect)


@pytest.mark.parametrize(("game_id", "expansions"), [
    ("carcassonne", ["hills-and-sheep"]), ("hunters-and-gatherers", []),
    ("over-hill-and-dale", [])])
def test_five_players_on_the_smallest_window_keep_lines_of_the_log(
        small: App, game_id: str, expansions: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    scene = five(small, game_id, expansions, lambda g: len(g.moves) > 30)
    lay = scene.layout_obj
    panel = scene.feedback.panel
    Driver(small).frames()
    area = panel._drawn.area  # the entries' area under the rules' state lines
    assert area.h >= 3 * LINE_STEP, (game_id, area)
    assert lay.log.contains(area) and lay.tray.bottom <= lay.log.top
    with fit.recording(monkeypatch, small.res):  # and nothing runs over its border
        assert fit.problems(fit.window_frame(small)) == []


def test_the_log_scrolls_and_stays_where_it_was_put(small: App) -> None:
    driver = Driver(small)
    scene = five(small, "carcassonne", [], lambda g: len(g.moves) > 60)
    panel = scene.feedback.panel
    log = scene.layout_obj.log
    driver.frames()
    assert panel.following and panel.top > 0  # a long log, its newest line in view
    newest = panel.top
    driver.move(log.center)
    driver.wheel(2)  # back through the turns
    assert not panel.following and panel.top < newest
    kept = panel.top
    game = scene.game
    rng = random.Random(3)
    for _ in range(6):  # more turns are told: the view stays where the player put it
        scene.play(random_action(game, rng))
        scene.score_show.skip()
        driver.frames()
    assert panel.top == kept and not panel.following
    marker = panel._drawn.newest
    assert marker.w and log.contains(marker)
    driver.click(marker.center)  # "Newest": back to the newest line, and following it
    driver.frames()
    assert panel.following and panel.top > newest
    thumb = panel._drawn.thumb
    driver.drag(thumb.center, (thumb.centerx, log.y + 2))  # the bar dragged to the top
    assert panel.top == 0 and not panel.following
    assert scene.game.moves == game.moves  # nothing else took the pointer


def test_an_announcement_is_readable_on_any_tile(small: App) -> None:
    """On red roofs, in the red player's colour: the text stands on a parchment plate."""
    scene = five(small, "carcassonne", ["hills-and-sheep"], lambda g: len(g.moves) > 3)
    board = scene.layout_obj.board
    red = pal.colour_rgb("red")
    scene.feedback.popups = [Popup("Anna drew 3 sheep", scene.camera.screen_to_world(
        board.center), red, size=24, life=2.6)]
    surface = pygame.Surface(small.screen.get_size())
    surface.fill(red)  # roofs as red as the player
    surface.set_clip(board)
    scene.feedback.draw_popups(surface, small.res)
    around = [surface.get_at((x, board.centery))[:3]
              for x in range(board.centerx - 60, board.centerx + 60)]
    plate = sum(1 for c in around if min(c) > 200)  # parchment, not red
    ink = sum(1 for c in around if sum(c) < 250)  # dark letters
    assert plate > 20 and ink > 5


def test_no_line_starts_with_a_french_high_punctuation_mark(app: App) -> None:
    """French sets a space before ":" ";" "!" "?": a line is never broken there."""
    text = "Mieux : achève votre forêt : +8 ; partisan ici (rivière) : +8 ! Vraiment ?"
    for width in range(140, 400, 7):  # every word with its mark fits a line
        lines = wrap_text(app.res, text, 19, width, bold=True)
        assert " ".join(lines) == text
        assert not any(line[0] in ":;!?" for line in lines), (width, lines)
