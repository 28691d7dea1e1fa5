"""The view layer, headless: the chronicle that tells a game for the turn log."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.random_policy import random_action
from game.rules import Deploy, Game, Place, ScoreEvent, Skip
from game.rules.model import LanguageText, Words
from game.rules.modules.hills_sheep import SheepDrawn
from game.rules.registry import Registry
from game.view import narrate
from game.view.chronicle import Chronicle, Tone, ends_turn, replay
from game.words.vocabulary import a_figure, figures_counted, kind_title, the_kind

GAMES = [("carcassonne", []), ("carcassonne", ["hills-and-sheep"]),
         ("hunters-and-gatherers", []), ("over-hill-and-dale", [])]


def told_game(registry: Registry, game_id: str, expansions: list[str], seed: int
              ) -> Chronicle:
    game = Game(registry.ruleset(game_id, expansions), ["Red", "Blue", "Green"], seed=seed)
    chronicle = Chronicle(game)
    rng = random.Random(seed)
    while not game.over:
        actions = game.legal_actions()
        deploys = [a for a in actions if isinstance(a, Deploy)]
        chronicle.apply(rng.choice(deploys) if deploys and rng.random() < 0.6
                        else random_action(game, rng))
    return chronicle


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
def test_a_game_told_again_from_its_moves_reads_the_same(registry: Registry, game_id: str,
                                                         expansions: list[str]) -> None:
    live = told_game(registry, game_id, expansions, seed=8)
    again = Chronicle.of(live.game)
    assert again.entries == live.entries
    assert again.turn_ends == live.turn_ends
    assert again.game is live.game


@pytest.mark.parametrize(("game_id", "expansions"), GAMES)
def test_turns_end_where_the_next_player_begins(registry: Registry, game_id: str,
                                                expansions: list[str]) -> None:
    chronicle = told_game(registry, game_id, expansions, seed=9)
    game = chronicle.game
    ends = chronicle.turn_ends
    assert ends[-1] == len(game.moves) and ends == sorted(set(ends))
    # every turn starts with a tile and ends with the figure step's answer
    starts = [0, *ends[:-1]]
    for first, end in zip(starts, ends, strict=True):
        assert isinstance(game.moves[first], Place)
        assert not isinstance(game.moves[end - 1], Place)
    turns = {e.turn for e in chronicle.entries}
    assert max(turns) == len(ends)


def test_the_final_scoring_follows_its_heading(registry: Registry) -> None:
    chronicle = told_game(registry, "carcassonne", [], seed=3)
    tones = [e.tone for e in chronicle.entries]
    heading = tones.index(Tone.HEADING)
    assert tones.count(Tone.HEADING) == 1
    finals = [ev for ev in chronicle.game.events if ev.final]
    assert len(tones) - heading - 1 == len(finals)
    assert all(t is Tone.SCORE for t in tones[heading + 1:])


def test_scores_read_as_the_feature_with_its_size_and_icons(registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["Red", "Blue"], seed=5)
    chronicle = Chronicle(game)
    game.force("tile", "E")
    chronicle.apply(Place("E", 0, -1, 180))  # closes the start tile's city
    chronicle.apply(Deploy("follower", "S"))
    assert [e.text for e in chronicle.entries] == [
        "Red placed a tile and a follower on the city",
        "Red +2: city of 2 tiles"]
    game.force("tile", "F")  # a city band with a shield, turned to run north-south
    chronicle.apply(Place("F", 1, -1, 90))
    chronicle.apply(Skip())
    assert chronicle.entries[-1].text == "Blue placed a tile"
    city = game.feature_at((1, -1), "N")
    cells = tuple(sorted({c for c, _ in city.parts}))
    ev = ScoreEvent(1, 2, "city", cells, final=True)
    assert narrate.scored(game, ev) == "Blue +2: city of 1 tile and 1 shield"


def test_replay_rebuilds_the_same_game(registry: Registry) -> None:
    chronicle = told_game(registry, "over-hill-and-dale", [], seed=4)
    again = replay(chronicle.game)
    assert again.scores == chronicle.game.scores and again.moves == chronicle.game.moves
    assert ends_turn(again)


def test_a_game_its_moves_do_not_rebuild_is_told_from_now_on(registry: Registry) -> None:
    game = Game(registry.ruleset("carcassonne"), ["Red", "Blue"], seed=2)
    rng = random.Random(2)
    game.deck.reverse()  # changed by hand: the seed no longer deals this pile
    for _ in range(6):
        game.apply(random_action(game, rng))
    chronicle = Chronicle.of(game)
    assert not chronicle.complete and chronicle.entries == [] and chronicle.in_step()
    chronicle.apply(random_action(game, rng))
    assert chronicle.entries[-1].text.endswith("placed a tile")


def _shepherd_on_a_field(registry: Registry, draw: str) -> Chronicle:
    """Red puts a shepherd in a field of a city band run north-south onto the start tile,
    and draws ``draw`` from the bag."""
    game = Game(registry.ruleset("carcassonne", ["hills-and-sheep"]), ["Red", "Blue"], seed=1)
    chronicle = Chronicle(game)
    game.force("tile", "F")
    chronicle.apply(Place("F", 0, -1, 90))
    port = next(d.target for d in game.deploy_options() if d.figure == "shepherd")
    game.force("draws", draw)
    chronicle.apply(Deploy("shepherd", port))
    return chronicle


def test_the_rules_announcements_are_told_in_the_logs_words(registry: Registry) -> None:
    drew = _shepherd_on_a_field(registry, "3")
    assert [e.text for e in drew.entries] == [
        "Red placed a tile and a shepherd on the field", "Red drew 3 sheep"]
    assert drew.game.notices[-1] == SheepDrawn(((0, -1),), 0, 3)
    wolf = _shepherd_on_a_field(registry, "wolf")
    assert wolf.entries[-1].text == "Wolf! The shepherd of Red goes home"
    assert wolf.entries[-1].tone is Tone.NOTICE


def test_harvest_tokens_taken_are_told(registry: Registry) -> None:
    chronicle = told_game(registry, "over-hill-and-dale", [], seed=8)
    took = [e.text for e in chronicle.entries if e.tone is Tone.NOTICE]
    assert took and all(" took a" in t and t.endswith(" token") for t in took)


def test_a_tile_set_of_ones_own_is_told_in_its_own_words(registry: Registry) -> None:
    base = registry.ruleset("carcassonne")
    words = LanguageText(kinds={"marsh": Words("bog", "bogs")},
                         figures={"monk": Words("friar", "friars"),
                                  "abbot": Words("abbot", "abbots", "the abbot himself")})
    own = dataclasses.replace(base, text={"en": words})
    assert the_kind(own, "marsh") == "the bog" and kind_title(own, "marsh") == "Bog"
    assert a_figure(own, "monk") == "a friar"
    assert a_figure(own, "abbot") == "the abbot himself"  # as the tile set says it
    assert figures_counted(own, "monk", 2) == "2 friars"
    game = Game(own, ["Red", "Blue"])
    assert narrate.placed_figure(game, "Red", "monk", "marsh") == "Red placed a friar on the bog"
    assert the_kind(own, "big_marsh") == "the big marsh"  # no words for it: its name
