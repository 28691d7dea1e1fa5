"""Review game in the window: the button starts a review off the frame loop with a progress
bar, Cancel (Esc) stops it, the review is kept in the save so a second one judges nothing,
the slider marks the judged turns, a marked turn shows the review's better move, and the
summary's costliest move opens its turn.  Reviews here judge on two futures a decision (or a
judge that is told what to say), so they are quick and the same on every run."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pygame
import pytest

import game.review
import game.review.words
from game.ai.random_policy import random_action
from game.review import Decision, Review, moves_key
from game.review.turns import decision_of_turn, position_before
from game.rules import Deploy, Game, Place, Skip
from game.ui.app import App
from game.ui.chance_chart import _apart
from game.ui.scenes import review as review_scene
from game.ui.scenes import review_summary
from game.ui.scenes.final import FinalScene
from game.ui.scenes.play import PlayScene, hint, history_mode, review_shown
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.review_summary import ReviewSummaryScene, kinds_shown
from game.ui.session import Seat, Session
from game.view.chronicle import Chronicle

from ..waiting import wait_until
from . import reviews
from .conftest import Driver, lines_set, on_top

WAIT = 60.0  # seconds a test waits at most for the review's thread (never reached)


@pytest.fixture(autouse=True)
def tiny_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_scene, "FUTURES", 2)
    monkeypatch.setattr(review_scene, "PROCESSES", 1)  # judged here, where tests can see


def a_session(app: App, turns: int = 8, seed: int = 3) -> Session:
    """A game of Carcassonne, a person against a computer, played ``turns`` turns."""
    seats = [Seat("Red", "red"), Seat("Blue", "blue", "quick")]
    session = Session.new(app.registry, "carcassonne", [], seats, seed=seed)
    game = session.game
    chronicle = Chronicle(game)
    rng = random.Random(seed)
    while len(chronicle.turn_ends) < turns and not game.over:
        actions = game.legal_actions()
        deploys = [a for a in actions if isinstance(a, Deploy)]
        chronicle.apply(rng.choice(deploys) if deploys and rng.random() < 0.6
                        else random_action(game, rng))
    return session


def button(buttons: list[Any], label: str) -> Any:
    return next(b for b in buttons if b.label == label)


def until(driver: Driver, done: Callable[[], bool]) -> None:
    """Frames until ``done()``, the review's thread given time between them."""
    wait_until(done, "the review's end", WAIT, step=driver.frames)


def test_review_game_runs_with_a_progress_bar_and_is_kept_in_the_save(
        app: App, driver: Driver) -> None:
    session = a_session(app)
    app.replace(FinalScene(app, session))
    driver.frames()
    woken: list[int] = []
    wake = app.wake

    def counted() -> None:
        woken.append(1)
        wake()
    app.wake = counted  # type: ignore[method-assign]
    driver.click(button(app.scene.buttons, "Review game").rect.center)  # type: ignore[attr-defined]
    scene = on_top(app, ReviewScene)
    seen: list[tuple[int, int]] = []

    def finished() -> bool:
        seen.append(scene.job.progress)
        return app.scene is not scene
    until(driver, finished)
    total = seen[-1][1]
    # Red's decisions judged, and Blue's turns followed for the chances after them
    points = game.review.decision_points(session.game, [0, 1])
    assert total == sum(p.player == 0 or p.ends_turn for p in points) > 2
    judged = [done for done, _ in seen]
    assert judged == sorted(judged) and judged[-1] == total  # the bar only advances
    assert len(woken) >= total  # the thread woke the resting window after each position
    # The summary follows; the review is the session's and the autosave's.
    summary = on_top(app, ReviewSummaryScene)
    assert summary.players == [0]
    assert session.review is not None and session.review.complete
    kept = Review.from_json(app.storage.load(app.storage.autosave_path()).review)
    assert kept is not None and kept.to_json() == session.review.to_json()


def test_cancel_stops_the_review_and_keeps_nothing(app: App, driver: Driver,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    started, release = threading.Event(), threading.Event()
    judged: list[int] = []
    real = game.review.judge_point

    def held(*args: Any, **kwargs: Any) -> Decision:
        judged.append(1)
        started.set()
        release.wait(WAIT)
        return real(*args, **kwargs)
    monkeypatch.setattr(game.review, "judge_point", held)
    session = a_session(app)
    app.replace(FinalScene(app, session))
    driver.frames()
    driver.click(button(app.scene.buttons, "Review game").rect.center)  # type: ignore[attr-defined]
    scene = on_top(app, ReviewScene)
    assert started.wait(WAIT)
    driver.key(pygame.K_ESCAPE)
    on_top(app, FinalScene)
    release.set()
    assert scene.job.wait(WAIT)
    result = scene.job.result()
    assert result is not None and not result.complete and len(judged) == 1
    assert session.review is None
    driver.frames(3)
    on_top(app, FinalScene)


def test_a_second_review_is_taken_from_the_save(app: App, driver: Driver,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    session = a_session(app)
    app.replace(FinalScene(app, session))
    driver.frames()
    driver.click(button(app.scene.buttons, "Review game").rect.center)  # type: ignore[attr-defined]
    until(driver, lambda: isinstance(app.scene, ReviewSummaryScene))
    first = session.review
    assert first is not None

    def never(*args: Any, **kwargs: Any) -> Decision:
        raise AssertionError("a decision judged again")
    monkeypatch.setattr(game.review, "judge_point", never)
    path = app.storage.autosave_path()
    again = Session.restore(app.registry, app.storage.load(path), path)
    assert again.review is not None and again.review.to_json() == first.to_json()
    app.replace(FinalScene(app, again))
    driver.frames()
    driver.click(button(app.scene.buttons, "Review summary").rect.center)  # type: ignore[attr-defined]
    assert on_top(app, ReviewSummaryScene).review is again.review
    # A review made again from a kept one (here marked unfinished) judges nothing either.
    again.review = Review(first.seats, first.moves, first.key, first.decisions,
                          complete=False, futures=first.futures, readings=first.readings)
    app.replace(FinalScene(app, again))
    driver.frames()
    driver.click(button(app.scene.buttons, "Review game").rect.center)  # type: ignore[attr-defined]
    until(driver, lambda: isinstance(app.scene, ReviewSummaryScene))
    assert again.review.complete and len(again.review.decisions) == len(first.decisions)


def made_up_review(session: Session) -> tuple[Review, Decision]:
    """A review of the person's decisions, one of them a mistake (``reviews``)."""
    review, mistakes = reviews.made_up_review(session, every=100)
    return review, mistakes[0]


def in_history(app: App, driver: Driver, session: Session) -> PlayScene:
    scene = PlayScene(app, session)
    app.replace(scene)
    driver.frames()
    driver.click(button(scene.buttons, "History").rect.center)
    assert scene.history.active
    return scene


def test_the_slider_marks_every_judged_turn(app: App, driver: Driver,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    session = a_session(app)
    session.review, mistake = made_up_review(session)
    drawn: dict[int, str] = {}
    scene = in_history(app, driver, session)
    track = scene.history._track(scene.layout_obj)
    turns = scene.history.history.turns  # type: ignore[union-attr]

    def mark(surface: pygame.Surface, verdict: str, centre: tuple[int, int],
             radius: int) -> None:
        drawn[round((centre[0] - track.x) / track.w * turns)] = verdict
    monkeypatch.setattr(history_mode, "draw_verdict_mark", mark)
    driver.frames()
    assert drawn == {d.turn: d.verdict for d in session.review.decisions}
    assert drawn[mistake.turn] == "mistake"
    assert list(drawn.values()).count("good") == len(session.review.decisions) - 1


def test_a_marked_turn_shows_the_better_move_and_its_points(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    session = a_session(app)
    session.review, mistake = made_up_review(session)
    shown: list[Place] = []
    real = hint.draw_suggestion

    def recorded(surface: pygame.Surface, res: Any, cam: Any, view: Any, position: Game,
                 place: Place, *rest: Any) -> None:
        shown.append(place)
        real(surface, res, cam, view, position, place, *rest)
    monkeypatch.setattr(review_shown, "draw_suggestion", recorded)
    scene = in_history(app, driver, session)
    scene.history.show(mistake.turn - 1)
    driver.frames()
    assert shown == []  # a good turn: no ghost
    scene.history.show(mistake.turn)
    driver.frames()
    better = mistake.best_actions()[0]
    assert shown and shown[-1] == better
    line = scene.history.reviewed.line(mistake.turn)
    position = position_before(session.game, mistake.move)
    assert line is not None and "−6.0 ± 1.0" in line
    assert f"Better: {game.review.words.advice(position, mistake, shown=True)}" in line
    assert isinstance(better, Place)
    # the board draws the better tile outlined: the words name that cell, not coordinates
    assert f"the tile on the outlined cell, turned {better.rotation}°" in line
    assert f"[{better.x}, {better.y}]" not in line
    assert decision_of_turn(session.review, mistake.turn) == mistake


def open_summary(app: App, driver: Driver, session: Session
                 ) -> tuple[PlayScene, ReviewSummaryScene]:
    """The game's play scene, and the review's summary opened from its final screen."""
    play = PlayScene(app, session)
    app.replace(play)
    driver.frames()
    play.show_final()
    final = on_top(app, FinalScene)
    driver.frames()
    driver.click(button(final.buttons, "Review summary").rect.center)
    return play, on_top(app, ReviewSummaryScene)


def test_the_costliest_move_of_the_summary_opens_its_turn(app: App, driver: Driver) -> None:
    session = a_session(app)
    session.review, mistake = made_up_review(session)
    play, summary = open_summary(app, driver, session)
    driver.frames()
    assert len(summary.costly) == 1 and f"Turn {mistake.turn}:" in summary.costly[0].label
    # No board beside it: the better move is told without coordinates a player never sees.
    detail = summary.costly[0].detail
    assert detail.startswith("Better: ") and "[" not in detail
    assert " cell, turned " in detail or "as you placed it" in detail
    driver.click(summary.costly[0].rect.center)
    assert on_top(app, PlayScene) is play
    assert play.history.active and play.history.turn == mistake.turn
    better = mistake.best_actions()[0]
    assert isinstance(better, Place) and play.history.ghost_cell() == better.cell


class PlacedText(pygame.Surface):
    """A screen that remembers where each text (by its surface) was blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.tops: dict[int, int] = {}

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        placed = super().blit(source, dest, area, special_flags)
        self.tops[id(source)] = placed.y
        return placed


def test_a_player_without_a_mistake_reads_well_played_under_the_counts(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    session = a_session(app)
    session.review, mistakes = reviews.made_up_review(session, every=1)
    assert not mistakes  # every decision judged good
    _play, summary = open_summary(app, driver, session)
    assert not summary.costly
    texts: dict[str, pygame.Surface] = {}  # kept, so that no id is used twice
    real = app.res.text

    def recording(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        img = real(text, *args, **kwargs)
        texts[text] = img
        return img

    monkeypatch.setattr(app.res, "text", recording)
    screen = PlacedText(app.screen.get_size())
    summary.draw(screen)
    counts = next(id(img) for text, img in texts.items() if "moves judged" in text)
    praise = id(texts["No inaccuracy, no mistake: well played!"])
    # the next line, not at the foot of an empty card
    assert 0 < screen.tops[praise] - screen.tops[counts] <= app.res.px(60)



def a_tile_without_its_figure(app: App) -> tuple[Session, PlayScene, Place, Deploy,
                                                 int | None]:
    """A game of Carcassonne whose first tile was placed and no figure put on it, a figure
    that could have gone there and the feature it would have gone on."""
    session = Session.new(app.registry, "carcassonne", [], [Seat("Red", "red"),
                                                            Seat("Blue", "blue")], seed=3)
    scene = PlayScene(app, session)
    app.replace(scene)
    game = session.game
    place = next(iter(game.legal_placements()))
    scene.play(place)
    figure = next(a for a in game.legal_actions() if isinstance(a, Deploy))
    area = game.target_feature(figure.target)
    scene.play(Skip())  # no figure
    return session, scene, place, figure, area


def test_a_better_figure_alone_is_shown_on_its_area_lit(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile was placed well but no figure taken: the better move is the figure, drawn
    with the area it should have gone to lit, as the Hint lights it."""
    session, scene, place, figure, area = a_tile_without_its_figure(app)
    game = session.game
    session.review = Review((0,), 2, moves_key(game.moves), [
        Decision(1, 1, 0, (str(Skip()),), (str(figure),), 6.0, 1.0, 12, {})])
    shown = review_shown.ReviewShown(session)
    assert (turn := shown.turn(1)) is not None and turn.better
    scene.camera.set_zoom(11)
    scene.camera.centre = (place.cell[0] + 0.5, place.cell[1] + 0.5)
    driver.wait(1.0)
    before = app.screen.copy()
    shown.draw_ghost(app.screen, app.res, scene.camera, scene.view, 1)
    placed = game.board.tiles[place.cell]
    x, y, w, _h = (round(v) for v in scene.camera.cell_rect(place.cell))
    regions = scene.view.art.regions(placed.tile, placed.rotation, w)
    assert area is not None
    fx, fy = scene.camera.local_to_screen(place.cell, placed.turned.anchors[area])
    changed = [regions.at(((px - x) / w, (py - y) / w)) == area
               for px in range(x + 12, x + w - 12, 6) for py in range(y + 12, y + w - 12, 6)
               if app.screen.get_at((px, py)) != before.get_at((px, py))
               and max(abs(px - fx), abs(py - fy)) > w // 5]  # away from the figure itself
    # the area is lit; outside it, at most the lit area's edge
    assert changed.count(True) > 40 and changed.count(False) <= changed.count(True) // 10
    # and the figure is see-through: on a tile really placed it is not really there
    white = pygame.Surface(app.screen.get_size())
    looks = []
    for alpha in (255, review_shown.GHOST_FIGURE_ALPHA):
        white.fill((255, 255, 255))
        hint.draw_figure_on(white, app.res, scene.camera, game, place.cell, placed.tile,
                            placed.rotation, figure, (206, 58, 48), alpha=alpha)
        looks.append(tuple(white.get_at((round(fx), round(fy))))[:3])
    solid, ghost = looks
    assert solid != (255, 255, 255) and sum(ghost) > sum(solid)
    drawn: list[int] = []
    real = hint.draw_figure_on

    def recorded(*args: Any, **kwargs: Any) -> None:
        drawn.append(kwargs.get("alpha", 255))
        real(*args, **kwargs)
    monkeypatch.setattr(review_shown, "draw_figure_on", recorded)
    shown.draw_ghost(app.screen, app.res, scene.camera, scene.view, 1)
    assert drawn == [review_shown.GHOST_FIGURE_ALPHA]


def test_the_same_tile_with_a_better_figure_shows_only_the_figure(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The better move is the tile where it was placed plus a figure: the tile is not drawn
    again over itself, the area is lit and the figure drawn see-through."""
    session, scene, place, figure, _area = a_tile_without_its_figure(app)
    game = session.game
    session.review = Review((0,), 2, moves_key(game.moves), [
        Decision(0, 1, 0, (str(place), str(Skip())), (str(place), str(figure)), 6.0, 1.0, 12,
                 {})])
    shown = review_shown.ReviewShown(session)
    assert (turn := shown.turn(1)) is not None and turn.better
    suggested: list[Place] = []
    alphas: list[int] = []
    real = hint.draw_figure_on

    def figure_drawn(*args: Any, **kwargs: Any) -> None:
        alphas.append(kwargs.get("alpha", 255))
        real(*args, **kwargs)
    monkeypatch.setattr(review_shown, "draw_suggestion",
                        lambda *args: suggested.append(args[5]))
    monkeypatch.setattr(review_shown, "draw_figure_on", figure_drawn)
    driver.frames()
    before = app.screen.copy()
    shown.draw_ghost(app.screen, app.res, scene.camera, scene.view, 1)
    assert suggested == [] and alphas == [review_shown.GHOST_FIGURE_ALPHA]
    x, y, w, h = (round(v) for v in scene.camera.cell_rect(place.cell))
    changed = sum(app.screen.get_at((px, py)) != before.get_at((px, py))
                  for px in range(x + 4, x + w - 4, 4) for py in range(y + 4, y + h - 4, 4))
    assert changed > 20  # the area lit


def test_the_kinds_shown_add_up_to_the_points_lost_in_any_room() -> None:
    """With room for fewer rows than kinds, the smallest kinds share one last row: the rows
    add up to the points lost, gains (negative) included, instead of leaving them out."""
    lost = {"city": 17.1, "road": 7.8, "field": 7.6, "figures": -9.0, "cloister": -4.0}
    for rows in range(2, 7):
        shown = kinds_shown(lost, rows)
        assert len(shown) <= rows
        assert abs(sum(v for _k, v in shown) - sum(lost.values())) < 1e-9
    assert kinds_shown(lost, 3) == [("city", 17.1), ("figures", -9.0), ("", 7.8 + 7.6 - 4.0)]


def test_a_long_reason_takes_a_second_line_rather_than_being_cut(
        small: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review's verdict with its better move, in French, at the smallest window: read
    whole on two lines, nothing cut short."""
    text = ("Imprécision : −5,7 ± 1,0 points. Mieux : achève votre forêt : +8 ; partisan "
            "ici (rivière) : +8 si la partie finissait maintenant")
    drawn = lines_set(small, monkeypatch)
    board = pygame.Rect(0, 0, 640, 560)
    box = hint.draw_reason(small.screen, small.res, board, 60, text)
    assert len(drawn) == 2 and " ".join(drawn) == text
    assert board.contains(box)


def test_stepping_to_a_marked_turn_brings_its_tile_out_from_under_the_reviews_line(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's line under the banner, on two lines, would hide the very turn it speaks
    of: the turn's tile glides down from under it."""
    text = ("Mistake: −6.0 ± 1.0 points. Better: completes your city: +8; follower here "
            "(field): +6 if the game ended now; keeps your farmer in the largest field")
    monkeypatch.setattr(review_shown.ReviewShown, "line", lambda self, turn: text)
    session = a_session(app)
    session.review, mistake = made_up_review(session)
    scene = in_history(app, driver, session)
    history = scene.history
    history.show(mistake.turn - 1)
    driver.frames()
    assert history.history is not None
    cell = history.history.cells_of(mistake.turn)[0]
    res, cam = app.res, scene.camera
    line = hint.reason_rect(res, scene.layout_obj.board, scene.question.below_banner(res), text)
    assert line.h > res.font(21, bold=True).get_linesize() * 2  # two lines
    while cam.moving():
        driver.frames()
    x, y, w, _h = cam.cell_rect(cell)
    cam.pan_pixels(line.centerx - (x + w // 2), line.centery - y)
    _fx, fy, _fw, _fh = cam.free_rect()
    assert cam.cell_rect(cell)[1] >= fy  # below the banner's strip: the free board has it
    driver.key(pygame.K_RIGHT)
    assert history.turn == mistake.turn
    while cam.moving():
        driver.frames()
    assert cam.cell_rect(cell)[1] >= line.bottom


@pytest.mark.parametrize("window_fixture", ["app", "small"])
def test_a_window_with_room_shows_every_kind_of_points_lost(
        window_fixture: str, request: pytest.FixtureRequest,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Four kinds lost (cities, roads, fields, figures kept), two players reviewed (tabs):
    # a 1280x800 window shows a row
    # each, none folded into "Other kinds"; the smallest window folds what it must, and its
    # rows still add up to the points lost; the card stays inside the window either way
    window: App = request.getfixturevalue(window_fixture)
    shown: list[list[tuple[str, float]]] = []
    real = review_summary.kinds_shown

    def recording(lost: dict[str, float], rows: int) -> list[tuple[str, float]]:
        out = real(lost, rows)
        shown.append(out)
        return out

    monkeypatch.setattr(review_summary, "kinds_shown", recording)
    session = a_session(window, turns=20)
    session.review, _mistakes = reviews.made_up_review(session, seats=(0, 1))
    _play, summary = open_summary(window, Driver(window), session)
    lost = session.review.lost_by_category(0)
    # the card as full as it gets: a tab per player, three costliest moves
    assert len(lost) == 4 and len(summary.tabs) == 2 and len(summary.costly) == 3
    shown.clear()
    summary.draw(window.screen)
    rows = shown[-1]
    if window_fixture == "app":
        assert sorted(k for k, _v in rows) == sorted(lost)
    assert sum(v for _k, v in rows) == pytest.approx(sum(lost.values()))
    bottom = max(b.rect.bottom for b in [*summary.costly, summary.close_button])
    assert bottom <= summary.card.bottom <= window.screen.get_height()
    assert summary.card.top >= 0


@pytest.mark.parametrize("window_fixture", ["app", "small"])
def test_a_turning_point_of_the_chances_on_the_final_screen_opens_its_turn(
        window_fixture: str, request: pytest.FixtureRequest) -> None:
    """Beside the score chart, the chances to win with the turning points flagged: one
    click on a flag and the history shows that turn, out from under the charts."""
    app: App = request.getfixturevalue(window_fixture)
    driver = Driver(app)
    session = a_session(app, turns=30)
    session.review, _mistakes = reviews.made_up_review(session)
    play, _summary = open_summary(app, driver, session)
    driver.key(pygame.K_ESCAPE)  # the summary closed: the final screen under it
    final = on_top(app, FinalScene)
    driver.frames()
    turning = session.review.turning_points()
    assert turning and final.chances.plot.w and final.chart.plot.w
    assert final.chances.plot.x > final.chart.plot.right  # beside it
    rect, turn = final.chances.flags[-1]
    assert turn == turning[-1]
    driver.click(rect.center)
    assert on_top(app, PlayScene) is play
    assert play.history.active and play.history.turn == turn
    driver.frames()
    history = play.history
    assert history.chances.plot.w  # the chances in the history too, beside the score chart
    assert history.chances_rect(play.layout_obj).right < history.chart_rect(play.layout_obj).x
    while play.camera.moving():
        driver.frames()
    assert history.history is not None
    cells = history.history.cells_of(turn)
    shown = [pygame.Rect(play.camera.cell_rect(c)) for c in cells]
    assert not any(r.colliderect(cover) for r in shown
                   for cover in history.covers(play.layout_obj))


def test_a_click_on_the_chances_in_the_history_shows_that_turn(app: App,
                                                               driver: Driver) -> None:
    session = a_session(app, turns=30)
    session.review, _mistakes = reviews.made_up_review(session)
    scene = in_history(app, driver, session)
    history = scene.history
    driver.frames()
    rect, turn = history.chances.flags[0]
    driver.click(rect.center)
    assert history.turn == turn
    plot = history.chances.plot
    driver.click((plot.x + plot.w // 2, plot.centery))
    assert history.turn == round(history.chances.turns / 2)
    session.review = None  # no review, no chances: the score chart alone
    driver.frames()
    assert not history.chances.plot.w
    assert len(history.covers(scene.layout_obj)) == 2


def test_the_turning_points_flags_stand_apart() -> None:
    """Flags of turning points a few turns apart would overlap: moved aside, in order, and
    kept inside the chart."""
    assert _apart([10, 50, 90], 20, 0, 200) == [10, 50, 90]
    assert _apart([10, 14, 16], 20, 0, 200) == [10, 30, 50]
    assert _apart([190, 195], 20, 0, 200) == [180, 200]
