"""The Puzzles screen, driven with real events: opened from the title, it lists the games
with the player's progress; a puzzle shows its position on the board with its question,
the best answer is told "Best move!" and counted solved in the user folder, another answer
the points it lost, with the best move told; Next, Retry and Back; the keys as on every
screen."""

from __future__ import annotations

import json

import pygame
import pytest

from game.review.puzzles import PuzzleSet
from game.rules import Action, Deploy, Move, Place, parse_action
from game.ui.app import App
from game.ui.scenes.play.puzzle import PuzzlePlayScene, PuzzleResultScene
from game.ui.scenes.puzzles import PuzzlePickScene, PuzzlesScene
from game.ui.scenes.title import TitleScene
from game.words import i18n

from ..waiting import wait_until
from .conftest import Driver, lines_set, on_top
from .test_scenes import button, title


def puzzles_screen(app: App, driver: Driver) -> PuzzlesScene:
    driver.click(button(title(app, driver), "Puzzles"))
    return on_top(app, PuzzlesScene)


def answer(play: PuzzlePlayScene, driver: Driver, actions: list[Action]) -> PuzzleResultScene:
    """The tile placed and the figure step taken as the pointer and keys would, then frames
    until the verdict shows (with a deadline)."""
    place, figure = actions
    assert isinstance(place, Place)
    tiles = play.hand.tiles()
    play.turn.select(tiles.index(place.tile))
    assert play.place(place.cell, place.rotation // 90)
    if isinstance(figure, (Deploy, Move)):
        play.turn.pending = figure
    driver.key(pygame.K_RETURN)  # the turn ends: the answer is given
    wait_until(lambda: isinstance(play.app.scene, PuzzleResultScene), "the verdict shown",
               step=driver.frames)
    return on_top(play.app, PuzzleResultScene)


def first_game(scene: PuzzlesScene) -> PuzzleSet:
    return next(s for s in scene.sets if s.key == "carcassonne")


def test_the_best_answer_is_told_best_and_kept_solved(app: App, driver: Driver) -> None:
    scene = puzzles_screen(app, driver)
    assert [s.key for s in scene.sets] == ["carcassonne", "carcassonne+hills-and-sheep",
                                           "hunters-and-gatherers", "over-hill-and-dale"]
    index = scene.sets.index(first_game(scene))
    driver.click(scene.buttons[2 * index].rect.center)  # its Next puzzle
    play = on_top(app, PuzzlePlayScene)
    puzzle = play.puzzle
    assert play.question_line().startswith("What would you play?")
    assert len(play.game.moves) == len(puzzle.moves)
    result = answer(play, driver, puzzle.best_actions())
    assert result.verdict == "Best move!" and result.best
    kept = json.loads((app.storage.data_dir / "puzzles.json").read_text(encoding="utf-8"))
    assert kept["puzzles"][puzzle.id] == {"solved": True, "tries": 1}
    driver.key(pygame.K_ESCAPE)  # Back: the list, counting it
    listed = on_top(app, PuzzlesScene)
    assert listed.progress.counts([p.id for p in first_game(listed).puzzles]) == (1, 1)


def test_another_answer_is_told_the_points_it_lost_and_the_best_move(
        app: App, driver: Driver) -> None:
    scene = puzzles_screen(app, driver)
    index = scene.sets.index(first_game(scene))
    driver.click(scene.buttons[2 * index + 1].rect.center)  # Choose
    pick = on_top(app, PuzzlePickScene)
    driver.click(button(pick, "1"))
    play = on_top(app, PuzzlePlayScene)
    puzzle = play.puzzle
    rival = puzzle.rivals[-1]  # the furthest behind
    result = answer(play, driver, [parse_action(a) for a in rival.actions])
    assert result.verdict.startswith("Points lost: ") and not result.best
    assert result.why.startswith("Best: ")
    kept = json.loads((app.storage.data_dir / "puzzles.json").read_text(encoding="utf-8"))
    assert kept["puzzles"][puzzle.id] == {"solved": False, "tries": 1}
    driver.click(button(result, "Retry"))
    again = on_top(app, PuzzlePlayScene)
    assert again.puzzle.id == puzzle.id and len(again.game.moves) == len(puzzle.moves)


def test_the_keys_go_through_the_verdict_and_back_to_the_title(app: App,
                                                               driver: Driver) -> None:
    scene = puzzles_screen(app, driver)
    driver.key(pygame.K_RETURN)  # the first game's next puzzle
    play = on_top(app, PuzzlePlayScene)
    first = play.puzzle.id
    result = answer(play, driver, play.puzzle.best_actions())
    driver.key(pygame.K_TAB)  # the ring on Next, then Enter presses it
    driver.key(pygame.K_RETURN)
    following = on_top(app, PuzzlePlayScene)
    assert following.puzzle.id != first and result is not app.scene
    driver.key(pygame.K_ESCAPE)  # Esc on the board: back to the list
    assert on_top(app, PuzzlesScene) is scene
    driver.key(pygame.K_ESCAPE)
    on_top(app, TitleScene)


def test_the_question_and_the_verdict_are_drawn(app: App, driver: Driver,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = lines_set(app, monkeypatch)
    puzzles_screen(app, driver)
    driver.key(pygame.K_RETURN)
    play = on_top(app, PuzzlePlayScene)
    driver.frames(2)
    assert any(line.startswith("What would you play?") for line in drawn)
    answer(play, driver, play.puzzle.best_actions())
    driver.frames(2)
    assert "Best move!" in drawn and "Next puzzle" in drawn and "Retry" in drawn


def test_the_screens_fit_the_smallest_window_in_french(small: App) -> None:
    i18n.set_language("fr")  # the fixture sets English again after
    driver = Driver(small)
    driver.frames()
    small.push(PuzzlesScene(small))
    driver.frames()
    scene = on_top(small, PuzzlesScene)
    window = pygame.Rect((0, 0), small.screen.get_size())
    assert window.contains(scene.rect)
    assert all(scene.rect.contains(b.rect) for b in scene.buttons)
    scene.start(0, 0)
    play = on_top(small, PuzzlePlayScene)
    rival = play.puzzle.rivals[-1]
    result = answer(play, driver, [parse_action(a) for a in rival.actions])
    assert result.verdict.startswith("Points perdus : ")
    assert window.contains(result.rect)
    assert all(result.rect.contains(b.rect) for b in result.buttons)
    width = result.rect.w - small.res.px(40)
    assert all(small.res.font(21).size(line)[0] <= width for line in result.lines)
