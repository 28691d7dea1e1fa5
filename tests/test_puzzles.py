"""The best-move puzzles shipped with the game: a file for each of the four games, at least
40 puzzles in each, every position rebuilt from its seed and moves with its answer legal
there, and every answer still ahead of the plans it was chosen over when judged again on
more futures than it was chosen on (``TEST_FUTURES``, the same futures each run: the
judgement has no clock, so this cannot flake).  Also: the progress file kept and never
written over when broken, an answer judged as the review judges it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.review.puzzles import (
    MADE_FUTURES,
    TEST_FUTURES,
    TEST_RIVALS,
    PuzzleSet,
    judge_answer,
    load_set,
    puzzle_files,
    puzzles_dir,
    solved,
    still_best,
    tile_and_figure,
)
from game.rules import Registry, default_registry, parse_action
from game.store.puzzle_progress import PuzzleProgress
from game.store.storage import Storage
from game.system.paths import source_data_files

GAMES = ("carcassonne", "carcassonne+hills-and-sheep", "hunters-and-gatherers",
         "over-hill-and-dale")
AT_LEAST = 40


@pytest.fixture(scope="module")
def registry() -> Registry:
    return default_registry()


@pytest.fixture(scope="module")
def shipped() -> dict[str, PuzzleSet]:
    return {(s := load_set(path)).key: s for path in puzzle_files()}


def test_each_of_the_four_games_ships_forty_puzzles_or_more(shipped: dict[str, PuzzleSet]
                                                            ) -> None:
    for key in GAMES:
        assert key in shipped, f"no puzzles for {key}"
        assert len(shipped[key].puzzles) >= AT_LEAST, key
        assert (puzzles_dir() / f"{key}.json").is_file()
        ids = [p.id for p in shipped[key].puzzles]
        assert len(set(ids)) == len(ids), f"{key}: a puzzle id twice"


def test_the_puzzles_travel_with_the_game_and_are_no_tile_set(registry: Registry) -> None:
    data = source_data_files()
    for key in GAMES:
        assert Path("tilesets", "puzzles", f"{key}.json") in data
    assert not registry.errors  # the loader reads tilesets/*.yaml only


def test_every_position_rebuilds_and_its_answer_is_legal_there(
        registry: Registry, shipped: dict[str, PuzzleSet]) -> None:
    for puzzles in shipped.values():
        for puzzle in puzzles.puzzles:
            game = puzzles.position(puzzle, registry)
            assert len(game.moves) == len(puzzle.moves) and not game.over, puzzle.id
            assert game.legal_placements().count(distinct=True) >= 2, puzzle.id
            best = puzzle.best_actions()
            assert tile_and_figure(best), puzzle.id
            for action in best:
                assert game.is_legal(action), f"{puzzle.id}: {action}"
                game.apply(action)
            assert puzzle.made == MADE_FUTURES < TEST_FUTURES < puzzle.checked, puzzle.id
            assert puzzle.rivals and all(r.lead > 0 for r in puzzle.rivals), puzzle.id


@pytest.mark.parametrize("key", GAMES)
def test_every_answer_is_still_the_best_on_more_futures_than_it_was_chosen_on(
        registry: Registry, shipped: dict[str, PuzzleSet], key: str) -> None:
    """Judged again on ``TEST_FUTURES`` futures (twice those it was chosen on): the best
    plan and the ``TEST_RIVALS`` plans nearest it alone (the making checked them all),
    which keeps the check to seconds; a game at a time, so that the test processes share
    it."""
    behind = []
    puzzles = shipped[key]
    for puzzle in puzzles.puzzles:
        game = puzzles.position(puzzle, registry)
        for rival, lead in still_best(game, puzzle, TEST_FUTURES, TEST_RIVALS):
            behind.append(f"{puzzle.id}: {' '.join(rival.actions)} ({lead:+.2f})")
    assert not behind, "answers no longer best:\n" + "\n".join(behind)


def test_an_answer_is_judged_against_the_best_move(registry: Registry,
                                                   shipped: dict[str, PuzzleSet]) -> None:
    puzzles = shipped["carcassonne"]
    puzzle = puzzles.puzzles[0]
    game = puzzles.position(puzzle, registry)
    best = judge_answer(game, puzzle, puzzle.best_actions())
    assert best is not None and solved(best) and best.lost == 0.0
    rival = puzzle.rivals[0]
    other = judge_answer(game, puzzle, [parse_action(a) for a in rival.actions])
    assert other is not None and not solved(other)
    assert other.lost == pytest.approx(rival.lead, abs=0.011)  # the same futures
    assert other.best == puzzle.best and other.played == rival.actions


def test_progress_is_kept_per_puzzle(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    progress = PuzzleProgress.load(storage)
    assert progress.answered("a", False) is None
    assert progress.answered("a", True) is None
    assert progress.answered("b", False) is None
    again = PuzzleProgress.load(storage)
    assert again.problem is None
    assert (again.of("a").solved, again.of("a").tries) == (True, 2)
    assert again.counts(["a", "b", "c"]) == (1, 2)


def test_a_broken_progress_file_is_reported_and_kept(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    path = storage.data_dir / "puzzles.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    progress = PuzzleProgress.load(storage)
    assert progress.problem is not None and progress.kept is not None
    assert progress.kept.read_text(encoding="utf-8") == "{not json"
    progress.answered("a", True)
    assert progress.kept.read_text(encoding="utf-8") == "{not json"
    assert PuzzleProgress.load(storage).of("a").solved
