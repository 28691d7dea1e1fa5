"""Computer seats in the window: each plays at the level it was given, whoever else sits at
the table, at the chosen pace; a computer's answer ends the window's rest."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.session import Seat, Session

from ..waiting import WAIT, wait_until


def computers(app: App, levels: list[str], seed: int = 4) -> PlayScene:
    seats = [Seat(n.capitalize(), n, level)
             for n, level in zip(("red", "blue", "yellow"), levels, strict=False)]
    scene = PlayScene(app, Session.new(app.registry, "carcassonne", [], seats, seed=seed))
    app.replace(scene)
    return scene


def run_until(app: App, done: Callable[[], bool], what: str, seconds: float = WAIT) -> None:
    """Frames until ``done()``; past ``seconds``, the test fails naming ``what``."""
    wait_until(done, what, seconds, step=lambda: app.step(1 / 60), every=0.002)


def test_a_table_of_computers_plays_at_the_levels_it_was_given(app: App) -> None:
    app.config.computer_pace = "instant"
    scene = computers(app, ["quick", "strong"])
    run_until(app, lambda: 1 in scene.computer.brains, "the second computer thinking")
    levels = {seat: brain.level for seat, brain in scene.computer.brains.items()}
    assert levels == {0: "quick", 1: "strong"}
    scene.computer.cancel()


@pytest.mark.timeout(300)  # a whole game: 14 s alone, past 2 minutes on a crowded machine
def test_quick_seats_play_a_whole_game_at_their_level(app: App) -> None:
    app.config.computer_pace = "instant"
    scene = computers(app, ["quick", "quick"], seed=3)
    run_until(app, lambda: scene.game.over, "the game over", seconds=240)
    # Random play scores under 30 a player; the quick level over 70 (docs/playing.md).
    assert min(scene.game.scores) > 45, scene.game.scores


def glided_in_two_turns(app: App, scene: PlayScene) -> bool:
    """Frames until the computers have put two tiles down: whether one glided."""
    seen = False

    def frame() -> None:
        nonlocal seen
        app.step(1 / 60)
        seen = seen or scene.computer.animating()

    wait_until(lambda: len(scene.game.board) >= 3, "two tiles played", step=frame,
               every=0.001)
    return seen


def test_instant_pace_shows_no_glide_and_normal_pace_does(app: App) -> None:
    for pace, glides in (("instant", False), ("normal", True)):
        app.config.computer_pace = pace
        scene = computers(app, ["random", "random"], seed=8)
        assert glided_in_two_turns(app, scene) == glides, pace


def test_the_pace_setting_is_read_when_no_option_overrides_it(app: App) -> None:
    app.settings.set("computer_pace", "relaxed")
    scene = computers(app, ["random", "random"])
    relaxed = scene.pace()
    app.settings.set("computer_pace", "instant")
    assert scene.pace().glide == 0 < relaxed.glide
    app.config.computer_pace = "relaxed"
    assert scene.pace() == relaxed
    scene.computer.cancel()


def test_a_computer_answer_ends_the_windows_rest(app: App,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import strong
    # strong thinks for a second: no early stop (an obvious first move may settle at once)
    monkeypatch.setattr(strong, "SETTLED_MIN_ROUNDS", 10**9)
    scene = computers(app, ["strong", "quick"])
    app.config.computer_pace = "instant"
    # The first frame draws every tile afresh: drawn before the computer is asked, so that
    # on a busy machine its second of thought is not over before the frame is.
    app.draw()
    app.step(1 / 60)  # the first computer starts thinking
    assert scene.wake_in() is None  # nothing to do until it answers
    deadline = time.perf_counter() + WAIT  # far beyond its second of thought, however busy
    app.rest(until=deadline)
    assert time.perf_counter() < deadline, "the answer did not wake the window"
    app.step(1 / 60)
    assert scene.game.moves, "the answer was not played"
    scene.computer.cancel()
