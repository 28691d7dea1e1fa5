"""A window that rests: no frames while nothing changes, frames while something moves, and
any event (or a thread's wake-up) ends the rest at once.  The window's size is chosen from
the desktop and remembered."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pygame

from game.ui.app import App, AppConfig, Scene
from game.ui.intents import Command, Intent
from game.ui.scenes.help import HelpScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.title import TitleScene
from game.ui.window import MIN_SIZE, opening_size

from .conftest import Driver, on_top
from .test_play import start


def frames_during_rest(app: App, seconds: float) -> tuple[int, float]:
    """Frames drawn while the app rests and steps for ``seconds``, and the time it took."""
    frames = app.frames
    began = time.perf_counter()
    until = began + seconds
    while time.perf_counter() < until:
        app.rest(until)
        if time.perf_counter() < until:
            app.step()
    return app.frames - frames, time.perf_counter() - began


def settled(app: App) -> None:
    """Run frames until the window's own start-up events (shown, focus) are handled."""
    for _ in range(3):
        app.step()
        time.sleep(0.02)


def test_the_title_rests_until_an_event(app: App) -> None:
    app.replace(TitleScene(app))
    settled(app)
    drawn, took = frames_during_rest(app, 0.4)
    assert drawn == 0 and took >= 0.39


def test_a_humans_turn_rests_once_the_view_has_settled(app: App, driver: Driver) -> None:
    scene = start(app)
    driver.frames(60)
    settled(app)
    assert not scene.animating() and scene.wake_in() is None
    drawn, _ = frames_during_rest(app, 0.3)
    assert drawn == 0


def test_a_moving_view_draws_frames(app: App, driver: Driver) -> None:
    scene = start(app)
    driver.frames(60)
    driver.wheel(1)  # the zoom eases in over a few frames
    assert scene.animating()
    # Moving: the rest is one frame's wait, not a sleep until the deadline.  (Counted in
    # time, not in frames drawn, so that a busy processor cannot fail it.)
    began = time.perf_counter()
    app.rest(began + 5)
    assert time.perf_counter() - began < 2
    frames = app.frames
    app.step()
    assert app.frames == frames + 1


def test_an_event_from_another_thread_ends_the_rest(app: App) -> None:
    app.replace(TitleScene(app))
    app.step()

    def press_f1() -> None:
        time.sleep(0.1)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0,
                                             unicode="", scancode=0))

    threading.Thread(target=press_f1).start()
    began = time.perf_counter()
    app.rest(began + 5)
    assert time.perf_counter() - began < 2
    app.step()
    on_top(app, HelpScene)


class Awaited(Scene):
    """A screen whose news comes from another thread (the network's answer, say) while its
    first frame is being made: the thread wakes the window with an event, as it does."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.news = False  # the thread's: it has told something
        self.seen = False  # what the screen read of it at its last update

    def update(self, dt: float) -> None:
        self.seen = self.news

    def draw(self, surface: pygame.Surface) -> None:
        if not self.news:
            self.news = True
            pygame.event.post(pygame.event.Event(pygame.event.custom_type()))


class Opens(Scene):
    """Enter opens ``Awaited`` in its place."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.opened = Awaited(app)

    def handle(self, intent: Intent) -> None:
        if intent is Command.CONFIRM:
            self.app.replace(self.opened)


def test_news_that_came_while_a_new_screen_was_made_is_shown_without_waiting(
        app: App) -> None:
    """The thread's wake-up came with the presses made while the new screen was being made
    (which act on nothing): the window still looks again, rather than rest on what it
    showed before the news until some other event comes (a joined table left at
    "Connecting..." until the mouse moved)."""
    opener = Opens(app)
    app.replace(opener)
    settled(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    app.step()
    assert app.scene is opener.opened and opener.opened.news
    frames_during_rest(app, 0.5)
    assert opener.opened.seen  # updated once more, the news read and drawn


def test_the_window_opens_at_most_of_the_desktop() -> None:
    assert opening_size(None, None, (1600, 1000)) == (1360, 850)
    assert opening_size(None, [1000, 700], (1600, 1000)) == (1000, 700)
    assert opening_size(None, [3000, 2000], (1600, 1000)) == (1600, 1000)
    assert opening_size(None, "large", (1600, 1000)) == (1360, 850)  # a hand-edited file
    assert opening_size(None, None, (1024, 600)) == (960, 600)
    assert opening_size((2000, 700), None, (1600, 1000)) == (2000, 700)  # as asked
    assert opening_size((800, 500), None, (1600, 1000)) == MIN_SIZE  # never under it
    assert opening_size((800, 900), None, (1600, 1000)) == (MIN_SIZE[0], 900)
    assert opening_size(None, [500, 300], (1600, 1000)) == MIN_SIZE


def test_the_window_remembers_its_size_and_full_screen(tmp_path: Path) -> None:
    first = App(AppConfig(storage_root=tmp_path), SceneRoutes)
    first.replace(TitleScene(first))
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    first.step()
    first.close()
    second = App(AppConfig(storage_root=tmp_path), SceneRoutes)
    assert second.screen.get_size() == (1000, 700) and not second.fullscreen
    second.set_fullscreen(True)
    second.close()
    third = App(AppConfig(storage_root=tmp_path), SceneRoutes)
    assert third.fullscreen
    third.set_fullscreen(False)
    assert third.screen.get_size() == (1000, 700)
    third.close()


def test_a_note_goes_after_its_time_while_the_window_rests(app: App, driver: Driver) -> None:
    # Enter before the tile is down: "Place the tile first" near the pointer.  The window
    # rests until the note is due to fade; that wait is time that passed, so the note is
    # gone once its time is up (it once aged a tenth of a second per wait and stayed ~25 s).
    from game.ui.scenes.play.misfit_note import SHOWN
    scene = start(app)
    driver.frames(60)
    settled(app)
    driver.key(pygame.K_RETURN)
    assert scene.misfit_note.note is not None
    frames_during_rest(app, SHOWN + 0.8)
    assert scene.misfit_note.note is None


def test_a_save_names_cursor_blinks_once_typed_and_rests_while_the_name_is_selected(
        app: App, driver: Driver) -> None:
    # The name offered is selected (no cursor drawn): nothing blinks, the window rests.
    # Once a letter is typed the cursor shows and blinks about twice a second; it once
    # stood still until the mouse moved.
    from game.ui.scenes.saves import NameScene, save_scene
    scene = start(app)
    driver.frames(60)
    app.push(save_scene(app, scene.session))
    name = on_top(app, NameScene)
    settled(app)
    assert name.field.selected
    drawn, _ = frames_during_rest(app, 1.2)
    assert drawn == 0
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    settled(app)
    assert not name.field.selected and name.field.text == "a"
    drawn, _ = frames_during_rest(app, 2.2)
    assert 1 <= drawn <= 12  # the cursor's four shows and hides, not a frame each 60th


def test_join_games_cursor_blinks_modestly_and_rests_while_the_text_is_selected(
        app: App, driver: Driver) -> None:
    # The blinking cursor is the one thing the form draws for; with the whole text selected
    # (Ctrl+A) no cursor is drawn, and the form once woke twice a second all the same.
    from game.ui.scenes.join import JoinScene
    app.replace(JoinScene(app))
    join = on_top(app, JoinScene)
    focused = next(f for f in join.fields if f.focused)
    focused.text = "192.168.1.20"
    settled(app)
    drawn, _ = frames_during_rest(app, 2.2)
    assert 1 <= drawn <= 12  # about two a second, never a frame each 60th
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    settled(app)
    assert focused.selected
    drawn, _ = frames_during_rest(app, 1.2)
    assert drawn == 0
