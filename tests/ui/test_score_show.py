"""Scores shown on the board and the end of the game, driven with real events, headless:
scored features outlined in turn with counters counting up, the stepped final scoring, and
the final screen's View board, Play again and Title."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.rules import Deploy, Place, ScoreEvent
from game.ui import hud, widgets
from game.ui.app import App
from game.ui.scenes.final import FinalScene, score_sheet, sheet_cells
from game.ui.scenes.play import PlayScene, score_show
from game.ui.scenes.play.log_panel import LogLine
from game.ui.scenes.play.score_show import FINAL_STEP, STEP, Showing, group_events
from game.ui.scenes.play.sidebar import visible_log
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session

from .conftest import Driver, on_top


def shown_log(scene: PlayScene) -> list[LogLine]:
    return visible_log(scene.feedback, scene.history, scene.score_show)


def start(app: App, seed: int = 5, game_id: str = "carcassonne") -> PlayScene:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, game_id, [], seats, seed=seed))
    app.replace(scene)
    app.step(1 / 60)
    return scene


def near_the_end(app: App, seed: int = 3) -> PlayScene:
    """A game whose next confirmed turn is its last: random moves (with many figures) up to
    the last tile, the scene started there."""
    scene = start(app, seed)
    game = scene.game
    rng = random.Random(seed)
    while not (game.tiles_left == 0 and game.phase == "figure"):
        actions = game.legal_actions()
        deploys = [a for a in actions if isinstance(a, Deploy)]
        game.apply(rng.choice(deploys) if deploys and rng.random() < 0.7
                   else random_action(game, rng))
    fresh = PlayScene(app, scene.session)
    app.replace(fresh)
    app.step(1 / 60)
    return fresh


def test_a_completed_city_is_shown_in_its_winners_colour_and_the_counter_counts_up(
        app: App, driver: Driver) -> None:
    scene = start(app)
    game = scene.game
    # The start tile's city (north) closed by a city cap turned to face it, with a follower:
    # a city of two tiles, 2 points.
    game.force("tile", "E")
    scene.play(Place("E", 0, -1, 180))
    scene.play(Deploy("follower", "S"))
    show = scene.score_show
    driver.frames(1)
    current = show.current
    assert current is not None and [ev.points for ev in current.events] == [2]
    assert current.winners() == [0]
    city = game.feature_at((0, 0), "N")
    assert set(current.parts) == set(city.parts)  # the whole city, across both tiles
    assert show.shown_scores()[0] < 2  # counting up
    assert [f.kind for f in current.figures] == ["follower"]  # still on the city
    assert "score" in app.sound.played
    driver.frames(round(STEP * 60) + 40)
    assert show.shown_scores() == game.scores == [2, 0]
    assert not show.busy  # the follower has gone home


def test_the_final_scoring_is_stepped_and_reaches_the_rules_totals(app: App,
                                                                    driver: Driver) -> None:
    scene = near_the_end(app)
    game = scene.game
    events_before = len(game.events)
    before = scene.score_show.shown_scores()
    driver.key(pygame.K_RETURN)  # the last turn: the final scoring follows
    assert game.over
    final_groups = group_events([ev for ev in game.events[events_before:] if ev.final])
    assert len(final_groups) >= 3
    log_after = [line.text for line in scene.feedback.log_lines()]
    assert len(shown_log(scene)) < len(log_after)  # the log waits for the board
    seen: list[Showing] = []
    steps = 0
    while scene.score_show.busy:
        current = scene.score_show.current
        if current is not None and current.final and (not seen or seen[-1] is not current):
            seen.append(current)
        shown = scene.score_show.shown_scores()
        assert all(a <= b for a, b in zip(before, shown, strict=True))  # never counts down
        assert all(s <= t for s, t in zip(shown, game.scores, strict=True))
        before = shown
        assert not isinstance(app.scene, FinalScene)
        driver.frames(6)
        steps += 1
        assert steps < 2000
    assert [s.events for s in seen] == final_groups  # one step per feature or award
    assert scene.score_show.shown_scores() == game.scores
    assert [line.text for line in shown_log(scene)] == log_after
    driver.frames(60)
    on_top(app, FinalScene)
    assert len(seen) * FINAL_STEP * 60 / 6 <= steps + 10


def test_space_skips_the_final_scoring_to_the_totals(app: App, driver: Driver) -> None:
    scene = near_the_end(app, seed=4)
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    assert scene.score_show.final_running
    assert scene.score_show.shown_scores() != scene.game.scores
    driver.key(pygame.K_SPACE)
    assert scene.score_show.shown_scores() == scene.game.scores
    assert not scene.score_show.busy
    driver.frames(60)
    on_top(app, FinalScene)


def test_a_click_skips_the_final_scoring_too(app: App, driver: Driver) -> None:
    scene = near_the_end(app, seed=4)
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    driver.click(scene.layout_obj.board.center)
    assert not scene.score_show.busy
    assert scene.score_show.shown_scores() == scene.game.scores


def finished(app: App, driver: Driver) -> tuple[PlayScene, FinalScene]:
    scene = near_the_end(app)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_SPACE)
    driver.frames(60)
    final = on_top(app, FinalScene)
    return scene, final


def button(scene: FinalScene, label: str) -> tuple[int, int]:
    return next(b for b in scene.buttons if b.label == label).rect.center


def test_view_board_shows_the_finished_board_and_scores_brings_the_sheet_back(
        app: App, driver: Driver) -> None:
    scene, final = finished(app, driver)
    driver.click(button(final, "View board"))
    assert app.scene is scene and scene.game.over
    # the board pans freely
    centre = scene.camera.centre
    board = scene.layout_obj.board.center
    driver.drag(board, (board[0] + 120, board[1] + 40))
    assert scene.camera.centre != centre
    assert scene.controls.shown(scene.history.active, scene.finished)[0].label == "Scores"
    # the feature card works on the finished board
    x, y = scene.camera.local_to_screen((0, 0), (0.5, 0.1))  # the start tile's city
    driver.move((round(x), round(y)))
    driver.frames(30)
    assert scene.hover.card is not None and scene.hover.card.title == "City"
    # an unfinished feature says what the final scoring gave it, no longer a worth
    game = scene.game
    held = next(f for f in game.all_features() if f.figures and not f.complete)
    cell, index = sorted(held.parts)[0]
    scene.camera.centre = (cell[0] + 0.5, cell[1] + 0.5)  # in sight, whatever the pan did
    driver.frames()
    x, y = scene.camera.local_to_screen(cell, game.board.tiles[cell].turned.anchors[index])
    driver.move((round(x), round(y)))
    driver.frames(30)
    card = scene.hover.card
    assert card is not None and scene.hover.feature is not None
    assert scene.hover.feature.id == held.id
    worth = game.feature_worth(held.id).final
    assert card.lines[-1].text == f"Scored {worth} at the end"
    driver.click(scene.controls.scores_button.rect.center)
    on_top(app, FinalScene)
    driver.key(pygame.K_ESCAPE)  # Esc: the board again
    assert app.scene is scene
    driver.key(pygame.K_RETURN)  # Enter: the score sheet again
    on_top(app, FinalScene)


def test_play_again_starts_the_same_set_up_afresh(app: App, driver: Driver) -> None:
    scene, final = finished(app, driver)
    old = scene.session
    driver.click(button(final, "Play again"))
    new = on_top(app, PlayScene)
    assert new.session is not old
    assert [(s.name, s.colour, s.kind) for s in new.session.seats] == \
        [(s.name, s.colour, s.kind) for s in old.seats]
    assert new.session.game_id == old.game_id and new.session.expansions == old.expansions
    assert new.game.chosen_options == old.game.chosen_options
    assert new.game.moves == [] and not new.game.over


def test_title_goes_to_the_title(app: App, driver: Driver) -> None:
    _, final = finished(app, driver)
    driver.click(button(final, "Title"))
    on_top(app, TitleScene)


def test_every_row_says_what_came_at_the_end(app: App, driver: Driver) -> None:
    scene, _ = finished(app, driver)
    cats, rows = score_sheet(scene.session)
    cells = sheet_cells(cats, rows)
    ended = [j for j, cat in enumerate(cats) if any(r.get(cat + "@end") for r in rows)]
    assert ended
    for p, row in enumerate(cells):
        for j, (total, end) in enumerate(row):
            cat = cats[j]
            assert total == str(rows[p].get(cat, 0))
            if j in ended:
                assert end == f"({rows[p].get(cat + '@end', 0)} at end)"
            else:
                assert end is None
    # farms score only at the end: "N (N at end)", all of it
    field = cats.index("field")
    for p, row in enumerate(cells):
        if rows[p].get("field"):
            assert row[field] == (str(rows[p]["field"]), f"({rows[p]['field']} at end)")


def record_text(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the resources render from now on, in order."""
    written: list[str] = []
    real = app.res.text

    def recording(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        written.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.res, "text", recording)
    return written


def test_the_finished_boards_tray_says_the_game_is_over(app: App, driver: Driver,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    scene, final = finished(app, driver)
    driver.click(button(final, "View board"))
    assert app.scene is scene
    written = record_text(app, monkeypatch)
    scene.draw(app.screen)
    assert "The game is over" in written
    assert not any("left in the pile" in text for text in written)


def test_the_score_sheet_names_a_computer_seats_level(app: App, driver: Driver,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    scene, final = finished(app, driver)
    scene.session.seats[1].kind = "strong"
    drawn = record_text(app, monkeypatch)
    final.draw(app.screen)
    assert "Hard" in drawn and "Blue" in drawn  # beside the name, not glued to it
    assert "Blue (Hard)" not in drawn


def test_the_banner_of_a_finished_game_wears_no_players_colour(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = near_the_end(app)
    dots: list[tuple[int, int, int]] = []
    real = hud.draw_banner

    def recording(surface: pygame.Surface, res: Any, board: pygame.Rect, text: str,
                  colour: tuple[int, int, int], **kwargs: Any) -> pygame.Rect:
        dots.append(colour)
        return real(surface, res, board, text, colour, **kwargs)

    monkeypatch.setattr("game.ui.scenes.play.drawing.draw_banner", recording)
    driver.key(pygame.K_RETURN)  # the last turn: the final scoring is shown
    assert scene.score_show.final_running
    scene.draw(app.screen)
    scoring = dots[-1]
    driver.key(pygame.K_SPACE)
    driver.frames(60)
    final = on_top(app, FinalScene)
    driver.click(button(final, "View board"))  # the banner says "Game over"
    scene.draw(app.screen)
    seats = {seat.rgb for seat in scene.session.seats}
    assert scoring not in seats and dots[-1] not in seats  # not the seat next in line's


def test_without_room_for_a_chart_the_rule_lines_follow_the_sheet(small: App) -> None:
    """Three players of Over Hill and Dale at the smallest window: the lines of its rules
    and crops leave no room for a chart, and they stand under the score sheet, not by the
    buttons with a hole above them."""
    seats = [Seat(name, colour, "human") for name, colour in
             (("Red", "red"), ("Blue", "blue"), ("Yellow", "yellow"))]
    session = Session.new(small.registry, "over-hill-and-dale", [], seats, seed=3)
    rng = random.Random(3)
    while not session.game.over:
        session.game.apply(random_action(session.game, rng))
    final = FinalScene(small, session)
    small.replace(final)
    Driver(small).frames(2)
    assert not final.charts_shown
    assert final.details_top - final.sheet_bottom <= small.res.px(20)


def test_an_award_that_names_no_tile_shows_its_points_in_the_middle_of_the_board(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule module's points for the whole game (``host.award(player, n, category, [])``,
    as docs/adding-a-game.md shows) name no tile: they stand in the middle of the board."""
    scene = start(app)
    drawn: list[tuple[float, float]] = []
    real = widgets.blit_centred

    def recorded(surface: pygame.Surface, image: pygame.Surface,
                 centre: tuple[float, float]) -> None:
        drawn.append(centre)
        real(surface, image, centre)

    monkeypatch.setattr(score_show, "blit_centred", recorded)
    scene.score_show.add([ScoreEvent(0, 3, "apples", (), True)], [])
    driver.frames(10)
    shown = scene.score_show.current
    assert shown is not None and (shown.cells, shown.parts) == ((), ())
    free = scene.camera.free_rect()
    middle = (free[0] + free[2] / 2, free[1] + free[3] / 2)
    assert drawn and all(abs(x - middle[0]) < free[2] / 4 and abs(y - middle[1]) < free[3] / 4
                         for x, y in drawn)
