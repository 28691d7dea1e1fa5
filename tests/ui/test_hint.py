"""The Hint in the window, driven with real events: the button and the ? key start the
thinking ("Hint: thinking…" under the banner), then light a legal cell and a legal figure
target; it never plays, a move made while it thinks drops it, and the setting hides them."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pygame
import pytest

from game.review import hints
from game.rules import Deploy, Move, Place
from game.ui.app import App
from game.ui.scenes.play import hint as hint_module
from game.ui.scenes.play.options import Target
from game.ui.scenes.play.scene import PlayScene
from game.ui.session import Seat, Session

from ..waiting import WAIT, wait_until
from .conftest import Driver
from .test_hand import hand_game, reveal
from .test_play import centre, screen_of, start
from .test_scenes import button, new_game


@pytest.fixture(autouse=True)
def brief(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint judges the fewest futures (the judge's least, whatever the time): quick, and
    the same plan each time it is asked in the same moment."""
    monkeypatch.setattr(hints, "THINK_SECONDS", 0.0)


def thinking_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "hint" and t.is_alive()]


def settled(driver: Driver, seconds: float = WAIT) -> None:
    """Frames until no hint is being thought of any more; past ``seconds``, the test
    fails."""
    wait_until(lambda: not thinking_threads(), "no hint being thought of any more", seconds,
               step=driver.frames)
    driver.frames(2)  # the plan ready is shown


def question_mark(driver: Driver, wait: bool = True) -> None:
    """The ? key, then (``wait``) frames until the hint is thought of."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):  # pressed and released, as a keyboard does
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_SLASH,
                                             mod=pygame.KMOD_SHIFT, unicode="?", scancode=0))
    driver.frames()
    if wait:
        settled(driver)


@pytest.fixture
def lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The lines drawn under the banner, in order."""
    said: list[str] = []
    real = hint_module.draw_reason

    def recorded(surface: pygame.Surface, res: object, board: pygame.Rect, top: int,
                 text: str) -> pygame.Rect:
        said.append(text)
        return real(surface, res, board, top, text)  # type: ignore[arg-type]

    monkeypatch.setattr(hint_module, "draw_reason", recorded)
    yield said


def test_the_hint_lights_a_legal_cell_and_figure_and_never_plays(app: App,
                                                                 driver: Driver) -> None:
    play = new_game(app, driver)
    game = play.game
    moves = list(game.moves)
    driver.click(button(play, "Hint"))
    settled(driver)
    hint = play.hint.current()
    assert hint is not None and game.moves == moves
    assert isinstance(hint.place, Place) and hint.place in game.legal_placements()
    after = game.copy()
    after.apply(hint.place)
    assert hint.figure is None or hint.figure in after.legal_actions()
    if isinstance(hint.figure, Deploy):
        assert after.target_feature(hint.figure.target) is not None
    driver.frames(3)  # drawn on the board, and its line under the banner
    assert game.moves == moves
    driver.click(button(play, "Hint"))  # asked again: hidden
    assert play.hint.current() is None and not play.hint.thinking()
    question_mark(driver)
    assert play.hint.current() == hint  # the same moment: the same plan
    play.place(hint.place.cell, hint.place.rotation // 90)
    driver.frames()
    rest = play.hint.current()  # the hinted placement made: what is left of the hint stays
    if hint.answer is None and hint.figure is None:
        assert rest is None
    else:
        assert rest == hints.Hint(None, hint.answer, hint.figure, hint.why)
        driver.click(button(play, "Hint"))  # asked again: hidden
        assert play.hint.current() is None
    question_mark(driver)
    follow = play.hint.current()
    assert follow is not None and follow.place is None
    assert follow.figure is None or isinstance(follow.figure, (Deploy, Move))
    assert follow.figure is None or follow.figure in game.legal_actions()


def test_the_hints_setting_hides_the_button_and_the_key(app: App, driver: Driver) -> None:
    app.settings.set("hints", False)
    play = new_game(app, driver)
    assert "Hint" not in [b.label for b in play.buttons]
    question_mark(driver)
    assert play.hint.current() is None and not play.hint.thinking()
    app.settings.set("hints", True)
    play.layout(app.screen.get_size())
    assert "Hint" in [b.label for b in play.buttons]


def test_a_click_on_the_hinted_cell_places_the_hinted_tile_as_hinted(app: App,
                                                                      driver: Driver) -> None:
    scene = start(app, seed=11)  # the hint turns V: turned as in the tray, it fits there too
    question_mark(driver)
    hint = scene.hint.current()
    assert hint is not None and hint.place is not None and hint.place.rotation != 0
    assert 0 in scene.game.legal_placements().rotations(hint.place.cell)
    assert scene.turn.rotation == hint.place.rotation // 90  # the tray shows it turned so
    driver.click(centre(scene, hint.place.cell))
    assert scene.game.moves[-1] == hint.place


def test_the_hint_takes_up_the_hinted_tile_of_a_hand(app: App, driver: Driver) -> None:
    scene = hand_game(app, seed=25)  # the hint places the second tile of the hand
    reveal(app, driver)
    question_mark(driver)
    hint = scene.hint.current()
    assert hint is not None and hint.place is not None
    assert hint.place.tile != scene.game.hand[0]
    driver.click(centre(scene, hint.place.cell))
    assert scene.game.moves[-1] == hint.place


def test_turning_the_tile_takes_the_hint_away(app: App, driver: Driver) -> None:
    scene = start(app, seed=12)
    question_mark(driver)
    assert scene.hint.current() is not None
    driver.key(pygame.K_r)  # what the lit cell shows is no longer what a click places
    assert scene.hint.current() is None


def test_a_figure_put_down_takes_the_hint_away(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "E")  # a city cap on the start tile's city: a figure may go there
    assert scene.place((0, -1), 2)
    question_mark(driver)  # the hint of the figure step
    assert scene.hint.current() is not None
    target = scene.options.targets()[0]
    driver.click(screen_of(scene, (0, -1), target.spot))
    assert scene.turn.pending in target.deploys  # the player acted: the hint is gone
    assert scene.hint.current() is None


def gone(driver: Driver) -> None:
    """The thinking stopped (its ``stop`` heard), and a few frames ran."""
    settled(driver)


def test_asking_shows_thinking_then_the_hint_and_wakes_the_window(app: App, driver: Driver,
                                                                  lines: list[str]) -> None:
    scene = start(app, seed=12)
    woken: list[bool] = []
    scene.hint.wake = lambda: woken.append(True)
    question_mark(driver, wait=False)
    assert scene.hint.thinking() and scene.hint.current() is None
    assert lines[-1] == "Hint: thinking…"
    assert not scene.animating() and scene.wake_in() is None  # the window rests meanwhile
    settled(driver)
    hint = scene.hint.current()
    assert woken and hint is not None and hint.place is not None
    assert not scene.hint.thinking()
    assert lines[-1] == f"Hint: {hint.why}"
    assert scene.turn.rotation == hint.place.rotation // 90  # taken up and turned as hinted
    assert scene.game.moves == []


def test_a_move_made_while_it_thinks_drops_the_hint(app: App, driver: Driver,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    lines: list[str]) -> None:
    monkeypatch.setattr(hints, "THINK_SECONDS", 60.0)  # still thinking when the move comes
    scene = start(app)
    question_mark(driver, wait=False)
    assert scene.hint.thinking()
    place = next(iter(scene.game.legal_placements()))
    assert scene.place(place.cell, place.rotation // 90)
    driver.frames()
    assert not scene.hint.thinking()
    gone(driver)
    assert scene.hint.current() is None and set(lines) == {"Hint: thinking…"}
    assert scene.game.moves == [place]  # nothing else played, nothing taken up


def test_asking_again_or_leaving_while_it_thinks_cancels_it(app: App, driver: Driver,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(hints, "THINK_SECONDS", 60.0)
    scene = start(app)
    question_mark(driver, wait=False)
    driver.click(button(scene, "Hint"))  # asked again: it stops
    assert not scene.hint.thinking()
    gone(driver)
    assert scene.hint.current() is None
    question_mark(driver, wait=False)
    assert scene.hint.thinking()
    scene.open_menu()  # the game left for its menu
    assert not scene.hint.thinking()
    gone(driver)
    assert scene.hint.current() is None
    assert not isinstance(app.scene, PlayScene)


def test_the_hinted_cell_is_brought_out_from_under_the_hints_own_line(app: App,
                                                                      driver: Driver) -> None:
    """A hinted cell in the free board but behind the Hint's line under the banner is
    brought into sight: the line would hide the very cell it is about."""
    scene = start(app, seed=12)
    question_mark(driver)
    hint = scene.hint.current()
    assert hint is not None and hint.place is not None
    cell = hint.place.cell
    res = app.res
    line = scene.hint.line_rect(res, scene.layout_obj.board, scene.question.below_banner(res))
    assert line is not None
    question_mark(driver)  # put away, then the cell moved to just under the line's middle
    assert scene.hint.current() is None
    cam = scene.camera
    scene.follow.moved_by_player()
    x, y, w, _h = cam.cell_rect(cell)
    cam.pan_pixels(line.centerx - (x + w // 2), line.centery - y)
    _fx, fy, _fw, _fh = cam.free_rect()
    assert cam.cell_rect(cell)[1] >= fy  # below the banner's strip: the free board has it
    question_mark(driver)
    assert scene.hint.current() == hint
    while cam.moving():
        driver.frames()
    assert cam.cell_rect(cell)[1] >= line.bottom


def a_river_tile_to_place(app: App) -> PlayScene:
    """A Hunters & Gatherers game whose tile to place has a river (H05)."""
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, "hunters-and-gatherers", [], seats,
                                       seed=1))
    app.replace(scene)
    app.step(1 / 60)
    scene.game.force("tile", "H05")
    return scene


def a_river_placed(app: App) -> tuple[PlayScene, Target]:
    """A Hunters & Gatherers tile placed with a river on it: the river's area, which takes
    a fisher or a hut."""
    scene = a_river_tile_to_place(app)
    assert scene.place((0, 1), 1)
    target = next(t for t in scene.options.targets()
                  if {d.figure for d in t.deploys} == {"follower", "hut"})
    return scene, target


def test_a_click_on_an_area_takes_the_figure_the_hint_shows_there(app: App,
                                                                   driver: Driver) -> None:
    # A river takes a fisher or a hut: the Hint shows a hut, a click there puts the hut down
    scene, target = a_river_placed(app)
    hut = next(d for d in target.deploys if d.figure == "hut")
    assert target.deploys[0] != hut  # without the hint, a click takes the fisher
    shown = scene.hint
    shown.hint = hints.Hint(None, None, hut, "hut here")
    shown.moves, shown.held = len(scene.game.moves), scene.turn.pending
    assert shown.current() is not None
    driver.click(screen_of(scene, (0, 1), target.spot))
    assert scene.turn.pending == hut


def test_following_the_hint_click_by_click_takes_the_figure_it_shows(
        app: App, driver: Driver, monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    # The Hint shows a hut on the river of the tile it places: a click on the lit cell places
    # the tile, and the hut stays lit with the Hint's line, so the next click on the river
    # puts the hut down (the river's first figure is the fisher)
    scene = a_river_tile_to_place(app)
    place = Place("H05", 0, 1, 90)
    after = scene.game.copy()
    after.apply(place)
    legal = after.legal_actions()
    hut = next(a for a in legal if isinstance(a, Deploy) and a.figure == "hut"
               and Deploy("follower", a.target) in legal)  # on the river, not a lake
    hint = hints.Hint(place, None, hut, "hut here")
    monkeypatch.setattr(hints, "advise", lambda *args, **kwargs: hint)
    question_mark(driver)
    assert scene.hint.current() == hint
    driver.click(centre(scene, place.cell))
    assert scene.game.moves[-1] == place
    driver.frames()
    assert scene.hint.current() == hints.Hint(None, None, hut, "hut here")
    assert lines[-1] == "Hint: hut here"  # its line still under the banner
    target = next(t for t in scene.options.targets() if hut in t.deploys)
    assert target.deploys[0] != hut
    driver.click(screen_of(scene, (0, 1), target.spot))
    assert scene.turn.pending == hut
    assert scene.hint.current() is None  # the figure put down: the hint is played out


def test_another_placement_than_the_hinted_one_takes_the_hint_away(app: App,
                                                                   driver: Driver) -> None:
    scene = start(app, seed=12)
    question_mark(driver)
    hint = scene.hint.current()
    assert hint is not None and hint.place is not None
    other = next(p for p in scene.game.legal_placements() if p.cell != hint.place.cell)
    assert scene.place(other.cell, other.rotation // 90)
    driver.frames()
    assert scene.hint.current() is None


def test_clicking_again_on_an_area_takes_its_next_figure_then_none(app: App,
                                                                  driver: Driver) -> None:
    # A river takes a fisher or a hut: the first click the fisher, the next the hut, the
    # next neither (without a Hint, a hut can be put down with clicks alone)
    scene, target = a_river_placed(app)
    held = []
    for _ in range(3):
        driver.click(screen_of(scene, (0, 1), target.spot))
        held.append(scene.turn.pending)
    assert held == [*target.deploys, None]
