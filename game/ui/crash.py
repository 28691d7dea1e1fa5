"""Crashes that lose nothing: an exception raised by a scene is logged with its traceback and
the window shows the crash screen (the scene registered as ``crash``) instead of vanishing.

The autosave is never touched here: it was written when the last turn was confirmed, so
continuing from it loses at most the turn in progress.  If the crash screen itself fails,
the window closes cleanly after logging that too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import logs
from game.i18n import _

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

CRASH_SCENE = "crash"


class CrashGuard:
    def __init__(self, app: App) -> None:
        self.app = app

    def call(self, what: str, function: Callable[..., Any], *args: Any) -> None:
        """``function(*args)``; an exception from it brings up the crash screen."""
        try:
            function(*args)
        except Exception as exc:  # any failure of a scene: log it, keep the window
            self.crashed(what, exc)

    def crashed(self, what: str, exc: Exception) -> None:
        app = self.app
        scene = (app.stack[-1].name or type(app.stack[-1]).__name__) if app.stack else "-"
        log.error("the window failed in %s (scene %s)", what, scene, exc_info=exc)
        if scene == CRASH_SCENE:
            self.give_up("the crash screen failed too")
            return
        while app.stack:  # every scene leaves: a computer player's search stops
            left = app.stack.pop()
            try:
                left.exit()
            except Exception:  # the scene that broke may break again on its way out
                log.exception("scene %s failed while closing", left.name)
        try:
            app.push_scene(CRASH_SCENE, f"{type(exc).__name__}: {exc}")
        except Exception:
            log.exception("the crash screen cannot open")
            self.give_up("the crash screen cannot open")

    def give_up(self, why: str) -> None:
        log.critical("%s: closing the window", why)
        self.app.running = False
        self.app.exit_code = 1


def report_fatal(show: bool = True) -> None:
    """An error outside the scenes (the window could not open, or its loop broke): log it
    with its traceback and, unless ``show`` is off (runs without a player), say so in the
    desktop's own message box, naming the log file: started from a menu, no console shows."""
    log.critical("the game stopped", exc_info=True)
    if not show:
        return
    path = logs.current_file()
    where = (_("The details are in the log file:\n{path}").format(path=path) if path
             else _("The details went to the console."))
    text = _("The game met an error it did not expect and had to close.") + "\n\n" + where
    try:
        import pygame
        pygame.display.message_box(_("Carcassonne stopped"), text, message_type="error")
    except Exception:  # no desktop to show it on: the log has it
        log.exception("the message box cannot be shown")
