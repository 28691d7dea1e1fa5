"""Saves: a game is its set-up, seed and moves; files are written atomically; a corrupt
save is reported and kept, never overwritten."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai.random_policy import random_action
from game.rules import TileSet
from game.rules.registry import Registry
from game.store.storage import SavedGame, SaveError, Storage, atomic_write
from game.words import i18n


def _played(base: TileSet, actions: int = 41) -> object:
    from game.rules import Game
    game = Game(base, ["Red", "Blue"], seed=17, options={"farm_scoring": "per-field"})
    rng = random.Random(17)
    for _ in range(actions):
        game.apply(random_action(game, rng))
    return game


def test_save_and_restore_exactly(tmp_path: Path, base: TileSet, registry: Registry) -> None:
    from game.rules import Game
    game = _played(base)
    assert isinstance(game, Game)
    store = Storage(tmp_path)
    path = store.save(SavedGame.of(game, "carcassonne", [], ["red", "blue"]))
    restored = store.load(path).restore(registry, path)
    assert restored.moves == game.moves
    assert restored.scores == game.scores
    assert restored.options == game.options
    assert restored.board.tiles.keys() == game.board.tiles.keys()
    assert restored.hand == game.hand and restored.deck == game.deck
    assert [str(m) for m in restored.legal_actions()] == [str(m) for m in game.legal_actions()]


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b.json"
    atomic_write(target, "one")
    atomic_write(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["b.json"]


@pytest.mark.parametrize(("text", "problem"), [
    ('{"broken', "not valid JSON, line 1: Unterminated string starting"),
    ('{"a":\n "\x01"}', "not valid JSON, line 2: Invalid control character"),
    ("", "not valid JSON, line 1: Expecting value")])
def test_a_save_that_is_no_json_says_where_in_a_sentence(tmp_path: Path, text: str,
                                                          problem: str) -> None:
    """The reader's complaint after the line it names ("Invalid control character", not
    "Invalid control character at, line 1")."""
    with pytest.raises(SaveError) as raised:
        SavedGame.from_json(text, tmp_path / "a.json")
    assert raised.value.problem == problem


def test_a_saves_problem_is_said_in_the_players_language(tmp_path: Path) -> None:
    """The Load list in French says what is wrong with a save in French (the reader's own
    words, after the colon, stay as they come)."""
    store = Storage(tmp_path)
    store.saves_dir.mkdir(parents=True)
    (store.saves_dir / "broken.json").write_text('{"broken', encoding="utf-8")
    (store.saves_dir / "list.json").write_text("[1, 2]", encoding="utf-8")
    try:
        i18n.set_language("fr")
        problems = sorted(str(e.error) for e in store.list_saves())
    finally:
        i18n.set_language("en")
    assert problems == ["JSON non valide, ligne 1 : Unterminated string starting",
                        "ce n'est pas une sauvegarde de ce jeu"]


def test_a_corrupt_save_is_reported_and_kept(tmp_path: Path, base: TileSet,
                                             registry: Registry) -> None:
    from game.rules import Game
    store = Storage(tmp_path)
    store.saves_dir.mkdir(parents=True)
    bad = store.autosave_path()
    bad.write_text("{ this is not json", encoding="utf-8")
    with pytest.raises(SaveError, match="not valid JSON"):
        store.load(bad)
    (entry,) = store.list_saves()
    assert entry.saved is None and entry.error and "JSON" in entry.error
    # The next autosave must not destroy the unreadable file: it is moved aside, intact.
    game = _played(base, 3)
    assert isinstance(game, Game)
    store.autosave(SavedGame.of(game, "carcassonne", [], ["red", "blue"]), registry)
    kept = [p for p in store.saves_dir.iterdir() if "kept" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == "{ this is not json"
    assert store.load(store.autosave_path()).moves


def test_moves_that_do_not_replay_are_an_error(tmp_path: Path, base: TileSet,
                                               registry: Registry) -> None:
    from game.rules import Game
    game = _played(base, 5)
    assert isinstance(game, Game)
    saved = SavedGame.of(game, "carcassonne", [], ["red", "blue"])
    saved.moves[0] = "X@9,9r0"
    with pytest.raises(SaveError, match="do not replay"):
        saved.restore(registry, tmp_path / "x.json")
    saved.game = "no-such-game"
    with pytest.raises(SaveError, match="no game"):
        saved.restore(registry, tmp_path / "x.json")


def test_settings_round_trip(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    assert store.load_settings() == {}
    store.save_settings({"game": "carcassonne", "players": [{"name": "Ana"}]})
    assert store.load_settings()["players"][0]["name"] == "Ana"


@pytest.mark.parametrize("content", [b'{"language": "fr", "players": [{"name": "An',
                                     b"", b"\xff\xfe\x00binary", b"[1, 2]", b"[" * 100_000])
def test_a_broken_settings_file_is_kept_aside_not_written_over(tmp_path: Path,
                                                               content: bytes) -> None:
    """The window writes its settings at every change and when it closes: a settings file
    that cannot be read (cut short, binary, not a mapping) used to be replaced by the
    defaults without a word, the player's choices gone with it."""
    store = Storage(tmp_path)
    store.config_dir.mkdir(parents=True)
    path = store.config_dir / "settings.json"
    path.write_bytes(content)
    assert store.load_settings() == {}
    assert store.settings_problem
    kept = store.settings_kept
    assert kept is not None and kept.parent == store.config_dir
    assert kept.name.startswith("settings-kept-") and kept.read_bytes() == content
    store.save_settings({"window_size": [960, 640]})
    assert store.load_settings() == {"window_size": [960, 640]}
    assert store.settings_problem is None and kept.read_bytes() == content


def test_a_settings_file_that_cannot_be_moved_aside_is_not_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Storage(tmp_path)
    store.config_dir.mkdir(parents=True)
    path = store.config_dir / "settings.json"
    path.write_text("{broken", encoding="utf-8")

    def refused(*args: object) -> None:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr("game.store.storage.os.rename", refused)
    assert store.load_settings() == {}
    assert store.settings_problem and store.settings_kept is None
    store.save_settings({"window_size": [960, 640]})
    assert path.read_text(encoding="utf-8") == "{broken"


@pytest.mark.parametrize("name", ["autosave", "AutoSave", " autosave. ", "AUTOSAVE"])
def test_no_save_is_named_as_the_autosave(tmp_path: Path, base: TileSet, name: str) -> None:
    from game.rules import Game
    from game.store.storage import ReservedName, save_file_name
    with pytest.raises(ReservedName):
        save_file_name(name)
    saved = SavedGame.of(Game(base, ["Red", "Blue"], seed=3), "carcassonne", [],
                         ["red", "blue"])
    with pytest.raises(ReservedName):
        Storage(tmp_path).save(saved, "Autosave.json")
    assert save_file_name("autosave 2") == "autosave 2.json"


def test_a_missing_settings_file_is_no_problem(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    assert store.load_settings() == {} and store.settings_problem is None


def test_a_save_asks_when_the_rules_changed_and_not_when_the_words_did(
        tmp_path: Path) -> None:
    """Saves keep a fingerprint of each tile set: new words (a tile set's text section, its
    name) replay the same game, so only a change to what is played makes Load ask."""
    import shutil

    from game.rules import Game
    from game.rules.registry import builtin_tileset_dir
    folder = tmp_path / "sets"
    folder.mkdir()
    shutil.copy(builtin_tileset_dir() / "carcassonne.yaml", folder / "carcassonne.yaml")
    game = Game(Registry([folder]).ruleset("carcassonne"), ["Red", "Blue"], seed=3)
    saved = SavedGame.of(game, "carcassonne", [], ["red", "blue"])
    text = (folder / "carcassonne.yaml").read_text(encoding="utf-8")
    reworded = text.replace("name: Carcassonne", "name: Carcassonne classique", 1)
    (folder / "carcassonne.yaml").write_text(reworded, encoding="utf-8")
    assert saved.changed_tilesets(Registry([folder]).ruleset("carcassonne")) == []
    (folder / "carcassonne.yaml").write_text(reworded.replace("count: 3", "count: 4", 1),
                                             encoding="utf-8")
    assert saved.changed_tilesets(Registry([folder]).ruleset("carcassonne")) == ["carcassonne"]
