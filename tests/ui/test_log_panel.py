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
