"""The turn log in the window: things in the order they happened, in words from the tile
sets (no tile id, no port name), the same after Continue and Load, and undo taking a line back."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Choose, Deploy, Place
from game.rules import ports as P
from game.ui.app import App
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.saves import LoadScene, NameScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.words import i18n

from .conftest import Driver, on_top

GAMES = [("carcassonne", []), ("carcassonne", ["hills-and-sheep"]),
         ("hunters-and-gatherers", []), ("over-hill-and-dale", [])]


def start(app: App, game_id: str = "carcassonne", expansions: list[str] | None = None,
          seed: int = 5) -> PlayScene:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, game_id, expansions or [], seats, seed=seed))
    app.replace(scene)
    app.step(1 / 60)
    return scene


def log(scene: PlayScene) -> list[str]:
    return [line.text for line in scene.feedback.log_lines()]


def play_randomly(scene: PlayScene, seed: int, turns: int | None = None) -> None:
    """Random legal actions through the scene (figures placed often), to the end or for a
    number of turns."""
    game = scene.game
    rng = random.Random(seed)
    start_turns = len(scene.feedback.chronicle.turn_ends)
    while not game.over and (turns is None or
                             len(scene.feedback.chronicle.turn_ends) - start_turns < turns):
        actions = game.legal_actions()
        deploys = [a for a in actions if isinstance(a, Deploy)]
        scene.play(rng.choice(deploys) if deploys and rng.random() < 0.7
                   else random_action(game, rng))
        scene.score_show.skip()


def test_a_tile_and_its_figure_are_one_sentence_of_the_tile_sets_words(
        app: App, driver: Driver) -> None:
    scene = start(app)
    game = scene.game
    game.force("tile", "U")  # a straight road east of the start tile
    scene.place((1, 0), 0)
    assert log(scene) == ["Red placed a tile"]
    target = scene.options.targets()
    road = next(t for t in target if game.board.tiles[(1, 0)].tile.features[t.index].kind
                == "road")
    anchor = game.board.tiles[(1, 0)].turned.anchors[road.index]
    x, y = scene.camera.local_to_screen((1, 0), anchor)
    driver.click((round(x), round(y)))
    driver.key(pygame.K_RETURN)
    assert log(scene) == ["Red placed a tile and a follower on the road"]


def test_undo_takes_the_tile_line_back(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "U")
    scene.place((1, 0), 0)
    assert log(scene) == ["Red placed a tile"]
    driver.key(pygame.K_BACKSPACE)
    assert log(scene) == []
    assert scene.game.moves == []


def test_a_turns_announcements_come_before_the_next_turn(app: App, driver: Driver) -> None:
    # Over Hill and Dale: a completed crop field hands out its harvest tokens in the turn
    # that completed it, before the next player's tile.
    scene = start(app, "over-hill-and-dale", seed=2)
    play_randomly(scene, seed=1)
    lines = scene.feedback.log_lines()
    entries = scene.feedback.chronicle.entries
    takes = [i for i, e in enumerate(entries) if e.tone.value == "notice"]
    assert takes
    for i in takes:
        # the notice belongs to the turn of the action before it
        before = next(e for e in reversed(entries[:i]) if e.tone.value == "action")
        assert entries[i].turn == before.turn
        after = next((e for e in entries[i + 1:] if e.tone.value == "action"), None)
        assert after is None or after.turn > entries[i].turn
    heading = [line.text for line in lines].index("Final scoring")
    assert heading < len(lines) - 1  # the final entries follow their heading
    assert all(e.tone.value == "score" for e in entries[heading + 1:])
    assert len(lines) == len(entries)


def test_the_log_survives_continue(app: App, driver: Driver) -> None:
    scene = start(app, "carcassonne", ["hills-and-sheep"], seed=3)
    play_randomly(scene, seed=3, turns=12)
    driver.frames(2)  # each confirmed turn is autosaved
    before = log(scene)
    assert len(before) >= 12
    title = TitleScene(app)
    app.replace(title)
    driver.frames()
    continue_button = next(b for b in title.buttons if b.label == "Continue")
    driver.click(continue_button.rect.center)
    resumed = on_top(app, PlayScene)
    assert resumed is not scene
    assert log(resumed) == before


def test_the_log_survives_save_and_load(app: App, driver: Driver) -> None:
    scene = start(app, "hunters-and-gatherers", seed=8)
    play_randomly(scene, seed=8, turns=10)
    before = log(scene)
    driver.key(pygame.K_ESCAPE)
    pause = on_top(app, PauseScene)
    driver.click(next(b for b in pause.buttons if b.label == "Save game").rect.center)
    on_top(app, NameScene)
    driver.key(pygame.K_RETURN)  # the name offered: "Game saved" fades by itself
    on_top(app, PauseScene)
    driver.click(next(b for b in pause.buttons if b.label == "Load game").rect.center)
    load = on_top(app, LoadScene)
    row = next(i for i, e in enumerate(load.entries) if e.path.name != "autosave.json")
    driver.click(load._row_rect(row).center)
    loaded = on_top(app, PlayScene)
    assert loaded is not scene
    assert loaded.game.moves == scene.game.moves
    assert len(before) >= 10 and log(loaded) == before


def test_moves_played_outside_the_window_are_told_too(app: App, driver: Driver) -> None:
    scene = start(app)
    game = scene.game
    rng = random.Random(4)
    for _ in range(6):
        game.apply(random_action(game, rng))
    driver.frames()
    assert len(scene.feedback.chronicle.turn_ends) == 3
    placed = [line for line in log(scene) if " placed " in line]
    assert [line.split()[0] for line in placed] == ["Red", "Blue", "Red"]


# Tile ids and port names, as whole words (tile ids of one letter are capitals; the log's
# sentences never use a lone capital letter).
def _forbidden(game_tile_ids: set[str]) -> re.Pattern[str]:
    words = sorted(game_tile_ids | set(P.PORT_NAMES), key=len, reverse=True)
    return re.compile(r"(?<![\w'])(" + "|".join(map(re.escape, words)) + r")(?![\w'])")


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
def test_no_tile_id_or_port_name_in_any_log_line(app: App, driver: Driver, game_id: str,
                                                  expansions: list[str]) -> None:
    scene = start(app, game_id, expansions, seed=11)
    play_randomly(scene, seed=11)
    assert scene.game.over
    forbidden = _forbidden({t.id for t in scene.game.tileset.tiles})
    lines = log(scene)
    assert len(lines) > 60
    for line in lines:
        assert not forbidden.search(line), line
    assert any(isinstance(m, Place) for m in scene.game.moves)


def test_a_herded_flock_is_told_once(app: App, driver: Driver) -> None:
    """Herding scores the flock: its points' line tells it ("+4: a flock of 4 sheep"), the
    announcement floated over the board is not told again in the log."""
    for seed in range(60):
        scene = start(app, "carcassonne", ["hills-and-sheep"], seed=seed)
        game = scene.game
        rng = random.Random(seed)
        while not game.over and not (game.phase == "choose" and "herd" in game.choices[0].options):
            scene.play(random_action(game, rng))
            scene.score_show.skip()
        if not game.over:
            break
    else:
        raise AssertionError("no flock to herd in 60 games")
    before = len(log(scene))
    scene.play(Choose("herd"))
    driver.frames(2)
    herded = log(scene)[before:]
    sheep = [line for line in herded if "sheep" in line]
    assert len(sheep) == 1 and "a flock of" in sheep[0], herded
    assert any("herded" in p.text for p in scene.feedback.popups)  # still floated


def test_the_log_speaks_the_language_chosen_while_the_game_is_open(app: App) -> None:
    scene = start(app, "carcassonne", ["hills-and-sheep"])
    try:
        i18n.set_language("fr")
        play_randomly(scene, seed=3, turns=3)
        assert "Red a posé une tuile" in " ".join(log(scene))
        i18n.set_language("en")
        told = log(scene)
        assert told and not any("a posé" in line for line in told)
        assert told[0].startswith("Red placed a tile")
    finally:
        i18n.set_language("en")
