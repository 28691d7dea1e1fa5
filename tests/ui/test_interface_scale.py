"""Sharp on every screen: SDL's DPI hints, the desktop's scale read from its settings, and the
interface size (fonts rendered at the scaled size, layouts made again when it changes)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import desktop, fonts
from game.ui.app import App, AppConfig
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.title import TitleScene
from game.ui.window import first_size

XRDB = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t144\n"


def test_sdl_hints_ask_for_real_pixels_and_name_the_window() -> None:
    env: dict[str, str] = {"SDL_VIDEO_X11_WMCLASS": "mine"}
    desktop.prepare_sdl(env)
    assert env["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    assert env["SDL_VIDEO_WAYLAND_SCALE_TO_DISPLAY"] == "1"
    assert env["SDL_VIDEO_WAYLAND_WMCLASS"] == "carcassonne-family"
    assert env["SDL_VIDEO_X11_WMCLASS"] == "mine"  # the player's own value wins


def test_pygame_has_an_sdl_that_reads_the_dpi_awareness_hint() -> None:
    assert pygame.get_sdl_version() >= (2, 24, 0)


def test_the_desktop_scale_from_x_resources_and_the_environment() -> None:
    linux = {"DISPLAY": ":0"}
    assert desktop.desktop_scale(linux, "linux", lambda: XRDB) == 1.5
    assert desktop.desktop_scale(linux, "linux", lambda: "Xft.dpi: 120\n") == 1.25
    assert desktop.desktop_scale(linux, "linux", lambda: "Xft.dpi: 300\n") == 2.0
    assert desktop.desktop_scale(linux, "linux", lambda: "") == 1.0
    assert desktop.desktop_scale(linux, "linux", lambda: "Xft.dpi: lots\n") == 1.0
    assert desktop.desktop_scale({**linux, "GDK_SCALE": "2"}, "linux", lambda: XRDB) == 2.0
    assert desktop.desktop_scale({**linux, "QT_SCALE_FACTOR": "1.3"}, "linux",
                                 lambda: "") == 1.25
    assert desktop.desktop_scale({"SDL_VIDEODRIVER": "dummy"}, "linux", lambda: XRDB) == 1.0
    assert desktop.desktop_scale({}, "darwin", lambda: XRDB) == 1.0


def test_the_scales_offered_are_the_settings_choices() -> None:
    from game.ui.settings import BY_KEY
    offered = [v / 100 for v in BY_KEY["ui_scale"].values() if isinstance(v, int)]
    assert tuple(offered) == desktop.SCALES


def scaled_app(tmp_path: Path, size: tuple[int, int], ui_scale: int | str) -> App:
    app = App(AppConfig(size=size, storage_root=tmp_path), SceneRoutes)
    app.settings.set("ui_scale", ui_scale)
    return app


@pytest.mark.parametrize(("size", "chosen", "expected"), [
    ((1440, 960), 150, 1.5), ((1440, 960), 200, 1.5), ((960, 640), 150, 1.0),
    ((1280, 800), 100, 1.0), ((1920, 1280), 200, 2.0), ((1280, 800), 150, 1.25)])
def test_the_interface_size_as_far_as_the_window_holds_it(
        tmp_path: Path, size: tuple[int, int], chosen: int, expected: float) -> None:
    app = scaled_app(tmp_path, size, chosen)
    try:
        assert app.res.scale == expected
        assert app.res.px(100) == round(100 * expected)
    finally:
        pygame.quit()


def test_text_is_rendered_at_the_scaled_size(tmp_path: Path) -> None:
    app = scaled_app(tmp_path, (1440, 960), 100)
    try:
        small = app.res.text("Carcassonne", 30, (0, 0, 0)).get_height()
        app.settings.set("ui_scale", 150)  # from the settings screen: applied at once
        big = app.res.text("Carcassonne", 30, (0, 0, 0)).get_height()
        assert big == pytest.approx(small * 1.5, abs=2)
        assert app.res.font(30).get_height() == fonts.load(fonts.Face.TEXT, 45).get_height()
    finally:
        pygame.quit()


def test_changing_the_interface_size_lays_the_scenes_out_again(tmp_path: Path) -> None:
    app = scaled_app(tmp_path, (1440, 960), 100)
    try:
        title = TitleScene(app)
        app.push(title)
        before = title.buttons[0].rect.size
        app.settings.set("ui_scale", 150)
        after = title.buttons[0].rect.size
        assert after == (round(before[0] * 1.5), round(before[1] * 1.5))
    finally:
        pygame.quit()


def first(app: App) -> tuple[int, int]:
    """The window's size when none is remembered, for the app's desktop and settings."""
    return first_size(app.desktop(), app.chosen_scale())


def test_the_first_window_grows_with_the_interface_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(AppConfig(storage_root=tmp_path), SceneRoutes)
    try:
        # 85 % of the dummy driver's 1024x768 desktop, held at the least size at 100 %
        assert app.screen.get_size() == (960, 653)
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
        assert first(app) == (1632, 918)  # 85 % of the desktop
        app.settings.set("ui_scale", 200)
        assert first(app) == (1920, 1080)  # 200 % needs more: all there is
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160)])
        assert first(app) == (3264, 1836)  # 85 % holds 200 %
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 768)])
        assert first(app) == (1024, 768)  # never beyond the desktop
    finally:
        pygame.quit()
