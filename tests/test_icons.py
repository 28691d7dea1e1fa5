"""The game's icon: the committed files match the SVG, the .ico and .icns are well formed,
the executable's build uses them, and the window shows the icon."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.system import icons
from tests.script_modules import load_file as load

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def make_icons() -> ModuleType:
    return load(ROOT / "scripts" / "make_icons.py", "make_icons")


@pytest.fixture(scope="module")
def bundle() -> ModuleType:
    return load(ROOT / "packaging" / "bundle.py", "bundle")


def test_the_committed_icons_are_drawn_from_the_svg(make_icons: ModuleType) -> None:
    pygame.display.init()
    try:
        stale = [p for p, data in make_icons.made_files().items() if make_icons.differs(p, data)]
    finally:
        pygame.quit()
    assert not stale, f"run scripts/make_icons.py: {stale}"


def test_the_ico_holds_bitmaps_and_pngs_up_to_256(make_icons: ModuleType) -> None:
    pygame.display.init()
    try:
        entries = make_icons.read_ico(make_icons.ICO.read_bytes())
    finally:
        pygame.quit()
    assert sorted(entries) == sorted(make_icons.ICO_SIZES) and 256 in entries
    for size, pixels in entries.items():
        assert len(pixels) == size * size * 4
        corner, middle = pixels[3], pixels[(size * size // 2 + size // 2) * 4 + 3]
        assert corner == 0 and middle == 255  # rounded transparent corners, solid tile


def test_the_icns_holds_every_size_up_to_retina_512(make_icons: ModuleType) -> None:
    pygame.display.init()
    try:
        entries = make_icons.read_icns(make_icons.ICNS.read_bytes())
    finally:
        pygame.quit()
    assert set(entries) == {kind for kind, _ in make_icons.ICNS_TYPES}
    assert len(entries["ic10"]) == 1024 * 1024 * 4


def test_the_build_puts_the_icon_on_the_executable(bundle: ModuleType) -> None:
    ico = bundle.exe_icon("win32", ROOT)
    icns = bundle.exe_icon("darwin", ROOT)
    assert ico is not None and ico.endswith(".ico") and Path(ico).read_bytes()[:4] == b"\0\0\1\0"
    assert icns is not None and Path(icns).read_bytes()[:4] == b"icns"
    assert bundle.exe_icon("linux", ROOT) is None  # Linux: the launcher entry's icon
    spec = (ROOT / "packaging" / "carcassonne.spec").read_text(encoding="utf-8")
    assert "ICON = bundle.exe_icon(sys.platform, ROOT)" in spec
    assert spec.count("icon=ICON") == 3  # the executable, and the macOS bundle's two parts


def test_the_png_set_travels_with_the_data(bundle: ModuleType) -> None:
    carried = {Path(src) for src, _ in bundle.data_files(ROOT)}
    assert {icons.png_path(size) for size in icons.PNG_SIZES} <= carried
    assert icons.svg_path() in carried


def test_the_window_shows_the_icon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.app import App, AppConfig
    from game.ui.scenes.routes import SceneRoutes
    shown: list[pygame.Surface] = []
    real = pygame.display.set_icon

    def recording(surface: pygame.Surface) -> None:
        shown.append(surface)
        real(surface)

    monkeypatch.setattr(pygame.display, "set_icon", recording)
    app = App(AppConfig(size=(960, 640), storage_root=tmp_path), SceneRoutes)
    try:
        assert len(shown) == 1 and shown[0] is app.icon
        assert shown[0].get_size() == (icons.WINDOW_ICON_SIZE,) * 2
        expected = pygame.image.load(str(icons.png_path(icons.WINDOW_ICON_SIZE)))
        assert pygame.image.tobytes(shown[0], "RGBA") == pygame.image.tobytes(expected, "RGBA")
    finally:
        pygame.quit()


def test_a_missing_icon_is_logged_not_fatal(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import app as app_module
    from game.ui.scenes.routes import SceneRoutes
    monkeypatch.setattr(icons, "icon_dir", lambda: tmp_path / "nowhere")
    app = app_module.App(app_module.AppConfig(size=(960, 640), storage_root=tmp_path),
                         SceneRoutes)
    try:
        assert app.icon is None
        assert "no window icon" in (tmp_path / "logs" / "carcassonne.log").read_text()
    finally:
        pygame.quit()
