"""The turn log's way back to the newest entry never covers an entry, in the very frame the
history scrolls the log back (a window at rest shows that frame until something moves)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.resources import Resources
from game.ui.scenes.play.log_panel import ENTRY_GAP, LINE_STEP, LogLine, LogPanel


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.75])
def test_the_newest_marker_sits_under_the_entries_when_the_history_scrolls_back(
        app: App, scale: float) -> None:
    res = Resources(scale)
    surface = pygame.Surface((600, 900))
    rect = pygame.Rect(0, 0, res.px(300), res.px(400))
    panel = LogPanel()
    lines = [LogLine(f"Ann: +{i}") for i in range(60)]  # one line each
    panel.draw(surface, res, lines, rect)
    assert panel.following and not panel._drawn.newest.w  # the newest entry in view
    shown = [LogLine(line.text, marked=i == 20) for i, line in enumerate(lines)]
    panel.draw(surface, res, shown, rect)  # the history shows turn 20: scrolled back
    drawn = panel._drawn
    assert not panel.following and drawn.newest.w
    assert drawn.newest.top >= drawn.area.bottom  # under the entries, not over the last
    entry = res.px(LINE_STEP) + res.px(ENTRY_GAP)
    lit_bottom = drawn.area.y - panel.top + 21 * entry  # turn 20's entry, in view
    assert drawn.area.y < lit_bottom <= drawn.area.bottom


@pytest.mark.parametrize("marked", [[20], [20, 21, 22]])
def test_the_turn_shown_stays_in_view_in_a_short_log(app: App, marked: list[int]) -> None:
    """At the smallest window a game with state lines (Hills & Sheep: the bag, the sheep, the
    flocks, the hills) leaves the log room for two or three entries: the history's turn
    shown must be among them, not scrolled away under the entries that follow it (turn 79,
    Red's, showed only turn 80's "Blue placed a tile")."""
    res = Resources(1.0)
    surface = pygame.Surface((600, 900))
    rect = pygame.Rect(0, 0, 290, 170)
    info = ["Bag: 17 tokens, 2 wolves", "Sheep: 4×1, 5×2, 4×3, 2×4",
            "Flocks: 3 sheep, 1 shepherd", "Under hills: 6 tiles"]
    panel = LogPanel()
    shown = [LogLine(f"Ann: +{i}", marked=i in marked) for i in range(60)]
    panel.draw(surface, res, shown, rect, info)
    drawn = panel._drawn
    assert not panel.following
    entry = res.px(LINE_STEP) + res.px(ENTRY_GAP)
    lit_top = drawn.area.y - panel.top + marked[-1] * entry  # the last lit entry
    assert drawn.area.y <= lit_top
    assert lit_top + res.px(LINE_STEP) <= drawn.area.bottom
