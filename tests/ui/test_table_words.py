"""What the window says of a table it left and of the games it keeps, in the player's
language: each reason the network side gives for leaving a table (by its code, never the
network side's English), a tile set changed since a save (named as the Load list names it),
and a network game kept as this window saw it (named as the Load list shows it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.client import Fault, Trouble
from game.rules.registry import default_registry
from game.store.storage import UNVERIFIED
from game.ui.app import App
from game.ui.net_refusals import fault_words
from game.ui.net_session import unverified_name
from game.ui.scenes.menus import ConfirmScene
from game.ui.scenes.saves import display_name, open_saved
from game.ui.session import Seat, Session
from game.words import i18n

from .conftest import on_top


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    try:
        yield
    finally:
        i18n.set_language("en")


FAULTS = [Fault(Trouble.SEATS), Fault(Trouble.NO_TILESET, ("cathedral",)),
          Fault(Trouble.OTHER_VERSION, ("carcassonne", "hills-and-sheep")),
          Fault(Trouble.MISFIT, detail="step 0 by seat 7 does not come now"),
          Fault(Trouble.UNREADABLE, detail="not JSON"),
          Fault(Trouble.NO_REPLAY, detail="no tile left")]


def test_every_reason_to_leave_a_table_is_said_in_the_window_s_language(
        french: None) -> None:
    registry = default_registry()
    assert {f.kind for f in FAULTS} == set(Trouble)
    said = {f.kind: fault_words(f, registry) for f in FAULTS}
    i18n.set_language("en")
    english = {f.kind: fault_words(f, registry) for f in FAULTS}
    for kind, words in said.items():
        assert words != english[kind], kind  # translated
    assert said[Trouble.OTHER_VERSION].startswith(
        "La table joue une autre version des jeux de tuiles Carcassonne, Moutons & collines")
    assert english[Trouble.OTHER_VERSION].startswith(
        "The table plays another version of the tile sets Carcassonne, Hills & Sheep")
    assert "cathedral" in said[Trouble.NO_TILESET]  # a tile set this game does not know
    assert "step 0 by seat 7" in said[Trouble.MISFIT]  # the check's own words, for a report


def test_a_tile_set_changed_since_a_save_is_named_as_the_load_list_names_it(
        app: App, tmp_path: Path, french: None) -> None:
    session = Session.new(app.registry, "carcassonne", ["hills-and-sheep"],
                          [Seat("Ada", "red"), Seat("Bob", "blue")], seed=3)
    saved = session.saved()
    saved.tilesets["hills-and-sheep"] = "0" * 16  # saved with another version of it
    open_saved(app, saved, tmp_path / "old.json")
    asked = on_top(app, ConfirmScene)
    assert asked.title == "Un jeu de tuiles a changé"
    assert "Le jeu de tuiles Moutons & collines a changé" in asked.text
    assert "hills-and-sheep" not in asked.text


def test_a_game_kept_unverified_is_named_as_the_load_list_shows_it(french: None) -> None:
    stem = f"{UNVERIFIED}-20250102-130400"
    assert display_name(Path(f"{stem}.json")) == "Partie non vérifiée"
    assert unverified_name(stem) == "« Partie non vérifiée » du 2025-01-02 13:04"
    assert display_name(Path(f"{UNVERIFIED}-by-hand.json")) == f"{UNVERIFIED}-by-hand"
