"""An error outside the scenes (the window could not open, or its loop broke) told to the
player; the scenes' own failures bring up the crash screen (``App.crashed``)."""

from __future__ import annotations

import logging

from game.store import logs
from game.words.i18n import _

log = logging.getLogger(__name__)


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
