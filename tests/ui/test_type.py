"""The game's own typefaces: every text the window draws is set in them (never pygame's
default font), bold is a face of its own (never a synthetic bold), kerning is on, French
has every glyph it needs, and the Controls page keeps its two columns apart at every
interface size."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.random_policy import random_action
from game.system import paths
from game.ui import desktop, fonts
from game.ui.app import App, AppConfig
from game.ui.pages import COLUMN_GAP
from game.ui.scenes.final import FinalScene
from game.ui.scenes.help import CONTROLS, HelpScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.routes import SceneRoutes
from game.ui.scenes.saves import LoadScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.session import Seat, Session
from game.ui.window import MIN_SIZE
from game.words import i18n

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "game" / "locale" / "fr" / "LC_MESSAGES" / "carcassonne.po"


def _mid_game(app: App) -> Session:
    seats = [Seat(name, colour) for name, colour in
             (("Anna", "red"), ("Bertrand", "blue"), ("Chloé", "yellow"))]
    session = Session.new(app.registry, "carcassonne", ["hills-and-sheep"], seats, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        session.game.apply(random_action(session.game, rng))
    return session


def _every_screen(app: App) -> None:
    """Title, set-up, settings, saved games, every help page, a game mid-way, the end."""
    for scene in (TitleScene(app), SetupScene(app), SettingsScene(app), LoadScene(app)):
        app.replace(scene)
        app.step(1 / 60)
    help_scene = HelpScene(app, CONTROLS)
    app.push(help_scene)
    for topic in help_scene.topics:
        help_scene.show(topic)
        app.step(1 / 60)
    app.pop()
    session = _mid_game(app)
    app.replace(PlayScene(app, session))
    app.step(1 / 60)
    app.replace(FinalScene(app, session))
    app.step(1 / 60)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_text_is_set_in_the_games_own_faces(small: App, language: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str | None] = []
    emboldened: list[str] = []

    class Recording(pygame.font.Font):
        def __init__(self, file: Any = None, size: int = 20) -> None:
            opened.append(None if file is None else Path(str(file)).name)
            super().__init__(file, size)

        def set_bold(self, value: bool) -> None:
            emboldened.append(self.name)
            super().set_bold(value)

    monkeypatch.setattr(pygame.font, "Font", Recording)
    small.res._fonts.clear()  # made again, recorded
    i18n.set_language(language)
    _every_screen(small)
    assert opened, "no text drawn"
    assert set(opened) <= {face.value for face in fonts.Face}, set(opened)
    assert {fonts.Face.TEXT.value, fonts.Face.BOLD.value, fonts.Face.DISPLAY.value} <= set(opened)
    assert emboldened == []


def test_bold_is_a_face_of_its_own(small: App) -> None:
    regular, bold = small.res.font(21), small.res.font(21, bold=True)
    assert (regular.name, regular.style_name, regular.bold) == ("Inter", "Regular", False)
    assert (bold.name, bold.style_name) == ("Inter", "Bold")
    title = small.res.heading("Carcassonne", 78, (0, 0, 0))
    assert title.get_width() > 0
    assert small.res.heading_font("Carcassonne", 78).name == "Cinzel"
    # a title with a letter the display face lacks falls back to the bold face
    assert small.res.heading_font("Ядвига wins!", 46).name == "Inter"


def test_kerning_is_on_in_every_face(small: App) -> None:
    for font in (small.res.font(24), small.res.font(24, bold=True),
                 small.res.heading_font("To", 24)):
        assert fonts.kerned(font), font.name
        to = font.size("To")[0]
        assert to < font.size("T")[0] + font.size("o")[0]


def _french_texts() -> str:
    """Everything French the window may show: the catalog and the tile sets' texts and
    rules pages."""
    catalog = CATALOG.read_text(encoding="utf-8")
    texts = "".join(re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', catalog, re.M))
    for path in sorted(paths.tilesets_dir().rglob("*")):
        if path.suffix in (".yaml", ".md"):
            texts += path.read_text(encoding="utf-8")
    return texts


def test_french_has_every_glyph_it_needs(small: App) -> None:
    texts = _french_texts()
    assert "é" in texts and "è" in texts
    for face in (fonts.Face.TEXT, fonts.Face.BOLD):
        assert fonts.missing(face, fonts.FRENCH + fonts.FRENCH_SENTENCE + texts) == "", face
    assert fonts.missing(fonts.Face.DISPLAY, fonts.FRENCH_LETTERS + fonts.FRENCH_MARKS) == ""
    for size, bold in ((17, False), (21, True)):  # as the window sets them
        font = small.res.font(size, bold)
        assert font.name == "Inter"
        image = small.res.text(fonts.FRENCH_SENTENCE, size, (0, 0, 0), bold=bold)
        assert image.get_width() == font.size(fonts.FRENCH_SENTENCE)[0] > 0


def test_the_character_map_reader() -> None:
    inter, cinzel = fonts.Face.TEXT.path, fonts.Face.DISPLAY.path  # formats 12 and 4
    for path in (inter, cinzel):
        have = fonts.characters(path)
        assert {ord(c) for c in "Aaé«»’…"} <= have
        assert ord("中") not in have and 0xFFFF not in have
    assert 0x202F in fonts.characters(inter)  # the narrow no-break space
    assert fonts.missing(fonts.Face.TEXT, "a\n中b中") == "中"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("scale", desktop.SCALES)
def test_the_controls_are_two_columns_that_never_touch(tmp_path: Path, language: str,
                                                       scale: float) -> None:
    """At 960×640 at 100 %, and at every larger interface size in the smallest window that
    holds it: each key's name and its text keep the gutter between them."""
    size = (round(MIN_SIZE[0] * scale), round(MIN_SIZE[1] * scale))
    app = App(AppConfig(size=size, storage_root=tmp_path), SceneRoutes)
    try:
        app.settings.set("ui_scale", round(scale * 100))
        assert app.res.scale == scale
        i18n.set_language(language)
        scene = HelpScene(app, CONTROLS)
        app.push(scene)
        app.step(1 / 60)
        page = scene.rendered(scene.current)
        assert page.overflow == []
        assert len(page.cells) == len(scene.page(scene.current).blocks) - 1  # one per key
        gutter = app.res.px(COLUMN_GAP)
        for label, text in page.cells:
            assert label.h > 0 and text.h > 0
            assert label.right + gutter <= text.left, (label, text)
            assert text.right <= page.surface.get_width()
            # nothing is drawn in the gutter of the row
            for x in range(label.right, text.left):
                for y in range(min(label.y, text.y), max(label.bottom, text.bottom)):
                    assert page.surface.get_at((x, y)).a == 0, (x, y)
    finally:
        i18n.set_language("en")
        pygame.quit()


def test_a_line_set_once_is_kept_and_each_caller_gets_its_own_copy(
        small: App, monkeypatch: pytest.MonkeyPatch) -> None:
    set_lines: list[str] = []

    class Counting(pygame.font.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            set_lines.append(str(text))
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", Counting)
    small.res._fonts.clear()  # made again, counting
    first = small.res.text("Anna a posé une tuile", 18, (0, 0, 0))
    first.set_alpha(40)  # a caller fading its line
    second = small.res.text("Anna a posé une tuile", 18, (0, 0, 0))
    assert set_lines == ["Anna a posé une tuile"]  # shaped once
    assert second is not first and second.get_alpha() in (None, 255)
    small.res.text("Anna a posé une tuile", 18, (0, 0, 0), bold=True)
    small.res.set_scale(1.5)
    small.res.text("Anna a posé une tuile", 18, (0, 0, 0))
    assert len(set_lines) == 3  # another face, another size: set again
