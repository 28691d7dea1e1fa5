"""The player's results against the computer levels: who counts (one person at the window),
each game once, kept in the user folder, and a broken file reported and kept."""

from __future__ import annotations

import json
from pathlib import Path

from game.store.level_results import LevelResults, Record, fingerprint, outcomes
from game.store.storage import Storage

LEVELS = ("easy", "quick", "strong")


def test_the_person_s_result_against_each_computer_seat_by_the_scores() -> None:
    kinds = ["human", "strong", "quick", "mcts"]
    assert outcomes(kinds, [40, 52, 40, 10], "human", LEVELS) == [("strong", -1), ("quick", 0)]
    assert outcomes(["easy", "human"], [20, 61], "human", LEVELS) == [("easy", 1)]
    # Hot seat (whose result?), or computers alone: nothing counts.
    assert outcomes(["human", "human", "strong"], [1, 2, 3], "human", LEVELS) == []
    assert outcomes(["quick", "strong"], [1, 2], "human", LEVELS) == []


def test_a_game_counts_once_and_is_kept(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    results = LevelResults.load(storage)
    one = fingerprint("carcassonne", 7, [], ["a", "b"])
    assert one != fingerprint("carcassonne", 7, [], ["a", "c"])
    assert results.count("carcassonne", one, [("strong", 1), ("quick", 0)]) is None
    assert results.count("carcassonne", one, [("strong", 1)]) is None  # opened again
    two = fingerprint("carcassonne", 8, [], ["a"])
    assert results.count("carcassonne", two, [("strong", -1)]) is None
    again = LevelResults.load(storage)
    assert again.file.problem is None
    assert again.of("carcassonne", "strong") == Record(1, 1, 0)
    assert again.of("carcassonne", "quick") == Record(0, 0, 1)
    assert again.of("over-hill-and-dale", "strong") == Record()
    kept = json.loads((storage.data_dir / "levels.json").read_text(encoding="utf-8"))
    assert kept["games"] == {"carcassonne": {"quick": [0, 0, 1], "strong": [1, 1, 0]}}
    assert again.count("carcassonne", one, [("strong", 1)]) is None
    assert LevelResults.load(storage).of("carcassonne", "strong").games == 2


def test_a_broken_results_file_is_reported_and_kept(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    path = storage.data_dir / "levels.json"
    path.parent.mkdir(parents=True)
    for text in ("{not json", json.dumps({"format": 1, "counted": [], "games": {
            "carcassonne": {"strong": [1, -2, 0]}}})):
        path.write_text(text, encoding="utf-8")
        results = LevelResults.load(storage)
        assert results.file.problem is not None and results.file.kept is not None
        assert results.file.kept.read_text(encoding="utf-8") == text
        assert results.of("carcassonne", "strong") == Record()
        results.count("carcassonne", text, [("strong", 1)])
        assert results.file.kept.read_text(encoding="utf-8") == text
        assert LevelResults.load(storage).of("carcassonne", "strong") == Record(1, 0, 0)
